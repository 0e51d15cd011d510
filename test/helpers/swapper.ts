// A shell that swaps a folder for a link to somewhere else and back (atomic renames), as fast as it
// can, for the symlink-race tests. stop() kills its whole process group and waits until no process
// of the group runs: the shell can be gone while an mv it started still finishes its rename, and a
// restore done then is undone by that mv.
import {spawn} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';

export interface Swapper {
	readonly stop: () => Promise<void>;
}

const swapLoop = 'while mv -T "$1" "$1.real" && mv -T "$1.link" "$1" && mv -T "$1" "$1.link" && mv -T "$1.real" "$1"; do :; done';

/** Swaps `folder` with `folder.link` (which the caller made) until stopped. Linux only (/proc). */
export function startSwapper(folder: string): Swapper {
	const shell = spawn('bash', ['-c', swapLoop, 'swap', folder], {stdio: 'ignore', detached: true});
	const exited = new Promise((resolve) => shell.on('exit', resolve));
	return {
		async stop() {
			try {
				process.kill(-shell.pid!, 'SIGKILL');
			} catch {
				// It stopped by itself: an mv failed because the run changed the folder.
			}
			await exited;
			const deadline = Date.now() + 10_000;
			while (groupRuns(shell.pid!)) {
				if (Date.now() > deadline) throw new Error(`process group ${shell.pid} still runs 10 s after SIGKILL`);
				await new Promise((resolve) => setTimeout(resolve, 2));
			}
		},
	};
}

/** Whether a process of group `group` still runs (a zombie has finished its work). */
function groupRuns(group: number): boolean {
	for (const pid of readdirSync('/proc')) {
		if (!/^\d+$/.test(pid)) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		} catch {
			continue;
		}
		// pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
		const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(pgrp) === group && state !== 'Z') return true;
	}
	return false;
}
