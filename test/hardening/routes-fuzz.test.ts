// Random and damaged routes.yaml files, each judged by real Symfony YAML (what the framework reads
// routes.yaml with), all in one PHP process: every fixture's routes.yaml cut at every byte offset,
// seeded byte mutations of them, and files generated with the shapes that part YAML readers
// (tags, directives, lone CRs, CRLF, tabs, comments, FastRoute URIs, no final newline, blank files).
// For every case: Symfony refuses ⇔ edu refuses (with file:line:col, at Symfony's line); when both
// read it, the same routes; and when edu appends, every old byte is kept and Symfony reads the
// result as the old routes plus the new one.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {routesPath} from '../../source/project/routes-yaml/routes.js';
import {hasPhp, symfonyVerdicts} from '../helpers/php.js';
import {disagreement, edu} from '../helpers/symfony-routes.js';
import {fixturesDir} from '../helpers/temp-project.js';

const fixtures = ['sample', 'comments', 'crlf', 'skeleton', 'mock-project'];

/** A small seeded generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
		return state / 2 ** 32;
	};
}

const punctuation = [':', ' ', '\n', '\r', '\t', '[', ']', '{', '}', ',', '"', "'", '#', '&', '*', '!', '|', '>', '-', '?', '%', '@', '`', 'x'];

function mutate(bytes: Buffer, next: () => number): Buffer {
	const copy = Buffer.from(bytes);
	const at = Math.floor(next() * copy.length);
	const how = Math.floor(next() * 3);
	if (how === 0) return Buffer.concat([copy.subarray(0, at), Buffer.from(punctuation[Math.floor(next() * punctuation.length)]!, 'latin1'), copy.subarray(at + 1)]);
	if (how === 1) {
		const bracket = copy.findIndex((byte, index) => index >= at && (byte === 0x5b || byte === 0x5d));
		return bracket === -1 ? copy : Buffer.concat([copy.subarray(0, bracket), copy.subarray(bracket + 1)]);
	}
	return Buffer.concat([copy.subarray(0, at), Buffer.from([[0xff, 0xfe][Math.floor(next() * 2)]!]), copy.subarray(at)]);
}

// Generated files: routes in the shapes real projects write, with what parts YAML readers mixed in.
const fastRouteUris = ['/', '/api/ville', '/api/ville/{id}', '/user/{id:\\d+}[/{name}]', '/post/{slug:[a-z0-9-]+}', '/lang/{code:(?:fr|en)}', '/y/{year:\\d{4}}', '/a/{b}[/{c}[/{d}]]'];
const uriValue = fc.oneof(
	{weight: 6, arbitrary: fc.constantFrom(...fastRouteUris)},
	{weight: 3, arbitrary: fc.constantFrom(...fastRouteUris).map((uri) => `'${uri}'`)},
	{weight: 1, arbitrary: fc.constantFrom(...fastRouteUris).map((uri) => `"${uri.replaceAll('\\', '\\\\')}"`)},
	{weight: 1, arbitrary: fc.constantFrom('!route /x', '!!str /x', '!<tag:x,2000:u> /x', '!!int 1', '"/a\tb"', '/a:b', '/a: b', '~', '123', 'true', '/a #c', '"/x\\d"')},
	// What Symfony YAML reads otherwise than YAML 1.2: other types, and starts and ends the `yaml` package refuses.
	{weight: 1, arbitrary: fc.constantFrom('2001-12-14', '1_000', 'nULL', 'tRUE', '0o17', '.5', ',x', ']x', '}x', '/a:', 'A: b:', '-x', '+1', '- x', '? x', "'/x'#c", '&u /x', '*u')},
);
const methods = fc.oneof(
	{weight: 6, arbitrary: fc.constantFrom('[GET]', '[GET, POST]', '[GET,POST]', '[ get , Post ]')},
	{weight: 2, arbitrary: fc.constantFrom(['GET'], ['GET', 'POST'])},
	{weight: 1, arbitrary: fc.constantFrom('GET', '[GET, !m POST]', '[]', '[GET', '!!seq [GET]', '{a: 1}', '[GET]x', '[G]T,POST]', '[GET]#', '[GET, fALSE]', '[GET]] # c')},
);
const gap = fc.constantFrom('', '', '', '# a comment', '  # indented comment', '\t# tab-indented comment', '#', '   ', '\t', ' \t ');
const indentOf = fc.constantFrom('    ', '    ', '  ', '\t', '  \t', ' ');
const after = fc.constantFrom('', '', '', '', ' # note', '\t', '\t# note', ' ');
const route = fc.record({
	name: fc.constantFrom('home', 'api_ville', 'userShow', 'a.b', '_x', 'y', 'home', 'null', '1', '"quoted"', '012', '1_000', '-x', 'nULL', ']x', '2001-12-14', '1.5'),
	tag: fc.constantFrom('', '', '', '', '', '', ' !route', ' !!map'),
	indent: indentOf,
	uri: uriValue,
	controller: fc.constantFrom('Controller\\HomeController', "'Controller\\api\\VilleController'", 'Controller\\api\\VilleController'),
	methods,
	after,
	extra: fc.constantFrom(...Array<string[]>(12).fill([]), ['...'], ['<<: {controller: M}'], ['defaults:', '  a: 1', '  a: 2'], ['defaults:', '  null: 1'], ['defaults: {b: 1, b: 2}'], ['defaults:', '  - x: 1', '    x: 2'], ['Defaults: 1']),
	before: fc.array(gap, {maxLength: 2}),
	drop: fc.constantFrom(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2),
});
const generated = fc.record({
	header: fc.constantFrom('', '', '', '', '%YAML 1.2\n---', '%YAML 1.1\n---', '%TAG ! tag:example.com,2000:\n---', '%FOO bar\n---', '---', '# routes', '--- # x', '? k\n: v'),
	routes: fc.array(route, {maxLength: 4}),
	eol: fc.constantFrom('\n', '\n', '\r\n', '\r', 'mixed'),
	finalEol: fc.boolean(),
	blank: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, '', ' ', '\t', ' \t \n', '\n\n', '\r', '\t\r\n', '  \r  '),
	ends: fc.array(fc.constantFrom('\n', '\r\n', '\r'), {minLength: 40, maxLength: 40}),
	bom: fc.constantFrom('', '', '', '', '', '', '', '\uFEFF'),
}).map(({header, routes, eol, finalEol, blank, ends, bom}) => {
	if (blank !== undefined) return blank;
	const lines = header === '' ? [] : header.split('\n');
	for (const entry of routes) {
		lines.push(...entry.before, `${entry.name}:${entry.tag}`);
		const fields: string[][] = [
			[`${entry.indent}uri: ${entry.uri}${entry.after}`],
			[`${entry.indent}controller: ${entry.controller}`],
			typeof entry.methods === 'string' ? [`${entry.indent}httpMethod: ${entry.methods}`] : [`${entry.indent}httpMethod:`, ...entry.methods.map((method) => `${entry.indent}  - ${method}`)],
		];
		lines.push(...fields.filter((_field, index) => index !== entry.drop).flat(), ...entry.extra.map((line) => entry.indent + line));
	}
	const endOf = (index: number): string => (eol === 'mixed' ? ends[index % ends.length]! : eol);
	return bom + lines.map((line, index) => (index === lines.length - 1 && !finalEol ? line : line + endOf(index))).join('');
});

interface Case {
	readonly label: string;
	readonly text: string;
}

function cases(): Case[] {
	const all: Case[] = [];
	for (const fixture of fixtures) {
		const bytes = readFileSync(path.join(fixturesDir, fixture, routesPath));
		for (let cut = 0; cut <= bytes.length; cut++) all.push({label: `fixtures/${fixture} cut at ${cut}`, text: bytes.subarray(0, cut).toString('utf8')});
		const next = random(fixture.length * 7919);
		for (let round = 0; round < 300; round++) {
			let damaged: Buffer = bytes;
			const times = 1 + Math.floor(next() * 3);
			for (let time = 0; time < times; time++) damaged = mutate(damaged, next);
			all.push({label: `fixtures/${fixture} mutation ${round}`, text: damaged.toString('utf8')});
		}
	}
	fc.sample(generated, {seed: 26, numRuns: 800}).forEach((text, index) => all.push({label: `generated ${index}`, text}));
	return all;
}

describe.skipIf(!hasPhp)('routes.yaml fuzz: edu and real Symfony YAML agree on every case', () => {
	const corpus = hasPhp ? cases() : [];
	const ours = corpus.map(({text}) => edu(text));
	const appended = ours.flatMap((verdict) => ('after' in verdict && verdict.after !== undefined ? [verdict.after] : []));
	const theirs = hasPhp ? symfonyVerdicts([...corpus.map(({text}) => text), ...appended]) : [];
	let reread = corpus.length;
	const judged = corpus.map((item, index) => {
		const verdict = ours[index]!;
		const again = 'after' in verdict && verdict.after !== undefined ? theirs[reread++] : undefined;
		return {...item, verdict, problem: disagreement(item.text, verdict, theirs[index]!, again, 'same problem')};
	});

	it.each([...fixtures.map((fixture) => `fixtures/${fixture} `), 'generated '])('%s…: zero disagreements', (prefix) => {
		const mine = judged.filter((item) => item.label.startsWith(prefix));
		expect(mine.length).toBeGreaterThan(100);
		expect(mine.filter((item) => item.problem !== undefined).map((item) => `${item.label}: ${item.problem}; the text: ${JSON.stringify(item.text)}`)).toEqual([]);
	});

	it('the generated files reach every outcome: refused by both, read by both, appended', () => {
		const generatedCases = judged.filter((item) => item.label.startsWith('generated '));
		const refused = generatedCases.filter((item) => 'refused' in item.verdict).length;
		const added = generatedCases.filter((item) => 'after' in item.verdict && item.verdict.after !== undefined).length;
		expect(refused).toBeGreaterThan(generatedCases.length / 10);
		expect(added).toBeGreaterThan(generatedCases.length / 10);
	});
});
