// Global options mean the same before or after the command name, as with `git -C`, Symfony
// Console or artisan: `edu --cwd DIR make:api x --yes` is `edu make:api x --cwd DIR --yes`.
// Commander reads an option where it is declared (the program or the command), so the ones
// before the command name are moved after it; one the command does not take is a usage error.
import type {Command} from 'commander';
import {UsageError} from '../../base/errors.js';
import type {OptionSpec} from '../../base/options.js';

/** The options every command takes besides its own (console.ts's addGlobalOptions adds them, with -V). */
export const globalOptionSpecs: readonly OptionSpec[] = [
	{long: 'no-interaction', short: 'n', description: 'never prompt (as --yes)'},
	{long: 'quiet', short: 'q', description: 'print nothing but errors and, with --dry-run, the plan asked for'},
	{long: 'verbose', short: 'v', description: 'show the stack trace of an unexpected error (as DEBUG=1)'},
];

/** -n/--no-interaction means --yes on every command that has --yes: what commander read (console.ts) and a plain make line (make-args.ts). */
export function impliesYes(options: {readonly interaction?: unknown}): boolean {
	return options.interaction === false;
}

/** The options with which a command never asks anything, even in a terminal (a one-letter group counts by its letters). */
const neverAsking = new Set(['--yes', '-y', '--no-interaction', '-n', '--json']);

/**
 * Whether a make command may ask (the wizard, the plain prompts): in a terminal (`terminal`), and
 * no option typed before `--` that says never to. Decided once, from the words typed: main
 * passes it to runMake, and the bin picks its program from it before anything else is loaded.
 */
export function mayAsk(words: readonly string[], terminal: () => boolean): boolean {
	const end = words.indexOf('--');
	const options = end === -1 ? words : words.slice(0, end);
	if (options.some((word) => neverAsking.has(word) || (isFlagGroup(word) && /[yn]/.test(word)))) return false;
	return terminal();
}

/** The global options that take no value, and the one that does. */
const flags = new Set(['-y', '--yes', '--dry-run', '--json', '-n', '--no-interaction', '-q', '--quiet', '-v', '--verbose', '--plain']);
const valued = '--cwd';

interface Hoisted {
	readonly argv: string[];
	/** The options moved, as typed (without their values). */
	readonly moved: string[];
}

/** Whether `word` is the one-letter global flags together (`-yq`, `-nqv`). */
export function isFlagGroup(word: string): boolean {
	return /^-[ynqv]{2,}$/.test(word);
}

function isGlobal(arg: string): boolean {
	return flags.has(arg) || arg.startsWith(`${valued}=`) || isFlagGroup(arg);
}

/** Whether `option` (as typed, `--cwd=DIR` included) is one of the global options. */
export function isGlobalOption(option: string): boolean {
	return isGlobal(option) || option === valued;
}

/** The usage error's text for a global option, typed before or after `command`, that it does not take. */
export function notApplying(option: string, command: string): string {
	return `edu: ${option} does not apply to ${command} (edu help ${command} lists its options).`;
}

/** `argv` with the global options (and -h, --help) before the command name moved just after it. */
export function hoistGlobalOptions(argv: readonly string[]): Hoisted {
	const before: string[] = [];
	const moved: string[] = [];
	let index = 0;
	while (index < argv.length) {
		const arg = argv[index]!;
		if (arg === valued && index + 1 < argv.length) {
			before.push(arg, argv[index + 1]!);
			moved.push(arg);
			index += 2;
		} else if (isGlobal(arg)) {
			before.push(arg);
			moved.push(arg.split('=')[0]!);
			index++;
		} else if (arg === '-h' || arg === '--help') {
			// `edu --help make:api` is the command's help, as `edu make:api --help`; every command takes it.
			before.push(arg);
			index++;
		} else break;
	}
	const command = argv[index];
	if (before.length === 0 || command === undefined || command.startsWith('-')) return {argv: [...argv], moved: []};
	return {argv: [command, ...before, ...argv.slice(index + 1)], moved};
}

/** Each moved option the command takes; otherwise the usage error that says so. */
export function checkMoved(command: Command | undefined, moved: readonly string[]): void {
	if (command === undefined) return;
	for (const option of moved) {
		const shorts = /^-[a-z]{2,}$/.test(option) ? [...option.slice(1)].map((letter) => `-${letter}`) : [option];
		for (const each of shorts) {
			if (!command.options.some((known) => known.long === each || known.short === each)) {
				throw new UsageError(notApplying(each, command.name()), 'UNKNOWN_OPTION');
			}
		}
	}
}
