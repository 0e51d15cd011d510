// Which program of dist/bin/ a run loads (scripts/bundle.js builds them), and its kind of run for
// the code cache, from the command line alone: the bin picks it before anything else is loaded.
// - make:api and make:controller that may not ask (a script, CI, --yes; mayAsk, as main decides
//   it for runMake): make-direct.js, the make commands without commander's program and the wizard
//   (source/launch/hand-over.ts says what it does when a line needs either after all);
// - make:api and make:controller that may ask: make.js, the make commands with the wizard;
// - routes and openapi: read.js, those two commands alone;
// - every other command: cli.js.
import {hoistGlobalOptions, mayAsk} from '../cli/commands/global-options.js';
import {isMakeCommand} from '../cli/commands/make/command-names.js';

export interface BinRun {
	/** The file in dist/bin/ to run. */
	readonly bundle: 'cli.js' | 'make.js' | 'make-direct.js' | 'read.js';
	/** The kind of run, for the code cache: the command and its flags (in any order), without names or values. */
	readonly workload: string;
}

/**
 * The program `argv` runs. The global options typed before the command count as typed after it.
 * `terminal` says whether stdin and stdout are both terminals (asked only for a make command).
 */
export function binRun(argv: readonly string[], terminal: () => boolean): BinRun {
	const [command, ...words] = hoistGlobalOptions(argv).argv;
	// A Tab's line (`_complete … -- edu make:api x --template`) is one kind, whatever flags it holds.
	if (command === '_complete') return {bundle: 'cli.js', workload: command};
	const flags = words.filter((word) => word.startsWith('-')).map((flag) => flag.replace(/=.*/s, ''));
	const workload = [command ?? '', ...new Set(flags.sort())].join(' ');
	if (command === 'routes' || command === 'openapi') return {bundle: 'read.js', workload};
	if (!isMakeCommand(command)) return {bundle: 'cli.js', workload};
	// Whether it may ask, as main decides it for runMake.
	return {bundle: mayAsk(words, terminal) ? 'make.js' : 'make-direct.js', workload};
}
