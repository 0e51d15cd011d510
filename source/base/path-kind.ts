// Whether a path is a file or a folder (following links), for the places that only need a yes
// or no: anything that cannot be stat'ed (missing, no permission, a broken link) is neither.
import {readFileSync, statSync} from 'node:fs';

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

/** A regular file's text, or undefined when there is none to read (missing, a folder, a FIFO that would block, unreadable). */
export function readTextFile(file: string): string | undefined {
	try {
		return isFile(file) ? readFileSync(file, 'utf8') : undefined;
	} catch {
		return undefined;
	}
}
