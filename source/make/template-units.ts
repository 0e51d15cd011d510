// A request's template: chosen from the snapshot's catalog (refused when unknown, broken or for the
// other command), and its engine run to make the plan's units. Pure: the texts are already read.
import {levenshtein} from '../base/levenshtein.js';
import {builtinNames, templateCatalog, type LoadedTemplate, type TemplateCatalog} from '../templates/catalog.js';
import type {CommandName, EngineName} from '../templates/engines.js';
import {engines} from '../templates/engines.js';
import {nameView, targetOf} from './target.js';
import {refusal, type Refusal} from '../base/errors.js';
import type {UploadApi} from '../project/framework-request.js';
import type {Kind, Names} from './naming.js';
import type {MakeRequest} from './request.js';
import {resourceUnits} from './resource.js';
import {render} from '../templates/fill.js';
import type {Resolved, TemplateUnits, Unit} from './unit.js';
import {uploadUnits} from './upload.js';
import {declaredDefault, defaultFields} from '../templates/option-values.js';
import type {PathParameter} from './uri.js';

/** The template a request names, or the kind's own: `default` for make:api, `web` for make:controller. */
export function templateName(kind: Kind, request: Pick<MakeRequest, 'template'>): string {
	return request.template ?? (kind === 'api' ? 'default' : 'web');
}

/** The snapshot's templates; a snapshot made in memory (tests, benches) has the built-ins. */
export function catalogOf(snapshot: {readonly templates?: TemplateCatalog}): TemplateCatalog {
	return snapshot.templates ?? templateCatalog();
}

/** The templates a command offers, in the catalog's order, with their one-line description (broken ones with their problem). */
export function templateChoices(kind: Kind, catalog: TemplateCatalog): Array<{name: string; description: string; engine?: EngineName; origin: string}> {
	const command = commandOf(kind);
	return catalog.names.flatMap((name) => {
		const entry = catalog.get(name);
		if (entry === undefined) return [];
		if ('problem' in entry) return [{name, description: `broken: ${entry.problem}`, origin: entry.folder}];
		if (entry.manifest.command !== command) return [];
		return [{name, description: entry.manifest.description, engine: entry.manifest.engine, origin: entry.origin === 'built-in' ? 'built-in' : entry.folder}];
	});
}

/** The engine of the template named `name`, or undefined when it is unknown or broken. */
export function engineOf(name: string, catalog: TemplateCatalog): EngineName | undefined {
	const entry = catalog.get(name);
	return entry === undefined || 'problem' in entry ? undefined : entry.manifest.engine;
}

/** The command that makes a kind of controller. */
const commandOf = (kind: Kind): CommandName => (kind === 'api' ? 'make:api' : 'make:controller');

/** Why `name` is no template of `command`, in the style of every "did you mean": the nearest within a third of its length, then the choices. */
export function unknownTemplate(name: string, command: CommandName, catalog: TemplateCatalog): string {
	const entries = catalog.names.map((other) => ({other, found: catalog.get(other)}));
	const mine = entries.filter(({found}) => found !== undefined && !('problem' in found) && found.manifest.command === command).map(({other}) => other);
	// A broken one cannot be chosen until it is fixed: named apart, not among the values allowed.
	const broken = entries.filter(({found}) => found !== undefined && 'problem' in found).map(({other}) => other);
	// Case aside: RESOURCE is resource mistyped.
	const lower = mine.map((other) => other.toLowerCase());
	const {closest, distance} = levenshtein();
	const near = mine[lower.indexOf(closest(name.toLowerCase(), lower))];
	const hint = near !== undefined && distance(name.toLowerCase(), near.toLowerCase()) <= Math.max(1, Math.floor(near.length / 3)) ? `did you mean ${near}? ` : '';
	const brokenNote = broken.length === 0 ? '' : `; broken until fixed: ${broken.join(', ')}, edu template:list says why`;
	return `invalid value '${name}' for --template (${hint}allowed: ${mine.join(', ')}${brokenNote}).`;
}

/** The request's template from `catalog`, or why it cannot be used. */
export function chooseTemplate(kind: Kind, request: Pick<MakeRequest, 'template'>, catalog: TemplateCatalog): LoadedTemplate | Refusal {
	return templateOf(commandOf(kind), templateName(kind, request), catalog);
}

/** The template `name` of `command` from `catalog`, or why it cannot be used. */
export function templateOf(command: CommandName, name: string, catalog: TemplateCatalog): LoadedTemplate | Refusal {
	const entry = catalog.get(name);
	if (entry === undefined) return refusal('INVALID_OPTION', unknownTemplate(name, command, catalog));
	if ('problem' in entry) {
		// The way out: the built-in template of that name is there again once the project's copy is gone.
		const wayOut = (builtinNames as readonly string[]).includes(name) ? `remove ${entry.folder}/ to use the built-in ${name} again` : 'choose another template';
		return {...refusal('BAD_PROJECT_FILE', `${entry.problem} (fix it, or ${wayOut})`), template: true};
	}
	if (entry.manifest.command !== command) return refusal('INVALID_OPTION', `The ${name} template is for ${entry.manifest.command} only.`);
	return entry;
}

export interface EngineInput {
	readonly request: MakeRequest;
	readonly resolved: Resolved;
	/** The resource's table as the plan resolved it. */
	readonly table: string;
	readonly uploadApi: UploadApi;
	/** The block of the project's base view that holds the page title (web views fill it). */
	readonly titleBlock: string;
	/** Checked; used by the engines that take --methods. */
	readonly methods: readonly string[];
	readonly description: string;
	/** Why a folder the template names (upload's --dir) leads out of the project through a link (Snapshot.folderEscape). */
	readonly folderEscape?: (relative: string) => string | undefined;
}

/** The units the template's engine makes, or its refusals. */
export function templateUnits(template: LoadedTemplate, input: EngineInput): TemplateUnits {
	const {request, resolved} = input;
	switch (template.manifest.engine) {
		case 'resource':
			return resourceUnits(template, resolved, request.fields ?? defaultFields(template), {name: input.table, given: request.table !== undefined || declaredDefault(template, 'table') !== undefined}, request.description, request.methods);
		case 'upload':
			return uploadUnits(template, resolved, request.upload, request.description, input.uploadApi, input.folderEscape);
		case 'controller':
			return oneUnit(apiUnit(template, resolved.names, resolved.uri, resolved.parameters, input.methods, input.description));
		case 'web':
			return oneUnit(webUnit(template, resolved.names, resolved.uri, input.methods, input.titleBlock));
		case 'command':
			// chooseTemplate gives make:api and make:controller their own templates only.
			throw new Error(`the ${template.name} template is planned by make:command (source/make/command/command-plan.ts)`);
	}
}

/** Whether --methods applies to the template (the others choose their own). */
export function takesMethods(template: LoadedTemplate): boolean {
	return engines[template.manifest.engine].takesMethods;
}

function oneUnit(unit: Unit | Refusal): TemplateUnits {
	return 'code' in unit ? {refusals: [unit]} : {units: [unit], warnings: []};
}

const operationAttribute: Record<string, string> = {
	GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete', HEAD: 'Head', OPTIONS: 'Options',
};

function apiUnit(template: LoadedTemplate, names: Names, uri: string, parameters: readonly PathParameter[], methods: readonly string[], description: string): Unit | Refusal {
	const controllerPath = targetOf(template, 'controller', names);
	if (typeof controllerPath !== 'string') return controllerPath;
	const view = {
		...nameView(names, uri),
		operations: methods.map((method) => ({attribute: operationAttribute[method], uri})),
		parameters,
		description,
	};
	return {
		route: {name: names.routeName, uri, controller: `Controller\\api\\${names.className}`, methods, className: names.className, controllerPath},
		controller: render(template.texts.controller ?? '', view),
		controllerFrom: {role: 'controller', view},
	};
}

function webUnit(template: LoadedTemplate, names: Names, uri: string, methods: readonly string[], titleBlock: string): Unit | Refusal {
	const controllerPath = targetOf(template, 'controller', names);
	if (typeof controllerPath !== 'string') return controllerPath;
	const viewPath = targetOf(template, 'view', names);
	if (typeof viewPath !== 'string') return viewPath;
	// The controller names its view relative to app/Template/, where the framework's Twig looks.
	const controllerView = {...nameView(names, uri), view: viewPath.replace(/^app\/Template\//, '')};
	const viewView = {...nameView(names, uri), titleBlock};
	return {
		route: {name: names.routeName, uri, controller: `Controller\\${names.className}`, methods, className: names.className, controllerPath, viewPath},
		controller: render(template.texts.controller ?? '', controllerView),
		view: render(template.texts.view ?? '', viewView),
		controllerFrom: {role: 'controller', view: controllerView},
		viewFrom: {role: 'view', view: viewView},
	};
}
