// Ctrl+C (SIGINT) and SIGTERM, owned by edu from the bin's start to the end of the process:
// Node's default (end at once) would otherwise cut a run short wherever no command listens, the
// moment after its files were written included, and exit 130/143 as if nothing had been. The
// one owner of the process (the bin, make-direct.js and make.js share it) decides:
// - before a write began: a command that listens (a wait for a lock, for PHP, for the mock) is
//   told and ends its way; with none listening the run ends at once, 130 or 143, nothing written;
// - once the sink began placing files (it says so through Io.commitBegan): the signal is kept,
//   and the run finishes, prints its report and exits with its own code (0 when done);
// - a second signal after that ends the program at once, exit 3: the files are whole (the sink
//   places them without yielding, so no handler runs in between), the report may be cut short.
import {writeSync} from 'node:fs';
import process from 'node:process';
import {signalExitCodes, type StopSignal} from '../base/io.js';
import {outputLostExitCode} from './output-lost.js';

/** What the owner needs of the process: tests pass their own. */
export interface SignalHost {
	listen(signal: StopSignal, listener: () => void): void;
	/** One line for stderr, written before the process ends. */
	say(line: string): void;
	exit(code: number): void;
}

export interface SignalOwner {
	/** Io.onSignal: calls `handler` on a signal that comes before the write began, until unsubscribed. */
	onSignal(handler: (signal: StopSignal) => void): () => void;
	/** Io.commitBegan: from now on a signal no longer stops the run. */
	commitBegan(): void;
}

const stopSignals: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

export function createSignalOwner(host: SignalHost): SignalOwner {
	const handlers = new Set<(signal: StopSignal) => void>();
	let committing = false;
	let kept: StopSignal | undefined;
	const hear = (signal: StopSignal): void => {
		if (!committing) {
			if (handlers.size === 0) host.exit(signalExitCodes[signal]);
			else for (const handler of [...handlers]) handler(signal);
			return;
		}
		if (kept === undefined) {
			kept = signal;
			return;
		}
		host.say(`edu: ended by a second ${signal} after it began writing: every file is whole, written or left as it was, but the report may be cut short; edu history lists what was written.\n`);
		host.exit(outputLostExitCode);
	};
	for (const signal of stopSignals) host.listen(signal, () => hear(signal));
	return {
		onSignal(handler) {
			// A handler of its own per subscription, so one subscribed twice is removed once per unsubscribe.
			const subscription = (signal: StopSignal): void => handler(signal);
			handlers.add(subscription);
			return () => {
				handlers.delete(subscription);
			};
		},
		commitBegan() {
			committing = true;
		},
	};
}

/** Where the process's one owner is kept: each bundle of the bin has its own copy of this module. */
const ownerKey = Symbol.for('edu-scaffold.signal-owner');

const processHost: SignalHost = {
	listen: (signal, listener) => process.on(signal, listener),
	say(line) {
		try {
			writeSync(2, line);
		} catch {
			// stderr is gone: the exit code alone tells.
		}
	},
	exit: (code) => process.exit(code),
};

/** The process's owner of SIGINT and SIGTERM, created (and listening) on the first call. */
export function ownSignals(): SignalOwner {
	const global = globalThis as {[ownerKey]?: SignalOwner};
	global[ownerKey] ??= createSignalOwner(processHost);
	return global[ownerKey];
}
