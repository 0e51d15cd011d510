// Reads a project file only when it is a regular file of a sane size: a FIFO, a device (a link
// to /dev/zero), a folder or an oversized file is refused with one line instead of hanging or
// filling memory. Opened non-blocking, so even opening a FIFO cannot wait for a writer.
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs';
import {refusal, type Refusal} from './errors.js';

/** No project file edu reads or rewrites (routes.yaml, compose.yaml, openapi.yaml…) is bigger. */
export const maxProjectFileBytes = 64 * 1024 * 1024;

/** The file's bytes, null when it does not exist, or a refusal naming `shown`. */
export function readRegularFile(absolute: string, shown: string, limit = maxProjectFileBytes): Buffer | null | Refusal {
	let descriptor: number;
	try {
		descriptor = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return null;
		return refusal('BAD_PROJECT_FILE', `${shown}: cannot be read (${(error as Error).message}).`);
	}
	try {
		const stat = fstatSync(descriptor);
		if (stat.isDirectory()) return refusal('BAD_PROJECT_FILE', `${shown}: is a folder, not a file.`);
		if (!stat.isFile()) return refusal('BAD_PROJECT_FILE', `${shown}: not a regular file (${kindOf(stat)}); edu reads and writes only regular files.`);
		if (stat.size > limit) return refusal('BAD_PROJECT_FILE', `${shown}: too big (${stat.size} bytes; at most ${limit} are read).`);
		// The size may change while reading: read to the end, but never past the limit.
		const chunks: Buffer[] = [];
		let length = 0;
		for (;;) {
			const chunk = Buffer.alloc(Math.min(Math.max(stat.size - length, 0) + 1, 1 << 20));
			const read = readSync(descriptor, chunk, 0, chunk.length, null);
			if (read === 0) break;
			chunks.push(chunk.subarray(0, read));
			length += read;
			if (length > limit) return refusal('BAD_PROJECT_FILE', `${shown}: too big (more than ${limit} bytes).`);
		}
		return Buffer.concat(chunks, length);
	} catch (error) {
		return refusal('BAD_PROJECT_FILE', `${shown}: cannot be read (${(error as Error).message}).`);
	} finally {
		closeSync(descriptor);
	}
}

function kindOf(stat: {isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean}): string {
	if (stat.isFIFO()) return 'a FIFO';
	if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
	if (stat.isSocket()) return 'a socket';
	return 'not a file';
}
