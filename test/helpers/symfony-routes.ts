// edu's reading of a routes.yaml text against Symfony YAML's (see symfonyVerdicts in php.ts):
// what counts as the same verdict, the same routes, and the same line.
import {plan} from '../../source/make/plan.js';
import type {Snapshot} from '../../source/make/snapshot.js';
import {parseRoutes, routesPath} from '../../source/project/routes-yaml/routes.js';
import type {SymfonyVerdict} from './php.js';

export const newRoute = {uri: '/api/fuzz-new', controller: 'Controller\\api\\FuzzNewController', httpMethod: ['GET']};

/** What edu makes of a text: its refusal (and the line it names), or its routes and, when it appends, the new text. */
export type EduVerdict =
	| {readonly refused: string; readonly line: number | undefined}
	| {readonly routes: ReadonlyArray<readonly [string, string, string, string]>; readonly after: string | undefined; readonly planRefusal: string | undefined};

export function edu(text: string): EduVerdict {
	const routes = parseRoutes(text, routesPath, true);
	if ('code' in routes) {
		const line = /^app\/Config\/routes\.yaml:(\d+):\d+: ./.exec(routes.message)?.[1];
		return {refused: routes.message, line: line === undefined ? undefined : Number(line)};
	}
	const read = routes.entries.map((entry) => [entry.name, entry.uri, entry.controller, entry.methods.join(',')] as const);
	const snapshot: Snapshot = {root: '/project', routes, files: new Map()};
	const planned = plan({kind: 'api', name: 'FuzzNew'}, snapshot);
	if (planned.refusals.length > 0) return {routes: read, after: undefined, planRefusal: planned.refusals.map((refusal) => refusal.message).join('; ')};
	return {routes: read, after: planned.changes.find((change) => change.path === routesPath)!.after as string, planRefusal: undefined};
}

/** The routes in what Symfony read, in file order (`keys`), methods as written (as edu lists them); undefined when it is not a routes file. */
export function routesOf(data: unknown, keys?: readonly string[] | null): Array<readonly [string, string, string, string]> | undefined {
	if (data === null) return [];
	if (typeof data !== 'object') return undefined;
	const routes: Array<readonly [string, string, string, string]> = [];
	for (const name of keys ?? Object.keys(data as object)) {
		const route = (data as Record<string, unknown>)[name];
		if (route === null || typeof route !== 'object' || Array.isArray(route)) return undefined;
		const {uri, controller, httpMethod} = route as Record<string, unknown>;
		const methods: unknown[] = Array.isArray(httpMethod) ? httpMethod : [httpMethod];
		if (typeof uri !== 'string' || typeof controller !== 'string' || !methods.every((method) => typeof method === 'string')) return undefined;
		routes.push([name, uri, controller, (methods as string[]).join(',')]);
	}
	return routes;
}

// Refusals that are not about reading: edu cannot append to the file where it stands.
const cannotAppend = /the top level is a flow mapping|cannot append a route/;

// The problems both readers name in their own words: when both name the same one, at the same line.
const kinds: ReadonlyArray<readonly [string, RegExp, RegExp]> = [
	['tab', /: a tab in the indentation/, /tabs as indentation/],
	['tag', /: a tag \(/, /Tags support is not enabled|built-in tag|Missing value for tag/],
	// Symfony numbers the lines of a mapping inside a list item from elsewhere: such a duplicate is not compared.
	['key', /: a key that is not a string|: a number with a fraction as a key|: duplicate key: |: route "[^"]*": duplicate key (?!.* in a list item$)/, /Non-string keys|Numeric keys|Duplicate key|Implicit casting/],
	['directive', /: a directive \(/, /reserved indicator "%"|near "%/],
	['document', /: a document marker|: a document end marker/, /Multiple documents|near "\.\.\./],
	['explicit key', /: an explicit key/, /Complex mappings|near "\?/],
];

/** The problem a refusal names, when it is one both readers name; undefined for any other YAML error. */
function kindOf(message: string, symfony: boolean): string | undefined {
	return kinds.find(([, ours, theirs]) => (symfony ? theirs : ours).test(message))?.[0];
}

/**
 * Why edu and Symfony disagree on a case, or undefined when they agree: one refuses what the other
 * reads; both read it, as different routes; the appended text loses a byte or reads otherwise.
 * Lines: with `lines: 'all'`, a refusal must name Symfony's line; with 'same problem', only when
 * both name the same problem (a tab, a tag, a key, a directive, a document marker). Two parsers
 * meet other YAML errors, and files with several problems, in their own order.
 */
export function disagreement(text: string, ours: EduVerdict, theirs: SymfonyVerdict, reread: SymfonyVerdict | undefined, lines: 'all' | 'same problem'): string | undefined {
	if (!theirs.ok) {
		if (!('refused' in ours)) return `Symfony refuses it (line ${theirs.line}: ${theirs.message}), edu reads it`;
		if (ours.line === undefined) return `edu's refusal names no line: ${ours.refused}`;
		const compared = lines === 'all' || (kindOf(ours.refused, false) !== undefined && kindOf(ours.refused, false) === kindOf(theirs.message, true));
		if (compared && theirs.line > 0 && ours.line !== theirs.line) return `edu refuses at line ${ours.line} (${ours.refused}), Symfony at ${theirs.line} (${theirs.message})`;
		return undefined;
	}
	const wanted = routesOf(theirs.data, theirs.keys);
	if ('refused' in ours) {
		if (wanted === undefined || cannotAppend.test(ours.refused)) return ours.line === undefined ? `edu's refusal names no line: ${ours.refused}` : undefined;
		return `Symfony reads ${JSON.stringify(theirs.data)}, edu refuses: ${ours.refused}`;
	}
	if (wanted === undefined) return `Symfony reads ${JSON.stringify(theirs.data)}, not routes; edu reads routes ${JSON.stringify(ours.routes)}`;
	if (JSON.stringify(ours.routes) !== JSON.stringify(wanted)) return `Symfony reads ${JSON.stringify(wanted)}, edu ${JSON.stringify(ours.routes)}`;
	if (ours.after === undefined) return undefined;
	if (!ours.after.startsWith(text)) return 'the appended file does not keep the old bytes';
	const expected = {...(theirs.data ?? {}) as object, 'api_fuzz-new': newRoute};
	if (!reread?.ok || JSON.stringify(routesOf(reread.data, reread.keys)) !== JSON.stringify(routesOf(expected, theirs.keys && [...theirs.keys, 'api_fuzz-new']))) {
		return `after the append Symfony reads ${JSON.stringify(reread)}`;
	}
	return undefined;
}
