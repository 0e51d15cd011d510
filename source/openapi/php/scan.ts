// Reads every .php file under app/Controller/api (recursively, in a stable order), each parsed once.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {decodeUtf8} from '../../core/project.js';
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

/** Parses one project file; unreadable or non-UTF-8 files are reported like syntax errors. */
export function readProjectPhp(root: string, relative: string): PhpFileFacts | PhpSyntaxError {
	let bytes: Buffer;
	try {
		bytes = readFileSync(path.join(root, relative));
	} catch (error) {
		return {kind: 'syntax-error', site: {file: relative, line: 1, col: 1}, message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`};
	}
	const text = decodeUtf8(bytes);
	if (text === undefined) return {kind: 'syntax-error', site: {file: relative, line: 1, col: 1}, message: 'not a UTF-8 text file'};
	return readPhpFile(text.replace(/^\uFEFF/, ''), relative);
}

export function scanApiFolder(root: string): ScanResult {
	const relatives = listPhpFiles(root);
	if (relatives === undefined) return {found: false, files: [], errors: []};
	return split(relatives.map((relative) => readProjectPhp(root, relative)));
}

/** The same, parsing on several threads when the project is large (see parse-pool.ts). */
export async function scanApiFolderParallel(root: string): Promise<ScanResult> {
	const relatives = listPhpFiles(root);
	if (relatives === undefined) return {found: false, files: [], errors: []};
	const {parseAll} = await import('./parse-pool.js');
	return split(await parseAll(root, relatives));
}

function split(results: ReadonlyArray<PhpFileFacts | PhpSyntaxError>): ScanResult {
	const files: PhpFileFacts[] = [];
	const errors: PhpSyntaxError[] = [];
	for (const result of results) {
		if ('kind' in result) errors.push(result);
		else files.push(result);
	}
	return {found: true, files, errors};
}
