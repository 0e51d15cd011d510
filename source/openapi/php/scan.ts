// Reads every .php file under app/Controller/api (recursively, in a stable order), each parsed once.
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {ParseOptions} from './parse-pool.js';
import type {PhpFileFacts, PhpSyntaxError} from './php-file.js';
import {posixPath} from '../../core/project/posix-path.js';

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
		.map((name) => posixPath(name))
		.filter((name) => name.toLowerCase().endsWith('.php'))
		.map((name) => `${folder}/${name}`)
		// Only folders are left out: a FIFO, a device (a link to /dev/zero) or a dangling link named
		// *.php is handed on, and reading it reports it (file:1:1) instead of it vanishing without a word.
		.filter((relative) => {
			try {
				return !statSync(path.join(root, relative)).isDirectory();
			} catch {
				return true;
			}
		});
	return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
