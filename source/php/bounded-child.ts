// A short-lived child (php -r for doctor's probes) that can never keep edu waiting or leave a
// process behind: it runs in its own process group, and that whole group (a wrapper script's
// children included) is killed at the time-out, on Ctrl+C / SIGTERM, and once it has answered;
// what it prints is read up to a cap, never whole.
import {platform} from 'node:os';
import process from 'node:process';
import type {StopSignal} from '../base/io.js';

/** The most of a child's output read: far more than a probe's JSON and a warning or two. */
export const maxChildOutput = 64 * 1024;

export interface BoundedOptions {
	readonly env: Readonly<Record<string, string | undefined>>;
	/** Where it runs: the current folder when absent. */
	readonly cwd?: string;
	readonly timeout: number;
	/** Io.onSignal: a stop signal ends the child's group at once. */
	readonly onSignal?: (handler: (signal: StopSignal) => void) => () => void;
}

export interface BoundedResult {
	readonly stdout: string;
	readonly stderr: string;
	readonly exitCode: number | undefined;
	/** No such command on PATH. */
	readonly missing: boolean;
	readonly timedOut: boolean;
	readonly stopped: StopSignal | undefined;
}

export async function runBounded(command: string, args: readonly string[], options: BoundedOptions): Promise<BoundedResult> {
	const {execa} = await import('execa');
	const group = platform() !== 'win32';
	let pid: number | undefined;
	let timedOut = false;
	let stopped: StopSignal | undefined;
	const endAll = (): void => {
		if (pid === undefined) return;
		try {
			process.kill(group ? -pid : pid, 'SIGKILL');
		} catch {
			// Already gone.
		}
	};
	const unsubscribe = options.onSignal?.((signal) => {
		stopped ??= signal;
		endAll();
	}) ?? (() => {});
	const child = execa(command, args, {...(options.cwd ? {cwd: options.cwd} : {}), env: {...options.env}, extendEnv: false, reject: false, stdin: 'ignore', detached: group, maxBuffer: maxChildOutput});
	pid = child.pid;
	if (stopped !== undefined) endAll();
	const timer = setTimeout(() => {
		timedOut = true;
		endAll();
	}, options.timeout);
	let result: Awaited<typeof child>;
	try {
		result = await child;
	} finally {
		clearTimeout(timer);
		unsubscribe();
		// It answered, yet its group may still hold children (a wrapper script's): none outlives the run.
		endAll();
	}
	return {
		stdout: String(result.stdout ?? '').slice(0, maxChildOutput),
		stderr: String(result.stderr ?? '').slice(0, maxChildOutput),
		exitCode: result.exitCode,
		missing: (result as {code?: string}).code === 'ENOENT',
		timedOut,
		stopped,
	};
}

/** The first line of a child's complaint, cut short: one line in a report, whatever it printed. */
export function firstLine(text: string, most = 200): string {
	const line = text.trim().split(/\r?\n|\r/, 1)[0] ?? '';
	return line.length > most ? `${line.slice(0, most - 1)}…` : line;
}
