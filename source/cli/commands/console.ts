// The habits of Symfony Console users (the original `php bin/edu`): `edu list`, `edu help
// [command]`, -n/--no-interaction, -q/--quiet, -v/--verbose and -V/--version on every command,
// and "did you mean" for a mistyped command name.
import type {Command} from 'commander';
import {EduError, UsageError} from '../../base/errors.js';
import {levenshtein} from '../../base/levenshtein.js';
import {version} from '../../base/version.js';
import type {CommandContext} from './context.js';
import {globalOptionSpecs, impliesYes} from './global-options.js';
import {flagsOf, startFolder} from '../../base/options.js';
import {terminalWidth, wrapHelp} from '../../present/help-text.js';

/** Flags every command takes, so they work after the command name too (`edu make:api -n`). */
export function addGlobalOptions(command: Command): void {
	// -q's word on --dry-run only where there is one: routes, start, mock:init… refuse it.
	const dryRun = command.parent === null || command.options.some((option) => option.long === '--dry-run');
	for (const spec of globalOptionSpecs) command.option(flagsOf(spec), spec.long === 'quiet' && !dryRun ? 'print nothing but errors' : spec.description);
	// -n is "as --yes" on every command: so is --yes, on a command that never asks (hidden in its help).
	if (command.parent !== null && !command.options.some((option) => option.long === '--yes')) command.addOption(command.createOption('-y, --yes', 'never prompt (this command asks nothing)').hideHelp());
	command
		.version(version, '-V, --version', 'print the version')
		.hook('preAction', (_command, action) => {
			if (impliesYes(action.opts()) && action.options.some((option) => option.long === '--yes')) {
				action.setOptionValue('yes', true);
			}
		});
}

/** Command names close to a mistyped one: `make` → make:api, make:controller; `make:apii` → make:api; `rout` → routes. */
export function suggestCommands(typed: string, names: readonly string[]): string[] {
	const word = typed.toLowerCase();
	const family = names.filter((name) => name.startsWith(`${word}:`) || (word.length >= 2 && name.startsWith(word)));
	if (family.length > 0) return family;
	const {distance} = levenshtein();
	const best = names.map((name) => ({name, cost: distance(word, name)})).filter(({cost, name}) => cost <= Math.max(1, Math.floor(name.length / 3)));
	const least = Math.min(...best.map(({cost}) => cost));
	return best.filter(({cost}) => cost === least).map(({name}) => name);
}

/**
 * The names a shortened one stands for, as Symfony Console finds them: each part of `typed`
 * (split at :) starts the same part of the name, `m:a` for make:api, `li` for list; letter case
 * counts unless no name matches with it.
 */
export function shortened(typed: string, names: readonly string[]): string[] {
	const escape = (text: string): string => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const source = `^${typed.split(':').map(escape).join('[^:]*:')}`;
	const matching = names.filter((name) => new RegExp(source).test(name));
	return matching.length > 0 ? matching : names.filter((name) => new RegExp(source, 'i').test(name));
}

/** The make commands a word far from every command could be the name for (`edu ville`). */
const controllerCommands = ['make:api', 'make:controller'];

/** `orName`: the word stood where a command goes, so it may be a controller's name (not so in `edu help WORD`). */
export function unknownCommand(typed: string, names: readonly string[], orName = true): EduError {
	const suggestions = suggestCommands(typed, names);
	const look = 'edu list shows every command';
	if (suggestions.length > 0) {
		return new EduError('UNKNOWN_COMMAND', `edu: unknown command '${typed}' (did you mean ${suggestions.join(' or ')}? ${look}).`, 2, {details: {suggestions}});
	}
	// `edu ville`: a word close to no command may be the name of a controller to make.
	if (orName && /^[A-Za-z][A-Za-z0-9_]*$/.test(typed) && controllerCommands.every((name) => names.includes(name))) {
		const commands = controllerCommands.map((name) => `edu ${name} ${typed}`);
		return new EduError('UNKNOWN_COMMAND', `edu: unknown command '${typed}' (to make a controller of that name: ${commands.join(' or ')}; ${look}).`, 2, {details: {suggestions: commands}});
	}
	return new EduError('UNKNOWN_COMMAND', `edu: unknown command '${typed}' (${look}).`, 2, {details: {suggestions}});
}

function visible(program: Command): Command[] {
	return program.commands.filter((command) => !(command as unknown as {_hidden?: boolean})._hidden);
}

export function registerConsole(program: Command, context: CommandContext): void {
	program
		.command('list')
		.description('list the commands, one line each')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root, whose own commands (app/Config/commands.yaml) are listed too (default: the current folder or the nearest project above it)')
		.action(async (options: {cwd?: string}) => {
			const commands = visible(program).map((command) => ({name: command.name(), usage: `edu ${command.name()} ${command.usage()}`.trim(), description: command.description()}));
			const {describedBy, projectCommands} = await import('../../project/project-commands.js');
			const found = projectCommands(startFolder(context.io, options));
			const own = (found?.commands ?? []).filter(({name}) => !commands.some((command) => command.name === name)).map((command) => ({...command, description: describedBy(found!.root, command.className)}));
			const pad = Math.max(...commands.map(({name}) => name.length), ...own.map(({name}) => name.length)) + 2;
			const ownLines = own.length === 0 ? [] : ['', 'This project\'s commands (app/Config/commands.yaml), run by php bin/edu:', ...own.map(({name, className, description}) => `  ${name.padEnd(pad)}${description ?? className}`)];
			context.outcome = {
				json: {version, commands, projectCommands: own.map(({name, className, description}) => ({name, className, ...(description === undefined ? {} : {description})}))},
				// Wrapped as --help is: at the terminal's width, or at COLUMNS or 80 when piped.
				text: `${wrapHelp(['Usage: edu <command> [options]   (edu help <command> for its flags)', '', ...commands.map(({name, description}) => `  ${name.padEnd(pad)}${description}`), ...ownLines].join('\n'), terminalWidth(context.io.stdout, context.io.env))}\n`,
			};
		});
	program
		.command('help')
		.description('show the help of a command')
		.argument('[command]', 'the command, e.g. make:api')
		.option('--template <name>', 'with make:api: that template in full (its options, an example)')
		.option('--json', 'print one JSON object on stdout')
		.action(async (name: string | undefined, options: {template?: string; cwd?: string}) => {
			if (options.template !== undefined) {
				if (name !== 'make:api') throw new UsageError(`edu: --template goes with make:api (edu help make:api --template ${options.template}); make:controller and make:command list theirs in their --help.`, 'INVALID_OPTION');
				const [{templateDetail}, {templateCatalog}, {findProjectRoot}] = await Promise.all([import('./make/templates.js'), import('../../templates/catalog.js'), import('../../project/root.js')]);
				const root = findProjectRoot(startFolder(context.io, options));
				context.outcome = {json: {}, text: wrapHelp(templateDetail(options.template, templateCatalog(typeof root === 'string' ? root : undefined)), terminalWidth(context.io.stdout, context.io.env))};
				return;
			}
			const named = (wanted: string | undefined): Command | undefined => program.commands.find((command) => command.name() === wanted);
			const [only, ...others] = name === undefined || named(name) !== undefined ? [] : shortened(name, visible(program).map((command) => command.name()));
			const target = name === undefined ? program : named(name) ?? (others.length === 0 ? named(only) : undefined);
			if (target === undefined) {
				// A command of the project's: its help is php bin/edu's.
				const {projectCommands, runProjectCommand} = await import('../../project/project-commands.js');
				const found = projectCommands(context.io.cwd);
				const own = found?.commands.find((command) => command.name === name);
				if (found !== undefined && own !== undefined) {
					context.outcome = {json: {}, exitCode: await runProjectCommand(found.root, own, ['help', own.name], context.io)};
					return;
				}
				throw unknownCommand(name ?? '', visible(program).map((command) => command.name()), false);
			}
			target.outputHelp();
			context.outcome = {json: {}};
		});
}
