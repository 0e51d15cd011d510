// Reads what `edu routes` compares: routes.yaml, the API controllers and any other controller a
// route names, each parsed once in a worker under a time budget (as edu openapi does). Reads
// only; never writes.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {readRoutesFile} from '../project/routes-yaml/routes-file.js';
import type {RoutesFile} from '../project/routes-yaml/routes.js';
import {buildDocument} from '../openapi/document/build-document.js';
import type {PhpFileFacts, PhpSyntaxError} from '../php/php-file.js';
import type {ParseOptions} from '../php/parse-pool.js';
import {listPhpFiles, split} from '../php/scan.js';
import {checkRoutes, controllerFile, type RouteRow} from './drift.js';

export interface RoutesReport {
	readonly routes: RoutesFile;
	readonly rows: readonly RouteRow[];
}

export async function inspectRoutes(root: string, options: ParseOptions = {}): Promise<RoutesReport> {
	const routes = readRoutesFile(root);
	if ('code' in routes) throw EduError.from(routes);
	const listings = new Map<string, string[]>();
	const list = (folder: string): string[] => {
		let names = listings.get(folder);
		if (!names) {
			try {
				names = readdirSync(path.join(root, folder));
			} catch {
				names = [];
			}
			listings.set(folder, names);
		}
		return names;
	};
	// Exact names from the folder listing, so a case difference shows on macOS and Windows too.
	const nameSets = new Map<string, Set<string>>();
	const exists = (relative: string): boolean => {
		const folder = path.posix.dirname(relative);
		let names = nameSets.get(folder);
		if (!names) {
			names = new Set(list(folder));
			nameSets.set(folder, names);
		}
		return names.has(path.posix.basename(relative));
	};
	const apiFiles = listPhpFiles(root) ?? [];
	const routed = routes.entries.map((route) => controllerFile(route.controller)).filter((file): file is string => file !== undefined && exists(file));
	const inApi = new Set(apiFiles);
	const others = [...new Set(routed)].filter((file) => !inApi.has(file));
	const {parseAll} = await import('../php/parse-pool.js');
	const files = [...apiFiles, ...others];
	const results = await parseAll(root, files, options);
	const scan = split(results.slice(0, apiFiles.length));
	const built = buildDocument(scan.files);
	const known = new Map<string, PhpFileFacts | PhpSyntaxError>();
	for (const [index, result] of results.entries()) known.set(files[index]!, result);
	const rows = checkRoutes({
		routes,
		operations: built.operations,
		errors: [...scan.errors.map((error) => ({severity: 'error' as const, site: error.site, message: error.message})), ...built.diagnostics.errors],
		readPhp(relative) {
			return exists(relative) ? known.get(relative) : undefined;
		},
		caseVariant(relative) {
			const folders = relative.split('/').slice(0, -1);
			let current = '';
			for (const folder of folders) {
				const match = (current === '' ? list('.') : list(current)).find((name) => name.toLowerCase() === folder.toLowerCase());
				if (match === undefined) return undefined;
				current = current === '' ? match : `${current}/${match}`;
			}
			const base = path.posix.basename(relative).toLowerCase();
			const found = list(current).find((name) => name.toLowerCase() === base);
			return found === undefined ? undefined : `${current}/${found}`;
		},
	});
	return {routes, rows};
}
