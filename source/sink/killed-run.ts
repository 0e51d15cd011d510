// What a run killed mid-write (SIGKILL, a power cut) left behind, found through the journal its
// lock carried, and removed by the next run only when still exactly as written.
import type {Stats} from 'node:fs';
import path from 'node:path';
import {confinementProblem} from '../project/confinement.js';
import {isWrittenFile, tempPattern, type Journal} from './lock.js';
import type {WriteRun} from './run.js';

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
	// Its temp files, beside each file it was writing: this run may write in none of those folders.
	const folders = new Set([...journal.created, ...(journal.commit === null ? [] : [journal.commit])].map((file) => path.dirname(file.path)));
	for (const folder of folders) if (!confinementProblem(run.root, folder)) cleanStaleTemps(run, path.join(run.root, folder));
	return removed.length > 0 ? [`An earlier edu run was killed while writing: removed what it had half-written (${removed.join(', ')}).`] : [];
}

/**
 * The files a killed run created and left without their commit point (unchanged since).
 * `stat`: what is at a path of the project now (links followed), null when nothing is.
 */
export function killedRunLeftovers(journal: Journal, stat: (relative: string) => Stats | null): string[] {
	if (journal.commit !== null && isWrittenFile(stat(journal.commit.path), journal.commit)) return [];
	return journal.created.filter((file) => isWrittenFile(stat(file.path), file)).map((file) => file.path);
}
