// What a run killed mid-write (SIGKILL, a power cut) left behind, found through the journal its
// lock carried, and removed by the next run only when still exactly as written.
import type {Stats} from 'node:fs';
import path from 'node:path';
import {confinementProblem} from '../project/confinement.js';
import {isWrittenFile, tempPattern, type Journal} from './lock.js';
import type {WriteRun} from './run.js';
import {historyFolder} from './record.js';

/** Temp files left by a run that was killed: removed when their process is gone. */
export function cleanStaleTemps(run: WriteRun, folder: string): void {
	let names: string[];
	try {
		names = run.fs.readdir(folder);
	} catch {
		return;
	}
	for (const name of names) {
		const match = tempPattern.exec(name);
		if (!match || run.host.isAlive(Number(match[1]))) continue;
		try {
			run.fs.unlink(path.join(folder, name));
		} catch {
			// Someone else cleaned it.
		}
	}
}

/** The lock of a killed run carried its journal: unless it reached its commit point, remove the files it created. */
export function undoKilledRun(run: WriteRun, journal: Journal): string[] {
	const removed = killedRunLeftovers(journal, (relative) => {
		try {
			return run.fs.lstat(run.fs.realpath(path.join(run.root, relative)));
		} catch {
			return null;
		}
	});
	for (const relative of removed) {
		if (confinementProblem(run.root, relative)) continue;
		run.fs.unlink(path.join(run.root, relative));
	}
	const restored = settleAsides(run, journal);
	// Its temp files, beside each file it was writing: this run may write in none of those folders.
	const folders = new Set([...journal.created, ...(journal.commit === null ? [] : [journal.commit]), ...(journal.kept ?? [])].map((file) => path.dirname(file.path)));
	for (const folder of folders) if (!confinementProblem(run.root, folder)) cleanStaleTemps(run, path.join(run.root, folder));
	// Its record is edu's own: the user is told of the project's files.
	const shown = removed.filter((relative) => !relative.startsWith(`${historyFolder}/`));
	const said = [...(shown.length > 0 ? [`removed what it had half-written (${shown.join(', ')})`] : []), ...(restored.length > 0 ? [`put back what it had replaced or removed (${restored.join(', ')})`] : [])];
	return said.length > 0 ? [`An earlier edu run was killed while writing: ${said.join(', and ')}.`] : [];
}

/**
 * What a killed run set aside (the files it replaced or removed before its commit point): put
 * back when it did not reach its commit point and the file is still as it wrote it (or still
 * gone), dropped when it did. Returns the files put back.
 */
function settleAsides(run: WriteRun, journal: Journal): string[] {
	const committed = journal.commit !== null && isWrittenFile(statOf(run, journal.commit.path), journal.commit);
	const restored: string[] = [];
	for (const {path: relative, aside, written} of [...(journal.kept ?? [])].reverse()) {
		if (confinementProblem(run.root, relative) || confinementProblem(run.root, aside)) continue;
		const asideFile = path.join(run.root, aside);
		if (run.fs.lstat(asideFile) === null) continue;
		const now = statOf(run, relative);
		const untouched = written === null ? now === null : isWrittenFile(now, written);
		if (!committed && untouched) {
			run.fs.rename(asideFile, path.join(run.root, relative));
			restored.push(relative);
		} else if (committed || written !== null) {
			run.fs.unlink(asideFile);
		}
	}
	return restored;
}

function statOf(run: WriteRun, relative: string): Stats | null {
	try {
		return run.fs.lstat(run.fs.realpath(path.join(run.root, relative)));
	} catch {
		return null;
	}
}

/**
 * The files a killed run created and left without their commit point (unchanged since).
 * `stat`: what is at a path of the project now (links followed), null when nothing is.
 */
export function killedRunLeftovers(journal: Journal, stat: (relative: string) => Stats | null): string[] {
	if (journal.commit !== null && isWrittenFile(stat(journal.commit.path), journal.commit)) return [];
	return journal.created.filter((file) => isWrittenFile(stat(file.path), file)).map((file) => file.path);
}
