// Reads every .php file under app/Controller/api (recursively, in a stable order), each parsed once.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {ParseOptions} from './parse-pool.js';
import type {PhpFileFacts, PhpSyntaxError} from './php-file.js';
import {posixPath} from '../base/posix-path.js';
import {isFolder} from '../base/path-kind.js';
import {realPath} from '../base/real-path.js';

export const apiFolder = 'app/Controller/api';

export interface ScanResult {
	/** False when app/Controller/api does not exist. */
	readonly found: boolean;
	readonly files: readonly PhpFileFacts[];
	readonly errors: readonly PhpSyntaxError[];
}

/**
 * Project-relative paths (with /) of the .php files under `folder`, sorted by code point. A folder
 * reached twice (a link to a folder already read, a link that loops: `ln -s . loop`) is read once.
 */
export function listPhpFiles(root: string, folder = apiFolder): string[] | undefined {
	if (!isFolder(path.join(root, folder))) return undefined;
	const found: string[] = [];
	const seen = new Set<string>();
	const walk = (relative: string): void => {
		const here = path.join(root, relative);
		try {
			const real = realPath(here);
			if (seen.has(real)) return;
			seen.add(real);
		} catch {
			return;
		}
		let entries;
		try {
			entries = readdirSync(here, {withFileTypes: true});
		} catch {
			return;
		}
		for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
			const child = `${relative}/${entry.name}`;
			if (entry.isDirectory() || (entry.isSymbolicLink() && isFolder(path.join(root, child)))) walk(child);
			// A FIFO, a device (a link to /dev/zero) or a dangling link named *.php is handed on, and
			// reading it reports it (file:1:1) instead of it vanishing without a word.
			else if (entry.name.toLowerCase().endsWith('.php')) found.push(child);
		}
	};
	walk(posixPath(folder));
	return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
