// What decides a route collision is the framework's router, nikic/fast-route 1.x: edu's reading
// of FastRoute URIs and of the routes it refuses, held to the real library (Debian's
// php-nikic-fast-route, through test/helpers/fast-route-oracle.php) on tables and generated cases.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {routeVariants} from '../../source/project/fast-route/route-variants.js';
import {renderEntry} from '../../source/project/routes-yaml/append.js';
import {composeRoutes, parseRoutes, type RoutesFile} from '../../source/project/routes-yaml/routes.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {hasPhp} from '../helpers/php.js';
import {fixturesDir, repoRoot, snapshotTree, tempProject} from '../helpers/temp-project.js';

const fastRouteAutoload = '/usr/share/php/FastRoute/autoload.php';
const hasFastRoute = hasPhp && existsSync(fastRouteAutoload);
if (hasPhp && !hasFastRoute && process.env['EDU_REQUIRE_PHP']) throw new Error(`EDU_REQUIRE_PHP is set but FastRoute is not installed (${fastRouteAutoload}; Debian: php-nikic-fast-route)`);

type Case = {parse: string} | {routes: Array<[string[], string]>};
type Answer = Array<{static?: string; regex?: string}> | {failedAt: {index: number; message: string} | null} | {error: string};

function oracle(cases: readonly Case[]): Answer[] {
	const out = execFileSync('php', [path.join(repoRoot, 'test/helpers/fast-route-oracle.php')], {input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
	return JSON.parse(out) as Answer[];
}

function parsed(text: string): RoutesFile {
	const file = parseRoutes(text);
	if ('code' in file) throw new Error(file.message);
	return file;
}

const methods = ['GET', 'POST', 'PUT'] as const;
const name = fc.constantFrom('id', 'slug', 'name', 'x', 'y');
const patterns = ['\\d+', '[0-9]+', '[a-z0-9-]+', '\\w{2,3}', '[^/]+', '(?:fr|en)', '.+'];
const literal = fc.constantFrom('user', 'api', 'list', 'a', 'b', 'edit', 'v1');
const segment = fc.oneof(
	{weight: 3, arbitrary: literal},
	{weight: 2, arbitrary: name.map((placeholder) => `{${placeholder}}`)},
	{weight: 1, arbitrary: fc.tuple(name, fc.constantFrom(...patterns)).map(([placeholder, pattern]) => `{${placeholder}:${pattern}}`)},
	{weight: 1, arbitrary: fc.tuple(literal, name).map(([text, placeholder]) => `${text}{${placeholder}}`)},
);
/** A URI in FastRoute's syntax with distinct placeholder names (FastRoute refuses a name twice). */
const fastRouteUri = fc.record({
	segments: fc.array(segment, {maxLength: 3}),
	optional: fc.array(fc.array(segment, {minLength: 1, maxLength: 2}), {maxLength: 2}),
}).map(({segments, optional}) => `/${segments.join('/')}${optional.map((part) => `[/${part.join('/')}`).join('')}${']'.repeat(optional.length)}`)
	.filter((uri) => {
		const names = [...uri.matchAll(/\{(\w+)/g)].map((match) => match[1]);
		return new Set(names).size === names.length;
	});
/** What --uri accepts: segments and whole-segment {params}. */
const newUri = fc.array(fc.oneof(literal, name.map((placeholder) => `{${placeholder}}`)), {maxLength: 3})
	.map((segments) => `/${segments.join('/')}`)
	.filter((uri) => new Set(uri.match(/\{\w+\}/g) ?? []).size === (uri.match(/\{\w+\}/g) ?? []).length);

describe.skipIf(!hasFastRoute)('FastRoute, as edu reads it, against the real library', () => {
	it('the routes a URI registers: static or the regex FastRoute builds, one per optional part', () => {
		const uris = [
			'/', '/user/{id}', '/user/{id:\\d+}[/{name}]', '/api/station/{id}/status[/{optional}]', '/a/{b}[/{c}[/{d}]]', '/y/{year:\\d{4}}',
			'/s/{ x }', '/s/{x : [a-z]+ }', '/lang/{code:(?:fr|en)}', '/x.y+z', '/a~b', '/{1}', '/a{b', '/a[/b]/c]', '/a[/b', '/a]', '/a[]', '/a[/b][/c]', '',
			// A placeholder name twice: refused, in one part or across an optional one.
			'/t/{id}/{id}', '/t/{id:\\d+}/x{id}', '/t/{id}[/{id}]', '/t/{id}[/{name}]',
			...fc.sample(fastRouteUri, {numRuns: 200, seed: 22}),
		];
		const answers = oracle(uris.map((uri) => ({parse: uri})));
		uris.forEach((uri, index) => {
			const answer = answers[index]!;
			const mine = routeVariants(uri);
			if ('error' in answer) expect(mine, uri).toBeUndefined();
			else expect(mine?.map((variant) => (variant.static === undefined ? {regex: variant.regex} : {static: variant.static})), uri).toEqual(answer);
		});
	});

	it('a new route is refused exactly when FastRoute refuses it after the file\'s routes, and the file\'s own clashes are FastRoute\'s', () => {
		// `get` too: the router compares methods exactly, so it is another method than GET.
		const route = fc.record({uri: fastRouteUri, methods: fc.uniqueArray(fc.constantFrom(...methods, 'get'), {minLength: 1, maxLength: 2})});
		const cases = fc.sample(fc.record({routes: fc.array(route, {minLength: 1, maxLength: 6}), method: fc.constantFrom(...methods), uri: newUri}), {numRuns: 400, seed: 26});
		const answers = oracle(cases.flatMap(({routes, method, uri}) => [
			{routes: routes.map((entry) => [entry.methods, entry.uri] as [string[], string])},
			{routes: [...routes.map((entry) => [entry.methods, entry.uri] as [string[], string]), [[method], uri] as [string[], string]]},
		]));
		let refused = 0;
		cases.forEach(({routes, method, uri}, index) => {
			const text = routes.map((entry, at) => renderEntry({name: `r${at}`, uri: entry.uri, controller: 'C', methods: entry.methods}, 4, '\n')).join('');
			const alone = answers[2 * index] as {failedAt: {index: number} | null};
			const file = parsed(text);
			// FastRoute stops at the first route it refuses; edu lists every clash, the first one at the same route.
			expect(file.clashes[0]?.[1].name ?? null, text).toBe(alone.failedAt === null ? null : `r${alone.failedAt.index}`);
			if (alone.failedAt !== null) return;
			const added = answers[2 * index + 1] as {failedAt: {index: number; message: string} | null};
			const expected = added.failedAt?.index === routes.length;
			if (expected) refused++;
			expect(file.serving(method, uri) !== undefined, `${method} ${uri} after\n${text}${added.failedAt?.message ?? ''}`).toBe(expected);
			// The lookup that searches the text (the scanner's) and the one over every route (the full parse's) agree.
			const full = composeRoutes(text) as RoutesFile;
			expect(full.serving(method, uri)?.name).toBe(file.serving(method, uri)?.name);
		});
		// The comparison means something only if both verdicts come up often.
		expect(refused).toBeGreaterThan(cases.length / 20);
		expect(refused).toBeLessThan(cases.length * 0.9);
	});

	it('on the 2.3 skeleton\'s shapes: a placeholder of another name clashes, a pattern or a longer URI does not, a static URI under a variable route does', () => {
		const file = parsed(readFileSync(path.join(fixturesDir, 'skeleton', 'app/Config/routes.yaml'), 'utf8'));
		const verdicts = [['GET', '/profile/{x}'], ['GET', '/profile/{x}/{y}'], ['GET', '/profile/{x}/edit'], ['GET', '/profile/list'], ['PUT', '/profile/list'], ['GET', '/home'], ['GET', '/profile']]
			.map(([method, uri]) => [method, uri, file.serving(method!, uri!)?.name ?? null]);
		expect(verdicts).toEqual([
			['GET', '/profile/{x}', 'profile'],
			['GET', '/profile/{x}/{y}', null],
			['GET', '/profile/{x}/edit', 'profileEdit'],
			['GET', '/profile/list', 'profile'],
			['PUT', '/profile/list', null],
			['GET', '/home', 'home'],
			['GET', '/profile', null],
		]);
		const answers = oracle(verdicts.map(([method, uri]) => ({routes: [...file.entries.map((entry) => [[...entry.methods], entry.uri] as [string[], string]), [[method!], uri!] as [string[], string]]})));
		expect(answers.map((answer) => ('failedAt' in answer && answer.failedAt !== null))).toEqual(verdicts.map(([, , found]) => found !== null));
	});
});

describe('make:api on a project shaped like the 2.3 skeleton, with --uri', () => {
	async function make(args: string[]) {
		const root = tempProject('skeleton');
		const before = snapshotTree(root);
		const io = captureIo(root);
		const exitCode = await main(['make:api', ...args, '--yes'], io);
		return {exitCode, stderr: io.err(), unchanged: JSON.stringify(snapshotTree(root)) === JSON.stringify(before)};
	}

	it('a static URI that an earlier route\'s placeholder already matches is refused, naming that route, the project untouched', async () => {
		expect(await make(['list', '--uri', '/profile/list'])).toEqual({
			exitCode: 1,
			stderr: 'Route "profile" already serves GET /profile/{id}, which matches /profile/list.\napp/Config/routes.yaml:13: route "profile" serves it: choose another URI or other methods (--uri, --methods), or remove that route.\n',
			unchanged: true,
		});
	});

	it('the same URI with another placeholder name is refused; one the pattern route does not build is written', async () => {
		expect(await make(['other', '--uri', '/profile/{code}'])).toMatchObject({exitCode: 1, stderr: expect.stringContaining('Route "profile" already serves GET /profile/{id}.\n') as unknown});
		expect(await make(['pair', '--uri', '/profile/{a}/{b}'])).toMatchObject({exitCode: 0, unchanged: false});
		expect(await make(['list', '--uri', '/profile/list', '--methods', 'PUT'])).toMatchObject({exitCode: 0});
	});
});
