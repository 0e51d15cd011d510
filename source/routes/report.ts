// Reads what `edu routes` compares: routes.yaml, the API controllers (parsed once) and any other
// controller a route names. Reads only; never writes.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../core/errors.js';
import {readRoutesFile} from '../core/project.js';
import type {RoutesFile} from '../core/routes.js';
import {buildDocument} from '../openapi/document/build-document.js';
import type {PhpFileFacts, PhpSyntaxError} from '../openapi/php/php-file.js';
import {checkRoutes, type RouteRow} from './drift.js';
import {readProjectPhp, scanApiFolder} from '../openapi/php/scan.js';

export interface RoutesReport {
	readonly routes: RoutesFile;
	readonly rows: readonly RouteRow[];
}

export function inspectRoutes(root: string): RoutesReport {
	const routes = readRoutesFile(root);
	if ('code' in routes) throw EduError.from(routes);
	const scan = scanApiFolder(root);
	const built = buildDocument(scan.files);
	const known = new Map<string, PhpFileFacts | PhpSyntaxError>();
	for (const file of scan.files) known.set(file.file, file);
	for (const error of scan.errors) known.set(error.site.file, error);
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
	const exists = (relative: string): boolean => list(path.posix.dirname(relative)).includes(path.posix.basename(relative));
	const rows = checkRoutes({
		routes,
		operations: built.operations,
		errors: [...scan.errors.map((error) => ({severity: 'error' as const, site: error.site, message: error.message})), ...built.diagnostics.errors],
		readPhp(relative) {
			if (!exists(relative)) return undefined;
			let facts = known.get(relative);
			if (!facts) {
				facts = readProjectPhp(root, relative);
				known.set(relative, facts);
			}
			return facts;
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
