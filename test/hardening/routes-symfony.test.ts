// routes.yaml judged by real Symfony YAML (what the framework reads it with): on every case of
// the corpus, edu refuses exactly what Symfony refuses (at the same line, with file:line:col) and
// appends only to files Symfony reads, and Symfony reads the result as the old routes plus the
// new one. Zero disagreements in either direction.
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {plan} from '../../source/core/plan.js';
import type {Snapshot} from '../../source/core/project/project.js';
import {parseRoutes, routesPath} from '../../source/core/routes-yaml/routes.js';
import {hasPhp} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';

type Verdict = {ok: true; data: unknown} | {ok: false; line: number; message: string};

/** Every text through Symfony YAML in one PHP process. */
function symfony(texts: readonly string[]): Verdict[] {
	const script = `require "Symfony/Component/Yaml/autoload.php";
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $text) {
	try { $out[] = ['ok' => true, 'data' => Symfony\\Component\\Yaml\\Yaml::parse($text)]; }
	catch (Symfony\\Component\\Yaml\\Exception\\ParseException $e) { $out[] = ['ok' => false, 'line' => $e->getParsedLine(), 'message' => $e->getMessage()]; }
}
echo json_encode($out, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION);`;
	return JSON.parse(execFileSync('php', ['-r', script], {input: JSON.stringify(texts), encoding: 'utf8'})) as Verdict[];
}

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
	// The one known difference: Symfony reads a file whose only line ends are lone CRs (classic
	// Mac); edu refuses it with file:line:col, as it could not append a route in that style.
	it('lone-CR line ends: edu refuses what Symfony reads (the known exception, in the safe direction)', () => {
		const text = route.replaceAll('\n', '\r');
		expect(symfony([text])[0]!.ok).toBe(true);
		expect(parseRoutes(text, routesPath, true)).toMatchObject({code: 'BAD_PROJECT_FILE', message: expect.stringMatching(/^app\/Config\/routes\.yaml:2:1: a carriage return without a line feed/) as unknown});
	});

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
		const after = planned.changes.find((change) => change.path === routesPath)!.after;
		const [read] = symfony([after]);
		expect(read).toEqual({ok: true, data: {...(judged.data ?? {}) as object, 'api_fuzz-new': {uri: '/api/fuzz-new', controller: 'Controller\\api\\FuzzNewController', httpMethod: ['GET']}}});
	});
});
