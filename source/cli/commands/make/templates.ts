// make:api's --template and the flags of the templates' options, all derived from the built-in
// manifests: registered on the command, listed in --help, then read into the request against the
// project's catalog (its own templates included). Mistakes are one-line errors before any planning.
import {EduError, UsageError, isRefusal} from '../../../base/errors.js';
import type {MakeRequest} from '../../../make/request.js';
import {resourceMethods} from '../../../make/resource.js';
import {parseExtensions, parseFields} from '../../../templates/option-values.js';
import {splitList, type OptionSpec} from '../../../base/options.js';
import {unknownTemplate} from '../../../make/template-units.js';
import {builtinNames, isBroken, templateCatalog, type LoadedTemplate, type TemplateCatalog, type TemplateEntry} from '../../../templates/catalog.js';
import {engines, type CommandName} from '../../../templates/engines.js';
import type {TemplateOption} from '../../../templates/manifest.js';

export interface TemplateOptions {
	readonly template?: string;
	readonly table?: string;
	readonly fields?: string;
	readonly field?: string;
	readonly extensions?: string;
	readonly dir?: string;
	/** Set before the action: --methods was typed (its default is GET). */
	readonly methodsGiven?: boolean;
	readonly methods?: string;
}

/** The built-in make:api templates, in their order. */
function builtinApiTemplates(): LoadedTemplate[] {
	const catalog = templateCatalog();
	return builtinNames.map((name) => catalog.get(name)).filter((entry): entry is LoadedTemplate => entry !== undefined && !isBroken(entry) && entry.manifest.command === 'make:api');
}

/** Each option once (the first template declaring it), with the templates that take it. */
function builtinOptions(): Array<{option: TemplateOption; templates: string[]}> {
	const found = new Map<string, {option: TemplateOption; templates: string[]}>();
	for (const template of builtinApiTemplates()) {
		for (const option of template.manifest.options) {
			const known = found.get(option.name);
			if (known === undefined) found.set(option.name, {option, templates: [template.name]});
			else known.templates.push(template.name);
		}
	}
	return [...found.values()];
}

const defaultNote = (option: TemplateOption): string => (option.default === undefined ? '' : ` (default ${option.default})`);

/** A template's help in a line: up to its first ";" or " (", where the details begin. */
export function templateSummary(help: string): string {
	const cut = [help.indexOf(';'), help.indexOf(' (')].filter((at) => at > 0);
	return cut.length === 0 ? help : help.slice(0, Math.min(...cut));
}

/** make:api's templates in `catalog` (a project's copy of a built-in in its place), broken ones included. */
function apiTemplates(catalog?: TemplateCatalog): TemplateEntry[] {
	const builtins = templateCatalog();
	// A broken project template has no command to go by: the copy of a built-in goes by the built-in's.
	const forMakeApi = (entry: TemplateEntry): boolean => {
		const manifest = isBroken(entry) ? (builtins.get(entry.name) as LoadedTemplate | undefined)?.manifest : entry.manifest;
		return manifest === undefined ? isBroken(entry) : manifest.command === 'make:api';
	};
	const listed = catalog ?? builtins;
	return listed.names.map((name) => listed.get(name)).filter((entry): entry is TemplateEntry => entry !== undefined && forMakeApi(entry));
}

/** A template's flags in one line: `--fields LIST (required), --table NAME`. */
function flagsLine(template: LoadedTemplate): string {
	const flags = template.manifest.options.map((option) => `--${option.name} ${option.value.toUpperCase()}${option.required && option.default === undefined ? ' (needed)' : ''}`);
	if (engines[template.manifest.engine].narrowsMethods !== undefined) flags.push('--methods LIST');
	return flags.join(', ');
}

/**
 * The Templates section of make:api --help, one line each and its flags: the built-ins, and
 * `catalog`'s own (the project's, each with its folder; a broken one with its problem).
 */
export function templateHelp(catalog?: TemplateCatalog): string {
	const lines = ['', 'Templates (--template NAME; edu help make:api --template NAME for one in full):'];
	for (const template of apiTemplates(catalog)) {
		if (isBroken(template)) {
			lines.push(`  ${template.name.padEnd(10)} broken: ${template.problem}`);
			continue;
		}
		lines.push(`  ${template.name.padEnd(10)} ${templateSummary(template.manifest.help)}${template.origin === 'project' ? ` (${template.folder}/)` : ''}`);
		const flags = flagsLine(template);
		if (flags !== '') lines.push(`             ${flags}`);
	}
	lines.push('  A project\'s own: .edu/templates/<name>/ (edu template:list).');
	return lines.join('\n');
}

/** One make:api template in full: what it does, each of its options, where the rest is said. */
export function templateDetail(name: string, catalog: TemplateCatalog): string {
	const entry = apiTemplates(catalog).find((template) => template.name === name);
	if (entry === undefined) throw new UsageError(`edu: ${unknownTemplate(name, 'make:api', catalog)}`, 'INVALID_OPTION');
	if (isBroken(entry)) return `Template ${name}: broken: ${entry.problem}\n`;
	const lines = [`Template ${name}${entry.origin === 'project' ? ` (${entry.folder}/)` : ' (built in)'}: ${entry.manifest.help}.`];
	const narrows = engines[entry.manifest.engine].narrowsMethods;
	if (narrows !== undefined || entry.manifest.options.length > 0) lines.push('', 'Options:');
	if (narrows !== undefined) lines.push(`  ${'--methods LIST'.padEnd(22)}${narrows}`);
	for (const option of entry.manifest.options) {
		lines.push(`  ${`--${option.name} ${option.value.toUpperCase()}`.padEnd(22)}${option.required && option.default === undefined ? 'needed: ' : ''}${option.help}${defaultNote(option)}`);
	}
	const example = exampleOf(entry);
	if (example !== undefined) lines.push('', 'Example:', example);
	lines.push('', 'Another method, or a path with no route: the router\'s HTML page "Error 405" / "Error 404", with status 200 on Edu Framework 2.3 (the seed says 405 / 404).');
	return `${lines.join('\n')}\n`;
}

/**
 * The Templates section of make:controller and make:command --help: the command's templates here,
 * a project's own with its folder, a broken one with its problem (one of no built-in's name under each command).
 */
export function commandTemplatesHelp(command: CommandName, catalog: TemplateCatalog): string {
	const builtins = templateCatalog();
	const lines = ['', 'Templates (--template):'];
	for (const name of catalog.names) {
		const entry = catalog.get(name);
		if (entry === undefined) continue;
		const builtin = builtins.get(name);
		const ours = isBroken(entry) ? builtin === undefined || (!isBroken(builtin) && builtin.manifest.command === command) : entry.manifest.command === command;
		if (!ours) continue;
		lines.push(`  ${name.padEnd(10)} ${isBroken(entry) ? `broken: ${entry.problem}` : `${entry.manifest.help}${entry.origin === 'project' ? ` (${entry.folder}/)` : ''}`}`);
	}
	return lines.join('\n');
}

/** `$ edu make:api ville --template resource --fields …`: a template's command line with its example values. */
function exampleOf(template: LoadedTemplate): string | undefined {
	const options = template.manifest.options.filter((option) => option.example !== undefined || option.default !== undefined);
	if (options.length === 0) return undefined;
	// Continued on the next line (\\) where it would pass 80 columns.
	let line = `  $ edu make:api ${template.name === 'resource' ? 'ville' : 'import'} --template ${template.name}`;
	const lines: string[] = [];
	for (const option of options) {
		const flag = `--${option.name} ${option.example ?? option.default ?? ''}`;
		if (line.length + flag.length + 3 > 80) {
			lines.push(`${line} \\`);
			line = `     `;
		}
		line += ` ${flag}`;
	}
	return [...lines, line].join('\n');
}

/** The template of a make:api that names none. */
export const defaultTemplate = 'default';

/** make:api's --template (its help without the templates' names, which take the catalog to list). */
export const templateFlag: OptionSpec = {long: 'template', value: 'name', description: 'what the controller does', default: defaultTemplate};

/** make:api's --template and the options of the built-in templates (each once), as make:api declares them. */
export function templateOptionSpecs(): OptionSpec[] {
	return [
		{...templateFlag, description: `${templateFlag.description}: ${builtinApiTemplates().map((template) => template.name).join(', ')} or a project's own (below)`},
		...builtinOptions().map(({option, templates}) => ({long: option.name, value: option.value, description: `${templates.join(', ')}: ${option.help}${defaultNote(option)}`})),
	];
}

/** The option names a make:* command registers as flags. */
const flagNames = ['table', 'fields', 'field', 'extensions', 'dir'] as const;

/** The templates' own options (listed under their template in --help, not among the command's). */
export const templateOptionNames: readonly string[] = flagNames;

/**
 * The template part of the request, or a usage error for a flag that does not fit the template.
 * `catalog`: the project's (its own templates included). `asked`: the wizard will ask what is
 * missing, so --template resource may come without --fields.
 */
export function templateRequest(options: TemplateOptions, catalog: TemplateCatalog, asked = false): Pick<MakeRequest, 'template' | 'table' | 'fields' | 'upload'> {
	const name = options.template;
	const entry = name === undefined ? catalog.get('default') : catalog.get(name);
	if (name !== undefined && entry === undefined) throw new UsageError(`edu: ${unknownTemplate(name, 'make:api', catalog)}`, 'INVALID_OPTION');
	// Unknown or broken: the plan refuses it with its own words (the nearest name, the file:line).
	const template = entry === undefined || isBroken(entry) ? undefined : entry;
	const takes = (option: string): string[] => catalog.names.filter((other) => {
		const found = catalog.get(other);
		return found !== undefined && !isBroken(found) && found.manifest.options.some((declared) => declared.name === option);
	});
	for (const flag of flagNames) {
		if (options[flag] === undefined || template === undefined) continue;
		if (!template.manifest.options.some((option) => option.name === flag)) {
			throw new UsageError(`--${flag} applies to --template ${takes(flag).join(' or ') || '(none here)'} only.`);
		}
	}
	const chosen = name === undefined ? {} : {template: name};
	if (template === undefined) return chosen;
	const engine = engines[template.manifest.engine];
	if (!engine.takesMethods && engine.narrowsMethods === undefined && options.methodsGiven === true) {
		throw new UsageError(`--methods does not apply to --template ${template.name}: its routes are ${engine.routes ?? 'its own'}.`);
	}
	for (const option of template.manifest.options) {
		if (option.required && option.default === undefined && options[option.name as keyof TemplateOptions] === undefined && !asked) {
			throw new UsageError(`--template ${template.name} needs --${option.name}${option.example === undefined ? '' : `, e.g. --${option.name} ${option.example}`}`);
		}
	}
	switch (template.manifest.engine) {
		case 'resource': {
			if (options.methodsGiven === true && options.methods !== undefined) {
				const served = resourceMethods(splitList(options.methods), template.name);
				if (isRefusal(served)) throw EduError.from(served);
			}
			if (options.fields === undefined) return {...chosen, table: options.table};
			const fields = parseFields(options.fields);
			if (isRefusal(fields)) throw EduError.from(fields);
			return {...chosen, table: options.table, fields};
		}
		case 'upload':
			return {
				...chosen,
				// Only what was given: the core fills the rest from the manifest (core/upload.ts).
				upload: {
					...(options.field === undefined ? {} : {field: options.field}),
					...(options.extensions === undefined ? {} : {extensions: parseExtensions(options.extensions)}),
					...(options.dir === undefined ? {} : {dir: options.dir}),
				},
			};
		default:
			return chosen;
	}
}
