// Flag values as the commands, the wizard and the mock tools read them; no commander here, so
// every layer can import it.
import path from 'node:path';
import type {Io} from './io.js';

/**
 * An option as a command declares it: given to commander (as `-y, --yes`, `--uri <uri>`), and
 * read from the same list by the make commands' own reading of their lines (commands/make/make-args.ts).
 */
export interface OptionSpec {
	/** The long name without `--` (`dry-run`; `no-interaction` for a flag that sets false). */
	readonly long: string;
	readonly short?: string;
	/** The name of its value in --help (`dir` for `--cwd <dir>`); none for a flag. */
	readonly value?: string;
	readonly description: string;
	readonly default?: string;
}

/** The option's flags as commander takes them: `-y, --yes`, `--cwd <dir>`. */
export function flagsOf(spec: OptionSpec): string {
	return `${spec.short === undefined ? '' : `-${spec.short}, `}--${spec.long}${spec.value === undefined ? '' : ` <${spec.value}>`}`;
}

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
