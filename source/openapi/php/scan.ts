// Reads every .php file under app/Controller/api (recursively, in a stable order), each parsed once.
import {closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {decodeUtf8} from '../../core/project.js';
import type {ParseOptions} from './parse-pool.js';
import {readPhpFile, type PhpFileFacts, type PhpSyntaxError} from './php-file.js';

export const apiFolder = 'app/Controller/api';

export interface ScanResult {
	/** False when app/Controller/api does not exist. */
	readonly found: boolean;
	readonly files: readonly PhpFileFacts[];
	readonly errors: readonly PhpSyntaxError[];
}

/** Project-relative paths (with /) of the .php files under `folder`, sorted by code point. */
export function listPhpFiles(root: string, folder = apiFolder): string[] | undefined {
	const absolute = path.join(root, folder);
	try {
		if (!statSync(absolute).isDirectory()) return undefined;
	} catch {
		return undefined;
	}
	const names = readdirSync(absolute, {recursive: true, encoding: 'utf8'})
		.map((name) => name.split(path.sep).join('/'))
		.filter((name) => name.toLowerCase().endsWith('.php'))
		.map((name) => `${folder}/${name}`)
		.filter((relative) => {
			try {
				return statSync(path.join(root, relative)).isFile();
			} catch {
				return false;
			}
		});
	return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Larger PHP files are not read (a controller is a few kilobytes). */
export const maxPhpBytes = 8 * 1024 * 1024;

/**
 * Parses one project file; files that cannot be read, are not regular files (a FIFO, a device),
 * are too large or are not UTF-8 are reported like syntax errors.
 */
export function readProjectPhp(root: string, relative: string): PhpFileFacts | PhpSyntaxError {
	const problem = (message: string): PhpSyntaxError => ({kind: 'syntax-error', site: {file: relative, line: 1, col: 1}, message});
	let bytes: Buffer;
	try {
		// Non-blocking, so opening a FIFO does not wait for a writer.
		const descriptor = openSync(path.join(root, relative), constants.O_RDONLY | constants.O_NONBLOCK);
		try {
			const stat = fstatSync(descriptor);
			if (!stat.isFile()) return problem('cannot be read (not a regular file)');
			if (stat.size > maxPhpBytes) return problem(`cannot be read (${stat.size} bytes; edu reads PHP files up to ${maxPhpBytes})`);
			bytes = readFileSync(descriptor);
		} finally {
			closeSync(descriptor);
		}
	} catch (error) {
		return problem(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
	}
	const text = decodeUtf8(bytes);
	if (text === undefined) return problem('not a UTF-8 text file');
	return readPhpFile(text.replace(/^\uFEFF/, ''), relative);
}

/** The .php files of app/Controller/api, each parsed in a worker under a time budget (see parse-pool.ts). */
export async function scanApiFolder(root: string, options: ParseOptions = {}): Promise<ScanResult> {
	const relatives = listPhpFiles(root);
	if (relatives === undefined) return {found: false, files: [], errors: []};
	const {parseAll} = await import('./parse-pool.js');
	return split(await parseAll(root, relatives, options));
}

export function split(results: ReadonlyArray<PhpFileFacts | PhpSyntaxError>): ScanResult {
	const files: PhpFileFacts[] = [];
	const errors: PhpSyntaxError[] = [];
	for (const result of results) {
		if ('kind' in result) errors.push(result);
		else files.push(result);
	}
	return {found: true, files, errors};
}
