// Flag values as the commands, the wizard and the mock tools read them; no commander here, so
// every layer can import it.
import path from 'node:path';
import type {Io} from './io.js';

export interface CommonOptions {
	readonly yes?: boolean;
	readonly dryRun?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
	readonly plain?: boolean;
	readonly quiet?: boolean;
}

/** Where a write tells that it waits for another run's lock: stderr, unless -q, or the full-screen wizard draws there (`wizard`; the plain prompts are lines, so they get it). */
export function waitNotice(io: Io, options: {readonly quiet?: boolean}, wizard: boolean): ((line: string) => void) | undefined {
	return wizard || options.quiet ? undefined : (line) => io.stderr.write(`${line}\n`);
}

/** The folder a command starts from: --cwd resolved against the current folder, or the current folder. */
export function startFolder(io: Io, options: {readonly cwd?: string}): string {
	return options.cwd === undefined ? io.cwd : path.resolve(io.cwd, options.cwd);
}

/** "GET,POST", "get post" → ["GET", "POST"]. */
export function splitList(value: string): string[] {
	return value.split(/[\s,]+/).filter((item) => item !== '');
}
