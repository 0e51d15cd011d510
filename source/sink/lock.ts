// The lock that serialises writers of a project: a file beside the locked one, created with
// link() (atomic, fails if it exists) and naming its owner's pid. A lock whose owner is gone is
// taken over at once. While it is held, it also carries the run's journal (the files it is
// creating and its commit point), so a run killed between two renames can be undone by the next.
import type {Stats} from 'node:fs';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {errorReason, shellWord} from './leftovers.js';
import type {SinkHost} from './host.js';
import {signalExitCodes, type StopSignal} from '../base/io.js';

/**
 * A file as the run wrote it: the inode of its temp file (which the rename or link into place
 * keeps), with its size and time once written. Any later write changes the size or the time.
 */
export interface WrittenFile {
	readonly path: string;
	readonly dev: number;
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
}

export interface Journal {
	/** Files the run creates. */
	readonly created: readonly WrittenFile[];
	/** The last rename: once this very file is at its path, the run is complete. */
	readonly commit: WrittenFile | null;
	/**
	 * Files the run replaces or removes before its commit point, each with what it held set aside
	 * (`aside`, relative): put back by the next run if this one was killed before its commit point,
	 * removed once it is complete. `written`: the file put in its place (null: the file is removed).
	 */
	readonly kept?: ReadonlyArray<{readonly path: string; readonly aside: string; readonly written: WrittenFile | null}>;
}

export function writtenFile(relative: string, stats: Stats): WrittenFile {
	return {path: relative, dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs};
}

/** Whether `stats` (of the file now at the journal's path) is the file the run wrote, unchanged. */
export function isWrittenFile(stats: Stats | null, file: WrittenFile): boolean {
	return stats !== null && stats.isFile() && stats.dev === file.dev && stats.ino === file.ino
		&& stats.size === file.size && stats.mtimeMs === file.mtimeMs;
}

interface LockContent {
	readonly pid: number;
	readonly journal?: Journal;
}

export interface HeldLock {
	/** Records the journal in the lock file (before the first rename). */
	record(journal: Journal): void;
	/** Removes the lock; returns what is left and why, if it could not. */
	release(): {remove: string; reason: string} | undefined;
	/** The journal of a killed run whose lock was taken over, to undo before writing. */
	readonly inherited: Journal | undefined;
}

export const lockWaitMs = 30_000;

/** `.<name>.edu-tmp-<pid>-<random>` beside `target`: a later run can tell a killed run's leftovers. */
export function tempName(host: SinkHost, target: string): string {
	return path.join(path.dirname(target), `.${path.basename(target)}.edu-tmp-${host.pid}-${host.random()}`);
}

export const tempPattern = /^\..+\.edu-tmp-(\d+)-[a-z0-9]+$/;

/** `.<name>.edu-kept-<pid>-<random>`: what a file held until the run's commit point (never taken for a stale temp file). */
export function asideName(host: SinkHost, target: string): string {
	return path.join(path.dirname(target), `.${path.basename(target)}.edu-kept-${host.pid}-${host.random()}`);
}

export function lockFileFor(target: string): string {
	return path.join(path.dirname(target), `.${path.basename(target)}.edu-lock`);
}

/** The lock file's bytes, or undefined when there is none (or it cannot be read). */
function lockBytes(host: SinkHost, lockFile: string): Buffer | undefined {
	try {
		const bytes = host.fs.read(lockFile, lockFile);
		return bytes instanceof Buffer ? bytes : undefined;
	} catch {
		return undefined;
	}
}

/** The owner and journal a lock file's bytes name, or undefined when they are not an edu lock. */
function parseLock(bytes: Buffer): LockContent | undefined {
	try {
		const content = JSON.parse(bytes.toString('utf8')) as LockContent;
		return typeof content.pid === 'number' ? content : undefined;
	} catch {
		return undefined;
	}
}

/** The lock's owner and journal, or undefined when there is no lock (or it is unreadable). */
export function readLock(host: SinkHost, lockFile: string): LockContent | undefined {
	const bytes = lockBytes(host, lockFile);
	return bytes === undefined ? undefined : parseLock(bytes);
}

/** The lock file as the user sees it, and the command that removes it. */
function lockHelp(lockFile: string, shown: string): string {
	return `${path.join(path.dirname(shown), path.basename(lockFile))}: if no edu run is writing, remove it (rm -f -- ${shellWord(lockFile)}) and run the command again`;
}

export interface LockWatch {
	/** Set once Ctrl+C or SIGTERM arrived: stop waiting. */
	interrupted(): StopSignal | undefined;
	/** A temp file that could not be removed, to name to the user. */
	leftover(target: string, reason: string): void;
	/**
	 * Called on each new lock or journal file before anything is written to it: throws (having
	 * removed it) when its folder was swapped for a link that leads outside the project.
	 */
	confine?(descriptor: number, created: string): void;
	/** Told once, when the wait for another run's lock has lasted `lockNoticeMs`: a line to show the user. */
	waiting?(line: string): void;
}

/** A run holds the lock for milliseconds: a wait this long is worth saying, so it does not look hung. */
export const lockNoticeMs = 1000;

function writeFile(host: SinkHost, watch: LockWatch, target: string, text: string): string {
	const temp = tempName(host, target);
	const descriptor = host.fs.create(temp, 0o644);
	try {
		try {
			watch.confine?.(descriptor, temp);
			host.fs.write(descriptor, text);
		} finally {
			host.fs.close(descriptor);
		}
	} catch (error) {
		removeTemp(host, watch, temp);
		throw error;
	}
	return temp;
}

function removeTemp(host: SinkHost, watch: LockWatch, target: string): void {
	try {
		host.fs.unlink(target);
	} catch (error) {
		// Gone already (removed where it really was, by the confinement check): nothing is left.
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') watch.leftover(target, errorReason(error));
	}
}

/**
 * Takes the lock on `target` (shown to the user as `shown`), waiting for a live owner up to
 * `waitMs`, and checking `interrupted` while it waits.
 */
export async function acquireLock(host: SinkHost, target: string, shown: string, watch: LockWatch, waitMs = lockWaitMs): Promise<HeldLock> {
	const lockFile = lockFileFor(target);
	const mine = JSON.stringify({pid: host.pid});
	let inherited: Journal | undefined;
	let waited = 0;
	for (let attempt = 0; ; attempt++) {
		const temp = writeFile(host, watch, lockFile, mine);
		let taken = false;
		try {
			host.fs.link(temp, lockFile);
			taken = true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
				removeTemp(host, watch, temp);
				throw error;
			}
		}
		removeTemp(host, watch, temp);
		if (taken) break;

		const bytes = lockBytes(host, lockFile);
		const owner = bytes === undefined ? undefined : parseLock(bytes);
		if (owner !== undefined && !host.isAlive(owner.pid)) {
			// Its owner is gone: move it aside (atomic), and check it is still the dead one's.
			const aside = tempName(host, lockFile);
			try {
				host.fs.rename(lockFile, aside);
			} catch {
				continue;
			}
			const moved = readLock(host, aside);
			if (moved?.pid === owner.pid) {
				inherited = moved.journal ?? inherited;
				removeTemp(host, watch, aside);
			} else {
				// A live run took it in between: give it back.
				try {
					host.fs.link(aside, lockFile);
				} finally {
					removeTemp(host, watch, aside);
				}
			}
			continue;
		}
		// edu's locks appear whole (linked or renamed into place once written): one that is there but
		// names no run (empty, garbled) is nobody's, and would never be released.
		if (bytes !== undefined && owner === undefined) {
			throw new EduError('WRITE_FAILED', `Cannot lock ${shown}: its lock file holds no edu run (it is empty or garbled); nothing was written. ${lockHelp(lockFile, shown)}.`);
		}
		const stop = watch.interrupted();
		if (stop !== undefined) throw new EduError('WRITE_FAILED', `Interrupted (${stop}) while waiting for another edu run to finish writing; nothing was written.`, signalExitCodes[stop]);
		if (waited >= waitMs) {
			throw new EduError('WRITE_FAILED', `Cannot lock ${shown}: another edu run${owner ? ` (pid ${owner.pid})` : ''} has been writing for ${Math.round(waitMs / 1000)} s; nothing was written. The lock is ${lockHelp(lockFile, shown)}.`);
		}
		const pause = Math.min(20 + attempt * 10, 100);
		await host.sleep(pause);
		if (waited < lockNoticeMs && waited + pause >= lockNoticeMs) {
			watch.waiting?.(`Waiting for another edu run${owner ? ` (pid ${owner.pid})` : ''} to finish writing ${shown}: edu waits up to ${Math.round(waitMs / 1000)} s, Ctrl+C stops it.`);
		}
		waited += pause;
	}
	return {
		inherited,
		record(journal) {
			const temp = writeFile(host, watch, lockFile, JSON.stringify({pid: host.pid, journal}));
			try {
				host.fs.rename(temp, lockFile);
			} catch (error) {
				removeTemp(host, watch, temp);
				throw error;
			}
		},
		release() {
			// Ours unless it names another process: one that cannot be read back is still this run's.
			const owner = readLock(host, lockFile);
			if (owner !== undefined && owner.pid !== host.pid) return undefined;
			try {
				host.fs.unlink(lockFile);
				return undefined;
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
				return {remove: lockFile, reason: errorReason(error)};
			}
		},
	};
}
