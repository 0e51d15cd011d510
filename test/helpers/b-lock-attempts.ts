// Events instead of sleeps for tests that hold a lock while an edu run waits for it. Each time a
// waiting run tries for the lock it writes a temp file `.<lock file's name>.edu-tmp-<pid>-…` beside
// it (source/core/sink/lock.ts), which a watch on the folder sees; and what it says on stderr
// arrives as data events.
import {watch} from 'node:fs';
import path from 'node:path';
import type {Readable} from 'node:stream';

/**
 * Tries for the lock after which a waiting run has said, or would have said but for -q, that it
 * waits: its pauses are 20, 30 … 100 ms, then 100 ms, and the notice comes once they add up to a
 * second (the 14th); one more try is seen only after that.
 */
export const attemptsPastNotice = 15;

export interface LockAttempts {
	/** Resolves once the run `pid` has tried `count` times for the lock file `lockFile`. */
	readonly reached: (pid: number, count: number) => Promise<void>;
	readonly close: () => void;
}

/** Watches `lockFile`'s folder for the temp files of runs trying to take it. */
export function watchLockAttempts(lockFile: string): LockAttempts {
	const prefix = `.${path.basename(lockFile)}.edu-tmp-`;
	const seen = new Map<number, Set<string>>();
	const waiters: Array<{pid: number; count: number; resolve: () => void}> = [];
	const settle = (): void => {
		for (const waiter of waiters.splice(0)) {
			if ((seen.get(waiter.pid)?.size ?? 0) >= waiter.count) waiter.resolve();
			else waiters.push(waiter);
		}
	};
	const watcher = watch(path.dirname(lockFile), (_event, name) => {
		if (name === null || !name.startsWith(prefix)) return;
		const pid = Number(name.slice(prefix.length).split('-')[0]);
		if (!seen.has(pid)) seen.set(pid, new Set());
		seen.get(pid)!.add(name);
		settle();
	});
	return {
		async reached(pid, count) {
			await new Promise<void>((resolve) => {
				waiters.push({pid, count, resolve});
				settle();
			});
		},
		close: () => watcher.close(),
	};
}

/** Resolves once what `stream` has written so far includes `text`. */
export async function said(stream: Readable, text: string): Promise<void> {
	let written = '';
	await new Promise<void>((resolve) => {
		const listen = (chunk: Buffer): void => {
			written += chunk.toString();
			if (!written.includes(text)) return;
			stream.off('data', listen);
			resolve();
		};
		stream.on('data', listen);
	});
}
