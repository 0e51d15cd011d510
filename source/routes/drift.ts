// edu routes: every route of routes.yaml checked against its controller file, its class and its
// OpenAPI attributes (a route's uri and its attributes' path must stay identical), plus
// the operation attributes no route serves. Pure: file access comes in as functions.
import type {RouteEntry, RoutesFile} from '../project/routes-yaml/routes.js';
import type {ApiOperation} from '../openapi/document/build-document.js';
import type {Diagnostic} from '../php/diagnostics.js';
import type {PhpFileFacts, PhpSyntaxError} from '../php/php-file.js';
import {sameClass} from '../php/php-names.js';
import {shortName, siteText, type Site} from '../php/php-value.js';
import {apiFolder} from '../php/scan.js';
import {repeatedPlaceholder, routeVariants} from '../project/fast-route/route-variants.js';

export type RouteProblemCode = 'CONTROLLER_MISSING' | 'CLASS_MISMATCH' | 'PHP_ERROR' | 'NO_ATTRIBUTE' | 'METHOD_UNDOCUMENTED' | 'NO_ROUTE' | 'CLASH' | 'BAD_URI' | 'METHOD_CASE';

export interface RouteProblem {
	readonly code: RouteProblemCode;
	/** A few words for the table's status column. */
	readonly label: string;
	/** One line saying what is wrong and where. */
	readonly message: string;
}

export interface RouteRow {
	/** null for an operation attribute (or a PHP file) that no route points to. */
	readonly name: string | null;
	readonly methods: readonly string[];
	readonly uri: string;
	readonly controller: string;
	/** The controller's file (PSR-4 from app/), or the attribute's file. */
	readonly file: string;
	/** Position in routes.yaml, or of the attribute. */
	readonly line: number;
	readonly problems: RouteProblem[];
}

export interface DriftInput {
	readonly routes: RoutesFile;
	/** Operation attributes found under app/Controller/api. */
	readonly operations: readonly ApiOperation[];
	/** Errors that stop `edu openapi` (syntax errors, non-constant attribute arguments). */
	readonly errors: readonly Diagnostic[];
	/** A PHP file by exact project-relative path: its facts, its syntax error, or undefined when there is no such file. */
	readPhp(relative: string): PhpFileFacts | PhpSyntaxError | undefined;
	/** The name of an existing file whose path equals `relative` ignoring case, if any. */
	caseVariant(relative: string): string | undefined;
}

const className = /^\\?[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*(\\[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)*$/;

/** Where PSR-4 from app/ looks for a class: Controller\api\VilleController → app/Controller/api/VilleController.php. */
export function controllerFile(controller: string): string | undefined {
	if (!className.test(controller)) return undefined;
	return `app/${controller.replace(/^\\/, '').split('\\').join('/')}.php`;
}

function isApiFile(file: string): boolean {
	return file.toLowerCase().startsWith(`${apiFolder.toLowerCase()}/`);
}

function attributeName(method: string): string {
	return `${method.charAt(0)}${method.slice(1).toLowerCase()}`;
}

function where(site: Site): string {
	return `${site.file}:${site.line}`;
}

export function checkRoutes(input: DriftInput): RouteRow[] {
	const {routes, operations} = input;
	const rows: RouteRow[] = [];
	const rowOf = new Map<RouteEntry, RouteRow>();
	for (const route of routes.entries) {
		const row: RouteRow = {
			name: route.name,
			methods: route.methods,
			uri: route.uri,
			controller: route.controller,
			file: controllerFile(route.controller) ?? '',
			line: route.line,
			problems: [...routerProblems(route), ...checkController(route, input)],
		};
		rows.push(row);
		rowOf.set(route, row);
	}

	for (const [first, second, key] of routes.clashes) {
		const [method] = key.split(' ');
		rowOf.get(second)?.problems.push({code: 'CLASH', label: 'clash', message: `${method} ${second.uri} is also served by ${first.name} (${routes.path}:${first.line}); the router fails on both`});
		rowOf.get(first)?.problems.push({code: 'CLASH', label: 'clash', message: `${method} ${first.uri} is also served by ${second.name} (${routes.path}:${second.line}); the router fails on both`});
	}

	// Operation attributes that no route serves.
	const orphans = new Map<string, {operations: ApiOperation[]}>();
	for (const operation of operations) {
		const ofClass = routes.entries.filter((route) => sameClass(route.controller, operation.className));
		if (ofClass.some((route) => route.uri === operation.path && route.methods.includes(operation.method))) continue;
		const samePath = ofClass.find((route) => route.uri === operation.path);
		if (samePath) {
			rowOf.get(samePath)?.problems.push({
				code: 'NO_ROUTE',
				label: `${operation.method} unrouted`,
				message: `#[${attributeName(operation.method)}(path: '${operation.path}')] at ${where(operation.site)} has no route: add ${operation.method} to httpMethod of ${samePath.name}`,
			});
			continue;
		}
		const key = `${operation.className.toLowerCase()} ${operation.path}`;
		const group = orphans.get(key) ?? {operations: []};
		group.operations.push(operation);
		orphans.set(key, group);
	}
	for (const {operations: group} of orphans.values()) {
		const [first] = group;
		if (!first) continue;
		const methods = group.map((operation) => operation.method);
		const attributes = group.map((operation) => `#[${attributeName(operation.method)}]`).join(' and ');
		rows.push({
			name: null,
			methods,
			uri: first.path,
			controller: first.className,
			file: first.site.file,
			line: first.site.line,
			problems: [{
				code: 'NO_ROUTE',
				label: 'no route',
				message: `${attributes} with path '${first.path}' at ${where(first.site)} ${group.length > 1 ? 'have' : 'has'} no route in ${routes.path}`,
			}],
		});
	}

	// PHP errors in API files that no route row reported already.
	const reported = new Set(rows.flatMap((row) => row.problems.filter((problem) => problem.code === 'PHP_ERROR').map(() => row.file)));
	for (const error of input.errors) {
		if (reported.has(error.site.file)) continue;
		reported.add(error.site.file);
		rows.push({name: null, methods: [], uri: '', controller: '', file: error.site.file, line: error.site.line, problems: [{code: 'PHP_ERROR', label: 'PHP error', message: `${siteText(error.site)}: ${error.message}`}]});
	}
	return rows;
}

/**
 * What the framework's router (FastRoute) makes of the route itself: a URI it refuses or never
 * matches, a method listed twice (it refuses the route: every request fails), a method not in
 * capitals (it compares the request's method exactly, and browsers send GET, not get).
 */
function routerProblems(route: RouteEntry): RouteProblem[] {
	const problems: RouteProblem[] = [];
	if (!route.uri.startsWith('/')) {
		problems.push({code: 'BAD_URI', label: 'no leading /', message: `uri '${route.uri}' never matches: a request's path always starts with /`});
	} else if (routeVariants(route.uri) === undefined) {
		const twice = repeatedPlaceholder(route.uri);
		problems.push({
			code: 'BAD_URI',
			label: 'bad uri',
			message: twice === undefined
				? `the router refuses uri '${route.uri}' (an optional part must end the URI, closed by its ], and hold something), so every request fails`
				: `the router refuses uri '${route.uri}': the placeholder {${twice}} is used twice, so every request fails`,
		});
	}
	const twice = route.methods.filter((method, at) => route.methods.indexOf(method) !== at);
	for (const method of new Set(twice)) {
		problems.push({code: 'CLASH', label: 'clash', message: `${method} is listed twice in httpMethod: the router refuses the route, so every request fails`});
	}
	for (const method of new Set(route.methods)) {
		if (method === method.toUpperCase()) continue;
		problems.push({code: 'METHOD_CASE', label: `${method} ≠ ${method.toUpperCase()}`, message: `${method} in httpMethod never matches: the router compares it with the request's method exactly, and browsers send ${method.toUpperCase()}; write ${method.toUpperCase()}`});
	}
	return problems;
}

function checkController(route: RouteEntry, input: DriftInput): RouteProblem[] {
	const file = controllerFile(route.controller);
	if (file === undefined) {
		return [{code: 'CONTROLLER_MISSING', label: 'bad class', message: `controller '${route.controller}' is not a PHP class name`}];
	}
	const facts = input.readPhp(file);
	if (facts === undefined) {
		const variant = input.caseVariant(file);
		return [{
			code: 'CONTROLLER_MISSING',
			label: 'no file',
			message: variant === undefined
				? `${file} is missing (the autoloader looks for ${route.controller} there, PSR-4 from app/)`
				: `${variant} exists, but the autoloader looks for ${file}: file names are case-sensitive on Linux`,
		}];
	}
	if ('kind' in facts) {
		return [{code: 'PHP_ERROR', label: 'PHP error', message: `${siteText(facts.site)}: ${facts.message}`}];
	}
	const declared = facts.classes.find((entry) => sameClass(entry.name, route.controller));
	if (!declared) {
		const names = facts.classes.map((entry) => entry.name);
		return [{
			code: 'CLASS_MISMATCH',
			label: 'wrong class',
			message: names.length === 0
				? `${file} declares no class; ${route.controller} expected`
				: `${file} declares ${names.join(', ')}, not ${route.controller.replace(/^\\/, '')}`,
		}];
	}
	const errorInFile = input.errors.find((error) => error.site.file === file);
	if (errorInFile) return [{code: 'PHP_ERROR', label: 'PHP error', message: `${siteText(errorInFile.site)}: ${errorInFile.message}`}];
	if (!isApiFile(file)) return [];

	const ofClass = input.operations.filter((operation) => sameClass(operation.className, route.controller));
	const withPath = ofClass.filter((operation) => operation.path === route.uri);
	const short = shortName(route.controller);
	if (withPath.length === 0) {
		if (ofClass.length === 0) {
			return [{code: 'NO_ATTRIBUTE', label: 'no attribute', message: `${short} has no operation attribute; add #[Attributes\\${attributeName(route.methods[0] ?? 'GET')}(path: '${route.uri}')] to ${file}`}];
		}
		const firstByPath = new Map<string, Site>();
		for (const operation of ofClass) if (!firstByPath.has(operation.path)) firstByPath.set(operation.path, operation.site);
		const paths = [...firstByPath].map(([path, site]) => `'${path}' (${where(site)})`).join(', ');
		return [{
			code: 'NO_ATTRIBUTE',
			label: 'no attribute',
			message: `no operation attribute of ${short} has path '${route.uri}'; its attributes say ${paths}. The route's uri and the attribute's path must be identical`,
		}];
	}
	const problems: RouteProblem[] = [];
	for (const method of route.methods) {
		// A method not in capitals never matches (routerProblems says so): no attribute is asked for it.
		if (method !== method.toUpperCase() || withPath.some((operation) => operation.method === method)) continue;
		problems.push({
			code: 'METHOD_UNDOCUMENTED',
			label: `no #[${attributeName(method)}]`,
			message: `${method} is in httpMethod but ${short} has no #[Attributes\\${attributeName(method)}(path: '${route.uri}')]`,
		});
	}
	return problems;
}
