// edu mock:token: a new random token in var/api/configData.json, written atomically (0600).
import {existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {EduError, UsageError} from '../core/errors.js';
import type {Io, Outcome} from '../io.js';
import {startFolder} from '../options.js';
import type {TokenOptions} from './options.js';
import {writeFileAtomic} from '../core/atomic-write.js';
import {mockRootAbove} from './compose-file.js';
import {addToken, checkTokenName, newToken} from './token-store.js';

export async function runToken(name: string, options: TokenOptions, io: Io): Promise<Outcome> {
	const nameProblem = checkTokenName(name);
	if (nameProblem) throw new UsageError(nameProblem, 'INVALID_OPTION');
	const start = startFolder(io, options);
	// From a subfolder, var/api/ is the project's: beside the compose file, or an existing var/api/ above.
	const base = path.isAbsolute(options.file) ? start : mockRootAbove(start) ?? start;
	const file = path.resolve(base, options.file);
	const shown = path.isAbsolute(options.file) ? options.file : path.relative(start, file).split(path.sep).join('/');

	let existing: string | undefined;
	try {
		existing = readFileSync(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== 'ENOENT') throw new EduError('BAD_PROJECT_FILE', `${shown}: cannot be read (${code === 'EISDIR' ? 'it is a folder' : (error as Error).message}).`);
	}
	const token = newToken();
	const edit = addToken(existing, shown, name, token, Boolean(options.force));

	// Create the missing folders, and remove them again if the write fails.
	const made: string[] = [];
	for (let folder = path.dirname(file); !existsSync(folder); folder = path.dirname(folder)) made.unshift(folder);
	try {
		for (const folder of made) mkdirSync(folder);
		writeFileAtomic(file, edit.text, 0o600);
	} catch (error) {
		for (const folder of made.reverse()) rmSync(folder, {recursive: true, force: true});
		throw new EduError('WRITE_FAILED', `${shown}: cannot be written (${(error as Error).message}); nothing was changed.`);
	}

	const json = {name, token, file: shown, created: existing === undefined, replaced: edit.replaced, header: `Authorization: ${token}`};
	return {json, text: [
		`${edit.replaced ? 'Replaced' : 'Added'} token "${name}" in ${shown}${existing === undefined ? ' (new file)' : ''}:`,
		`  ${token}`,
		'Send it in the Authorization request header, as the mock API expects:',
		`  Authorization: ${token}`,
		`  curl -H "Authorization: ${token}" http://localhost:9042/api/…`,
		'',
	].join('\n')};
}
