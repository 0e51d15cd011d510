// What a command may touch of the outside world, injected so tests can run main() in-process.

export interface OutStream {
	write(chunk: string): unknown;
	readonly isTTY?: boolean;
	readonly columns?: number;
	readonly rows?: number;
	/** Bytes written but not yet handed to the system (a Node stream's, or 0). */
	readonly writableLength?: number;
}

export interface Io {
	readonly cwd: string;
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly stdout: OutStream;
	readonly stderr: OutStream;
	readonly stdin: NodeJS.ReadableStream;
	/** What stdin's terminal holds already, read without waiting; undefined where it cannot be (the wizard's type-ahead then waits one event-loop turn for it). */
	readonly pendingInput?: () => string | undefined;
	/** Decided once by the bin: stdin and stdout are terminals. */
	readonly interactive: boolean;
	/** Set by the bin: calls `handler` on Ctrl+C (SIGINT) or SIGTERM until the returned function is called. */
	readonly onSignal?: (handler: (signal: StopSignal) => void) => () => void;
	/**
	 * Set by the bin; called by the sink as it begins placing a run's files: from then on a signal
	 * no longer stops the run, which finishes, reports and exits with its own code.
	 */
	readonly commitBegan?: () => void;
	/**
	 * Text kept between runs of this build of edu, by key (set by the bin: a file per key in the
	 * user's own cache folder, never in the project). A run without it keeps nothing.
	 */
	readonly kept?: KeptText;
	/** How long a probed program may take to answer; the defaults where absent (a test sets them short). */
	readonly limits?: {readonly phpAnswerMs?: number};
}

/** Text kept between runs: what was written under a key, or undefined when nothing (readable) was. */
export interface KeptText {
	read(key: string): string | undefined;
	/** Keeps `text` under `key`, or nothing when it cannot (a full disk): the next run does without. */
	write(key: string, text: string): void;
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a run a signal stopped: 128 + the signal's number, as a shell reports it. */
export const signalExitCodes: Readonly<Record<StopSignal, number>> = {SIGINT: 130, SIGTERM: 143};

/**
 * A --json report with the run's cleanup notes (what it could not remove, and the command that
 * removes it) as `notes`, when it has any: text mode shows them among the warnings.
 */
export function withNotes<T extends object>(json: T, notes: readonly string[]): T | (T & {notes: readonly string[]}) {
	return notes.length > 0 ? {...json, notes} : json;
}

/** `text` in the SGR style `code` (1 bold, 32 green…) when `color`, else as it is. */
export function sgr(code: string, text: string, color: boolean): string {
	return color ? `\u001B[${code}m${text}\u001B[0m` : text;
}

export function useColor(io: Io): boolean {
	if ('NO_COLOR' in io.env && io.env['NO_COLOR'] !== '') return false;
	// FORCE_COLOR, as chalk (Ink's colours) reads it; --ansi sets it.
	const forced = io.env['FORCE_COLOR'];
	if (forced !== undefined && forced !== '' && forced !== '0') return true;
	// TERM=dumb (Emacs' shell, some editors' consoles) shows escape codes as text; chalk says no colour there too.
	return Boolean(io.stdout.isTTY) && io.env['TERM'] !== 'dumb';
}

/**
 * --ansi and --no-ansi, the Symfony Console switches php bin/edu accepts on every command:
 * taken out of the command line, as FORCE_COLOR or NO_COLOR set for the run; the last one wins.
 */
export function ansiSwitches(typed: readonly string[], io: Io): {typed: readonly string[]; io: Io} {
	const end = typed.indexOf('--');
	const words = end === -1 ? typed : typed.slice(0, end);
	const last = words.findLast((word) => word === '--ansi' || word === '--no-ansi');
	if (last === undefined) return {typed, io};
	const {NO_COLOR: _no, FORCE_COLOR: _force, ...env} = io.env;
	return {
		typed: [...words.filter((word) => word !== '--ansi' && word !== '--no-ansi'), ...(end === -1 ? [] : typed.slice(end))],
		io: {...io, env: last === '--ansi' ? {...env, FORCE_COLOR: '1'} : {...env, NO_COLOR: '1'}},
	};
}

/**
 * What a command hands back to main, which alone renders it: the --json report, or in text
 * mode the warnings (stderr), the text (stdout) and a trailer (stderr). Failures are thrown
 * as EduError instead.
 */
export interface Outcome {
	/** The --json report; main adds `"ok": true` when it has no `ok`, and `root` when a project was found. */
	readonly json: object;
	readonly text?: string;
	/** Printed as `Warning: …` lines on stderr before the text. */
	readonly warnings?: readonly string[];
	/** Printed on stderr after the text (a summary of what made the exit code non-zero). */
	readonly trailer?: string;
	/** 0 unless given. */
	readonly exitCode?: number;
	/** The text is what the run was asked for (a dry run's plan): printed even with -q, which silences only the rest. */
	readonly requested?: boolean;
}
