// edu template:list and edu template:publish: the templates available here, and copies of the
// built-ins into .edu/templates/<name>/, where the project's copy wins. Publishing writes through
// the sink like every command, so --dry-run and --json work.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Command} from 'commander';
import {EduError, UsageError} from '../../base/errors.js';
import type {FileChange} from '../../sink/file-change.js';
import {withNotes, type Outcome} from '../../base/io.js';
import {startFolder, type CommonOptions} from '../../base/options.js';
import {readTextFile} from '../../base/path-kind.js';
import {builtinFolder, builtinNames, isBroken, manifestFile, projectTemplatesFolder, templateCatalog} from '../../templates/catalog.js';
import {engineNames, engines} from '../../templates/engines.js';
import {sampleProblem} from '../../make/sample-check.js';
import type {CommandContext} from './context.js';
import {nearest} from './suggest.js';
import {fileLines} from '../../present/describe-plan.js';

interface ListOptions extends CommonOptions {
	readonly json?: boolean;
}

interface PublishOptions extends CommonOptions {
	readonly force?: boolean;
	readonly dryRun?: boolean;
}

export function registerTemplate(program: Command, context: CommandContext): void {
	program
		.command('template:list')
		.description('list the templates available here: built-in, and the project\'s own in .edu/templates/<name>/')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', `
A folder .edu/templates/<name>/ with a built-in's name replaces that built-in for the project; another name is a new template, chosen with --template <name>: publish a built-in (edu template:publish default), then copy its folder under the new name (cp -r .edu/templates/default .edu/templates/cours). edu help template:publish says what its files can use.`)
		.action((options: ListOptions) => {
			context.outcome = listTemplates(options, context);
		});
	program
		.command('template:publish')
		.description('copy built-in templates into .edu/templates/<name>/ to make them the project\'s own')
		.argument('[name...]', `the templates to copy (default: every built-in, ${builtinNames.join(', ')})`)
		.option('--force', 'replace a copy that is already there (what it held is kept in .edu/backups/)')
		.option('--dry-run', 'print what would be written, write nothing')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', `
Examples:
  $ edu template:publish default      copies it to .edu/templates/default/
  $ edu template:publish --dry-run    what would be copied
  $ cp -r .edu/templates/default .edu/templates/cours
                                      a new template, used with --template cours

${variablesHelp()}`)
		.action(async (names: string[], options: PublishOptions) => {
			context.outcome = await publishTemplates(names, options, context);
		});
}

/** What a template's files can use, engine by engine, from the engines' own lists. */
function variablesHelp(): string {
	const rows = engineNames.map((name) => {
		const {variables, sections} = engines[name];
		const shown = variables.map((variable) => (sections[variable] === undefined ? variable : `${variable} {${sections[variable].join(', ')}}`));
		return `  ${name.padEnd(10)}  ${shown.join(', ')}`;
	});
	return `In a template's files, <% x %> puts x escaped for a PHP single-quoted string, and only inside '…'; <%& x %> puts it as it is (names and checked values); <%# x %>…<%/ x %> repeats for each item of a list, or shows a part when x is true, and <%^ x %>…<%/ x %> when it is not. Its template.json names the engine, whose variables are:
${rows.join('\n')}
The file that holds the class its route names keeps its built-in "to", where the autoloader finds it.`;
}

/** The refusal when copies of some `wanted` templates are already there (`there`): nothing is copied. */
function alreadyThere(there: readonly string[], wanted: readonly string[]): string {
	const folders = there.map((name) => `${projectTemplatesFolder}/${name}/`).join(', ');
	const others = wanted.filter((name) => !there.includes(name));
	const rest = others.length === 0 ? '' : `, or name the others alone (edu template:publish ${others.join(' ')})`;
	return `${folders} ${there.length === 1 ? 'is' : 'are'} already there${wanted.length > 1 ? ', so nothing was copied' : ''}: pass --force to replace ${there.length === 1 ? 'it' : 'them'} with the built-in (what ${there.length === 1 ? 'it holds' : 'they hold'} is kept in .edu/backups/)${rest}, or edit ${there.length === 1 ? 'it' : 'them'}.`;
}

function listTemplates(options: ListOptions, context: CommandContext): Outcome {
	// The list is the output: the project's line goes to stderr, out of a pipe's way.
	const root = context.projectRoot(startFolder(context.io, options), 'stderr');
	const catalog = templateCatalog(root);
	const rows = catalog.names.map((name) => {
		const entry = catalog.get(name);
		if (entry === undefined) throw new Error(`template ${name} vanished`);
		const origin = entry.origin === 'built-in' ? 'built-in' : entry.folder;
		if (isBroken(entry)) return {name, origin, command: undefined, description: undefined, problem: entry.problem};
		// A project's own is checked as make:* checks it: a typed value only inside '…' in its PHP, and PHP that parses.
		const misplaced = entry.origin === 'project' ? sampleProblem(entry) : undefined;
		if (misplaced !== undefined) return {name, origin, command: undefined, description: undefined, problem: misplaced};
		return {name, origin, command: entry.manifest.command, description: entry.manifest.description, problem: undefined};
	});
	const width = Math.max(...rows.map((row) => row.name.length));
	const originWidth = Math.max(...rows.map((row) => row.origin.length));
	const lines = rows.map((row) => `${row.name.padEnd(width)}  ${row.origin.padEnd(originWidth)}  ${row.problem === undefined ? `${row.command}: ${row.description}` : `broken: ${row.problem}`}`);
	return {
		json: {templates: rows.map((row) => ({name: row.name, origin: row.origin, ...(row.problem === undefined ? {command: row.command, description: row.description} : {problem: row.problem})}))},
		text: `${lines.join('\n')}\n`,
	};
}

async function publishTemplates(names: readonly string[], options: PublishOptions, context: CommandContext): Promise<Outcome> {
	const wanted = names.length === 0 ? [...builtinNames] : [...new Set(names)];
	for (const name of wanted) {
		if (!(builtinNames as readonly string[]).includes(name)) {
			const near = nearest(name, builtinNames);
			throw new UsageError(`no built-in template "${name}" (${near.length > 0 ? `did you mean ${near.join(' or ')}? ` : ''}template:publish copies ${builtinNames.join(', ')}).`);
		}
	}
	const root = context.projectRoot(startFolder(context.io, options));
	const builtins = templateCatalog();
	const changes: FileChange[] = [];
	const folders: string[] = [];
	const existing = templateCatalog(root);
	const there = wanted.filter((name) => existing.get(name)?.origin === 'project');
	if (there.length > 0 && !options.force) throw new EduError('BAD_PROJECT_FILE', alreadyThere(there, wanted));
	let same = 0;
	for (const name of wanted) {
		const entry = builtins.get(name);
		if (entry === undefined || isBroken(entry)) throw new Error(`built-in template ${name} is missing`);
		const target = `${projectTemplatesFolder}/${name}`;
		folders.push(target);
		for (const file of [manifestFile, ...entry.manifest.files.map((each) => each.from)]) {
			const relative = `${target}/${file}`;
			const before = readTextFile(path.join(root, relative)) ?? null;
			const after = readFileSync(path.join(builtinFolder, name, file), 'utf8');
			if (before === after) {
				same++;
				continue;
			}
			// Replacing the project's copy (--force) keeps what it held.
			changes.push({path: relative, action: before === null ? 'create' : 'modify', before, after, ...(before === null ? {} : {keep: true})});
		}
	}
	const {sinkFor, modeReport} = await import('../../sink/sink.js');
	const sink = sinkFor({...options, onSignal: context.io.onSignal, commitBegan: context.io.commitBegan});
	const written = await sink.write({root, changes, folders, lock: '.edu', value: undefined, label: `template:publish ${wanted.join(' ')}`});
	const dry = written.mode === 'dry-run';
	// A copy --force replaces is an overwrite, as make:* --force calls one (its old content kept in .edu/backups/).
	const shown = changes.map((change): Pick<FileChange, 'path' | 'action'> => ({path: change.path, action: change.before === null ? 'create' : 'overwrite'}));
	const lines = [
		...(dry ? ['Dry run: nothing was written. The run would write:'] : []),
		...fileLines(shown),
		...(same === 0 ? [] : [`${same === 1 ? 'One file was' : `${same} files were`} already as the built-in: left as ${same === 1 ? 'it is' : 'they are'}.`]),
		...(dry ? [] : ['', `make:* now uses ${wanted.map((name) => `${projectTemplatesFolder}/${name}/`).join(', ')}: edit the files there.`]),
	];
	return {
		json: withNotes({templates: wanted.map((name) => ({name, folder: `${projectTemplatesFolder}/${name}`})), files: shown, ...modeReport(written.mode)}, written.notes),
		warnings: written.notes,
		text: `${lines.join('\n')}\n`,
	};
}

