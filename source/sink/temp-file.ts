// A new file of a run, made safely: created empty beside its target, checked to be inside the
// project through its descriptor, and only then filled; the lock and journal files go through
// the same check (confineCreated).
import type {Stats} from 'node:fs';
import path from 'node:path';
import {isInside, isWithin} from '../project/confinement.js';
import {EduError} from '../base/errors.js';
import type {FileChange} from './file-change.js';
import {errorReason} from './leftovers.js';
import {tempName} from './lock.js';
import type {WriteRun} from './run.js';

/**
 * Writes `change.after` to a new temp file beside `target`. The content is written through the
 * descriptor only once the file is known to be inside the project: if a folder was swapped for a
 * link to somewhere else meanwhile, nothing but an empty file (removed at once) ever lands there.
 * `durable`: on the disk before the call returns (fsync), so the name it takes never holds less.
 */
export function writeTemp(run: WriteRun, target: string, change: FileChange, content: string | Buffer = change.after, durable = true): {temp: string; written: Stats} {
	const {fs} = run;
	const temp = tempName(run.host, target);
	const existing = change.action === 'create' ? null : fs.lstat(target);
	const descriptor = fs.create(temp, change.mode ?? 0o666);
	run.temps.add(temp);
	// Where the new file really is, read before anything else can fail: a folder swapped mid-run
	// may send its name elsewhere by the time the cleanup runs.
	const located = fs.located(descriptor);
	try {
		let inside: boolean;
		let there: string | undefined = located ?? undefined;
		try {
			const realRoot = fs.realpath(run.root);
			const realFolder = fs.realpath(path.dirname(temp));
			if (located === null) {
				const created = fs.fstat(descriptor);
				const found = fs.lstat(path.join(realFolder, path.basename(temp)));
				inside = isWithin(realRoot, realFolder) && found !== null && found.ino === created.ino && found.dev === created.dev;
				if (found !== null && found.ino === created.ino) there = path.join(realFolder, path.basename(temp));
			} else {
				inside = isInside(realRoot, located);
			}
		} catch (error) {
			// The folder vanished or moved while it was checked: the empty file goes, wherever it is.
			removeEmptyTemp(run, temp, there);
			throw error;
		}
		if (!inside) {
			removeEmptyTemp(run, temp, there);
			throw new EduError('OUTSIDE_PROJECT', `Refusing to write ${run.shown(target)}: its folder now leads outside the project (it was changed while edu was writing); nothing was written.`);
		}
		if (change.mode !== undefined) fs.fchmod(descriptor, change.mode);
		else if (existing !== null && existing.isFile()) fs.fchmod(descriptor, existing.mode & 0o7777);
		fs.write(descriptor, content);
		if (durable) fs.fsync(descriptor);
		return {temp, written: fs.fstat(descriptor)};
	} finally {
		fs.close(descriptor);
	}
}

/**
 * The lock and its journal go through the same check as the temp files they protect: created
 * empty, located through the descriptor, and removed at once (the run refused) when outside.
 */
export function confineCreated(run: WriteRun, descriptor: number, created: string): void {
	const located = run.fs.located(descriptor);
	const realRoot = run.fs.realpath(run.root);
	const inside = located === null ? isWithin(realRoot, run.fs.realpath(path.dirname(created))) : isInside(realRoot, located);
	if (inside) return;
	if (located !== null) {
		try {
			run.fs.unlink(located);
		} catch (error) {
			run.leftovers.push({shown: located, reason: errorReason(error), remove: located});
		}
	}
	throw new EduError('OUTSIDE_PROJECT', `Refusing to lock ${run.shown(created)}: its folder now leads outside the project (it was changed while edu was writing); nothing was written.`);
}

/** Removes a still-empty temp file at its real place; one it cannot remove is named by the cleanup. */
function removeEmptyTemp(run: WriteRun, temp: string, where: string | undefined): void {
	if (where === undefined) return;
	try {
		run.fs.unlink(where);
		run.temps.delete(temp);
	} catch {
		// Named below by the cleanup.
	}
}
