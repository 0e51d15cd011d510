// main(argv, io) → exit code: the one exit point. Commands return an Outcome or throw an
// EduError; only this module renders them (text or --json) and picks the exit code. It
// touches no process.* itself: the bin (cli.ts) passes the streams in and sets the exit code.
import path from 'node:path';
import {Command, CommanderError} from 'commander';
import {EduError, UsageError, isRefusal, type RefusalCode} from './core/errors.js';
import {findProjectRoot} from './core/project/root.js';
import {registerCompletion} from './commands/completion.js';
import {addGlobalOptions, registerConsole, unknownCommand} from './commands/console.js';
import type {CommandContext} from './commands/context.js';
import {checkMoved, hoistGlobalOptions} from './commands/global-options.js';
import {isMakeCommand} from './commands/make/command-names.js';
import {noOptions, runMake} from './commands/make/make.js';
import {terminalWidth, wrapHelp} from './commands/help-text.js';
import {reworded} from './commands/suggest.js';
import {registerCommands} from './commands/index.js';
import {startFolder} from './options.js';
import type {Io, Outcome} from './io.js';
import {version} from './version.js';

/** What the command line asked for how things are shown, read before commander parses it (so usage errors follow it too). */
interface Rendering {
	readonly json: boolean;
	readonly quiet: boolean;
	readonly debug: boolean;
}

function renderingOf(argv: readonly string[], io: Io): Rendering {
	const end = argv.indexOf('--');
	const flags = end === -1 ? argv : argv.slice(0, end);
	const has = (...names: string[]): boolean => flags.some((flag) => names.includes(flag) || (/^-[a-zA-Z]{2,}$/.test(flag) && names.some((name) => /^-[a-zA-Z]$/.test(name) && flag.includes(name[1]!))));
	return {
		json: has('--json'),
		quiet: has('-q', '--quiet'),
		debug: Boolean(io.env['DEBUG']) || has('-v', '--verbose'),
	};
}

interface Invocation extends CommandContext {
	root?: string;
	/** Commander's own output (help, version) while --json holds stdout for the one object. */
	captured: string;
}

function newRun(io: Io, rendering: Rendering): Invocation {
	const run: Invocation = {
		io,
		captured: '',
		projectRoot(start, announceOn) {
			const root = findProjectRoot(start);
			if (isRefusal(root)) throw EduError.from(root);
			run.announceRoot(root, announceOn);
			return root;
		},
		announceRoot(root, announceOn = 'stdout') {
			if (run.root !== undefined) return;
			run.root = root;
			if (!rendering.json && !rendering.quiet && path.resolve(root) !== path.resolve(io.cwd)) {
				io[announceOn].write(`Project: ${root}\n`);
			}
		},
	};
	return run;
}

/** Whether `flag` is an option without a value of the command `name` (or of the program). */
function isFlagOf(program: Command | undefined, name: string | undefined, flag: string): boolean {
	const command = program?.commands.find((candidate) => candidate.name() === name) ?? program;
	return command?.options.some((option) => (option.long === flag || option.short === flag) && !option.required && !option.optional) ?? false;
}

/**
 * `--table --dry-run`: an option that takes a value, followed by another of the command's options,
 * which commander would take as that value. Said as the usage error it is.
 */
function checkValues(command: Command | undefined, argv: readonly string[]): void {
	if (command === undefined) return;
	const end = argv.indexOf('--');
	const words = end === -1 ? argv : argv.slice(0, end);
	const isOption = (word: string): boolean => command.options.some((option) => option.long === word.split('=')[0] || option.short === word);
	for (const [index, word] of words.entries()) {
		const next = words[index + 1];
		const takesValue = command.options.some((option) => (option.long === word || option.short === word) && option.required);
		if (takesValue && next !== undefined && isOption(next)) {
			throw new UsageError(`edu: ${word} needs a value, and ${next} came next: write ${word} VALUE (edu help ${command.name()} lists its options).`, 'USAGE');
		}
	}
}

/** The command `name` names, when it is one of the program's. */
function commandNamed(program: Command | undefined, name: string | undefined): string | undefined {
	return program?.commands.find((command) => command.name() === name)?.name();
}

function buildProgram(argv: readonly string[], run: Invocation, rendering: Rendering): Command {
	const {io} = run;
	const program = new Command('edu')
		.description('Scaffolding for Edu Framework projects: controllers, routes, OpenAPI and the local mock API. Run without a command in a terminal to open the wizard.')
		.helpOption('-h, --help', 'show help')
		.showSuggestionAfterError(true)
		.exitOverride()
		.configureOutput({
			writeOut: (text) => {
				if (rendering.json) run.captured += text;
				else io.stdout.write(wrapHelp(text, terminalWidth(io.stdout, io.env)));
			},
			writeErr: (text) => {
				if (!rendering.json) io.stderr.write(text);
			},
			outputError: (text, write) => write(reworded(text, commandNamed(program, argv[0]), (flag) => isFlagOf(program, argv[0], flag))),
			getOutHelpWidth: () => terminalWidth(io.stdout, io.env),
			getErrHelpWidth: () => terminalWidth(io.stderr, io.env),
			getOutHasColors: () => false,
			getErrHasColors: () => false,
		})
		// `make:api [controller-name]` in the list of commands: their options are in each command's help.
		.configureHelp({subcommandTerm: (command) => [command.name(), ...command.registeredArguments.map((argument) => (argument.required ? `<${argument.name()}>` : `[${argument.name()}]`))].join(' ')});
	if (registerCommands(program, run, argv[0])) {
		registerConsole(program, run);
		registerCompletion(program, run);
	}
	for (const command of program.commands) addGlobalOptions(command);
	// `edu` alone opens the wizard, kind first (Ink loads only then); without a terminal, a usage hint.
	// Positional options: `--cwd` after a command name stays that command's.
	program
		.option('--cwd <dir>', 'project root, for the wizard or the command that follows (default: the current folder or the nearest one above it)')
		.option('--plain', 'line prompts instead of the full-screen wizard')
		.option('--json', 'print one JSON object on stdout');
	addGlobalOptions(program);
	program
		.addHelpText('after', '\nGlobal options (--cwd, --yes, --dry-run, --json, -n, -q) go before or after the command name alike; "edu help COMMAND" lists the options each command takes.')
		.enablePositionalOptions()
		.allowExcessArguments(true)
		.allowUnknownOption(true)
		.action(async (options: {cwd?: string; plain?: boolean}) => {
			const [first] = program.args;
			if (first !== undefined) {
				if (['-y', '--yes', '--dry-run'].includes(first)) throw new UsageError(`edu: ${first} applies to a command, e.g. edu make:api NAME ${first}.`, 'UNKNOWN_OPTION');
				if (first.startsWith('-')) throw new UsageError(`edu: unknown option '${first}' (edu --help lists the options).`, 'UNKNOWN_OPTION');
				throw unknownCommand(first, program.commands.map((command) => command.name()));
			}
			if (rendering.json) throw new UsageError('No command given: --json reports on a command, e.g. edu make:api NAME --yes --json (edu --help lists the commands).');
			if (!io.interactive) {
				throw new UsageError('No command given, and no terminal to open the wizard in: run "edu --help" for the commands (in scripts: edu make:api NAME --yes).');
			}
			run.outcome = await openKindWizard(run, options);
		});
	return program;
}

/** `edu` without a command, in a terminal: the wizard, kind first. */
async function openKindWizard(run: Invocation, options: {cwd?: string; plain?: boolean}): Promise<Outcome> {
	const {io} = run;
	const typeAhead = await import('./tui/keys/type-ahead.js');
	await typeAhead.holdForWizard(io, options.plain);
	try {
		// Found once here (a missing project is refused before anything loads); the wizard opens it.
		const root = run.projectRoot(startFolder(io, options));
		const {openWizard} = await import('./tui/open.js');
		return {json: {}, exitCode: await openWizard(io, {root, plain: options.plain})};
	} finally {
		typeAhead.releaseTypeAhead(io.stdin);
	}
}

/**
 * `edu`, `edu make:api` or `edu make:controller` and no other word, in a terminal: the wizard,
 * opened as the program's or the make command's action opens it when no option is typed. With
 * nothing to parse, commander's program is not built: it only delays the first frame.
 */
function wizardAlone(typed: readonly string[], io: Io): ((run: Invocation) => Promise<Outcome>) | undefined {
	if (!io.interactive || typed.length > 1) return undefined;
	const [command] = typed;
	if (command === undefined) return (run) => openKindWizard(run, {});
	if (!isMakeCommand(command)) return undefined;
	const kind = command === 'make:api' ? 'api' : 'controller';
	return (run) => runMake(kind, undefined, noOptions(kind), run);
}

export async function main(typed: readonly string[], io: Io): Promise<number> {
	const rendering = renderingOf(typed, io);
	const run = newRun(io, rendering);
	const wizard = wizardAlone(typed, io);
	if (wizard !== undefined) {
		try {
			return render(await wizard(run), run, rendering);
		} catch (error) {
			return renderError(error, run, rendering, typed[0]);
		}
	}
	const {argv, moved} = hoistGlobalOptions(typed);
	const program = buildProgram(argv, run, rendering);
	try {
		// --help wins over an option that does not apply, typed before the command as after it.
		if (!argv.includes('--help') && !argv.includes('-h')) checkMoved(program.commands.find((command) => command.name() === argv[0]), moved);
		checkValues(program.commands.find((command) => command.name() === argv[0]), argv);
		await program.parseAsync([...argv], {from: 'user'});
		return render(run.outcome ?? {json: {}}, run, rendering);
	} catch (error) {
		return renderError(error, run, rendering, commandNamed(program, argv[0]), (flag) => isFlagOf(program, argv[0], flag));
	}
}

/**
 * A run whose current folder is gone (removed or renamed while the shell sat in it): nothing can
 * be found or resolved from there, so it is refused before any command runs. `io.cwd` is unused.
 */
export function refuseMissingFolder(typed: readonly string[], io: Io): number {
	const rendering = renderingOf(typed, io);
	const message = 'The current folder no longer exists (it was removed or renamed): cd to the project and run the command again; nothing was written.';
	return renderError(new EduError('NOT_A_PROJECT', message), newRun(io, rendering), rendering);
}

function writeJson(io: Io, value: unknown): void {
	io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** `root` in a --json report, when the project is not the current folder. */
function rootField(run: Invocation): {root?: string} {
	return run.root === undefined || path.resolve(run.root) === path.resolve(run.io.cwd) ? {} : {root: run.root};
}

function render(outcome: Outcome, run: Invocation, rendering: Rendering): number {
	const {io} = run;
	const exitCode = outcome.exitCode ?? 0;
	if (rendering.json) {
		writeJson(io, {
			ok: exitCode === 0,
			...outcome.json,
			...(run.captured === '' ? {} : {help: run.captured}),
			...rootField(run),
		});
		return exitCode;
	}
	if (!rendering.quiet) for (const warning of outcome.warnings ?? []) io.stderr.write(`Warning: ${warning}\n`);
	if (outcome.text && (!rendering.quiet || outcome.requested)) io.stdout.write(outcome.text);
	if (outcome.trailer) io.stderr.write(outcome.trailer);
	return exitCode;
}

/** Commander's own failures, as codes of the table in the readme. */
const commanderCodes: Readonly<Record<string, RefusalCode>> = {
	'commander.unknownOption': 'UNKNOWN_OPTION',
	'commander.unknownCommand': 'UNKNOWN_COMMAND',
	'commander.invalidArgument': 'INVALID_OPTION',
	'commander.missingArgument': 'MISSING_ARGUMENT',
};

function renderError(error: unknown, run: Invocation, rendering: Rendering, command?: string, takesNoValue?: (flag: string) => boolean): number {
	const {io} = run;
	if (error instanceof CommanderError) {
		// Help and version end in a CommanderError too; commander already printed them (or, with --json, handed them over).
		if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
			if (rendering.json) writeJson(io, {ok: true, ...(error.code === 'commander.version' ? {version} : {help: run.captured})});
			return 0;
		}
		if (rendering.json) {
			const message = reworded(error.message, command, takesNoValue).split('\n')[0] ?? error.message;
			writeJson(io, {ok: false, error: {code: commanderCodes[error.code] ?? 'USAGE', message}});
		}
		return 2;
	}
	if (error instanceof EduError) {
		if (rendering.json) {
			writeJson(io, {
				ok: false,
				error: {code: error.code, message: error.message.split('\n')[0] ?? error.message},
				...error.details,
				...rootField(run),
			});
		} else {
			if (!rendering.quiet) for (const warning of error.notes) io.stderr.write(`Warning: ${warning}\n`);
			io.stderr.write(`${error.message}\n`);
			if (rendering.debug && error.stack) io.stderr.write(`${error.stack}\n`);
		}
		return error.exitCode;
	}
	const message = error instanceof Error ? error.message : String(error);
	const line = `edu: unexpected error: ${message.split(/\r?\n/, 1)[0] ?? message}`;
	if (rendering.json) writeJson(io, {ok: false, error: {code: 'INTERNAL', message: line}});
	else io.stderr.write(`${line}\n`);
	if (rendering.debug) {
		io.stderr.write(`${error instanceof Error && error.stack ? error.stack : message}\n`);
	} else if (!rendering.json) {
		io.stderr.write('Rerun with DEBUG=1 to see the stack trace.\n');
	}
	return 1;
}
