// The record of a run that wrote project files, so `edu undo` can take it back byte for byte:
// .edu/history/<n>.json, written by the sink in the same all-or-nothing commit as the
// run's files (a created file of the run, placed just before its commit point). For each file:
// created (its hash), replaced by --force (where the copy of what it held is), modified (the
// bytes before, or for routes.yaml and commands.yaml the span replaced, in whole lines).
import {decodeUtf8, decodeUtf8At, readJson} from '../base/json-check.js';
import {readdirSync} from 'node:fs';
import {readRegularFile} from '../project/regular-file.js';
import path from 'node:path';
import type {Changeset, FileChange} from './file-change.js';
import type {WriteRun} from './run.js';
import {posixPath} from '../base/posix-path.js';
import {contentHash} from '../base/content-hash.js';

export const historyFolder = '.edu/history';
/** How many runs are kept: the oldest records beyond are removed after each run. */
export const historyLimit = 50;
/** Files only ever edited in place by edu (appended to, an entry replaced): recorded as the span that changed. */
export const spanFiles: readonly string[] = ['app/Config/routes.yaml', 'app/Config/commands.yaml'];

/** What the run wrote into a file, to tell it from an edit since: `hash` (content-hash.ts), or `sha256` in the records of edu's first builds. */
export type WrittenHash = {readonly hash: string; readonly sha256?: undefined} | {readonly sha256: string; readonly hash?: undefined};

export type RecordedFile = WrittenHash & (
	| {readonly path: string; readonly made: 'create'}
	| {readonly path: string; readonly made: 'replace'; readonly backup: string | null}
	| {readonly path: string; readonly made: 'modify'; readonly before: string; readonly base64?: true}
	| {readonly path: string; readonly made: 'span'; readonly at: number; readonly removed: string; readonly inserted: string});

export interface RunRecord {
	readonly edu: 1;
	/** The command as the user would type it again (make:api ville), when the writer says. */
	readonly command?: string;
	/** The lock the run held: undo takes the same one. */
	readonly lock?: string;
	readonly files: readonly RecordedFile[];
	/** Folders the run created (not edu's history and backups), parents first. */
	readonly folders: readonly string[];
	/** Set once `edu undo` took the run back. */
	readonly undone?: object;
}

/** The records' numbers, oldest first (a record is `<n>.json`; its time is the file's). */
export function recordNumbers(names: readonly string[]): number[] {
	return names.flatMap((name) => (/^[1-9]\d{0,8}\.json$/.test(name) ? [Number.parseInt(name, 10)] : [])).sort((a, b) => a - b);
}

/** The next record's path: one more than the newest (the records are numbered under each writer's lock). */
export function recordName(run: WriteRun): string {
	let names: string[] = [];
	try {
		names = run.fs.readdir(path.join(run.root, historyFolder));
	} catch {
		// No history yet.
	}
	return `${historyFolder}/${(recordNumbers(names).at(-1) ?? 0) + 1}.json`;
}

/** The span of `before` that `after` replaces, widened to whole lines: `at` in bytes. */
export function spanOf(before: Buffer, after: Buffer): {at: number; removed: Buffer; inserted: Buffer} {
	let start = 0;
	const shorter = Math.min(before.length, after.length);
	while (start < shorter && before[start] === after[start]) start++;
	// Back to the start of the line (a span is whole lines, so it can be told in a diff and read as YAML).
	while (start > 0 && before[start - 1] !== 0x0a && before[start - 1] !== 0x0d) start--;
	let end = 0;
	while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
	// Forward to the start of a line, in both.
	while (end > 0 && before[before.length - end - 1] !== 0x0a && before[before.length - end - 1] !== 0x0d) end--;
	return {at: start, removed: before.subarray(start, before.length - end), inserted: after.subarray(start, after.length - end)};
}

/** The bytes as text when they are UTF-8 (so the text gives them back exactly), else undefined. */
function asText(bytes: Buffer): string | undefined {
	return decodeUtf8(bytes);
}

export interface RecordInput {
	readonly change: FileChange;
	readonly target: string;
	/** Where the copy of what it replaced was put (relative), for a change the run kept. */
	readonly backup?: string;
}

/** The record of a changeset about to be written, read under the lock. */
export function recordOf(run: WriteRun, changeset: Changeset<unknown>, inputs: readonly RecordInput[]): RunRecord {
	const files = inputs.map(({change, target, backup}): RecordedFile => {
		const after = Buffer.from(change.after, 'utf8');
		const hash = contentHash(after);
		if (change.action === 'create') return {path: change.path, made: 'create', hash};
		const before = run.readBytes(target);
		if (before === null) return {path: change.path, made: 'create', hash};
		if (spanFiles.includes(change.path) && backup === undefined) {
			const {at, removed, inserted} = spanOf(before, after);
			const removedText = asText(removed);
			const insertedText = asText(inserted);
			if (removedText !== undefined && insertedText !== undefined) return {path: change.path, made: 'span', hash, at, removed: removedText, inserted: insertedText};
		}
		if (backup !== undefined || change.action === 'overwrite') return {path: change.path, made: 'replace', hash, backup: backup ?? null};
		const text = asText(before);
		return text === undefined ? {path: change.path, made: 'modify', hash, before: before.toString('base64'), base64: true} : {path: change.path, made: 'modify', hash, before: text};
	});
	const folders = run.folders.map((folder) => posixPath(path.relative(run.root, folder))).filter((folder) => !/^\.edu($|\/(history|backups)(\/|$))/.test(folder));
	return {
		edu: 1,
		...(changeset.label === undefined ? {} : {command: changeset.label}),
		...(changeset.lock === undefined ? {} : {lock: changeset.lock}),
		files,
		folders,
	};
}

/** The record's text: one JSON object, one line per file so a diff of it reads. */
export function recordText(record: RunRecord): string {
	return `${JSON.stringify(record, null, '\t')}\n`;
}

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What in a parsed JSON value is not as edu writes a record (every field undo reads), or undefined when it is one. */
function recordProblem(value: unknown): string | undefined {
	if (!isFields(value) || value['edu'] !== 1) return 'no "edu": 1 at its top';
	for (const key of ['command', 'lock'] as const) {
		if (value[key] !== undefined && typeof value[key] !== 'string') return `"${key}" is not text`;
	}
	if (value['undone'] !== undefined && !isFields(value['undone'])) return '"undone" is not an object';
	const {files, folders} = value;
	if (!Array.isArray(folders) || !folders.every((folder) => typeof folder === 'string')) return '"folders" is not a list of paths';
	if (!Array.isArray(files)) return '"files" is not a list';
	for (const [index, file] of files.entries()) {
		const problem = fileProblem(file);
		if (problem !== undefined) return `files[${index}]: ${problem}`;
	}
	return undefined;
}

function fileProblem(file: unknown): string | undefined {
	if (!isFields(file) || typeof file['path'] !== 'string') return 'no "path"';
	if (typeof file['hash'] !== 'string' && typeof file['sha256'] !== 'string') return 'no "hash"';
	switch (file['made']) {
		case 'create': return undefined;
		case 'replace': return file['backup'] === null || typeof file['backup'] === 'string' ? undefined : '"backup" is not a path';
		case 'modify': return typeof file['before'] === 'string' && (file['base64'] === undefined || file['base64'] === true) ? undefined : '"before" is not text';
		case 'span': return Number.isSafeInteger(file['at']) && (file['at'] as number) >= 0 && typeof file['removed'] === 'string' && typeof file['inserted'] === 'string' ? undefined : '"at", "removed" or "inserted" is missing';
		default: return `"made" is ${JSON.stringify(file['made']) ?? 'missing'}, not create, replace, modify or span`;
	}
}

/** After a run: the records beyond the newest `historyLimit` removed (each named when it cannot be). */
export function pruneHistory(run: WriteRun): void {
	const folder = path.join(run.root, historyFolder);
	let names: string[];
	try {
		names = recordNumbers(run.fs.readdir(folder)).map((number) => `${number}.json`);
	} catch {
		return;
	}
	for (const name of names.slice(0, Math.max(0, names.length - historyLimit))) {
		try {
			run.fs.unlink(path.join(folder, name));
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') run.leftovers.push({shown: `${historyFolder}/${name}`, reason: String((error as NodeJS.ErrnoException).code), remove: path.join(folder, name)});
		}
	}
}

/** A recorded run, or for a file that is not a record edu can read, why not (`.edu/history/2.json:1:19: expected a value, found end of file`). */
export type HistoryEntry = {readonly number: number; readonly record: RunRecord; readonly problem?: undefined} | {readonly number: number; readonly record?: undefined; readonly problem: string};

/** No record edu writes comes near this: a bigger file is not read. */
const maxRecordBytes = 256 * 1024 * 1024;

/** The recorded runs, newest first. A record is read as any project file is: a FIFO or a folder in its place is said, never waited on. */
export function readHistory(root: string): HistoryEntry[] {
	return [...historyEntries(root)];
}

/** readHistory one record at a time, each read only when reached: undo looks for the newest run not taken back. */
export function* historyEntries(root: string): Generator<HistoryEntry> {
	let names: string[];
	try {
		names = readdirSync(path.join(root, historyFolder));
	} catch {
		return;
	}
	for (const number of recordNumbers(names).reverse()) {
		const entry = historyEntry(root, number);
		if (entry !== undefined) yield entry;
	}
}

/** Record `number`, or why it cannot be read; undefined when it was removed since the folder was listed (another run pruned it). */
function historyEntry(root: string, number: number): HistoryEntry | undefined {
	const shown = `${historyFolder}/${number}.json`;
	const bytes = readRegularFile(path.join(root, shown), shown, maxRecordBytes);
	if (bytes === null) return undefined;
	if ('code' in bytes) return {number, problem: bytes.message.replace(/\.$/, '')};
	const decoded = decodeUtf8At(bytes);
	if (!('text' in decoded)) return {number, problem: `${shown}:${decoded.line}:${decoded.col}: not UTF-8`};
	const {text} = decoded;
	if (text.startsWith('\uFEFF')) return {number, problem: `${shown}:1:1: a byte order mark starts the file (edu never writes one)`};
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		const read = readJson(text);
		return {number, problem: 'problem' in read ? `${shown}:${read.problem.line}:${read.problem.col}: ${read.problem.reason}` : `${shown}: not JSON`};
	}
	const problem = recordProblem(value);
	return problem === undefined ? {number, record: value as RunRecord} : {number, problem: `${shown}: JSON, but not a record as edu writes it (${problem})`};
}
