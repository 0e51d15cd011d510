// The files of the documentation page in public/doc/: Swagger UI's, the page's own, the
// specification beside it, the list of what edu wrote there, and a .gitignore when edu makes the page.
import path from 'node:path';
import type {JsonObject} from '../document/arguments.js';
import type {OutputFile} from '../output-files.js';
import {readTextFile} from '../../base/path-kind.js';
import {docFolder} from './doc-location.js';
import {gitignoreFor, pageFiles, pageSpecName} from './doc-page.js';
import {manifestName, manifestText, pageOwner} from './page-owner.js';
import {readSwaggerUi} from './swagger-ui-assets.js';


function titleOf(document: JsonObject): string {
	const info = document['info'];
	const title = info !== null && typeof info === 'object' && !Array.isArray(info) ? (info as JsonObject)['title'] : undefined;
	return typeof title === 'string' && title !== '' ? title : 'API';
}

export interface DocFiles {
	readonly files: OutputFile[];
	/** True when edu makes the page now: the .gitignore comes with it, and the user is told once. */
	readonly firstTime: boolean;
	/** Files of the user's that --force replaces (a copy kept in .edu/backups/). */
	readonly forced: ReadonlySet<string>;
	/** Without --force: the files of the folder that edu did not write and would replace. */
	readonly notOwn: readonly string[];
}

/** Swagger UI and the specification first, the page and its list last: once the page is there, what it loads is too. */
export function docFiles(root: string, document: JsonObject, yaml: string, force: boolean): DocFiles {
	const swaggerUi = readSwaggerUi();
	const owner = pageOwner(root);
	const firstTime = !owner.present;
	const inFolder = (name: string): string => `${docFolder}/${name}`;
	const named = [
		...swaggerUi.files,
		{name: pageSpecName, content: yaml},
		...pageFiles(titleOf(document), swaggerUi.version),
	];
	const existing = (name: string): string | undefined => readTextFile(path.join(root, inFolder(name)));
	// The .gitignore comes with a page edu makes, and follows it while it is edu's; one of the
	// user's (or none, once deleted) is left as it is, never refused.
	const ignoreText = gitignoreFor([manifestName, ...named.map((file) => file.name)]);
	const ignore = existing('.gitignore');
	const ignoreWritten = ignore === undefined ? firstTime : owner.owns('.gitignore', ignore);
	if (ignoreWritten) named.unshift({name: '.gitignore', content: ignoreText});
	named.push({name: manifestName, content: manifestText(named)});
	const forced = new Set<string>();
	const notOwn: string[] = [];
	for (const file of named) {
		const before = existing(file.name);
		if (before === undefined || before === file.content || owner.owns(file.name, before)) continue;
		if (force) forced.add(inFolder(file.name));
		else notOwn.push(inFolder(file.name));
	}
	return {files: named.map((file) => ({path: inFolder(file.name), content: file.content})), firstTime, forced, notOwn};
}
