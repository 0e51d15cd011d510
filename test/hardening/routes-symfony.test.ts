// routes.yaml judged by real Symfony YAML (what the framework reads it with): on every case of
// the corpus, edu refuses exactly what Symfony refuses (at the same line, with file:line:col) and
// appends only to files Symfony reads, and Symfony reads the result as the old routes plus the
// new one. Zero disagreements in either direction.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {routesPath} from '../../source/project/routes-yaml/routes.js';
import {hasPhp, symfonyVerdicts as symfony} from '../helpers/php.js';
import {disagreement, edu, newRoute, routesOf} from '../helpers/symfony-routes.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, tempProject} from '../helpers/temp-project.js';

const route = 'index:\n    uri: /\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n';
const corpus: Array<[string, string]> = [
	['a tag on a route', 'index: !route\n    uri: /\n    controller: A\n    httpMethod: [GET]\n'],
	['a tag on a value', 'index:\n    uri: !route /\n    controller: A\n    httpMethod: [GET]\n'],
	['a tag in a flow list', 'index:\n    uri: /\n    controller: A\n    httpMethod: [GET, !m POST]\n'],
	['!!map', 'index: !!map\n    uri: /\n    controller: A\n    httpMethod: [GET]\n'],
	['!!str on a value', 'index:\n    uri: !!str /\n    controller: A\n    httpMethod: [GET]\n'],
	['a verbatim tag', 'index:\n    uri: !<tag:x,2000:u> /\n    controller: A\n    httpMethod: [GET]\n'],
	['a %TAG directive', `%TAG ! tag:example.com,2000:\n---\n${route}`],
	['a %FOO directive', `%FOO bar\n---\n${route}`],
	['a %YAML directive', `%YAML 1.2\n---\n${route}`],
	['a lone CR in a comment', `# one\rtwo\n${route}`],
	['a lone CR after a value', 'index:\n    uri: / # c\rd\n    controller: A\n    httpMethod: [GET]\n'],
	['a lone CR ending a comment', `# one\r${route}`],
	['lone-CR line ends only (classic Mac)', route.replaceAll('\n', '\r')],
	['lone-CR line ends, no final one', route.replaceAll('\n', '\r').slice(0, -1)],
	['lone-CR line ends, spaced routes', `${route}\n${route.replace('index', 'other')}`.replaceAll('\n', '\r')],
	['a lone CR inside a quoted URI', 'index:\n    uri: "/a\rb"\n    controller: A\n    httpMethod: [GET]\n'],
	['mixed line ends: LF, then CRLF and lone CRs', `${route}other:\r\n    uri: /o\r    controller: B\r\n    httpMethod: [GET]\r`],
	['mixed line ends: lone CR first, then LF', `${route.replaceAll('\n', '\r')}other:\n    uri: /o\n    controller: B\n    httpMethod: [GET]\n`],
	['CRLF line ends', route.replaceAll('\n', '\r\n')],
	['a whitespace-only file with a tab', ' \t \n'],
	['a tab-only file', '\t\n'],
	['tabs as indentation', 'index:\n\turi: /\n\tcontroller: A\n\thttpMethod: [GET]\n'],
	['a blank line with a tab', `${route}\t\n`],
	['a tab after the colon', 'index:\n    uri:\t/\n    controller: A\n    httpMethod: [GET]\n'],
	['a tab after a value', 'index:\n    uri: /\t\n    controller: A\n    httpMethod: [GET]\n'],
	['a tab before a comment', `${route}    \t# note\n`],
	['a tab before a comment at the end', `${route} \t# note`],
	['a tab-indented comment opening the file', `\t# routes\n${route}`],
	['a tab in a quoted URI', 'index:\n    uri: "/a\tb"\n    controller: A\n    httpMethod: [GET]\n'],
	['an exclamation mark in a comment', `# do not edit!\n${route}`],
	['an exclamation mark in a quoted URI', 'index:\n    uri: "/a!b"\n    controller: A\n    httpMethod: [GET]\n'],
	['an empty file', ''],
	['only a comment', '# routes\n'],
	// Found by the fuzz suite (routes-fuzz.test.ts), each reduced to its smallest form.
	['a --- that ends the file', '---'],
	['%YAML, then a --- that ends the file', '%YAML 1.2\n---'],
	['a comment, then a --- that ends the file', '# routes\n---'],
	['something after the first ---', `--- home:\n${route}`],
	['%YAML 1.1 and a route named y', `%YAML 1.1\n---\n${route.replace('index', 'y')}`],
	['a directive before a tab', `%TAG ! tag:example.com,2000:\n---\n\t# routes\n${route}`],
	['a tag before a tab', 'index: !route\n  \turi: /\n'],
	['a null key inside a route', 'index:\n    null: 1\n    uri: /\n    controller: A\n    httpMethod: [GET]\n'],
	['a route named nULL', route.replace('index', 'nULL')],
	['a route named 1.5', route.replace('index', '1.5')],
	['a route named 1e3', route.replace('index', '1e3')],
	['a route named 2001-12-14', route.replace('index', '2001-12-14')],
	...['1_000', '012', '09', '+12', '0x1F', '-x'].map((name): [string, string] => [`a route named ${name}`, route.replace('index', name)]),
	['a key twice in a nested mapping', `${route}    defaults:\n        a: 1\n        a: 2\n`],
	['a key twice as 1 and "1"', `${route}    defaults:\n        1: a\n        "1": b\n`],
	['a date as the URI', 'index:\n    uri: 2001-12-14\n    controller: A\n    httpMethod: [GET]\n'],
	['1_000 as the URI', 'index:\n    uri: 1_000\n    controller: A\n    httpMethod: [GET]\n'],
	['nULL as the controller', 'index:\n    uri: /\n    controller: nULL\n    httpMethod: [GET]\n'],
	['tRUE as a method', 'index:\n    uri: /\n    controller: A\n    httpMethod: [GET, tRUE]\n'],
	['text after a flow list', 'index:\n    uri: /\n    controller: A\n    httpMethod: [GET]x\n'],
	['# right after a flow list', 'index:\n    uri: /\n    controller: A\n    httpMethod: [GET]#\n'],
	['a flow list closed early', 'index:\n    uri: /\n    controller: A\n    httpMethod: [G]T,POST]\n'],
	['a URI starting with a comma', 'index:\n    uri: ,x\n    controller: A\n    httpMethod: [GET]\n'],
	['a URI starting with ]', 'index:\n    uri: ]x\n    controller: A\n    httpMethod: [GET]\n'],
	['a route name starting with ]', route.replace('index', ']index')],
	['a method item starting with }', 'index:\n    uri: /\n    controller: A\n    httpMethod:\n        - }GET\n'],
	['a controller ending with a colon', 'index:\n    uri: /\n    controller: A:\n    httpMethod: [GET]\n'],
	['several scalars the yaml package refuses and Symfony reads', 'index:\n    uri: ,x\n    controller: ]A:\n    httpMethod: [GET]x\n'],
	['a byte-order mark before the first route', `\uFEFF${route}`],
	['a byte-order mark before a comment', `\uFEFF# routes\n${route}`],
	['a byte-order mark before a blank line', `\uFEFF\n${route}`],
	['an alias as a URI', `${route}other:\n    uri: &u /o\n    controller: B\n    httpMethod: [GET]\nthird:\n    uri: *u\n    controller: C\n    httpMethod: [POST]\n`],
	['a merge key', `${route}other:\n    <<: *r\n    uri: /o\n`.replace('index:', 'index: &r')],
	['an explicit key', `? index\n: {uri: /, controller: A, httpMethod: [GET]}\n`],
	['an explicit key in a route', `${route}    ? defaults\n`],
	['a document end marker', `${route}...\n`],
	['--- and a document end marker', `---\n${route}...\n`],
	['--- and a URI ending the file with ...', '---\nindex:\n    controller: A\n    httpMethod: [GET]\n    uri: /a...'],
	['{} as the methods', 'index:\n    uri: /\n    controller: A\n    httpMethod: {}\n'],
	['# right after a quoted URI', "index:\n    uri: '/x'#c\n    controller: A\n    httpMethod: [GET]\n"],
	['a URI starting with a dash and a space', 'index:\n    uri: - x\n    controller: A\n    httpMethod: [GET]\n'],
	['a URI starting with a question mark and a space', 'index:\n    uri: ? x\n    controller: A\n    httpMethod: [GET]\n'],
	['a !!binary URI', 'index:\n    uri: !!binary L2hlbGxv\n    controller: A\n    httpMethod: [GET]\n'],
	['a controller with two colons', 'index:\n    uri: /\n    controller: A: b:\n    httpMethod: [GET]\n'],
	...['sample', 'comments', 'crlf'].map((name): [string, string] => [`fixtures/${name}`, readFileSync(path.join(fixturesDir, name, routesPath), 'utf8')]),
];

describe.skipIf(!hasPhp)('routes.yaml: edu and Symfony YAML agree', () => {
	const verdicts = hasPhp ? symfony(corpus.map(([, text]) => text)) : [];
	it.each(corpus.map(([label, text], index) => [label, text, index] as const))('%s', (_label, text, index) => {
		const judged = verdicts[index]!;
		const ours = edu(text);
		const reread = 'after' in ours && ours.after !== undefined ? symfony([ours.after])[0] : undefined;
		// Refused by both at the same line, or read by both as the same routes; appended so that Symfony reads the old routes plus the new one.
		expect(disagreement(text, ours, judged, reread, 'all')).toBeUndefined();
		if (!judged.ok || routesOf(judged.data, judged.keys) === undefined) return;
		// Read, and appended to, unless the file ends where a route cannot follow (a final `...`).
		if ('after' in ours && ours.planRefusal !== undefined) {
			expect(ours.planRefusal).toMatch(/cannot append a route: (?:something other than comments follows the last route|it ends with "\.\.\.")/);
			return;
		}
		const after = (ours as {after: string}).after;
		// Every old byte kept; what is added uses the line end the file's first line end uses.
		expect(after.startsWith(text)).toBe(true);
		const style = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
		expect(after.slice(text.length).match(/\r\n|\r|\n/g)?.every((end) => end === style)).toBe(true);
		expect(reread).toEqual({ok: true, data: {...(judged.data ?? {}) as object, 'api_fuzz-new': newRoute}, keys: [...judged.keys ?? [], 'api_fuzz-new']});
	});
});

describe.skipIf(!hasPhp)('make:api on a routes.yaml with lone-CR line ends (classic Mac)', () => {
	it('writes the route in lone CRs, keeps every old byte, and Symfony YAML reads the result', async () => {
		const root = tempProject('sample');
		const file = path.join(root, routesPath);
		const before = readFileSync(file, 'utf8').replaceAll('\n', '\r');
		writeFileSync(file, before);
		const [old] = symfony([before]);
		expect(old).toMatchObject({ok: true});

		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		const after = readProjectFile(root, routesPath);
		expect(after.startsWith(before.endsWith('\r') ? before : `${before}\r`)).toBe(true);
		expect(after).not.toContain('\n');
		expect(after.endsWith('api_ville:\r    uri: /api/ville\r    controller: Controller\\api\\VilleController\r    httpMethod: [GET]\r')).toBe(true);
		expect(symfony([after])).toEqual([{ok: true, keys: [...(old as {keys: string[]}).keys, 'api_ville'], data: {
			...(old as {data: object}).data,
			api_ville: {uri: '/api/ville', controller: 'Controller\\api\\VilleController', httpMethod: ['GET']},
		}}]);
	});
});
