// make:command's request + what the project holds → the files to write, or the refusals that
// stop it, in the original's order: the name already in commands.yaml, then the class file.
// Pure: the caller reads the project (command-project.ts).
import {refusal, type Refusal} from '../../base/errors.js';
import type {FileChange} from '../../sink/file-change.js';
import {render} from '../../templates/fill.js';
import type {LoadedTemplate} from '../../templates/catalog.js';
import {pathProblem} from '../../templates/manifest.js';
import {unparsablePhp} from '../../templates/php-syntax.js';
import {commandNames, type CommandNames} from './command-naming.js';
import {appendCommand, commandsPath, parseCommands} from '../../project/commands-yaml.js';

export const commandExists = 'Command already exists.';

export interface CommandSnapshot {
	readonly root: string;
	/** commands.yaml's text, or null when absent. */
	readonly commandsText: string | null;
	/** Why the project cannot be read for make:command (commands.yaml unreadable), if it cannot. */
	readonly problem?: Refusal;
	/** The template's name, and the template (the project's copy wins), or why it cannot be used. */
	readonly templateName: string;
	/** Whether the run named the template (--template), rather than taking the default. */
	readonly templateNamed?: boolean;
	readonly template: LoadedTemplate | Refusal;
	/** Whether a file (or anything) is at this relative path. */
	readonly exists: (relative: string) => boolean;
	/** What is at this relative path or at one that differs only in case (PHP's class names ignore case): its path. */
	readonly existing: (relative: string) => string | undefined;
}

export interface CommandPlan {
	readonly name: string;
	readonly names?: CommandNames;
	/** The class file, where the template puts it (app/Command/<Class>.php for the built-in). */
	readonly file?: string;
	readonly changes: readonly FileChange[];
	readonly refusals: readonly Refusal[];
	readonly warnings: readonly string[];
}

export function planCommand(name: string, snapshot: CommandSnapshot): CommandPlan {
	const names = commandNames(name);
	if ('code' in names) return {name, changes: [], refusals: [names], warnings: []};
	const refused = (refusals: Refusal[]): CommandPlan => ({name, names, changes: [], refusals, warnings: names.warnings});
	const {template} = snapshot;
	if ('code' in template) return refused([template]);
	if (snapshot.problem) return refused([snapshot.problem]);
	const file = parseCommands(snapshot.commandsText);
	if ('code' in file) return refused([file]);
	const view = {className: names.className, commandName: names.commandName};
	const to = template.manifest.files.find((entry) => entry.role === 'command')?.to ?? '';
	const target = render(to, view);
	const outside = pathProblem(target);
	if (outside !== undefined) return refused([refusal('OUTSIDE_PROJECT', `${template.folder}/template.json: ${outside}`)]);
	const refusedAt = (refusals: Refusal[]): CommandPlan => ({...refused(refusals), file: target});
	const refusals: Refusal[] = [];
	const line = file.lines.get(names.commandName);
	if (line !== undefined) {
		refusals.push(refusal('COMMAND_EXISTS', commandExists, {file: commandsPath, line, hint: `"${names.commandName}" is registered already (${file.entries.get(names.commandName)}); choose another name`}));
	}
	const there = snapshot.existing(target);
	if (there !== undefined) {
		refusals.push(refusal('COMMAND_EXISTS', commandExists, there === target
			? {file: target, hint: 'the class file exists; delete it or choose another name'}
			: {file: there, hint: `it differs from ${target} only in case, and PHP takes them for the same class: rename or delete it, or choose another name`}));
	}
	if (refusals.length > 0) return refusedAt(refusals);
	const after = appendCommand(file, names.commandName, names.fqcn);
	if (typeof after !== 'string') return refusedAt([after]);
	const php = render(template.texts['command'] ?? '', view);
	const changes: FileChange[] = [
		{path: target, action: 'create', before: null, after: php},
		{path: commandsPath, action: snapshot.commandsText === null ? 'create' : 'modify', before: snapshot.commandsText, after, followLink: true},
	];
	// A project's own template is refused when the class it made does not parse.
	const broken = unparsablePhp(template, [{path: target, text: php, from: {role: 'command', view}}]);
	if (broken !== undefined) return refusedAt([broken]);
	return {name, names, file: target, changes, refusals: [], warnings: names.warnings};
}
