// edu undo: the newest run not yet taken back, from its record in .edu/history/, as a changeset
// for the same sink (lock, temp files and renames, rollback, confinement). A file still as the
// run left it (its hash) is taken back byte for byte; the lines a run added to routes.yaml are
// removed only where they are still byte-identical, whatever was added around them since; a
// file edited since refuses the undo unless forced, and then its edited copy is kept.
import {createHash} from 'node:crypto';
import {rmdirSync} from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from '../base/errors.js';
import {confinementProblem} from '../project/confinement.js';
import {readRegularFile} from '../project/regular-file.js';
import {parseRoutes, routesPath} from '../project/routes-yaml/routes.js';
import {entrySpan, replaceEntryText} from '../project/routes-yaml/entry-text.js';
import type {Changeset, FileChange} from './file-change.js';
import {contentHash} from '../base/content-hash.js';
import {historyEntries, historyFolder, recordText, type HistoryEntry, type RecordedFile, type RunRecord} from './record.js';

export interface UndoPlan {
	/** The run taken back: its number (`.edu/history/<n>.json`) and record. */
	readonly number: number;
	readonly record: RunRecord;
	readonly removed: readonly string[];
	/** Files the run created that were already deleted since: nothing to take back. */
	readonly gone: readonly string[];
	readonly restored: readonly string[];
	/** Files edited since the run (`file` or `routes.yaml:LINE`): refused, or with --force taken back and kept. */
	readonly edited: readonly string[];
	/** Folders the run created, removed after the undo when empty. */
	readonly folders: readonly string[];
	/** routes.yaml's (and commands.yaml's) text before and after the undo, for the diff. */
	readonly texts: ReadonlyArray<{readonly path: string; readonly before: string; readonly after: string}>;
}

const edits = {because: 'had been edited since the run'} as const;

/**
 * The run edu undo takes back next: the newest recorded run not taken back yet, if any. A record
 * edu cannot read stops the search there: it may be a run not taken back, which undo must not pass over.
 */
export function nextToUndo(root: string): HistoryEntry | undefined {
	for (const entry of historyEntries(root)) {
		if (entry.record === undefined || entry.record.undone === undefined) return entry;
	}
	return undefined;
}

/** A run as the user reads it: `run 2 (make:api ville)`. */
export function runName(number: number, record: RunRecord): string {
	return `run ${number}${record.command === undefined ? '' : ` (${record.command})`}`;
}

/** The undo of the newest run not taken back, or why not. */
export function planUndo(root: string, force: boolean): {plan: UndoPlan; changeset: Changeset<UndoPlan>} | Refusal {
	const newest = nextToUndo(root);
	if (newest === undefined) return refusal('NOTHING_TO_UNDO', `Nothing to undo: no run recorded in ${historyFolder}/ is left to take back (edu history lists them).`);
	if (newest.record === undefined) return unreadableRecord(newest.problem);
	const {number, record} = newest;
	const removed: string[] = [];
	const gone: string[] = [];
	const restored: string[] = [];
	const edited: string[] = [];
	const texts: Array<{path: string; before: string; after: string}> = [];
	const spans: FileChange[] = [];
	const others: FileChange[] = [];
	for (const file of [...record.files].reverse()) {
		// A record is a file of the project like any other: it names nothing outside it.
		const outside = confinementProblem(root, file.path);
		if (outside !== undefined) return outside;
		const current = readRegularFile(path.join(root, file.path), file.path);
		if (current !== null && 'code' in current) return current;
		const taken = takeBack(root, file, current, force);
		if ('code' in taken) return taken;
		edited.push(...taken.edited);
		if (taken.change === undefined) {
			if (file.made === 'create' && current === null) gone.push(file.path);
			continue;
		}
		const change = taken.edited.length > 0 ? {...taken.change, keep: edits} : taken.change;
		if (change.action === 'delete') removed.push(file.path);
		else {
			restored.push(file.path);
			// The diff of routes.yaml and commands.yaml; a whole file put back is only named.
			if (file.made === 'span') texts.push({path: file.path, before: change.before ?? '', after: change.after});
		}
		(file.made === 'span' ? spans : others).push(change);
	}
	const run = runName(number, record);
	if (edited.length > 0 && !force) {
		return refusal('EDITED_SINCE', `Cannot undo ${run}: edited since: ${edited.join(', ')}. Nothing was changed. Keep it as it is, or take the run back anyway with edu undo --force (what you edited is kept in .edu/backups/).`);
	}
	const recordPath = `${historyFolder}/${number}.json`;
	const recordBefore = readRegularFile(path.join(root, recordPath), recordPath);
	if (recordBefore === null || 'code' in recordBefore) return refusal('PROJECT_CHANGED', `${recordPath} changed while edu was reading it; nothing was changed. Run edu undo again.`);
	const mark: FileChange = {path: recordPath, action: 'modify', before: recordBefore.toString('utf8'), after: recordText({...record, undone: {}})};
	const plan: UndoPlan = {number, record, removed, gone, restored, edited, folders: record.folders, texts};
	return {
		plan,
		changeset: {
			root,
			// routes.yaml first: a route never runs without its controller, even if the undo is killed.
			changes: [...spans, ...others, mark],
			...(record.lock === undefined ? {} : {lock: record.lock}),
			value: plan,
			record: false,
			check() {
				const now = nextToUndo(root);
				if (now?.number === number && now.record === undefined) return unreadableRecord(now.problem);
				return now?.number === number ? undefined : refusal('PROJECT_CHANGED', `Another edu run wrote meanwhile; nothing was changed. Run edu undo again.`);
			},
		},
	};
}

/** The refusal for a record edu cannot read where undo would go next: the run it stands for is neither taken back nor skipped. */
function unreadableRecord(problem: string): Refusal {
	return refusal('BAD_PROJECT_FILE', `${problem}: edu cannot read this run's record, and edu undo takes runs back newest first without skipping one; nothing was changed. Restore the file as edu wrote it (git, a copy, its permissions) to take that run back, or delete it to leave that run's files as they are and take back the runs before it.`);
}

/** Whether `bytes` are what the run wrote into the file, by the record's hash (SHA-256 in the first builds' records). */
function writtenBytes(file: RecordedFile, bytes: Buffer): boolean {
	return file.hash === undefined ? createHash('sha256').update(bytes).digest('hex') === file.sha256 : contentHash(bytes) === file.hash;
}

interface Taken {
	readonly change?: FileChange;
	readonly edited: readonly string[];
}

/** One recorded file taken back: the change, and whether it was edited since. */
function takeBack(root: string, file: RecordedFile, current: Buffer | null, force: boolean): Taken | Refusal {
	const same = current !== null && writtenBytes(file, current);
	const edited = same ? [] : [file.path];
	const text = current?.toString('utf8') ?? '';
	if (file.made === 'create') {
		if (current === null) return {edited: []};
		return {change: {path: file.path, action: 'delete', before: text, after: ''}, edited};
	}
	if (current === null) return refusal('EDITED_SINCE', `Cannot undo: ${file.path} was removed since the run; nothing was changed. Put it back (git checkout, or from .edu/backups/) and run edu undo again.`);
	if (file.made === 'span') return takeBackSpan(file, current, force);
	let before: Buffer | null;
	if (file.made === 'replace') {
		if (file.backup === null) return {edited: []};
		const outside = confinementProblem(root, file.backup);
		if (outside !== undefined) return outside;
		const backup = readRegularFile(path.join(root, file.backup), file.backup);
		if (backup !== null && 'code' in backup) return backup;
		before = backup;
		if (before === null) return refusal('EDITED_SINCE', `Cannot undo: ${file.backup}, the copy of what ${file.path} held, is gone; nothing was changed.`);
	} else {
		before = Buffer.from(file.before, file.base64 ? 'base64' : 'utf8');
	}
	const after = before.toString('utf8');
	if (!Buffer.from(after, 'utf8').equals(before)) return refusal('EDITED_SINCE', `Cannot undo: what ${file.path} held is not UTF-8 text, which edu cannot put back byte for byte; nothing was changed.`);
	return {change: {path: file.path, action: 'modify', before: text, after, followLink: true}, edited};
}

/** The lines a run added to routes.yaml or commands.yaml, removed where they still are byte for byte. */
function takeBackSpan(file: Extract<RecordedFile, {made: 'span'}>, current: Buffer, force: boolean): Taken | Refusal {
	const inserted = Buffer.from(file.inserted, 'utf8');
	const removed = Buffer.from(file.removed, 'utf8');
	const exact = writtenBytes(file, current) || current.subarray(file.at, file.at + inserted.length).equals(inserted);
	const found = exact ? file.at : current.indexOf(inserted) === current.lastIndexOf(inserted) ? current.indexOf(inserted) : -1;
	const text = current.toString('utf8');
	if (found !== -1 && inserted.length > 0) {
		const after = Buffer.concat([current.subarray(0, found), removed, current.subarray(found + inserted.length)]).toString('utf8');
		return {change: {path: file.path, action: 'modify', before: text, after, followLink: true}, edited: []};
	}
	if (file.path !== routesPath) {
		return force ? refusal('EDITED_SINCE', `Cannot undo: the lines edu added to ${file.path} were edited since, and edu only takes back lines still as it wrote them; nothing was changed. Remove them by hand, then run edu undo again.`) : {edited: [file.path]};
	}
	// Routes edited since: each named at its line; forced, each entry is taken out (or put back as it was).
	const now = parseRoutes(text, file.path, true);
	if ('code' in now) return now;
	const added = parseRoutes(file.inserted.replace(/^(\r\n|\r|\n)+/, ''), file.path, true);
	const was = parseRoutes(file.removed, file.path, true);
	const names = 'code' in added ? [] : added.entries.map((entry) => entry.name);
	const present = names.flatMap((name) => now.named(name) ?? []);
	const edited = present.length === 0 ? [file.path] : present.map((entry) => `${file.path}:${entry.line}`);
	if (!force) return {edited};
	let after = text;
	for (const entry of [...present].sort((a, b) => b.offset - a.offset)) {
		const old = 'code' in was ? undefined : was.named(entry.name);
		const replacement = old === undefined ? '' : file.removed.slice(entrySpan(file.removed, old).start, entrySpan(file.removed, old).end);
		after = replaceEntryText(after, entry, replacement);
	}
	return {change: {path: file.path, action: 'modify', before: text, after, followLink: true}, edited};
}

/** After the undo: the folders the run created, removed when empty (deepest first); one still in use stays. */
export function removeEmptyFolders(root: string, folders: readonly string[]): string[] {
	const gone: string[] = [];
	for (const folder of [...folders].reverse()) {
		if (confinementProblem(root, folder)) continue;
		try {
			rmdirSync(path.join(root, folder));
			gone.push(folder);
		} catch {
			// Not empty (the user's files), or gone already.
		}
	}
	return gone;
}

