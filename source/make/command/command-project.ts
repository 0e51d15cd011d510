// make:command at the edges: reads what the plan needs from the project, and turns a plan into
// the changeset a sink writes (the class first, commands.yaml last as the commit point, under
// commands.yaml's lock; planned again if the project changed meanwhile).
import {lstatSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from '../../base/errors.js';
import type {Changeset} from '../../sink/file-change.js';
import {confinementRefusal} from '../../sink/fs.js';
import {readRegularFile} from '../../project/regular-file.js';
import {templateOf} from '../template-units.js';
import {isBroken, templateCatalog} from '../../templates/catalog.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from './command-plan.js';
import {commandsPath} from '../../project/commands-yaml.js';
import {commandSupportProblem} from './framework-version.js';

import {defaultCommandTemplate} from './command-naming.js';

export {defaultCommandTemplate};

/** The templates make:command can use here: the built-in, and the project's own that read without a problem. */
export function commandTemplates(root: string): string[] {
	const catalog = templateCatalog(root);
	return catalog.names.filter((name) => {
		const entry = catalog.get(name);
		return entry !== undefined && !isBroken(entry) && entry.manifest.command === 'make:command';
	});
}

/**
 * What make:command plans against, with the template `template` (the project's own templates
 * count); a commands.yaml it cannot use is a `problem` the plan refuses with.
 */
export function readCommandSnapshot(root: string, named?: string): CommandSnapshot {
	const template = named ?? defaultCommandTemplate;
	const read = readRegularFile(path.join(root, commandsPath), commandsPath);
	const text = read === null || 'code' in read ? null : read.toString('utf8');
	// A framework without console commands first: nothing make:command writes would run there.
	const problem = commandSupportProblem(root) ?? (read !== null && 'code' in read
		? read
		: text !== null && text.startsWith('\uFEFF')
			? refusal('BAD_PROJECT_FILE', `${commandsPath} starts with a byte-order mark (BOM), which Symfony YAML, the framework's parser, rejects: save it as UTF-8 without BOM. Nothing was written.`)
			: undefined);
	return {
		root,
		commandsText: text,
		templateName: template,
		templateNamed: named !== undefined,
		template: templateOf('make:command', template, templateCatalog(root)),
		...(problem ? {problem} : {}),
		exists(relative) {
			try {
				lstatSync(path.join(root, relative));
				return true;
			} catch {
				return false;
			}
		},
		existing(relative) {
			const folder = path.posix.dirname(relative);
			let names: string[];
			try {
				names = readdirSync(path.join(root, folder));
			} catch {
				return undefined;
			}
			const wanted = path.posix.basename(relative);
			const found = names.find((name) => name === wanted) ?? names.find((name) => name.toLowerCase() === wanted.toLowerCase());
			return found === undefined ? undefined : path.posix.join(folder, found);
		},
	};
}

export function commandChangeset(planned: CommandPlan, snapshot: CommandSnapshot, revisable = true): Changeset<CommandPlan> | Refusal {
	const [refused] = planned.refusals;
	if (refused) return refused;
	return {
		root: snapshot.root,
		changes: [...planned.changes].sort((a, b) => Number(a.path === commandsPath) - Number(b.path === commandsPath)),
		lock: commandsPath,
		value: planned,
		// The run's name in edu history, whichever way it was asked (flags, --plain, the wizard).
		label: `make:command ${planned.name}`,
		...(revisable ? {
			revise() {
				const fresh = readCommandSnapshot(snapshot.root, snapshot.templateName);
				return commandChangeset(planCommand(planned.name, fresh), fresh, false);
			},
		} : {}),
	};
}

/** What writing a command plan that refuses nothing would still refuse (a link out of the project), as --dry-run says it: for the wizard's review. */
export function foreseenCommandRefusal(planned: CommandPlan, snapshot: CommandSnapshot): Refusal | undefined {
	if (planned.refusals.length > 0) return undefined;
	const changeset = commandChangeset(planned, snapshot, false);
	return 'code' in changeset ? changeset : confinementRefusal(changeset);
}
