// Reads app/Config/routes.yaml as every command does: a regular text file in UTF-8, parsed with
// the fast scanner or in full. Apart from the make snapshot, so the commands that only read
// routes (edu routes, edu openapi) do not load what a make run needs.
import path from 'node:path';
import {refusal, type Refusal} from '../../base/errors.js';
import {decodeUtf8, decodeUtf8At} from '../../base/json-check.js';
import {readRegularFile} from '../regular-file.js';
import {emptyRoutesFile, parseRoutes, routesPath, type RoutesFile} from './routes.js';

export function readRoutesFile(root: string): RoutesFile | Refusal {
	const absolute = path.join(root, routesPath);
	// Only a regular file: a FIFO would hang the run, a link to /dev/zero would fill memory.
	const bytes = readRegularFile(absolute, routesPath);
	if (bytes === null) return emptyRoutesFile();
	if ('code' in bytes) return bytes;
	const nul = bytes.indexOf(0);
	if (nul !== -1) {
		const line = bytes.subarray(0, nul).filter((byte) => byte === 0x0a).length + 1;
		const col = nul - (bytes.lastIndexOf(0x0a, nul) + 1) + 1;
		return refusal('BAD_PROJECT_FILE', `${routesPath}:${line}:${col}: not a text file (it contains a NUL byte)`);
	}
	const text = decodeUtf8(bytes);
	if (text === undefined) {
		// Where: read again byte by byte, only now (the native decoder above is what a valid file costs).
		const at = decodeUtf8At(bytes);
		const place = 'line' in at ? `${at.line}:${at.col}` : '1:1';
		return refusal('BAD_PROJECT_FILE', `${routesPath}:${place}: not a UTF-8 text file (this byte starts no UTF-8 character)`);
	}
	return parseRoutes(text, routesPath, true);
}
