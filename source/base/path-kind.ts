// Whether a path is a file or a folder (following links), for the places that only need a yes
// or no: anything that cannot be stat'ed (missing, no permission, a broken link) is neither.
// And a project file's text read within bounds: opened without waiting (a FIFO never blocks),
// its type checked on the open file, and never more than a limit read.
import {closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats} from 'node:fs';

/** No text file of a project that edu reads this way is bigger (.env, composer.json, a controller). */
export const maxTextFileBytes = 64 * 1024 * 1024;

export function isFile(target: string): boolean {
	try {
		return statSync(target).isFile();
	} catch {
		return false;
	}
}

export function isFolder(target: string): boolean {
	try {
		return statSync(target).isDirectory();
	} catch {
		return false;
	}
}

/** What a stat'ed thing that is not a regular file is, in words: `a FIFO`, `a folder`… */
export function kindOf(stats: Stats): string {
	if (stats.isDirectory()) return 'a folder';
	if (stats.isFIFO()) return 'a FIFO';
	if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
	if (stats.isSocket()) return 'a socket';
	return 'not a regular file';
}

/**
 * A regular file's bytes (at most `limit`), or why not: `missing`, or a few words (`a FIFO`,
 * `too big (N bytes)`, the system's message). Opened non-blocking and checked on the descriptor,
 * so a FIFO or device put there, even in place of a file just stat'ed, is named and never read.
 */
export function readBounded(file: string, limit = maxTextFileBytes): Buffer | {why: string} {
	let descriptor: number;
	try {
		descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return {why: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : code === 'EACCES' ? 'no permission to read it' : (error as Error).message};
	}
	try {
		const stats = fstatSync(descriptor);
		if (!stats.isFile()) return {why: kindOf(stats)};
		if (stats.size > limit) return {why: `too big (${stats.size} bytes; at most ${limit} are read)`};
		// The size stat gave and a byte more, to see the end; a file growing meanwhile is read on, up to the limit.
		let buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
		let length = 0;
		for (;;) {
			if (length === buffer.length) {
				if (length > limit) return {why: `too big (more than ${limit} bytes)`};
				buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, limit + 1 - buffer.length))]);
			}
			const read = readSync(descriptor, buffer, length, buffer.length - length, null);
			if (read === 0) return buffer.subarray(0, length);
			length += read;
		}
	} catch (error) {
		return {why: (error as Error).message};
	} finally {
		closeSync(descriptor);
	}
}

/** A regular file's text, or undefined when there is none to read (missing, a folder, a FIFO, a device, too big, unreadable). */
export function readTextFile(file: string, limit = maxTextFileBytes): string | undefined {
	const read = readBounded(file, limit);
	return 'why' in read ? undefined : read.toString('utf8');
}
