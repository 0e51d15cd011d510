// Reads a project file only when it is a regular file of a sane size: a FIFO, a device (a link
// to /dev/zero), a folder or an oversized file is refused with one line instead of hanging or
// filling memory. Opened non-blocking, so even opening a FIFO cannot wait for a writer.
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs';
import {refusal, type Refusal} from '../base/errors.js';

/** No project file edu reads or rewrites (routes.yaml, compose.yaml, openapi.yaml…) is bigger. */
export const maxProjectFileBytes = 64 * 1024 * 1024;

/** The file's bytes, null when it does not exist, or a refusal naming `shown`. */
export function readRegularFile(absolute: string, shown: string, limit = maxProjectFileBytes): Buffer | null | Refusal {
	return readOpened(absolute, shown, limit, closeSync);
}

/**
 * `close` is injected so tests can fail it: a close that fails (EIO) after a read means the
 * bytes may not be what the disk holds, so it is a read failure, said as one.
 */
export function readOpened(absolute: string, shown: string, limit: number, close: (descriptor: number) => void): Buffer | null | Refusal {
	let descriptor: number;
	try {
		descriptor = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return null;
		return refusal('BAD_PROJECT_FILE', `${shown}: cannot be read (${(error as Error).message}).`);
	}
	let result: Buffer | Refusal;
	try {
		result = readDescriptor(descriptor, shown, limit);
	} finally {
		try {
			close(descriptor);
		} catch (error) {
			result = refusal('BAD_PROJECT_FILE', `${shown}: cannot be read (${(error as Error).message}).`);
		}
	}
	return result;
}

function readDescriptor(descriptor: number, shown: string, limit: number): Buffer | Refusal {
	try {
		const stat = fstatSync(descriptor);
		if (stat.isDirectory()) return refusal('BAD_PROJECT_FILE', `${shown}: is a folder, not a file.`);
		if (!stat.isFile()) return refusal('BAD_PROJECT_FILE', `${shown}: not a regular file (${kindOf(stat)}); edu reads and writes only regular files.`);
		if (stat.size > limit) return refusal('BAD_PROJECT_FILE', `${shown}: too big (${stat.size} bytes; at most ${limit} are read).`);
		// One buffer of the size stat gave, and a byte more to see the end; the size may change
		// while reading: read to the end, growing the buffer, but never past the limit. Only the
		// bytes read are handed out, so the buffer need not be zeroed first.
		let buffer = Buffer.allocUnsafe(Math.min(stat.size, limit) + 1);
		let length = 0;
		for (;;) {
			if (length === buffer.length) {
				if (length > limit) return refusal('BAD_PROJECT_FILE', `${shown}: too big (more than ${limit} bytes).`);
				const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
				buffer.copy(larger, 0, 0, length);
				buffer = larger;
			}
			const read = readSync(descriptor, buffer, length, buffer.length - length, null);
			if (read === 0) break;
			length += read;
		}
		// The buffer holds at most limit + 1 bytes, and a full one is refused above: length ≤ limit.
		return buffer.subarray(0, length);
	} catch (error) {
		return refusal('BAD_PROJECT_FILE', `${shown}: cannot be read (${(error as Error).message}).`);
	}
}

function kindOf(stat: {isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean}): string {
	if (stat.isFIFO()) return 'a FIFO';
	if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
	if (stat.isSocket()) return 'a socket';
	return 'not a file';
}
