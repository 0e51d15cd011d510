// Which upload API a generated upload controller can use: the seed's methods on the project's
// Request where its installed framework has them, else PHP's own ($_FILES). Edu Framework 2.0.2
// to 2.3 have none, so a project without vendor/ (or with any released version) gets PHP's.
import path from 'node:path';
import {decodeUtf8} from '../base/json-check.js';
import {readRegularFile} from './regular-file.js';

/** Where composer installs the framework's Request, relative to the project root. */
export const frameworkRequestPath = 'vendor/studoo/edu-framework/src/EduFramework/Core/Controller/Request.php';

/** The seed's upload interface ("Request object interface"). */
export const seedUploadMethods = ['hasFile', 'getFile', 'getFiles', 'isValid', 'getExtension', 'move'] as const;

/** `request`: the seed's methods on Request; `php`: $_FILES and move_uploaded_file(). */
export type UploadApi = 'request' | 'php';

/** `request` when the Request source declares every upload method of the seed (PHP method names ignore case). Pure. */
export function uploadApiOf(requestSource: string | undefined): UploadApi {
	if (requestSource === undefined) return 'php';
	// Comments dropped, so a method only mentioned in one does not count.
	const code = requestSource.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|#(?!\[)[^\n]*/g, '');
	const declares = (method: string): boolean => new RegExp(`\\bfunction\\s+${method}\\s*\\(`, 'i').test(code);
	return seedUploadMethods.every(declares) ? 'request' : 'php';
}

/** The framework's Request is a page of PHP; anything larger is not it. */
const maxRequestBytes = 1024 * 1024;

/**
 * Reads the installed framework's Request, if any, and says which upload API it offers. Only a
 * regular file of a Request's size is read (a FIFO or a device there never blocks a run): anything
 * else is no Request with upload methods, and $_FILES works on every version.
 */
export function readUploadApi(root: string): UploadApi {
	const read = readRegularFile(path.join(root, frameworkRequestPath), frameworkRequestPath, maxRequestBytes);
	return uploadApiOf(read === null || 'code' in read ? undefined : decodeUtf8(read));
}

/** How the report names a flavour, in text and dry-run output. */
export function describeUploadApi(api: UploadApi): string {
	return api === 'request'
		? 'the upload methods of the project\'s Request (hasFile, isValid, getExtension, move)'
		: `PHP's $_FILES and move_uploaded_file() (the installed framework's Request has no upload methods, as in Edu Framework 2.3)`;
}
