// edu mock:token: a new random token in var/api/configDataset.json, where the mock API reads it.
// Written atomically, readable by the container's web server (an existing file keeps its mode;
// a new one is 0644), only inside the project.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {UsageError} from '../base/errors.js';
import {oneFileChangeset} from '../sink/sink.js';
import type {Changeset, StopSubscription} from '../sink/file-change.js';
import {fileSystemSink} from '../sink/fs.js';
import {shellWord} from '../sink/leftovers.js';
import {withNotes, type Io, type Outcome} from '../base/io.js';
import {startFolder, waitNotice} from '../base/options.js';
import {defaultMockUrl} from './init-client.js';
import {composeWithoutMock, hasComposeFile, mockServiceShape, readableMockServiceIn, type MockService} from './mock-service.js';
import type {TokenOptions} from './options.js';
import {confined, readProjectText, requireMockProject, type MockProject, type ReadText} from './project-files.js';
import {checkTokenName, docsTokenFile, newToken, setTokens, tokenFile} from './token-store.js';
import {posixPath} from '../base/posix-path.js';
import {realPath} from '../base/real-path.js';

/** Apache runs as www-data in the container: through a bind mount it reads a host file only when others may. */
export const newTokenFileMode = 0o644;

/** The docs' configData.json, when a project has one: the mock never reads it. */
export function docsFileWarning(project: MockProject, start: string): string[] {
	const docs = path.join(project.root, docsTokenFile);
	if (!existsSync(docs)) return [];
	const shown = posixPath(path.relative(start, docs));
	return [`${shown} is not read by the mock API: it reads ${tokenFile} (var/configDataset.json in the container). Tokens in ${path.basename(docsTokenFile)} do not work.`];
}

/** The mock service reads var/api/ only through edu mock:persist's volume: without it (or without the service), the token is never seen. */
function notMounted(declared: MockService | undefined, root: string): string[] {
	const without = declared === undefined ? composeWithoutMock(root) : undefined;
	if (without !== undefined) return [`${without} has no mock API service, so nothing reads ${tokenFile} yet: add the service (${mockServiceShape}), then run edu mock:persist.`];
	if (declared === undefined && !hasComposeFile(root)) return [`There is no compose file here, so nothing reads ${tokenFile} yet: declare the mock API service in a compose.yaml at the project root (${mockServiceShape}), then run edu mock:persist.`];
	if (declared === undefined || declared.persisted) return [];
	return [`${declared.file}: the service "${declared.service}" does not mount ./var/api yet, so the mock API does not read ${tokenFile}: run edu mock:persist, then restart the mock (docker compose up -d).`];
}

/**
 * Reads `file` (a real path inside `root`, as confined() returns it) and writes what `edit` makes
 * of it through the file-system sink: atomically, its missing folders created (and removed again
 * on failure), under a lock. A file another run changed between the read and the lock (two `edu
 * mock:token` at once) is read again under the lock and edited again, so neither edit is lost.
 * `mode`: a new file's; an existing one keeps its own.
 */
export async function editProjectText<V>(root: string, file: string, shown: string, mode: number, label: string, edit: (current: ReadText | undefined) => {text: string; value: V}, onWait?: (line: string) => void, onSignal?: StopSubscription, commitBegan?: () => void): Promise<{value: V; notes: readonly string[]}> {
	const relative = posixPath(path.relative(realPath(root), file));
	const changeset = (): Changeset<V> => {
		const current = readProjectText(file, shown);
		const {text, value} = edit(current);
		return {...oneFileChangeset(root, relative, text, value, {mode: current?.mode ?? mode, before: current?.text ?? null}), label, revise: changeset};
	};
	// Ctrl+C / SIGTERM heard only between whole files: the write rolls back, the lock goes.
	const {value, notes} = await fileSystemSink({...(onWait ? {onWait} : {}), ...(onSignal ? {onSignal} : {}), ...(commitBegan ? {commitBegan} : {})}).write(changeset());
	return {value, notes};
}

export async function runToken(name: string, options: TokenOptions, io: Io): Promise<Outcome> {
	const nameProblem = checkTokenName(name);
	if (nameProblem) throw new UsageError(nameProblem, 'INVALID_OPTION');
	const start = startFolder(io, options);
	const project = requireMockProject(start);
	const given = options.file ?? tokenFile;
	// A relative --file is the project's: from a subfolder too.
	const target = path.resolve(project.root, given);
	const shown = path.isAbsolute(given) ? given : posixPath(path.relative(start, target));
	const file = confined(project, target, shown);

	const token = newToken();
	// The run as edu history and undo name it.
	const label = ['mock:token', shellWord(name), ...(options.force ? ['--force'] : []), ...(options.file === undefined ? [] : ['--file', shellWord(options.file)])].join(' ');
	const {value: {created, replaced}, notes} = await editProjectText(project.root, file, shown, newTokenFileMode, label, (current) => {
		const edit = setTokens(current?.text, shown, [[name, token]], Boolean(options.force));
		return {text: edit.text, value: {created: current === undefined, replaced: edit.replaced.length > 0}};
	}, waitNotice(io, options, false), io.onSignal, io.commitBegan);

	const declared = readableMockServiceIn(project.root);
	const warnings = [...(options.file === undefined ? [...docsFileWarning(project, start), ...notMounted(declared, project.root)] : []), ...notes];
	return {
		json: withNotes({name, token, file: shown, created, replaced, header: `Authorization: ${token}`, ...(warnings.length > 0 ? {warnings} : {})}, notes),
		warnings,
		text: [
			`${replaced ? 'Replaced' : 'Added'} token "${name}" in ${shown}${created ? ' (new file)' : ''}:`,
			`  ${token}`,
			'Send it as the whole value of the Authorization request header (no "Bearer "), as the mock API expects:',
			`  Authorization: ${token}`,
			`  curl -X PUT -H "Authorization: ${token}" ${declared?.url ?? defaultMockUrl}/api/velo/1/location`,
			'edu mock:init keeps it; the mock\'s own init/data would reset the file.',
			'',
		].join('\n'),
	};
}
