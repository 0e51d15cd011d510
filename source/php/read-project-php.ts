// One project PHP file read safely (regular files only, size-capped, UTF-8) and parsed:
// what each parse worker runs for every file it is given.
import {closeSync, constants, fstatSync, openSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {decodeUtf8} from '../base/json-check.js';
import {readPhpFile, type PhpFileFacts, type PhpSyntaxError} from './php-file.js';

/** Larger PHP files are not read (a controller is a few kilobytes). */
export const maxPhpBytes = 8 * 1024 * 1024;

/**
 * Parses one project file; files that cannot be read, are not regular files (a FIFO, a device),
 * are too large or are not UTF-8 are reported like syntax errors.
 */
export function readProjectPhp(root: string, relative: string): PhpFileFacts | PhpSyntaxError {
	const bytes = readPhpBytes(root, relative);
	return Buffer.isBuffer(bytes) ? parsePhpBytes(bytes, relative) : bytes;
}

/** A project file's bytes, or why they cannot be read (said as a syntax error at its first line). */
export function readPhpBytes(root: string, relative: string): Buffer | PhpSyntaxError {
	try {
		// Non-blocking, so opening a FIFO does not wait for a writer.
		const descriptor = openSync(path.join(root, relative), constants.O_RDONLY | constants.O_NONBLOCK);
		try {
			const stat = fstatSync(descriptor);
			if (!stat.isFile()) return unreadable(relative, `not a regular file: ${stat.isFIFO() ? 'a FIFO' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isSocket() ? 'a socket' : 'not a file'}`);
			if (stat.size > maxPhpBytes) return unreadable(relative, `${stat.size} bytes; edu reads PHP files up to ${maxPhpBytes}`);
			return readFileSync(descriptor);
		} finally {
			closeSync(descriptor);
		}
	} catch (error) {
		return unreadable(relative, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
	}
}

/** What a file's bytes say: its facts, or its syntax error (not UTF-8 included). */
export function parsePhpBytes(bytes: Buffer, relative: string): PhpFileFacts | PhpSyntaxError {
	const text = decodeUtf8(bytes);
	if (text === undefined) return {kind: 'syntax-error', site: {file: relative, line: 1, col: 1}, message: 'not a UTF-8 text file'};
	return readPhpFile(text, relative);
}

function unreadable(relative: string, why: string): PhpSyntaxError {
	return {kind: 'syntax-error', site: {file: relative, line: 1, col: 1}, message: `cannot be read (${why})`};
}
