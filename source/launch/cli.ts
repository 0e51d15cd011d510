// The program the bin loads (bundled as dist/bin/cli.js): decide interactivity once, run main,
// set the exit code, and end. Commands reach the streams, the environment and signals only
// through the Io passed here; in the core, only core/sink/host.ts's processHost reads
// process.pid and probes other pids (temp-file names, the stale-lock check), and the sinks
// receive it.
import process from 'node:process';
import {directOutput, isTerminal, settleOutput} from './direct-output.js';
import type {Io} from '../base/io.js';
import {main, refuseMissingFolder} from '../cli/main.js';
import {readPendingInput} from './pending-input.js';
import {ownSignals} from './signal-owner.js';
import {keptText} from './code-cache.js';

const signals = ownSignals();
const stdout = directOutput(1);
const stderr = directOutput(2);

/** The current folder, or undefined when it no longer exists. */
function currentFolder(): string | undefined {
	try {
		return process.cwd();
	} catch {
		return undefined;
	}
}

const cwd = currentFolder();
const argv = process.argv.slice(2);
const kept = keptText(import.meta.filename);
const io: Io = {
	cwd: cwd ?? '',
	env: process.env,
	stdout,
	stderr,
	// Created on first use: only the wizard and the prompts read it, and opening it costs start-up time.
	get stdin() {
		return process.stdin;
	},
	pendingInput: readPendingInput,
	interactive: Boolean(stdout.isTTY) && isTerminal(0),
	// Owned from the bin's start (signal-owner.ts says what a signal does when).
	onSignal: signals.onSignal,
	commitBegan: signals.commitBegan,
	// Beside the code cache of the program this file was bundled in, for its build alone.
	...(kept === undefined ? {} : {kept}),
};

void (cwd === undefined ? Promise.resolve(refuseMissingFolder(argv, io)) : main(argv, io)).then((exitCode) => {
	process.exitCode = settleOutput(exitCode);
	// Left to itself, Node tears the whole heap down before the process ends, which a user waits
	// for. Once main is done only the 'exit' handlers are left (the code cache's), and
	// process.exit() runs them: end now, unless output is still queued in a stream (a terminal on
	// Windows, a pipe that was full), which Node's own exit waits for.
	if (!stdout.writableLength && !stderr.writableLength) process.exit();
});
