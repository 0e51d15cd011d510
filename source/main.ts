// main({argv, io}) → exit code. The bin (cli.ts) is the only caller that touches process.*.
import {Command, CommanderError} from 'commander';
import {EduError, UsageError} from './core/errors.js';
import {startFolder} from './commands/options.js';
import type {Io} from './io.js';
import {registerCommands} from './commands/index.js';
import {version} from './version.js';

export interface CommandContext {
	readonly io: Io;
	/** Set by a command's action; main returns it. */
	exitCode: number;
}

export function buildProgram(context: CommandContext): Command {
	const {io} = context;
	const program = new Command('edu')
		.description('Scaffolding for Edu Framework projects: controllers, routes, OpenAPI and the local mock API.\nRun without a command in a terminal to open the wizard.')
		.version(version, '-v, --version', 'print the version')
		.helpOption('-h, --help', 'show help')
		.showSuggestionAfterError(true)
		.exitOverride()
		.configureOutput({
			writeOut: (text) => io.stdout.write(text),
			writeErr: (text) => io.stderr.write(text),
			outputError: (text, write) => write(text.replace(/^error: /, 'edu: ')),
		});
	registerCommands(program, context);
	// `edu` alone opens the wizard, kind first (Ink loads only then); without a terminal, a usage hint.
	// Positional options: `--cwd` after a command name stays that command's.
	program
		.option('--cwd <dir>', 'project root for the wizard (default: the current folder or the nearest one above it)')
		.option('--plain', 'line prompts instead of the full-screen wizard')
		.enablePositionalOptions()
		.allowExcessArguments(true)
		.action(async (options: {cwd?: string; plain?: boolean}) => {
			// commander's own "unknown command 'x'" (with its suggestion), as when the program had no action.
			if (program.args.length > 0) (program as unknown as {unknownCommand(): never}).unknownCommand();
			if (!io.interactive) {
				throw new UsageError('No command given, and no terminal to open the wizard in: run "edu --help" for the commands (in scripts: edu make:api NAME --yes).');
			}
			const {openWizard} = await import('./tui/open.js');
			context.exitCode = await openWizard(io, {start: startFolder(io, options), plain: options.plain});
		});
	return program;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
	const context: CommandContext = {io, exitCode: 0};
	const program = buildProgram(context);
	try {
		await program.parseAsync([...argv], {from: 'user'});
		return context.exitCode;
	} catch (error) {
		return reportError(error, io);
	}
}

function reportError(error: unknown, io: Io): number {
	if (error instanceof CommanderError) {
		// Help and version end in a CommanderError too; commander already printed them.
		if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
			return 0;
		}
		return 2;
	}
	const debug = Boolean(io.env['DEBUG']);
	if (error instanceof EduError) {
		io.stderr.write(`${error.message}\n`);
		if (debug && error.stack) io.stderr.write(`${error.stack}\n`);
		return error.exitCode;
	}
	const message = error instanceof Error ? error.message : String(error);
	io.stderr.write(`edu: unexpected error: ${firstLine(message)}\n`);
	if (debug) {
		io.stderr.write(`${error instanceof Error && error.stack ? error.stack : message}\n`);
	} else {
		io.stderr.write('Rerun with DEBUG=1 to see the stack trace.\n');
	}
	return 1;
}

function firstLine(text: string): string {
	return text.split(/\r?\n/, 1)[0] ?? text;
}
