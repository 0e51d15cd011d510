// Module resolution hooks (run on the loader thread): append each resolved URL to the log.
import {appendFileSync} from 'node:fs';

let log;

export function initialize(data) {
	log = data.log;
}

export async function resolve(specifier, context, nextResolve) {
	const resolved = await nextResolve(specifier, context);
	if (log) appendFileSync(log, `${resolved.url}\n`);
	return resolved;
}
