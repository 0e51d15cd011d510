// edu make:command NAME: a console command class for the framework's `php bin/edu` and its line
// in app/Config/commands.yaml, through the same plan → sink pipeline as make:api.
import type {Command} from 'commander';
import {EduError, UsageError, refusal} from '../../../base/errors.js';
// The project reader (and the framework-version check it brings) is loaded by the command's run alone.
import {defaultCommandTemplate} from '../../../make/command/command-naming.js';
import {useColor, type Outcome} from '../../../base/io.js';
import {terminalWidth} from '../../../present/help-text.js';
import {startFolder, waitNotice, type CommonOptions} from '../../../base/options.js';
import type {CommandContext} from '../context.js';
import {helpCatalog} from './make.js';
import {commandTemplatesHelp} from './templates.js';

const examples = `
Examples:
  $ edu make:command generate            runs as php bin/edu generate
  $ edu make:command generate --dry-run  the plan and the commands.yaml diff
  $ edu make:command generate --json     for scripts: one JSON object on stdout

Naming: the class is the name with its first letter upper-cased + Command; the command is the name lower-cased.`;

export function registerMakeCommand(program: Command, context: CommandContext): void {
	const command: Command = program
		.command('make:command')
		.description('generate a console command for php bin/edu and register it in app/Config/commands.yaml')
		.argument('[command-name]', 'the command name, e.g. generate')
		.option('-y, --yes', 'never prompt; fail on a missing value instead')
		.option('--dry-run', 'print the plan and the commands.yaml diff, write nothing')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.option('--plain', 'line prompts instead of the full-screen wizard')
		.option('--template <name>', `the class's template: ${defaultCommandTemplate} (the default), or a project's own in .edu/templates/<name>/ (see edu template:list)`)
		.addHelpText('after', () => `${examples}\n${commandTemplatesHelp('make:command', helpCatalog(command, context))}`)
		.action(async (name: string | undefined, options: CommandOptions): Promise<void> => {
			context.outcome = await runMakeCommand(name, options, context);
		});
}

interface CommandOptions extends CommonOptions {
	readonly template?: string;
}

export async function runMakeCommand(name: string | undefined, options: CommandOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	// In a terminal, a missing name opens the wizard's make:command screen.
	const interactive = name === undefined && io.interactive && !options.yes && !options.json;
	if (name === undefined && !interactive) throw EduError.from(refusal('MISSING_ARGUMENT', 'Not enough arguments (missing: "command-name")'));
	// The project, with its template, read once: the command and the wizard plan against it.
	const {readCommandSnapshot} = await import('../../../make/command/command-project.js');
	const snapshot = readCommandSnapshot(context.projectRoot(startFolder(io, options), 'stderr'), options.template);
	// A template that is no make:command one is a usage error, before anything is planned or asked.
	if ('code' in snapshot.template && snapshot.template.code === 'INVALID_OPTION') throw new UsageError(`edu: ${snapshot.template.message}`, 'INVALID_OPTION');
	const {sinkFor} = await import('../../../sink/sink.js');
	const sink = sinkFor({...options, onSignal: io.onSignal, commitBegan: io.commitBegan, onWait: waitNotice(io, options, interactive && !options.plain)});
	if (name === undefined) {
		const {openCommandWizard} = await context.wizard.open();
		return {json: {}, exitCode: await openCommandWizard(io, {snapshot, plain: options.plain, quiet: options.quiet, sink})};
	}
	const {writeCommand} = await import('../../../present/command-report.js');
	const {folderToEnter} = await import('../../../present/next-steps.js');
	return writeCommand(name, snapshot, sink, {terminal: Boolean(io.stdout.isTTY), color: useColor(io), cd: folderToEnter(io.cwd, snapshot.root), width: terminalWidth(io.stdout, io.env)});
}
