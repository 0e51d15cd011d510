// The files of the documentation page in public/doc/: Swagger UI's, the page's own, and the
// specification beside it, with a .gitignore written only when the folder is new.
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {JsonObject} from '../document/arguments.js';
import type {OutputFile} from '../output-files.js';
import {docFolder, docPage} from './doc-location.js';
import {gitignore, pageFiles, pageSpecName} from './doc-page.js';
import {readSwaggerUi} from './swagger-ui-assets.js';


function titleOf(document: JsonObject): string {
	const info = document['info'];
	const title = info !== null && typeof info === 'object' && !Array.isArray(info) ? (info as JsonObject)['title'] : undefined;
	return typeof title === 'string' && title !== '' ? title : 'API';
}

export interface DocFiles {
	readonly files: OutputFile[];
	/** True when the folder has no page yet: the .gitignore comes with it, and the user is told once. */
	readonly firstTime: boolean;
}

/** Swagger UI and the specification first, the page last: once the page is there, what it loads is too. */
export function docFiles(root: string, document: JsonObject, yaml: string): DocFiles {
	const swaggerUi = readSwaggerUi();
	const firstTime = !existsSync(path.join(root, docPage));
	const inFolder = (name: string): string => `${docFolder}/${name}`;
	const files: OutputFile[] = [
		...(firstTime ? [{path: inFolder('.gitignore'), content: gitignore}] : []),
		...swaggerUi.files.map((file) => ({path: inFolder(file.name), content: file.content})),
		{path: inFolder(pageSpecName), content: yaml},
		...pageFiles(titleOf(document), swaggerUi.version).map((file) => ({path: inFolder(file.name), content: file.content})),
	];
	return {files, firstTime};
}
