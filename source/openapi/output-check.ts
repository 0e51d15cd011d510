// `edu openapi --out`: the same output check as every command's (core/confinement.ts), where
// the file edu may replace without --force is an OpenAPI document (what an earlier run wrote).
import {parse} from 'yaml';
import {outputProblem} from '../project/confinement.js';
import type {Refusal} from '../base/errors.js';
import {readRegularFile} from '../project/regular-file.js';

/**
 * `chosen`: the user named the file (--out). An empty file there is not one edu wrote, so it too
 * needs --force; at edu's own place (public/openapi.yaml) an empty file holds nothing to lose.
 */
export function openapiOutputProblem(root: string, out: string, force: boolean, chosen = false): Refusal | undefined {
	return outputProblem(root, out, {
		force,
		ownOutput: (text) => (chosen && text.trim() === '' ? false : isOpenapiDocument(text)),
		read(absolute) {
			const bytes = readRegularFile(absolute, out);
			// Nothing there, or a folder (which the writer refuses in its own words).
			if (bytes === null || ('code' in bytes && / is a folder/.test(bytes.message))) return null;
			// A FIFO, a device or a huge file is not an OpenAPI document: it needs --force, and the writer refuses it then.
			return bytes instanceof Buffer ? bytes.toString('utf8') : '\0';
		},
	});
}

/** An empty file, or a YAML mapping with `openapi: 3.x`, `info` and `paths`: nothing of the project's is lost by replacing it. */
export function isOpenapiDocument(text: string): boolean {
	if (text.trim() === '') return true;
	try {
		const document = parse(text, {maxAliasCount: 100}) as unknown;
		if (document === null || typeof document !== 'object' || Array.isArray(document)) return false;
		const {openapi, info, paths} = document as Record<string, unknown>;
		return typeof openapi === 'string' && /^3\.\d/.test(openapi) && typeof info === 'object' && info !== null && typeof paths === 'object' && paths !== null;
	} catch {
		return false;
	}
}
