// request + snapshot → Plan: every file to create or modify with its full new content, or the
// refusals that stop it. Pure (the templates are read once and cached), so the wizard can
// call it on every keystroke.
import {isRefusal, messages, refusal, type Refusal, type RefusalPlace} from '../base/errors.js';
import type {FileChange} from '../sink/file-change.js';
import {deriveNames, type Kind, type Names} from './naming.js';
import {madeFiles} from './made-files.js';
import {unparsablePhp} from '../templates/php-syntax.js';
import {existingFile, type Snapshot} from './snapshot.js';
import {defaultTitleBlock} from '../project/base-view.js';
import {defaultDescription, httpMethods, methodNames, type FieldSpec, type MakeRequest, type UploadSpec} from './request.js';
import {appendRoutes} from '../project/routes-yaml/append.js';
import {isEduEntry, replaceEntries} from '../project/routes-yaml/entry-text.js';
import {routesPath, type NewRoute} from '../project/routes-yaml/routes.js';
import {defaultTable} from './resource.js';
import {declaredDefault, defaultFields} from '../templates/option-values.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {uploadSpecOf} from './upload.js';
import {nameView, targetOf} from './target.js';
import {render} from '../templates/fill.js';
import {catalogOf, chooseTemplate, takesMethods, templateUnits} from './template-units.js';
import type {PlannedRoute, Unit, UnitRoute} from './unit.js';
import type {EngineName} from '../templates/engines.js';
import {pathParameters, uriProblem, type PathParameter} from './uri.js';

export type {PlannedRoute, Unit} from './unit.js';

export interface Plan {
	readonly request: MakeRequest;
	readonly kind: Kind;
	/** Undefined when the name itself is refused. */
	readonly names?: Names;
	/** The route URI: the request's, or the default the name gives; undefined when the name is refused and no URI was given. */
	readonly uri?: string;
	/** The {params} of `uri`, in order, with their types (`id`-like names are integers). */
	readonly parameters: readonly PathParameter[];
	/** The resource template's table: the one given, or the default the name gives (its Twig folder). */
	readonly table?: string;
	/** False when the template chooses its own methods (resource, upload): --methods and the method list do not apply. */
	readonly takesMethods: boolean;
	/** The engine of the template chosen (a project's template runs one of the built-ins'). */
	readonly engine?: EngineName;
	/** A resource's fields and an upload's settings as used: given, else the template's defaults. */
	readonly fields?: readonly FieldSpec[];
	readonly upload?: UploadSpec;
	/** What the request makes; kept when refused by a collision, empty when the request itself is refused. */
	readonly routes: readonly PlannedRoute[];
	/** Empty when anything is refused. */
	readonly changes: readonly FileChange[];
	/** Routes edu wrote that --force replaces in place (their names); the others are appended. */
	readonly replacedRoutes?: readonly string[];
	/** In the contract's order: name, options, route, controller, view, method and URI. */
	readonly refusals: readonly Refusal[];
	readonly warnings: readonly string[];
}

export type {FileChange} from '../sink/file-change.js';

/** Methods as the user gave them → the canonical list, or why not. */
function normalizeMethods(methods: readonly string[] | undefined): string[] | Refusal {
	if (methods === undefined) return ['GET'];
	const wanted = new Set(methodNames(methods));
	if (wanted.size === 0) return refusal('INVALID_METHODS', 'Choose at least one HTTP method.');
	const unknown = [...wanted].filter((method) => !(httpMethods as readonly string[]).includes(method));
	if (unknown.length > 0) {
		return refusal('INVALID_METHODS', `Unknown HTTP method ${unknown.map((method) => `"${method}"`).join(', ')}: use ${httpMethods.join(', ')}.`);
	}
	return httpMethods.filter((method) => wanted.has(method));
}

function descriptionProblem(description: string): string | undefined {
	if (description.length > 1000) return 'The description is longer than 1000 characters.';
	if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(description)) return 'The description cannot contain control characters.';
	return undefined;
}

/** Whether `name` would be refused here for its route or its controller (a warning never offers it). */
function spellingTaken(kind: Kind, name: string, snapshot: Snapshot): boolean {
	const names = deriveNames(kind, name);
	if (isRefusal(names)) return false;
	const controller = `app/Controller/${kind === 'api' ? 'api/' : ''}${names.className}.php`;
	return snapshot.routes.named(names.routeName) !== undefined || existingFile(snapshot, controller) !== undefined;
}

export function plan(request: MakeRequest, snapshot: Snapshot): Plan {
	const {kind} = request;
	const derived = deriveNames(kind, request.name, {taken: (name) => spellingTaken(kind, name, snapshot), ...(request.uri === undefined ? {} : {uri: request.uri})});
	// A snapshot made in memory (tests, benches) has no catalog: the built-ins then.
	const chosen = chooseTemplate(kind, request, catalogOf(snapshot));
	const resource = !isRefusal(chosen) && chosen.manifest.engine === 'resource';
	const methodsApply = isRefusal(chosen) || takesMethods(chosen);
	if (isRefusal(derived)) {
		// No name, no default: only what was given.
		const {uri, table} = request;
		return {request, kind, uri, parameters: uri === undefined ? [] : pathParameters(uri), table: resource ? table : undefined, takesMethods: methodsApply, routes: [], changes: [], refusals: [derived], warnings: []};
	}
	const names = derived;
	const uri = request.uri ?? names.uri;
	// A manifest's default table wins over the one the name gives.
	const table = request.table ?? (isRefusal(chosen) ? undefined : declaredDefault(chosen, 'table')) ?? defaultTable(names);
	// What the screens show, whatever refuses below: computed here, once per plan.
	const engine = isRefusal(chosen) ? undefined : chosen.manifest.engine;
	const fields = resource ? request.fields ?? defaultFields(chosen as LoadedTemplate) : undefined;
	const shown = {
		uri, parameters: pathParameters(uri), table: resource ? table : undefined, takesMethods: methodsApply,
		...(engine === undefined ? {} : {engine}),
		...(fields === undefined ? {} : {fields}),
		...(engine === 'upload' ? {upload: uploadSpecOf(request.upload, chosen as LoadedTemplate)} : {}),
	};
	const refused = (refusals: Refusal[], warnings: readonly string[] = []): Plan => ({
		request, kind, names, ...shown, routes: [], changes: [], refusals, warnings,
	});
	const warnings = [...names.warnings];
	if (snapshot.routes.text.startsWith('\uFEFF')) {
		warnings.push(`${routesPath} starts with a byte-order mark (BOM), which Symfony YAML, the framework's parser, reads as the first character of the first route's name: save it as UTF-8 without BOM.`);
	}

	const optionRefusals: Refusal[] = [];
	const methods = normalizeMethods(request.methods);
	if (!Array.isArray(methods)) optionRefusals.push(methods);
	const badUri = uriProblem(uri);
	// Quoted with its control characters escaped (a pasted newline shows as \n), its backslashes as typed.
	if (badUri !== undefined) optionRefusals.push(refusal('INVALID_URI', `Invalid URI ${JSON.stringify(uri).replaceAll('\\\\', '\\')}: ${badUri}.`));
	const description = request.description ?? defaultDescription;
	const badDescription = descriptionProblem(description);
	if (badDescription !== undefined) optionRefusals.push(refusal('INVALID_OPTION', badDescription));
	if (isRefusal(chosen)) optionRefusals.push(chosen);
	// The resource and upload templates choose their own methods; request.methods is ignored.
	const templated = !isRefusal(chosen) && badUri === undefined && Array.isArray(methods)
		? templateUnits(chosen, {
			request, resolved: {names, uri, parameters: shown.parameters}, table, methods, description,
			...(snapshot.folderEscape === undefined ? {} : {folderEscape: snapshot.folderEscape}),
			// Asked of the snapshot only by the templates that use them (it reads each on first use).
			get uploadApi() {
				return snapshot.uploadApi ?? 'php';
			},
			get titleBlock() {
				return snapshot.titleBlock ?? defaultTitleBlock;
			},
		})
		: undefined;
	if (templated !== undefined && 'refusals' in templated) optionRefusals.push(...templated.refusals);
	if (optionRefusals.length > 0 || templated === undefined || 'refusals' in templated || isRefusal(chosen)) return refused(optionRefusals, warnings);

	const units: readonly Unit[] = templated.units;
	warnings.push(...templated.warnings);

	// --force regenerates what edu made: a route entry still exactly as edu writes it for this name and controller is replaced in place.
	const own = units.filter(({route}) => isOwnEntry(snapshot, route, names.uri)).map(({route}) => route.name);
	const replaced = request.force === true ? own : [];
	const refusals = forceAdvice(collisions(units, snapshot, request.force === true, shown.takesMethods, replaced, own));
	// Refused by a collision, the plan still says what it would have made (the wizard previews it).
	// A route at the plan's URI has its parameters already; the resource's /{id} route its own.
	const routes = units.map((unit): PlannedRoute => ({...unit.route, parameters: unit.route.uri === uri ? shown.parameters : pathParameters(unit.route.uri)}));
	if (refusals.length > 0) return {...refused(refusals, warnings), routes};

	const changes: FileChange[] = [];
	const action = (file: string): FileChange['action'] => (existingFile(snapshot, file) === file ? 'overwrite' : 'create');
	for (const unit of units) {
		changes.push({path: unit.route.controllerPath, action: action(unit.route.controllerPath), before: null, after: unit.controller});
		if (unit.route.viewPath !== undefined && unit.view !== undefined) {
			changes.push({path: unit.route.viewPath, action: action(unit.route.viewPath), before: null, after: unit.view});
		}
	}
	warnings.push(...replacedInUse(units, snapshot, action), ...missingLayouts(changes, snapshot));
	// Files written once and never replaced (openapi.php): only when absent.
	for (const file of chosen.manifest.files) {
		if (!file.once) continue;
		const target = targetOf(chosen, file.role, names);
		if (typeof target !== 'string') return refused([target], warnings);
		if (existingFile(snapshot, target) === undefined) changes.push({path: target, action: 'create', before: null, after: render(chosen.texts[file.role] ?? '', nameView(names, uri))});
	}
	const appended = appendRoutes(snapshot.routes, units.filter((unit) => !replaced.includes(unit.route.name)).map((unit) => newRoute(unit.route)));
	if (typeof appended !== 'string') return refused([appended], warnings);
	const routesText = replaced.length === 0 ? appended : replaceEntries(snapshot.routes, appended, units.filter((unit) => replaced.includes(unit.route.name)).map((unit) => newRoute(unit.route)));
	// A route regenerated as it was (--force with the same template) leaves routes.yaml as it is.
	if (!(snapshot.routes.exists && routesText === snapshot.routes.text)) changes.push({
		path: routesPath,
		action: snapshot.routes.exists ? 'modify' : 'create',
		before: snapshot.routes.exists ? snapshot.routes.text : null,
		after: routesText,
		// A routes.yaml that links to a file of the project stays a link: that file gets the route.
		followLink: true,
	});
	// A project's own template is refused when what it makes does not parse, written or not (an
	// openapi.php the project has already included), so it fails alike in every project.
	const broken = chosen.origin === 'project' ? unparsablePhp(chosen, madeFiles(chosen, units, nameView(names, uri))) : undefined;
	if (broken !== undefined) return {...refused([broken], warnings), routes};
	return {request, kind, names, ...shown, routes, changes, ...(replaced.length === 0 ? {} : {replacedRoutes: replaced}), refusals: [], warnings};
}

/** Whether the route of that name is, byte for byte, the entry edu writes for this name by default (its URI, GET). */
function isOwnEntry(snapshot: Snapshot, route: UnitRoute, defaultUri: string): boolean {
	const entry = snapshot.routes.named(route.name);
	return entry !== undefined && isEduEntry(snapshot.routes, entry, {name: route.name, uri: defaultUri, controller: route.controller, methods: ['GET']});
}

/** --force replaces a controller that routes of the project already run: each such route named, so the user knows what changes. */
function replacedInUse(units: readonly Unit[], snapshot: Snapshot, action: (file: string) => FileChange['action']): string[] {
	const bare = (controller: string): string => controller.replace(/^\\/, '');
	return units.flatMap(({route}) => {
		if (action(route.controllerPath) !== 'overwrite') return [];
		const users = snapshot.routes.entries.filter((entry) => bare(entry.controller) === bare(route.controller) && entry.name !== route.name);
		if (users.length === 0) return [];
		const named = users.map((entry) => `"${entry.name}" (${entry.methods.join(',')} ${entry.uri})`).join(', ');
		return [`--force replaces ${route.controllerPath}, which ${users.length === 1 ? 'route' : 'routes'} ${named} ${users.length === 1 ? 'runs' : 'run'} too: ${users.length === 1 ? 'it' : 'they'} will run the new code.`];
	});
}

function newRoute(route: UnitRoute): NewRoute {
	return {name: route.name, uri: route.uri, controller: route.controller, methods: route.methods};
}

/**
 * --force is advised only where a run with it would go through: a route edu wrote for this name
 * (byte for byte) says --force writes it again; when anything --force cannot lift is refused too,
 * no refusal advises it.
 */
function forceAdvice(refusals: readonly Refusal[]): Refusal[] {
	if (refusals.every((found) => found.place?.force === true)) return [...refusals];
	return refusals.map((found) => {
		if (found.place?.force !== true) return found;
		const {force: _lifted, ...place} = found.place;
		return {...found, place};
	});
}

/** Route, then controller, then view, then a method and URI already served: every one found. */
function collisions(units: readonly Unit[], snapshot: Snapshot, force: boolean, methodsApply: boolean, replaced: readonly string[], own: readonly string[]): Refusal[] {
	const found: Refusal[] = [];
	const {routes} = snapshot;
	// The file in the way of `file`, and the way out; --force replaces a file at exactly the planned
	// path, one that differs only in case is still refused.
	const inTheWay = (file: string): RefusalPlace | undefined => {
		const there = existingFile(snapshot, file);
		if (there === undefined || (force && there === file)) return undefined;
		return there === file
			? {file: there, hint: 'delete it or choose another name', force: true}
			: {file: there, hint: `it differs from ${file} only in case: rename or delete it, or choose another name`};
	};
	for (const {route} of units) {
		const entry = routes.named(route.name);
		if (entry && !replaced.includes(route.name)) {
			found.push(refusal('ROUTE_EXISTS', messages.routeExists, own.includes(route.name)
				? {file: routesPath, line: entry.line, hint: `the route "${entry.name}" is exactly the entry edu writes for this name: choose another name`, force: true}
				: {file: routesPath, line: entry.line, hint: `the route "${entry.name}" is already there: choose another name, or remove that entry first (--force replaces only the entry edu writes for this name, with its URI and GET)`}));
		}
	}
	for (const {route} of units) {
		const place = inTheWay(route.controllerPath);
		if (place) found.push(refusal('CONTROLLER_EXISTS', messages.controllerExists, place));
	}
	for (const {route} of units) {
		const place = route.viewPath === undefined ? undefined : inTheWay(route.viewPath);
		if (place) found.push(refusal('VIEW_EXISTS', messages.viewExists, place));
	}
	for (const {route} of units) {
		for (const method of route.methods) {
			const other = routes.serving(method, route.uri);
			if (other && other.name !== route.name) {
				// A static URI refused because an earlier route's placeholders already match it (FastRoute's "shadowed").
				const shadowed = !route.uri.includes('{') && other.uri !== route.uri ? `, which matches ${route.uri}` : '';
				found.push(refusal('URI_TAKEN', `Route "${other.name}" already serves ${method} ${other.uri}${shadowed}.`, {
					file: routesPath, line: other.line, hint: `route "${other.name}" serves it: choose another URI${methodsApply ? ' or other methods (--uri, --methods)' : ' (--uri)'}, or remove that route`,
				}));
			}
		}
	}
	return found;
}

/** `{% extends "base.html.twig" %}` in a Twig file: the layout it names, looked up in app/Template. */
const extendsTag = /\{%-?\s*extends\s+(["'])([^"'{}]+)\1\s*-?%\}/;

/** A warning for each layout a new view extends that the project does not have: its page fails until it exists. */
function missingLayouts(changes: readonly FileChange[], snapshot: Snapshot): string[] {
	const warnings: string[] = [];
	for (const change of changes) {
		const layout = change.path.endsWith('.twig') ? extendsTag.exec(change.after)?.[2] : undefined;
		if (layout === undefined) continue;
		const file = `app/Template/${layout}`;
		if (existingFile(snapshot, file) !== undefined || changes.some((other) => other.path === file)) continue;
		const blocks = [...change.after.matchAll(/\{%-?\s*block\s+(\w+)/g)].map(([, name]) => `{% block ${name} %}`);
		const fill = blocks.length === 0 ? '' : `, with the blocks the view fills: ${blocks.join(', ')}`;
		warnings.push(`${change.path} extends ${layout}, and ${file} is missing: the page fails (Twig: Unable to find template) until you create it${fill}.`);
	}
	return warnings;
}
