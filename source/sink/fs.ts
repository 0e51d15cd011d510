// The file-system sink: the only code that writes into a project. For a changeset it checks every
// path stays inside the project, takes the lock, undoes what a killed run left half-done,
// re-checks the project against what was planned (revising the plan if it changed), writes every
// new content to a temp file beside its target, and only then renames them into place, the last
// change (routes.yaml for make:*) being the commit point. A file the user forced it to replace
// (--force) is first copied, byte for byte, under .edu/backups/<time>/, and the run says where.
// On any failure it restores what it had changed and removes every temp file, folder, copy and
// lock it created; a cleanup that fails is named in the error, never hidden. Ctrl+C / SIGTERM
// stops the wait for another run's lock.
import type {Stats} from 'node:fs';
import path from 'node:path';
import {confinementProblem, isWithin, repositoryFolderOf} from '../project/confinement.js';
import {EduError, type Refusal} from '../base/errors.js';
import {eitherStop, type Changeset, type FileChange, type Sink, type StopSubscription, type Written} from './file-change.js';
import {byHand, errorReason, shellWord} from './leftovers.js';
import {failure} from './failure.js';
import {acquireLock, asideName, writtenFile, type HeldLock, type Journal} from './lock.js';
import {confineCreated, writeTemp} from './temp-file.js';
import {pruneHistory, recordName, recordOf, recordText} from './record.js';
import {processHost, type SinkHost} from './host.js';
import {cleanStaleTemps, undoKilledRun} from './killed-run.js';
import {keptCopies} from './kept-copies.js';
import {WriteRun} from './run.js';
import {linkedTarget, resolveTarget} from './link-target.js';

export interface FileSystemSinkOptions {
	readonly host?: SinkHost;
	/** Subscribes to Ctrl+C / SIGTERM (io.onSignal): the write stops, rolls back and releases the lock. */
	readonly onSignal?: StopSubscription;
	/** Told as the files begin to be placed (io.commitBegan): no signal stops the run after that. */
	readonly commitBegan?: () => void;
	/** How long to wait for another run's lock, in milliseconds. */
	readonly lockWaitMs?: number;
	/** Shows a line to the user while the run waits for another run's lock (lock.ts says when). */
	readonly onWait?: (line: string) => void;
}

export function fileSystemSink(options: FileSystemSinkOptions = {}): Sink {
	return {
		mode: 'write',
		write: (changeset, during = {}) => {
			const onSignal = eitherStop(options.onSignal, during.onSignal);
			return writeChangeset(changeset, {...options, ...(during.onWait ? {onWait: during.onWait} : {}), ...(onSignal ? {onSignal} : {})});
		},
	};
}

async function writeChangeset<T>(changeset: Changeset<T>, options: FileSystemSinkOptions): Promise<Written<T>> {
	const run = new WriteRun(options.host ?? processHost, changeset.root);
	const unsubscribe = options.onSignal?.((signal) => {
		run.stop ??= signal;
	}) ?? (() => {});
	let lock: HeldLock | undefined;
	try {
		checkConfinement(changeset);
		if (changeset.lock !== undefined) {
			const lockTarget = path.join(changeset.root, changeset.lock);
			run.ensureFolder(path.dirname(lockTarget));
			lock = await acquireLock(run.host, lockTarget, changeset.lock, {
				interrupted: () => run.stop,
				leftover: (name, reason) => run.leftovers.push({shown: run.shown(name), reason, remove: name}),
				confine: (descriptor, created) => confineCreated(run, descriptor, created),
				...(options.onWait ? {waiting: options.onWait} : {}),
			}, options.lockWaitMs);
			if (lock.inherited) run.notes.push(...undoKilledRun(run, lock.inherited));
		}
		const current = recheck(run, changeset);
		const refused = current.check?.();
		if (refused !== undefined) throw EduError.from(refused);
		// Temp files a killed run left: beside each file, and beside the file a followed link leads to.
		const folders = new Set(current.changes.flatMap((change) => [path.join(current.root, change.path), ...linkedTarget(run, current.root, change)].map((file) => path.dirname(file))));
		for (const folder of folders) cleanStaleTemps(run, folder);
		for (const folder of current.folders ?? []) run.ensureFolder(path.join(current.root, folder));
		apply(run, current, lock, options.commitBegan);
		if (current.record !== false) pruneHistory(run);
		// The lock before the notes, so everything left is said in one line with one command.
		const released = lock?.release();
		lock = undefined;
		if (released !== undefined) run.leftovers.push({...released, shown: `the lock ${run.shown(released.remove)}`});
		if (run.leftovers.length > 0) run.notes.push(`Written, but ${byHand(run.leftovers)}.`);
		return {value: current.value, mode: 'write', notes: run.notes};
	} catch (error) {
		// The lock first: it lives in a folder this run may have created.
		const released = lock?.release();
		if (released !== undefined) run.leftovers.push({...released, shown: run.shown(released.remove)});
		lock = undefined;
		run.cleanUp();
		throw failure(error, run);
	} finally {
		const released = lock?.release();
		if (released !== undefined) run.notes.push(`Written, but ${byHand([{...released, shown: `the lock ${run.shown(released.remove)}`}])}.`);
		unsubscribe();
	}
}

/** Every path of `changeset` stays in the project, links followed (a dry run checks it too, so it refuses what a run would). */
export function checkConfinement(changeset: Changeset<unknown>): void {
	const problem = confinementRefusal(changeset);
	if (problem) throw EduError.from(problem);
}

/** The first path of `changeset` that leaves the project, links followed, as a refusal (the wizard's review shows it before Enter). */
export function confinementRefusal(changeset: Changeset<unknown>): Refusal | undefined {
	for (const relative of [...changeset.changes.map((change) => change.path), ...(changeset.folders ?? [])]) {
		const problem = confinementProblem(changeset.root, relative);
		if (problem) return problem;
	}
	return undefined;
}

/** Under the lock: the project as planned, or a revised plan, or a refusal. */
function recheck<T>(run: WriteRun, changeset: Changeset<T>): Changeset<T> {
	// An overwrite (--force) replaces whatever is there.
	const matches = (candidate: Changeset<T>): boolean => candidate.changes.every((change) => change.action === 'overwrite' || run.readBytes(path.join(candidate.root, change.path))?.toString('utf8') === (change.before ?? undefined));
	if (matches(changeset)) return changeset;
	const revised = changeset.revise?.();
	if (revised === undefined) {
		throw new EduError('PROJECT_CHANGED', 'The project changed while edu was reading it; nothing was written. Run the command again.');
	}
	if ('code' in revised) throw EduError.from(revised);
	checkConfinement(revised);
	return revised;
}

interface Staged {
	readonly change: FileChange;
	/** Where the content goes: the change's path, or the target of the link it names. */
	readonly target: string;
	/** The temp file and, once written, the journal's record of it (none for a removal). */
	readonly temp?: string;
	readonly written?: Stats;
	/** A copy of what a forced change replaces: kept even by a run killed before its commit point. */
	readonly backup?: true;
	/** What the target holds, set aside until the commit point (a copy; for a removal, the file itself). */
	readonly aside?: string;
	/** What the target held when it was replaced, for the rollback (null: it was created). */
	previous?: Buffer | null;
}

/**
 * Every content to a temp file first, then the renames, the last change last. Synchronous: a
 * Ctrl+C or SIGTERM that arrives during it is heard once every file is whole
 * and in place, so a write is never left half-done by one; only the wait for the lock is stopped.
 * `began` is told past the last point a signal stops the run, so the run's owner lets it finish.
 */
function apply<T>(run: WriteRun, changeset: Changeset<T>, lock: HeldLock | undefined, began?: () => void): void {
	const staged: Staged[] = [];
	run.checkStop();
	began?.();
	const targets: Array<{change: FileChange; target: string; content?: Buffer}> = changeset.changes.map((change) => ({change, target: resolveTarget(run, changeset.root, change)}));
	for (const {change, target} of targets) refuseReadOnly(run, change, target);
	// The copies of what --force replaces first: in place before anything they keep is replaced.
	const copies = keptCopies(run, changeset.root, targets);
	for (const [index, {change, target, content}] of [...copies, ...targets].entries()) {
		run.ensureFolder(path.dirname(target));
		const beforeCommit = index < copies.length + targets.length - 1;
		staged.push(stage(run, change, target, content, beforeCommit));
	}
	if (changeset.record !== false && targets.length > 0) {
		const record = recordOf(run, changeset, targets.map(({change, target}) => ({change, target, ...backupOf(copies, change)})));
		const change: FileChange = {path: recordName(run), action: 'create', before: null, after: recordText(record)};
		const target = path.join(changeset.root, change.path);
		run.ensureFolder(path.dirname(target));
		// Just before the commit point: a run killed before it leaves no record. edu's own bookkeeping,
		// as the lock and its journal are: not made durable (undo refuses a record a power cut cut short).
		staged.splice(staged.length - 1, 0, stage(run, change, target, undefined, true, false));
	}
	if (lock && staged.length > 1) lock.record(journalOf(run, staged));
	const done: Staged[] = [];
	try {
		for (const step of staged) {
			place(run, step);
			done.push(step);
		}
	} catch (error) {
		rollback(run, done);
		dropAsides(run, staged.filter((step) => !done.includes(step) || step.change.action !== 'delete'));
		throw error;
	}
	dropAsides(run, staged);
}

function backupOf(copies: ReadonlyArray<{change: FileChange; of: string}>, change: FileChange): {backup?: string} {
	const copy = copies.find((each) => each.of === change.path);
	return copy === undefined ? {} : {backup: copy.change.path};
}

/** One change made ready: its temp file written, and what it replaces before the commit point set aside. */
function stage(run: WriteRun, change: FileChange, target: string, content: Buffer | undefined, beforeCommit: boolean, durable = true): Staged {
	const backup = content === undefined ? {} : {backup: true as const};
	if (change.action === 'delete') return {change, target, aside: asideName(run.host, target)};
	const written = writeTemp(run, target, change, content, durable);
	if (!beforeCommit || change.action === 'create' || content !== undefined) return {change, target, ...backup, ...written};
	// Named now, for the journal; the copy is made just before the file is replaced (place).
	return {change, target, ...backup, ...written, aside: asideName(run.host, target)};
}

/** Once the run is complete (or rolled back): what was set aside is removed; one it cannot remove is named. */
function dropAsides(run: WriteRun, staged: readonly Staged[]): void {
	for (const {aside} of staged) {
		if (aside === undefined) continue;
		try {
			run.fs.unlink(aside);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') run.leftovers.push({shown: run.shown(aside), reason: errorReason(error), remove: aside});
		}
	}
}

/**
 * A file its owner made read-only is left as it is: a rename over it would replace it all the
 * same (the folder is what is written), and the file would still look read-only afterwards.
 */
function refuseReadOnly(run: WriteRun, change: FileChange, target: string): void {
	if (change.action === 'create') return;
	const stat = run.fs.lstat(target);
	if (stat === null || !stat.isFile()) return;
	const shown = run.shown(target);
	// Another user's file (written through sudo or by a container): the rename would make it this user's.
	if (run.host.uid !== undefined && stat.uid !== run.host.uid && !run.fs.writable(target)) {
		throw new EduError('WRITE_FAILED', `${shown} belongs to another user (uid ${stat.uid}) and you may not write it, so edu leaves it as it is; nothing was written. Make it yours (sudo chown "$(id -un)" ${shellWord(shown)}) and run the command again.`);
	}
	if ((stat.mode & 0o200) === 0) throw new EduError('WRITE_FAILED', `${shown} is read-only, so edu leaves it as it is; nothing was written. Make it writable (chmod u+w ${shellWord(shown)}) and run the command again.`);
}

function journalOf(run: WriteRun, staged: readonly Staged[]): Journal {
	const last = staged.at(-1);
	const file = (step: Staged | undefined) => (step?.written === undefined ? null : writtenFile(step.change.path, step.written));
	return {
		// A killed run's copies stay: the file they keep may be replaced already.
		created: staged.slice(0, -1).filter(({change, backup}) => change.action === 'create' && backup === undefined).flatMap((step) => file(step) ?? []),
		commit: file(last),
		kept: staged.slice(0, -1).flatMap((step) => (step.aside === undefined ? [] : [{path: run.shown(step.target), aside: run.shown(step.aside), written: file(step)}])),
	};
}

/** Renames one temp file into place: a create never replaces a file that appeared meanwhile. */
function place(run: WriteRun, step: Staged): void {
	const {change, target, temp} = step;
	const {fs} = run;
	if (temp === undefined) {
		// A removal: the file is set aside, and removed once the run is complete.
		const previous = run.readBytes(target);
		if (previous?.toString('utf8') !== (change.before ?? undefined)) throw new EduError('PROJECT_CHANGED', `${change.path} changed while edu was writing; nothing was written. Run the command again.`);
		fs.rename(target, step.aside!);
		step.previous = previous;
		return;
	}
	const realFolder = fs.realpath(path.dirname(target));
	const realRoot = fs.realpath(run.root);
	if (!isWithin(realRoot, realFolder) || repositoryFolderOf(path.relative(realRoot, realFolder)) !== undefined) {
		throw new EduError('OUTSIDE_PROJECT', `Refusing to write ${run.shown(target)}: its folder now leads outside the project or into its version control (it was changed while edu was writing).`);
	}
	if (change.action !== 'create') {
		const previous = run.readBytes(target);
		if (change.action === 'modify' && previous?.toString('utf8') !== (change.before ?? undefined)) {
			throw new EduError('PROJECT_CHANGED', `${change.path} changed while edu was writing; nothing was written. Run the command again.`);
		}
		step.previous = previous;
		if (step.aside !== undefined && previous !== null) {
			const copy = writeTemp(run, target, {...change, action: 'modify'}, previous);
			fs.rename(copy.temp, step.aside);
			run.temps.delete(copy.temp);
		}
		fs.rename(temp, target);
		run.temps.delete(temp);
		return;
	}
	const appeared = (): EduError => new EduError('PROJECT_CHANGED', `${change.path} appeared while edu was writing; nothing was written. Run the command again.`);
	try {
		// A hard link fails on an existing name, so a file that appeared meanwhile is never replaced.
		fs.link(temp, target);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'EEXIST') throw appeared();
		if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
		// No hard links on this file system: rename, after checking the name is still free.
		if (fs.lstat(target) !== null) throw appeared();
		fs.rename(temp, target);
		run.temps.delete(temp);
		return;
	}
	run.removeTemp(temp);
}

/** Undoes what was placed, newest first; a step it cannot undo is named in the error. */
function rollback(run: WriteRun, done: readonly Staged[]): void {
	for (const {change, target, previous, aside, temp} of [...done].reverse()) {
		try {
			if (temp === undefined) run.fs.rename(aside!, target);
			else if (previous === undefined || previous === null) run.fs.unlink(target);
			else run.fs.rename(writeTemp(run, target, {...change, action: 'modify'}, previous).temp, target);
		} catch (error) {
			run.leftovers.push({shown: run.shown(target), reason: `could not restore it: ${errorReason(error)}`});
		}
	}
}
