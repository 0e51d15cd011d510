// make:command's request + what the project holds → the files to write, or the refusals that
// stop it, in the original's order: the name already in commands.yaml, then the class file.
// Pure: the caller reads the project (command-project.ts).
import {refusal, type Refusal} from '../core/errors.js';
import type {FileChange} from '../core/sink/file-change.js';
import {renderFile} from '../core/templates.js';
import {commandNames, type CommandNames} from './command-naming.js';
import {appendCommand, commandsPath, parseCommands} from './commands-yaml.js';

export const commandExists = 'Command already exists.';

export interface CommandSnapshot {
	readonly root: string;
	/** commands.yaml's text, or null when absent. */
	readonly commandsText: string | null;
	/** Why the project cannot be read for make:command (commands.yaml unreadable), if it cannot. */
	readonly problem?: Refusal;
	/** Whether a file (or anything) is at this relative path. */
	readonly exists: (relative: string) => boolean;
}

export interface CommandPlan {
	readonly name: string;
	readonly names?: CommandNames;
	readonly changes: readonly FileChange[];
	readonly refusals: readonly Refusal[];
	readonly warnings: readonly string[];
}

export function planCommand(name: string, snapshot: CommandSnapshot): CommandPlan {
	const names = commandNames(name);
	if ('code' in names) return {name, changes: [], refusals: [names], warnings: []};
	const refused = (refusals: Refusal[]): CommandPlan => ({name, names, changes: [], refusals, warnings: names.warnings});
	if (snapshot.problem) return refused([snapshot.problem]);
	const file = parseCommands(snapshot.commandsText);
	if ('code' in file) return refused([file]);
	const refusals: Refusal[] = [];
	const line = file.lines.get(names.commandName);
	if (line !== undefined) {
		refusals.push(refusal('COMMAND_EXISTS', commandExists, {file: commandsPath, line, hint: `"${names.commandName}" is registered already (${file.entries.get(names.commandName)}); pick another name`}));
	}
	if (snapshot.exists(names.file)) {
		refusals.push(refusal('COMMAND_EXISTS', commandExists, {file: names.file, hint: 'the class file exists; delete it or pick another name'}));
	}
	if (refusals.length > 0) return refused(refusals);
	const after = appendCommand(file, names.commandName, names.fqcn);
	if (typeof after !== 'string') return refused([after]);
	const php = renderFile('command/command.php.tpl', {className: names.className, commandName: names.commandName});
	return {
		name,
		names,
		changes: [
			{path: names.file, action: 'create', before: null, after: php},
			{path: commandsPath, action: snapshot.commandsText === null ? 'create' : 'modify', before: snapshot.commandsText, after},
		],
		refusals: [],
		warnings: names.warnings,
	};
}
