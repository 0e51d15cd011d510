// The commander program: every command line that commands/make/make-args.ts does not read on its
// own (help, version, mistakes and every other command) is parsed here, and its errors rendered
// as the readme's codes. main loads it only for those lines.
import {visible} from '../base/visible.js';
import {Command, CommanderError} from 'commander';
import {EduError, UsageError, type RefusalCode} from '../base/errors.js';
import {registerCompletion} from './commands/completion/completion.js';
import {completeCommand} from './commands/completion/complete.js';
import {addGlobalOptions, registerConsole, shortened, unknownCommand} from './commands/console.js';
import {checkMoved} from './commands/global-options.js';
import type {MakeInvocation} from './commands/make/make-args.js';
import {terminalWidth, wrapHelp} from '../present/help-text.js';
import {reworded} from './commands/suggest.js';
import {registerCommands} from './commands/index.js';
import {openKindWizard, render, renderError, writeJson, type Invocation, type Rendering} from './run.js';
import {version} from '../base/version.js';
import {commandNames as everyCommandName} from './commands/index.js';
import {startFolder} from '../base/options.js';

/** The --cwd of a command line, as typed anywhere in it. */
function cwdOf(argv: readonly string[]): string | undefined {
	const at = argv.lastIndexOf('--cwd');
	if (at !== -1) return argv[at + 1];
	return argv.findLast((word) => word.startsWith('--cwd='))?.slice('--cwd='.length);
}

/** Whether `flag` is an option without a value of the command `name` (or of the program). */
function isFlagOf(program: Command | undefined, name: string | undefined, flag: string): boolean {
	const command = program?.commands.find((candidate) => candidate.name() === name) ?? program;
	return command?.options.some((option) => (option.long === flag || option.short === flag) && !option.required && !option.optional) ?? false;
}

/** The name of an option's value as its usage shows it: `--cwd <dir>` → DIR. */
function placeholder(flags: string): string {
	return (/<(.+)>/.exec(flags)?.[1] ?? 'value').toUpperCase();
}

/** An empty value for these is the code their own check gives a wrong one (docs/json.md). */
const emptyValueCode: Readonly<Record<string, RefusalCode>> = {'--methods': 'INVALID_METHODS', '--uri': 'INVALID_URI'};

/**
 * What commander would read without a word, said as the usage errors they are: an option that
 * takes a value followed by a word that starts with - (another option, or a slip: `--table
 * --dry-run`, `--description -nq`, which would also be read as -n -q), an empty value (`--cwd=`
 * from an unset variable, which would mean the current folder), and an option given twice
 * (commander keeps the last, and the first would be ignored).
 */
function checkValues(command: Command, argv: readonly string[]): void {
	const end = argv.indexOf('--');
	const words = end === -1 ? argv : argv.slice(0, end);
	const help = `edu help ${command.name() === 'edu' ? '' : `${command.name()} `}lists its options`;
	const given = new Map<string, string>();
	for (let index = 0; index < words.length; index++) {
		const word = words[index]!;
		const equals = word.startsWith('--') ? word.indexOf('=') : -1;
		const flag = equals === -1 ? word : word.slice(0, equals);
		const option = command.options.find((candidate) => (candidate.long === flag || candidate.short === flag) && candidate.required);
		if (option === undefined) {
			checkLetters(command, word, help);
			continue;
		}
		const value = equals === -1 ? words[++index] : word.slice(equals + 1);
		// No value at all: commander says so.
		if (value === undefined) continue;
		if (equals === -1 && value.startsWith('-') && value !== '-') {
			const known = command.options.some((candidate) => candidate.long === value.split('=')[0] || candidate.short === value);
			throw new UsageError(`edu: ${flag} needs a value, and ${value} came next: write ${flag} ${placeholder(option.flags)}${known ? '' : `, or ${flag}=${value} if that is the value`} (${help}).`, 'USAGE');
		}
		if (value === '') throw new UsageError(`edu: ${flag} is empty: write ${flag} ${placeholder(option.flags)}, or leave it out (${help}).`, emptyValueCode[option.long ?? ''] ?? 'USAGE');
		const name = option.long ?? flag;
		const earlier = given.get(name);
		if (earlier !== undefined) throw new UsageError(`edu: ${name} is given twice (${earlier}, then ${value}): give it once.`, 'USAGE');
		given.set(name, value);
	}
}

/**
 * A word of one - and several characters (`-yq`) is read by commander as one-letter options one
 * after the other, each acting as it is read: `-Ville` (a name typed with a -) printed the
 * version and wrote nothing, `-ville` said "unknown option '-ille'", `-y=1` "unknown option '-'".
 * Only the command's one-letter flags pass, alone or grouped.
 */
function checkLetters(command: Command, word: string, help: string): void {
	if (!/^-[^-]./s.test(word)) return;
	const flags = new Set(['h', ...command.options.filter((option) => option.short !== undefined && !option.required && !option.optional).map((option) => option.short!.slice(1))]);
	// A one-letter option that takes a value takes the rest of the word (-pVALUE): commander reads it.
	if (command.options.some((option) => option.short === word.slice(0, 2) && (option.required || option.optional))) return;
	if ([...word.slice(1)].every((letter) => flags.has(letter))) return;
	if (word[2] === '=' && flags.has(word[1]!)) throw new UsageError(`edu: ${word.slice(0, 2)} takes no value: write ${word.slice(0, 2)} alone, or leave it out (${help}).`, 'UNKNOWN_OPTION');
	const letters = [...flags].map((letter) => `-${letter}`).join(', ');
	const together = ['yq', 'nq'].find((pair) => [...pair].every((letter) => flags.has(letter)));
	const example = together === undefined ? '' : ` (-${together})`;
	const name = command.registeredArguments.length > 0 ? ', and a name is written without -' : '';
	throw new UsageError(`edu: unknown option '${word}': the one-letter options are ${letters}, alone or together${example}${name} (${help}).`, 'UNKNOWN_OPTION');
}

/** The names of the arguments the command `name` takes (`controller-name`). */
function argumentNames(program: Command, name: string | undefined): string[] | undefined {
	return program.commands.find((command) => command.name() === name)?.registeredArguments.map((argument) => argument.name());
}

/** The command `name` names, when it is one of the program's. */
function commandNamed(program: Command | undefined, name: string | undefined): string | undefined {
	return program?.commands.find((command) => command.name() === name)?.name();
}

export function buildProgram(argv: readonly string[], run: Invocation, rendering: Rendering): Command {
	const {io} = run;
	const program = new Command('edu')
		.description('Scaffolding for Edu Framework projects: controllers, routes, OpenAPI and the local mock API. Run without a command in a terminal to open the wizard.')
		.helpOption('-h, --help', 'show help')
		.showSuggestionAfterError(true)
		.exitOverride()
		.configureOutput({
			writeOut: (text) => {
				if (rendering.json) run.captured += text;
				else io.stdout.write(visible(wrapHelp(text, terminalWidth(io.stdout, io.env))));
			},
			writeErr: (text) => {
				if (!rendering.json) io.stderr.write(visible(text));
			},
			outputError: (text, write) => write(reworded(text, commandNamed(program, argv[0]), (flag) => isFlagOf(program, argv[0], flag), argumentNames(program, argv[0]))),
			getOutHelpWidth: () => terminalWidth(io.stdout, io.env),
			getErrHelpWidth: () => terminalWidth(io.stderr, io.env),
			getOutHasColors: () => false,
			getErrHasColors: () => false,
		})
		// `make:api [controller-name]` in the list of commands: their options are in each command's help.
		.configureHelp({subcommandTerm: (command) => [command.name(), ...command.registeredArguments.map((argument) => (argument.required ? `<${argument.name()}>` : `[${argument.name()}${argument.variadic ? '…' : ''}]`))].join(' ')});
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
		.addHelpText('after', '\nThese options, and a command\'s own -y/--yes and --dry-run, go before or after the command name alike; "edu help COMMAND" lists the options each command takes.')
		.enablePositionalOptions()
		.allowExcessArguments(true)
		.allowUnknownOption(true)
		.action(async (options: {cwd?: string; plain?: boolean; quiet?: boolean}) => {
			const [first] = program.args;
			if (first !== undefined) {
				if (['-y', '--yes', '--dry-run'].includes(first)) throw new UsageError(`edu: ${first} applies to a command, e.g. edu make:api NAME ${first}.`, 'UNKNOWN_OPTION');
				if (first.startsWith('-')) {
					// A command's option typed before the command: say where it goes.
					const flag = first.split('=')[0]!;
					const owner = program.args.find((word) => program.commands.some((command) => command.name() === word && command.options.some((option) => option.long === flag || option.short === flag)));
					if (owner !== undefined && first.includes('=') && isFlagOf(program, owner, flag)) throw new UsageError(`edu: ${flag} takes no value: write ${flag} alone, or leave it out (edu help ${owner} lists its options).`, 'UNKNOWN_OPTION');
					if (owner !== undefined) throw new UsageError(`edu: ${flag} is an option of ${owner}: write it after the command name (edu ${owner} … ${flag} …).`, 'UNKNOWN_OPTION');
					throw new UsageError(`edu: unknown option '${first}' (edu --help lists the options).`, 'UNKNOWN_OPTION');
				}
				throw unknownCommand(first, program.commands.map((command) => command.name()).filter((name) => name !== completeCommand));
			}
			if (rendering.json) throw new UsageError('edu: no command given: --json reports on a command, e.g. edu make:api NAME --yes --json (edu --help lists the commands).');
			if (!io.interactive) {
				throw new UsageError('edu: no command given, and no terminal to open the wizard in: run "edu --help" for the commands (in scripts: edu make:api NAME --yes).');
			}
			run.outcome = await openKindWizard(run, options);
		});
	return program;
}

/**
 * Reads `argv` (the global options typed before the command already moved after it, `moved`)
 * with `program`: runs the action of every command but make:api and make:controller, which
 * it records in the run (`run.make`) for main to run.
 */
export async function parseLine(program: Command, argv: readonly string[], moved: readonly string[]): Promise<void> {
	// --help wins over an option that does not apply, typed before the command as after it.
	if (!argv.includes('--help') && !argv.includes('-h')) checkMoved(program.commands.find((command) => command.name() === argv[0]), moved);
	// The command's options; the program's own (`edu --cwd=`) when no command comes first.
	const command = program.commands.find((candidate) => candidate.name() === argv[0]) ?? (argv[0] === undefined || argv[0].startsWith('-') ? program : undefined);
	if (command !== undefined) checkValues(command, argv);
	await program.parseAsync([...argv], {from: 'user'});
}

/**
 * Runs `argv` through commander's program, as parseLine reads it: the exit code, or for
 * make:api and make:controller what commander read, which main runs.
 */
export async function runProgram(typed: readonly string[], moved: readonly string[], run: Invocation, rendering: Rendering): Promise<number | MakeInvocation> {
	let argv = typed;
	try {
		const first = argv[0];
		if (first !== undefined && !first.startsWith('-') && !everyCommandName.includes(first) && first !== completeCommand) {
			// A command of the project's own, or a shortened name, as php bin/edu (Symfony Console) takes them.
			const {projectCommands, runProjectCommand} = await import('../project/project-commands.js');
			const found = projectCommands(startFolder(run.io, {cwd: cwdOf(argv)}));
			const own = found?.commands ?? [];
			const exact = own.find((command) => command.name === first);
			const [only, ...others] = exact === undefined ? shortened(first, [...everyCommandName, ...own.map((command) => command.name)]) : [first];
			// Several commands start so: named, as Symfony Console names them, and nothing runs.
			if (only !== undefined && others.length > 0) throw new EduError('UNKNOWN_COMMAND', `edu: unknown command '${first}' (did you mean ${[only, ...others].join(' or ')}? edu list shows every command).`, 2, {details: {suggestions: [only, ...others]}});
			const project = own.find((command) => command.name === only);
			if (project !== undefined && found !== undefined) {
				const ownOption = argv.slice(1, argv.includes('--') ? argv.indexOf('--') : undefined).find((word) => ['--json', '--yes', '-y', '--dry-run', '--plain'].includes(word));
				if (rendering.json || ownOption !== undefined) throw new UsageError(`edu: ${ownOption ?? '--json'} does not apply to ${project.name}, a command of this project run by php bin/edu (which takes -n, -q, -v and its own options).`, 'UNKNOWN_OPTION');
				return render({json: {}, exitCode: await runProjectCommand(found.root, project, [project.name, ...argv.slice(1)], run.io)}, run, rendering);
			}
			if (only !== undefined) argv = [only, ...argv.slice(1)];
		}
	} catch (error) {
		return renderError(error, run, rendering);
	}
	const program = buildProgram(argv, run, rendering);
	try {
		await parseLine(program, argv, moved);
		if (run.make !== undefined) return run.make;
		return render(run.outcome ?? {json: {}}, run, rendering);
	} catch (error) {
		if (error instanceof CommanderError) return renderCommanderError(error, run, rendering, commandNamed(program, argv[0]), (flag) => isFlagOf(program, argv[0], flag), argumentNames(program, argv[0]));
		return renderError(error, run, rendering);
	}
}

/** Commander's own failures, as codes of the table in the readme. */
const commanderCodes: Readonly<Record<string, RefusalCode>> = {
	'commander.unknownOption': 'UNKNOWN_OPTION',
	'commander.unknownCommand': 'UNKNOWN_COMMAND',
	'commander.invalidArgument': 'INVALID_OPTION',
	'commander.missingArgument': 'MISSING_ARGUMENT',
};

function renderCommanderError(error: CommanderError, run: Invocation, rendering: Rendering, command?: string, takesNoValue?: (flag: string) => boolean, names?: readonly string[]): number {
	const {io} = run;
	// Help and version end in a CommanderError too; commander already printed them (or, with --json, handed them over).
	if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
		if (rendering.json) writeJson(io, {ok: true, ...(error.code === 'commander.version' ? {version} : {help: run.captured})});
		return 0;
	}
	if (rendering.json) {
		const message = reworded(error.message, command, takesNoValue, names).split('\n')[0] ?? error.message;
		writeJson(io, {ok: false, error: {code: commanderCodes[error.code] ?? 'USAGE', message}});
	}
	return 2;
}
