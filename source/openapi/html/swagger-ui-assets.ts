// Swagger UI's files as the page needs them, read at run time from the installed swagger-ui-dist
// package (a dependency of edu), so the page works offline and nothing of it is kept in this repository.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {EduError} from '../../base/errors.js';

/** A file of the page's folder: its name there and its text. */
export interface PageFile {
	readonly name: string;
	readonly content: string;
}

/** What the page loads, and the licence texts that must travel with the copied code (Apache-2.0). */
const copied: ReadonlyArray<{readonly from: string; readonly name: string}> = [
	{from: 'swagger-ui-bundle.js', name: 'swagger-ui-bundle.js'},
	{from: 'swagger-ui.css', name: 'swagger-ui.css'},
	{from: 'swagger-ui-bundle.js.LICENSE.txt', name: 'swagger-ui-bundle.js.LICENSE.txt'},
	{from: 'LICENSE', name: 'swagger-ui-LICENSE.txt'},
	{from: 'NOTICE', name: 'swagger-ui-NOTICE.txt'},
];

/**
 * The source maps are not copied, so the comments naming them go: a browser's developer tools
 * would otherwise ask the server for a file that is not there.
 */
function withoutSourceMap(text: string): string {
	return text.replace(/\n?\/[*/]# sourceMappingURL=[^\n]*?(\*\/)?\s*$/, '\n');
}

export interface SwaggerUi {
	readonly version: string;
	readonly files: readonly PageFile[];
}

/** Swagger UI's version and files, or an EduError when the package is missing (a broken install). */
export function readSwaggerUi(): SwaggerUi {
	let folder: string;
	let version: string;
	try {
		const manifest = createRequire(import.meta.filename).resolve('swagger-ui-dist/package.json');
		folder = path.dirname(manifest);
		version = (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version;
		return {version, files: copied.map(({from, name}) => ({name, content: withoutSourceMap(readFileSync(path.join(folder, from), 'utf8'))}))};
	} catch (error) {
		throw new EduError('WRITE_FAILED', `Swagger UI (the npm package swagger-ui-dist, which edu copies into public/doc/) cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): reinstall edu-scaffold; nothing was written.`);
	}
}
