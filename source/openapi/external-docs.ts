// ExternalDocumentation → an External Documentation Object.
import {addExtensions, nestedArgs, put, type JsonObject} from './arguments.js';
import type {Diagnostics} from './diagnostics.js';
import type {PhpObject} from './php-value.js';

export function externalDocsFrom(object: PhpObject, report: Diagnostics, where: string): JsonObject | undefined {
	const args = nestedArgs(object, ['externalDocs'], report, where);
	if (!args) return undefined;
	const docs: JsonObject = {};
	put(docs, 'description', args.string('description'));
	const url = args.string('url');
	if (url === undefined) report.warn(args.site, `${where}: ExternalDocumentation needs a url; left out`);
	put(docs, 'url', url);
	addExtensions(docs, args);
	args.finish();
	return url === undefined ? undefined : docs;
}
