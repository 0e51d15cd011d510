// `edu _complete --shell S --current N -- WORDS…`: what Tab offers for word N of an edu command
// line, one per line, read from commander's own program (its commands, their options and
// arguments) as Symfony Console's hidden _complete reads its application. The scripts of
// `edu completion` call it on every Tab, so it loads nothing the candidates do not need.
import type {Argument, Command, Option} from 'commander';
import {isRefusal} from '../../../base/errors.js';
import {startFolder} from '../../../base/options.js';
import {httpMethods} from '../../../make/request.js';
import {findProjectRoot} from '../../../project/root.js';
import {builtinNames, isBroken, templateCatalog, type LoadedTemplate} from '../../../templates/catalog.js';
import type {CommandContext} from '../context.js';

export const completeCommand = '_complete';
export const shells = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** The first line that asks the script to complete folders (files) itself: the shell knows the file system and its quoting. */
export const folderMarker = ':dirs';
export const fileMarker = ':files';

export interface Candidate {
	readonly value: string;
	readonly description?: string;
}

/** Options whose value is no path here, though their placeholder says one (a folder in the container). */
const notLocal = new Set(['--target']);

/** Where the values of an option come from, as it is declared: its choices, its name, the placeholder of its value. */
type Values = {readonly kind: 'list'; readonly list: (command: Command) => readonly Candidate[]} | {readonly kind: 'methods' | 'folders' | 'files' | 'none'};

/** What a completion reads besides the program: the project (found from --cwd on the line, or the current folder). */
interface Line {
	readonly context: CommandContext;
	readonly cwd: string | undefined;
}

function valuesOf(option: Option, line: Line): Values {
	if (option.argChoices !== undefined) return {kind: 'list', list: () => option.argChoices!.map((value) => ({value}))};
	if (option.long === '--template') return {kind: 'list', list: (command) => templatesFor(command.name(), line)};
	if (option.long === '--methods') return {kind: 'methods'};
	const placeholder = /[<[]([\w-]+)/.exec(option.flags)?.[1];
	if (notLocal.has(option.long ?? '')) return {kind: 'none'};
	if (placeholder === 'dir' || placeholder === 'folder') return {kind: 'folders'};
	if (placeholder === 'file' || placeholder === 'path') return {kind: 'files'};
	return {kind: 'none'};
}

function projectRoot(line: Line): string | undefined {
	const root = findProjectRoot(startFolder(line.context.io, {cwd: line.cwd}));
	return isRefusal(root) ? undefined : root;
}

/** The templates of `command` here: the built-ins, then the project's own (.edu/templates/<name>/). */
function templatesFor(command: string, line: Line): Candidate[] {
	const catalog = templateCatalog(projectRoot(line));
	const builtins = templateCatalog();
	return catalog.names.flatMap((name) => {
		const entry = catalog.get(name);
		if (entry === undefined) return [];
		// A broken copy of a built-in still goes by the built-in's command (its problem is said when used).
		const manifest = isBroken(entry) ? (builtins.get(name) as LoadedTemplate | undefined)?.manifest : entry.manifest;
		return manifest?.command === command ? [{value: name, description: manifest.description}] : [];
	});
}

/** `GET,P` → GET,POST GET,PUT GET,PATCH: the methods not yet in the list, after it. */
function methodCandidates(typed: string): Candidate[] {
	const comma = typed.lastIndexOf(',');
	const before = typed.slice(0, comma + 1);
	const chosen = new Set(before.split(',').map((method) => method.trim().toUpperCase()));
	const start = typed.slice(comma + 1).toUpperCase();
	return httpMethods.filter((method) => !chosen.has(method) && method.startsWith(start)).map((method) => ({value: `${before}${method}`}));
}

function valueCandidates(option: Option, typed: string, head: string, command: Command, line: Line): Candidate[] {
	const values = valuesOf(option, line);
	if (values.kind === 'folders') return [{value: folderMarker}];
	if (values.kind === 'files') return [{value: fileMarker}];
	const found = values.kind === 'methods' ? methodCandidates(typed) : values.kind === 'list' ? values.list(command).filter(({value}) => value.startsWith(typed)) : [];
	return found.map((candidate) => ({...candidate, value: `${head}${candidate.value}`}));
}

function optionNamed(command: Command, flag: string): Option | undefined {
	return command.options.find((option) => option.long === flag || option.short === flag);
}

/** The long options of `command` not typed yet (each is taken once), and --help. */
function optionCandidates(command: Command, used: ReadonlySet<Option>): Candidate[] {
	const options = command.options.filter((option) => !option.hidden && option.long !== undefined && (!used.has(option) || option.variadic));
	return [...options.map((option) => ({value: option.long!, description: option.description})), {value: '--help', description: 'show help'}];
}

async function commandCandidates(program: Command, line: Line): Promise<Candidate[]> {
	const own = program.commands.filter((command) => !(command as unknown as {_hidden: boolean})._hidden).map((command) => ({value: command.name(), description: command.description()}));
	const {projectCommands} = await import('../../../project/project-commands.js');
	const project = projectCommands(startFolder(line.context.io, {cwd: line.cwd}))?.commands ?? [];
	return [...own, ...project.filter(({name}) => !own.some(({value}) => value === name)).map(({name, className}) => ({value: name, description: `php bin/edu ${name} (${className})`}))];
}

/** The values of a command's argument: the shells, the commands for help, the built-in templates to publish; a name to invent has none. */
async function argumentCandidates(program: Command, command: Command, argument: Argument, line: Line): Promise<Candidate[]> {
	if (argument.argChoices !== undefined) return argument.argChoices.map((value) => ({value}));
	if (command.name() === 'completion') return shells.map((value) => ({value}));
	if (command.name() === 'help') return commandCandidates(program, line);
	if (command.name() === 'template:publish') return builtinNames.map((value) => ({value}));
	return [];
}

/** The --cwd typed on the line (the last one), which says where the project is. */
function cwdOf(words: readonly string[]): string | undefined {
	let cwd: string | undefined;
	words.forEach((word, index) => {
		if (word === '--cwd' && words[index + 1] !== undefined) cwd = words[index + 1];
		else if (word.startsWith('--cwd=')) cwd = word.slice('--cwd='.length);
	});
	return cwd;
}

/**
 * What Tab offers for `words[current]` (words[0] is the program's name; a missing word is the
 * empty one the cursor stands on), filtered by what is typed of it. A value is expected: only
 * values (or a marker for paths), never an option's name.
 */
export async function completions(program: Command, words: readonly string[], current: number, context: CommandContext): Promise<Candidate[]> {
	const typed = words.slice(1, current);
	const word = words[current] ?? '';
	const line: Line = {context, cwd: cwdOf(typed)};
	let command = program;
	let expects: Option | undefined;
	let ended = false;
	let positionals = 0;
	const used = new Set<Option>();
	for (const token of typed) {
		if (expects !== undefined) {
			expects = undefined;
			continue;
		}
		if (!ended && token === '--') {
			ended = true;
			continue;
		}
		if (!ended && token.startsWith('-') && token !== '-') {
			const option = optionNamed(command, token.split('=')[0]!);
			if (option === undefined) continue;
			used.add(option);
			if (option.required && !token.includes('=')) expects = option;
			continue;
		}
		if (command === program) {
			const found = program.commands.find((each) => each.name() === token || each.aliases().includes(token));
			// A project's own command (or a mistake): its options are php bin/edu's.
			if (found === undefined) return [];
			command = found;
			continue;
		}
		positionals++;
	}
	const matching = (candidates: readonly Candidate[]): Candidate[] => candidates.filter(({value}) => value.startsWith(word));
	if (expects !== undefined) return valueCandidates(expects, word, '', command, line);
	if (!ended && word.startsWith('--') && word.includes('=')) {
		const flag = word.slice(0, word.indexOf('='));
		const option = optionNamed(command, flag);
		return option?.required || option?.optional ? valueCandidates(option, word.slice(flag.length + 1), `${flag}=`, command, line) : [];
	}
	if (!ended && word.startsWith('-')) return matching(optionCandidates(command, used));
	if (command === program) return matching(await commandCandidates(program, line));
	const declared = command.registeredArguments;
	const argument = declared[positionals] ?? (declared.at(-1)?.variadic ? declared.at(-1) : undefined);
	if (argument !== undefined) return matching(await argumentCandidates(program, command, argument, line));
	// Nothing more to name: what is left to type is options.
	return ended ? [] : matching(optionCandidates(command, used));
}

/** The lines the scripts read: one candidate each; for fish and PowerShell, a tab and its description. */
export function candidateLines(candidates: readonly Candidate[], shell: string): string {
	const described = shell === 'fish' || shell === 'powershell';
	return candidates.map(({value, description}) => (described && description !== undefined ? `${value}\t${description.split('\n')[0]}\n` : `${value}\n`)).join('');
}
