// routes.yaml judged by real Symfony YAML (what the framework reads it with): on every case of
// the corpus, edu refuses exactly what Symfony refuses (at the same line, with file:line:col) and
// appends only to files Symfony reads, and Symfony reads the result as the old routes plus the
// new one. Zero disagreements in either direction.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {plan} from '../../source/core/plan.js';
import type {Snapshot} from '../../source/core/project/project.js';
import {parseRoutes, routesPath} from '../../source/core/routes-yaml/routes.js';
import {hasPhp, symfonyVerdicts as symfony} from '../helpers/php.js';
import {fixturesDir, readProjectFile, runEdu, tempProject} from '../helpers/temp-project.js';

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
	...['sample', 'comments', 'crlf'].map((name): [string, string] => [`fixtures/${name}`, readFileSync(path.join(fixturesDir, name, routesPath), 'utf8')]),
];

describe.skipIf(!hasPhp)('routes.yaml: edu and Symfony YAML agree', () => {
	const verdicts = hasPhp ? symfony(corpus.map(([, text]) => text)) : [];
	it.each(corpus.map(([label, text], index) => [label, text, index] as const))('%s', (_label, text, index) => {
		const judged = verdicts[index]!;
		const routes = parseRoutes(text, routesPath, true);
		if (!judged.ok) {
			expect('code' in routes, `Symfony refuses it (${judged.message}), edu reads it`).toBe(true);
			if (!('code' in routes)) return;
			const line = Number(/^app\/Config\/routes\.yaml:(\d+):\d+: /.exec(routes.message)?.[1]);
			expect(line, `${routes.message} / Symfony: ${judged.message}`).toBe(judged.line);
			return;
		}
		expect('code' in routes ? routes.message : 'read', `Symfony reads it as ${JSON.stringify(judged.data)}`).toBe('read');
		if ('code' in routes) return;
		const snapshot: Snapshot = {root: '/project', routes, files: new Map()};
		const planned = plan({kind: 'api', name: 'FuzzNew'}, snapshot);
		expect(planned.refusals).toEqual([]);
		const after = planned.changes.find((change) => change.path === routesPath)!.after as string;
		// Every old byte kept; what is added uses the line end the file's first line end uses.
		expect(after.startsWith(text)).toBe(true);
		const style = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
		expect(after.slice(text.length).match(/\r\n|\r|\n/g)?.every((end) => end === style)).toBe(true);
		const [read] = symfony([after]);
		expect(read).toEqual({ok: true, data: {...(judged.data ?? {}) as object, 'api_fuzz-new': {uri: '/api/fuzz-new', controller: 'Controller\\api\\FuzzNewController', httpMethod: ['GET']}}});
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

		const result = await runEdu(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		const after = readProjectFile(root, routesPath);
		expect(after.startsWith(before.endsWith('\r') ? before : `${before}\r`)).toBe(true);
		expect(after).not.toContain('\n');
		expect(after.endsWith('api_ville:\r    uri: /api/ville\r    controller: Controller\\api\\VilleController\r    httpMethod: [GET]\r')).toBe(true);
		expect(symfony([after])).toEqual([{ok: true, data: {
			...(old as {data: object}).data,
			api_ville: {uri: '/api/ville', controller: 'Controller\\api\\VilleController', httpMethod: ['GET']},
		}}]);
	});
});
