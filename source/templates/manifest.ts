// A template folder's template.json, read and checked: every field's type, the engine's roles and
// options, and `to` paths that stay inside the project. Pure: the caller reads the file and says
// on which line each key is (the `yaml` package knows, for a project's own folder).
import {nearest} from '../base/levenshtein.js';
import {engines, engineNames, type CommandName, type EngineName, type OptionType} from './engines.js';

export interface TemplateFile {
	readonly role: string;
	/** The file in the template folder. */
	readonly from: string;
	/** Where it goes, relative to the project root; may use the name variables (`<%& className %>`). */
	readonly to: string;
	/** Written only when absent, never replaced (openapi.php). */
	readonly once: boolean;
}

export interface TemplateOption {
	readonly name: string;
	readonly type: OptionType;
	/** The flag's value placeholder in --help (`--table NAME`). */
	readonly value: string;
	readonly help: string;
	/** The wizard's label for it. */
	readonly ask: string;
	readonly default?: string;
	readonly example?: string;
	readonly required: boolean;
}

export interface Manifest {
	readonly name: string;
	/** One line: the template list, the wizard and --plain show it. */
	readonly description: string;
	/** --help's longer words; the description when absent. */
	readonly help: string;
	readonly command: CommandName;
	readonly engine: EngineName;
	readonly files: readonly TemplateFile[];
	readonly options: readonly TemplateOption[];
}

/** A problem at a key of the manifest: `key` is its path, e.g. ["files", "controller", "to"]. */
export interface ManifestProblem {
	readonly key: readonly string[];
	readonly message: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data` (template.json parsed) → the manifest, or the first problem. `folder`: the folder's name, the template's name. */
export function readManifest(data: unknown, folder: string): Manifest | ManifestProblem {
	if (!isObject(data)) return {key: [], message: 'template.json must hold one JSON object'};
	const unknown = unknownKey(data, [], manifestKeys);
	if (unknown !== undefined) return unknown;
	const text = (key: string, where: Json, at: readonly string[], required = true): string | ManifestProblem | undefined => {
		const value = where[key];
		if (value === undefined && !required) return undefined;
		if (typeof value !== 'string' || value.trim() === '') return {key: [...at, key], message: `"${key}" must be a non-empty string${value === undefined ? ' (it is missing)' : `, not ${typeName(value)}`}`};
		return value;
	};
	// The folder names the template, so a copied folder is a new template as it stands.
	const name = folder;
	const description = text('description', data, []);
	if (typeof description !== 'string') return description as ManifestProblem;
	if (description.includes('\n')) return {key: ['description'], message: '"description" must be one line'};
	const help = text('help', data, [], false);
	if (typeof help === 'object') return help;
	const engine = data.engine;
	if (typeof engine !== 'string' || !(engineNames as string[]).includes(engine)) {
		return {key: ['engine'], message: `"engine" must be one of ${engineNames.join(', ')}${engine === undefined ? ' (it is missing)' : `, not ${typeName(engine)}`}`};
	}
	const definition = engines[engine as EngineName];
	const command = data.command ?? definition.command;
	if (command !== definition.command) return {key: ['command'], message: `"command" must be "${definition.command}" for the ${engine} engine`};

	if (!isObject(data.files)) return {key: ['files'], message: `"files" must be an object with the roles ${definition.roles.join(', ')}`};
	const files: TemplateFile[] = [];
	for (const role of Object.keys(data.files)) {
		if (!definition.roles.includes(role)) return {key: ['files', role], message: `the ${engine} engine writes no "${role}" file: its roles are ${definition.roles.join(', ')}`};
	}
	for (const role of definition.roles) {
		const entry = data.files[role];
		if (!isObject(entry)) return {key: ['files', ...(entry === undefined ? [] : [role])], message: `"files.${role}" must be an object {"from", "to"}${entry === undefined ? ' (it is missing)' : ''}`};
		const unknownInFile = unknownKey(entry, ['files', role], fileKeys);
		if (unknownInFile !== undefined) return unknownInFile;
		const from = text('from', entry, ['files', role]);
		if (typeof from !== 'string') return from as ManifestProblem;
		if (!/^[A-Za-z0-9._-]+$/.test(from) || from.startsWith('.')) return {key: ['files', role, 'from'], message: `"from" must name a file of this folder, not "${from}"`};
		const to = text('to', entry, ['files', role]);
		if (typeof to !== 'string') return to as ManifestProblem;
		const outside = pathProblem(to);
		if (outside !== undefined) return {key: ['files', role, 'to'], message: outside};
		// The folders a make:api / make:controller plan reads before it writes: a file anywhere else
		// (routes.yaml, public/index.php) would be replaced unseen, or refused only at the last step.
		if (definition.command !== 'make:command' && !plannedFolders.some((folder) => to.startsWith(folder))) {
			return {key: ['files', role, 'to'], message: `"to" must be under ${plannedFolders.join(' or ')} (the folders edu checks before it writes), not "${to}"`};
		}
		if (entry.once !== undefined && typeof entry.once !== 'boolean') return {key: ['files', role, 'once'], message: `"once" must be true or false, not ${typeName(entry.once)}`};
		// Which file is written once is the engine's rule, not the folder's: a manifest may only restate it.
		const once = role === onceRole;
		if (entry.once === true && !once) return {key: ['files', role, 'once'], message: `the ${role} file is written for each name, so it cannot be "once" (only ${onceRole} is): remove "once"`};
		if (entry.once === false && once) return {key: ['files', role, 'once'], message: `${onceRole}.php is written once and never overwritten (the seed's rule), so "once" cannot be false: remove it, or write true`};
		files.push({role, from, to, once});
	}

	const optionsData = data.options ?? {};
	if (!isObject(optionsData)) return {key: ['options'], message: `"options" must be an object, not ${typeName(optionsData)}`};
	const options: TemplateOption[] = [];
	for (const [optionName, entry] of Object.entries(optionsData)) {
		const at = ['options', optionName];
		const type = Object.hasOwn(definition.options, optionName) ? definition.options[optionName] : undefined;
		if (type === undefined) {
			const known = Object.keys(definition.options);
			return {key: at, message: `the ${engine} engine reads no option "${optionName}"${known.length === 0 ? '' : `: it reads ${known.join(', ')}`}`};
		}
		if (!isObject(entry)) return {key: at, message: `"options.${optionName}" must be an object`};
		const unknownInOption = unknownKey(entry, at, optionKeys);
		if (unknownInOption !== undefined) return unknownInOption;
		if (entry.type !== undefined && entry.type !== type) return {key: [...at, 'type'], message: `"type" of ${optionName} must be "${type}" (the ${engine} engine reads it so)`};
		const strings: Record<string, string | undefined> = {};
		for (const key of ['value', 'help', 'ask', 'default', 'example']) {
			const value = text(key, entry, at, false);
			if (typeof value === 'object') return value;
			strings[key] = value;
		}
		if (entry.required !== undefined && typeof entry.required !== 'boolean') return {key: [...at, 'required'], message: `"required" must be true or false, not ${typeName(entry.required)}`};
		options.push({
			name: optionName,
			type,
			value: strings.value ?? 'VALUE',
			help: strings.help ?? optionName,
			ask: strings.ask ?? optionName,
			...(strings.default === undefined ? {} : {default: strings.default}),
			...(strings.example === undefined ? {} : {example: strings.example}),
			required: entry.required === true,
		});
	}
	return {name, description, help: help ?? description, command: definition.command, engine: engine as EngineName, files, options};
}

/** The role whose file is written only when absent, never replaced (app/Controller/api/openapi.php). */
const onceRole = 'openapi';

const manifestKeys = ['description', 'help', 'command', 'engine', 'files', 'options'];
const fileKeys = ['from', 'to', 'once'];
const optionKeys = ['type', 'value', 'help', 'ask', 'default', 'example', 'required'];

/** The first key of `where` that is none of `known` (a typo would otherwise be read as a key left out). */
function unknownKey(where: Json, at: readonly string[], known: readonly string[]): ManifestProblem | undefined {
	const key = Object.keys(where).find((each) => !known.includes(each));
	if (key === undefined) return undefined;
	const [near] = nearest(key, known);
	return {key: [...at, key], message: `"${key}" is not a key of ${at.length === 0 ? 'template.json' : `"${at.join('.')}"`} (${near === undefined ? '' : `did you mean "${near}"? `}its keys are ${known.join(', ')})`};
}

export function isManifestProblem(value: Manifest | ManifestProblem): value is ManifestProblem {
	return 'message' in value;
}

/** Where the files of make:api and make:controller templates go: the folders their plans read. */
export const plannedFolders = ['app/Controller/', 'app/Template/'] as const;

/** Why a `to` path could land outside the project, or undefined. */
export function pathProblem(to: string): string | undefined {
	if (/^[/\\]/.test(to) || /^[A-Za-z]:/.test(to)) return `"to" must be relative to the project root, not "${to}"`;
	if (to.includes('\\')) return `"to" separates folders with /, not \\: "${to}"`;
	if (to.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
		return `"to" would land outside the project or is not a plain path: "${to}" (no "..", "." or empty segments)`;
	}
	return undefined;
}

function typeName(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
	return `${typeof value === 'object' ? 'an object' : `the ${typeof value} ${String(value)}`}`;
}
