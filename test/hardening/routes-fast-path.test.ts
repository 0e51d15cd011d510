// The routes.yaml fast path (the line scanner) against the full YAML parse, on generated files
// and on those files mutated at random: same verdict, same entries, same error and position.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {scanRoutes} from '../../source/project/routes-yaml/scan.js';
import {renderEntry} from '../../source/project/routes-yaml/append.js';
import {composeRoutes, parseRoutes, type RouteEntry, type RoutesFile} from '../../source/project/routes-yaml/routes.js';
import type {Refusal} from '../../source/base/errors.js';
import {fixturesDir} from '../helpers/temp-project.js';

// URIs looked up in every file besides its own: the fast path finds a route by searching the
// text for the start of its URI, and must find exactly what the full parse's index holds.
const probeUris = ['/', '/api/ville', '/api/ville/{id}', '/api/ville/{code}', '/api/vil', "it's", '/x', '/again', 'a"b', '/a', '/a #c', 'x'.repeat(40),
	'/user/{id}', '/user/{id:\\d+}', '/user/{id:\\d+}[/{name}]', '/user/{x}/{y}', '/api/station/{id}/status'];

function summary(result: RoutesFile | Refusal): unknown {
	if ('code' in result) return {code: result.code, message: result.message};
	const {indent, spaced, eol, appendProblem, count} = result;
	const where = (entry: RouteEntry | undefined): unknown => entry && [entry.name, entry.line];
	// Looked up before `clashes` is read (which indexes every route), as a run of make:api does.
	// The file's own URIs first: the first lookups search the text, later ones use the index of every route.
	const uris = [...result.entries.map((entry) => entry.uri), ...probeUris];
	const serving = uris.flatMap((uri) => ['GET', 'post', 'PUT'].map((method) => [method, uri, where(result.serving(method, uri))]));
	const named = [...names, 'missing', ...result.entries.map((entry) => entry.name)].map((name) => [name, where(result.named(name))]);
	const {entries, clashes, last} = result;
	return {entries, indent, spaced, eol, appendProblem, count, last, serving, named, clashes};
}

// URIs in FastRoute's syntax, as the framework's skeleton and mock-veliko-api write them and beyond.
const fastRouteUris = ['/user/{id:\\d+}[/{name}]', '/user/{id}/update', '/user/{id:[0-9]+}', '/post/{slug:[a-z0-9-]+}', '/lang/{code:(?:fr|en)}', '/files/{path:.+}',
	'/y/{year:\\d{4}}', '/a/{b}[/{c}[/{d}]]', '/api/velo/{velo_id}/restore/{station_id}', '/x/{n:[^/]+}', '/w/{w:\\w{2,3}}', '/s/{ x }'];

const names = ['home', 'api_ville', 'api_ville-by-id', 'a.b', '_x', 'Home2', 'true', 'Null', 'FALSE', 'y', '1abc', "'quoted'", '"dq"', 'a b', 'api_ville'];
const uris = ['/', '/api/ville', '/api/ville/{id}', "'/api/ville/{id}'", "'it''s'", '"/x"', '"a\\"b"', '123', '1.5', 'null', '~', '/a #c', '/a#b', '', "'", '[/a]', '{a: 1}', '&a /x', '*a', '!!str /x', '|', '/a: b', 'x'.repeat(40),
	// FastRoute's syntax, plain, quoted and broken, and `:` where YAML reads it as text and where it does not.
	...fastRouteUris, '"/user/{id:\\d+}"', "'/api/station/{id}/status[/{optional}]'", '/a:b', '/a::b', '/a:', '/a::', '/a: #c', '/a:#c', '/a,b', '/a[', '/x]', '/(a|b)', '/a^b$', '[/{a}]', '/a?b=c'];
const controllers = ['Controller\\HomeController', "'Controller\\api\\VilleController'", '"Controller\\\\X"', 'True', '0x1F', '.inf', 'C # note'];
const methodValues = ['[GET]', '[GET, POST]', '[ GET , post ]', '[]', '[GET,]', '[true]', '[GET', 'GET', 'post', '{a: 1}', '"GET"', '[GET] # c', '[ ]', '[[GET]]'];
const blockLists = [['GET'], ['GET', 'POST'], ['null'], []];

const line = fc.oneof(
	fc.constant(''),
	fc.constantFrom('# a comment', '  # indented comment', '#', '   '),
);

/** Mostly good values for the key, sometimes anything. */
const valueOf = (good: string[]): fc.Arbitrary<string> => fc.oneof(
	{weight: 8, arbitrary: fc.constantFrom(...good)},
	{weight: 1, arbitrary: fc.constantFrom(...uris, ...controllers, ...methodValues)},
);
const comment = fc.constantFrom(false, false, false, true);
const scalarField = (key: string, good: string[]) => fc.record({key: fc.constant(key), value: valueOf(good), block: fc.constant(null), comment});
const methodField = fc.record({
	key: fc.constant('httpMethod'),
	value: valueOf(['[GET]', '[GET, POST]', '[GET,POST]', '[ GET , post ]', 'GET']),
	block: fc.option(fc.record({items: fc.constantFrom(...blockLists), extra: fc.constantFrom(0, 2, 4)}), {freq: 3}),
	comment,
});
type Field = {key: string; value: string; block: {items: string[]; extra: number} | null; comment: boolean};

const fields: fc.Arbitrary<Field[]> = fc.record({
	three: fc.tuple(scalarField('uri', ['/', '/api/ville', "'/api/ville/{id}'", "'it''s'", '"/x"', ...fastRouteUris, `'${fastRouteUris[0]}'`]), scalarField('controller', ['Controller\\HomeController', "'Controller\\api\\VilleController'"]), methodField),
	extra: fc.option(fc.oneof(scalarField('defaults', ['x']), scalarField('uri', ['/again'])), {freq: 10}),
	drop: fc.constantFrom(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2),
	rotate: fc.nat({max: 2}),
}).map(({three, extra, drop, rotate}) => {
	const kept: Field[] = three.filter((_field, index) => index !== drop);
	const rotated = [...kept.slice(rotate % kept.length), ...kept.slice(0, rotate % kept.length)];
	return extra ? [...rotated, extra] : rotated;
});

const entry = fc.record({
	name: fc.oneof({weight: 6, arbitrary: fc.constantFrom('home', 'api_ville', 'a.b', '_x', 'Home2', 'y')}, {weight: 1, arbitrary: fc.constantFrom(...names)}),
	indent: fc.constantFrom(2, 4, 4, 4),
	skew: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -1),
	fields,
	before: fc.array(line, {maxLength: 2}),
});

const file = fc.record({
	entries: fc.array(entry, {maxLength: 4}),
	eol: fc.constantFrom('\n', '\r\n', '\r'),
	finalNewline: fc.boolean(),
	bom: fc.constantFrom(false, false, false, false, false, true),
	tail: fc.constantFrom('', '', '', '', '# end\n', '# end\n', '...\n', '---\nother: 1\n'),
});

type FileSpec = typeof file extends fc.Arbitrary<infer T> ? T : never;

function render(spec: FileSpec): string {
	const lines: string[] = [];
	for (const route of spec.entries) {
		lines.push(...route.before, `${route.name}:`);
		route.fields.forEach((item, index) => {
			const pad = ' '.repeat(Math.max(1, route.indent + (index === 1 ? route.skew : 0)));
			if (item.key === 'httpMethod' && item.block) {
				lines.push(`${pad}httpMethod:${item.comment ? ' # list' : ''}`);
				for (const method of item.block.items) lines.push(`${pad}${' '.repeat(item.block.extra)}- ${method}`);
			} else {
				lines.push(`${pad}${item.key}: ${item.value}${item.comment ? ' # note' : ''}`);
			}
		});
	}
	let text = lines.join(spec.eol) + spec.tail.replace(/\n/g, spec.eol);
	if (spec.finalNewline && !text.endsWith('\n')) text += spec.eol;
	return (spec.bom ? '\uFEFF' : '') + text;
}

/** A route URI in FastRoute's syntax: static segments, `{name}` and `{name:regex}` placeholders, optional tails. */
const placeholderRegexes = ['\\d+', '[0-9]+', '[a-z0-9-]+', '\\w{2,3}', '[^/]+', '(?:fr|en)', '.+', '\\d{4}'];
const fastRouteSegment = fc.oneof(
	fc.stringMatching(/^[a-z0-9._-]{1,8}$/),
	fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/).map((name) => `{${name}}`),
	fc.tuple(fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/), fc.constantFrom(...placeholderRegexes)).map(([name, regex]) => `{${name}:${regex}}`),
);
const fastRouteUri = fc.record({
	segments: fc.array(fastRouteSegment, {maxLength: 4}),
	optional: fc.array(fc.array(fastRouteSegment, {minLength: 1, maxLength: 2}), {maxLength: 2}),
}).map(({segments, optional}) => {
	const tail = optional.map((part) => `[/${part.join('/')}`).join('') + ']'.repeat(optional.length);
	return `/${segments.join('/')}${tail}`;
});

/** A file in the shape edu and the framework's skeleton write. */
const canonical = fc.record({
	routes: fc.uniqueArray(fc.record({
		name: fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,20}$/),
		uri: fc.oneof(fc.stringMatching(/^\/[a-z0-9/{}'._-]{0,30}$/), fastRouteUri),
		controller: fc.stringMatching(/^Controller\\[A-Za-z\\]{1,20}$/),
		methods: fc.uniqueArray(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), {minLength: 1, maxLength: 3}),
	}), {selector: (route) => route.name, maxLength: 8}),
	indent: fc.constantFrom(2, 4),
	eol: fc.constantFrom('\n', '\r\n', '\r'),
	spaced: fc.boolean(),
	header: fc.boolean(),
}).filter(({routes}) => routes.every((route) => !/^(?:true|false|null)$/i.test(route.name)))
	.map(({routes, indent, eol, spaced, header}) => (header ? `# routes${eol}${eol}` : '')
		+ routes.map((route) => renderEntry(route, indent, eol)).join(spaced ? eol : ''));

/**
 * Files as the framework's 2.3 skeleton and mock-veliko-api write them: camelCase names, URIs in
 * FastRoute's syntax plain or single-quoted, `[GET,POST]` or `[GET, POST]`, comments and blank
 * lines between routes, LF or CRLF, with or without a final newline.
 */
const realProject = fc.record({
	routes: fc.uniqueArray(fc.record({
		name: fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/),
		uri: fastRouteUri,
		quoted: fc.boolean(),
		controller: fc.stringMatching(/^Controller\\(?:api\\)?(?:[A-Z][a-z]{1,6}\\)?[A-Z][a-z]{1,8}Controller$/),
		methods: fc.uniqueArray(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), {minLength: 1, maxLength: 2}),
		spaced: fc.boolean(),
		before: fc.array(line, {maxLength: 2}),
	}), {selector: (route) => route.name, maxLength: 8}),
	indent: fc.constantFrom(2, 4, 4),
	eol: fc.constantFrom('\n', '\r\n', '\r'),
	finalNewline: fc.boolean(),
}).filter(({routes}) => routes.every((route) => !/^(?:true|false|null)$/i.test(route.name)))
	.map(({routes, indent, eol, finalNewline}) => {
		const pad = ' '.repeat(indent);
		const text = routes.flatMap((route) => [
			...route.before,
			`${route.name}:`,
			`${pad}uri: ${route.quoted ? `'${route.uri}'` : route.uri}`,
			`${pad}controller: ${route.controller}`,
			`${pad}httpMethod: [${route.methods.join(route.spaced ? ', ' : ',')}]`,
		]).join(eol);
		return finalNewline && text !== '' ? text + eol : text;
	});

/**
 * Whole entries in the shape the scanner reads in one match, some repeated, some holding a word
 * YAML reads as null or a boolean (a name, a value, a method): the one-match reading must leave
 * each of those to the line reading, which refuses them as the full parse does.
 */
const mostly = (good: string[], bad: string[]): fc.Arbitrary<string> => fc.oneof(
	{weight: 8, arbitrary: fc.constantFrom(...good)},
	{weight: 1, arbitrary: fc.constantFrom(...bad)},
);
const wholeEntries = fc.record({
	routes: fc.array(fc.record({
		name: mostly(['home', 'api_ville', 'a.b'], ['null', 'True', 'FALSE']),
		uri: mostly(['/', '/api/ville', "'/api/ville/{id}'", "'null'"], ['null', 'true', '~']),
		controller: mostly(['Controller\\HomeController', "'Controller\\api\\VilleController'", "'False'"], ['NULL']),
		methods: mostly(['[GET]', '[GET, POST]', '[get, Post]'], ['[null]', '[GET, True]', '[false, GET]', '[GET, POST, NULL]']),
	}), {maxLength: 5}),
	indent: fc.constantFrom(2, 4),
	eol: fc.constantFrom('\n', '\r\n', '\r'),
	blankLines: fc.boolean(),
}).map(({routes, indent, eol, blankLines}) => {
	const pad = ' '.repeat(indent);
	return routes.map((route) => [`${route.name}:`, `${pad}uri: ${route.uri}`, `${pad}controller: ${route.controller}`, `${pad}httpMethod: ${route.methods}`, ''].join(eol))
		.join(blankLines ? eol : '');
});

const insertions = ['\'', '"', ':', ': ', '#', ' #', '-', '- ', '[', ']', '{', '}', ',', '&a ', '*a', '!', '|', '>', '%', '@', '`', '?', '\t', '\r', '\n', ' ', '  ', '\0', '\uFEFF', '\u0085', 'a', '1', 'é', '...', '---'];

const mutation = fc.oneof(
	fc.record({kind: fc.constant('insert' as const), at: fc.nat(), what: fc.constantFrom(...insertions)}),
	fc.record({kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({min: 1, max: 4})}),
	fc.record({kind: fc.constant('duplicate-line' as const), at: fc.nat()}),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, edits: readonly Mutation[]): string {
	let result = text;
	for (const edit of edits) {
		const at = result.length === 0 ? 0 : edit.at % (result.length + 1);
		if (edit.kind === 'insert') result = result.slice(0, at) + edit.what + result.slice(at);
		else if (edit.kind === 'delete') result = result.slice(0, at) + result.slice(at + edit.length);
		else {
			const start = result.lastIndexOf('\n', at - 1) + 1;
			const end = result.indexOf('\n', at);
			const copied = result.slice(start, end === -1 ? result.length : end + 1);
			result = result.slice(0, start) + copied + (copied.endsWith('\n') ? '' : '\n') + result.slice(start);
		}
	}
	return result;
}

// Each run of the suite draws new files (fast-check seeds each run anew): a few hundred per
// property per run, and the runs add up.
const runs = {numRuns: 600};
// Files with lone-CR line ends (which Symfony YAML reads as LF) are left to the full parse.
const loneCr = /\r(?!\n)/;

// Pure computation, hundreds of files per property: a machine busy with other suites needs longer than the default.
describe('the routes.yaml fast path reads what the full parse reads', {timeout: 120_000}, () => {
	it('on the files edu writes, it is taken, and agrees', () => {
		fc.assert(fc.property(canonical, (text) => {
			expect(scanRoutes(text) === undefined).toBe(loneCr.test(text));
			expect(summary(parseRoutes(text))).toEqual(summary(composeRoutes(text)));
		}), runs);
	});

	it('on files shaped like the real projects (FastRoute patterns, optional segments, no final newline), it is taken, and agrees', () => {
		fc.assert(fc.property(realProject, (text) => {
			expect(scanRoutes(text) === undefined, text).toBe(loneCr.test(text));
			expect(summary(parseRoutes(text))).toEqual(summary(composeRoutes(text)));
		}), runs);
	});

	it.each(['skeleton', 'mock-project'])('on fixtures/%s, it is taken, and agrees', (fixture) => {
		const text = readFileSync(path.join(fixturesDir, fixture, 'app/Config/routes.yaml'), 'utf8');
		for (const variant of [text, text.replace(/\n/g, '\r\n'), text.replace(/\n/g, '\r'), text.endsWith('\n') ? text.slice(0, -1) : `${text}\n`]) {
			expect(scanRoutes(variant) === undefined).toBe(loneCr.test(variant));
			expect(summary(parseRoutes(variant))).toEqual(summary(composeRoutes(variant)));
		}
	});

	it('on whole entries repeated or holding null and boolean words', () => {
		let fast = 0;
		fc.assert(fc.property(wholeEntries, (text) => {
			if (scanRoutes(text) !== undefined) fast++;
			expect(summary(parseRoutes(text))).toEqual(summary(composeRoutes(text)));
		}), runs);
		expect(fast).toBeGreaterThan(runs.numRuns / 20);
	});

	const values = [...new Set([...uris, ...controllers, ...methodValues, ...names])];
	it.each(['uri', 'controller', 'httpMethod', 'name'])('on every value form as the %s of a route', (key) => {
		for (const value of values) {
			for (const eol of ['\n', '\r\n', '\r']) {
				const route: Record<string, string> = {name: 'home', uri: '/', controller: 'C', httpMethod: '[GET]', [key]: value};
				const text = `${route['name']}:${eol}    uri: ${route['uri']}${eol}    controller: ${route['controller']}${eol}    httpMethod: ${route['httpMethod']}${eol}`;
				expect(summary(parseRoutes(text)), text).toEqual(summary(composeRoutes(text)));
			}
		}
	});

	it('on every block list of methods', () => {
		for (const items of [...blockLists, ['Null'], ['TRUE'], ['GET', 'false']]) {
			for (const deeper of [0, 2, 4]) {
				for (const note of ['', ' # methods']) {
					const list = items.map((method) => `    ${' '.repeat(deeper)}- ${method}\n`).join('');
					const text = `home:\n    uri: /\n    httpMethod:${note}\n${list}    controller: C\n`;
					expect(summary(parseRoutes(text)), text).toEqual(summary(composeRoutes(text)));
				}
			}
		}
	});

	it('on generated files, hand-written style, valid or not', () => {
		let fast = 0;
		fc.assert(fc.property(file, (spec) => {
			const text = render(spec);
			if (scanRoutes(text) !== undefined) fast++;
			expect(summary(parseRoutes(text))).toEqual(summary(composeRoutes(text)));
		}), runs);
		// The comparison means something only if the generator reaches the fast path often.
		expect(fast).toBeGreaterThan(runs.numRuns / 20);
	});

	it('on those files mutated at random', () => {
		fc.assert(fc.property(fc.oneof(canonical, realProject, file.map(render)), fc.array(mutation, {minLength: 1, maxLength: 3}), (text, edits) => {
			const mutated = mutate(text, edits);
			expect(summary(parseRoutes(mutated))).toEqual(summary(composeRoutes(mutated)));
		}), {numRuns: 1500});
	});
});
