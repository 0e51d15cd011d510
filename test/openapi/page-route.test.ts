// edu openapi --html never takes a path a route serves: on a project whose routes.yaml serves /doc
// (mock-veliko-api's Redoc page, fixtures/mock-project) it refuses, naming the route's line and a
// way out, and writes nothing. In-process through main(), on temp copies.
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {routeAtPage} from '../../source/openapi/html/page-route.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

const refusal = 'Refusing --html: route "apiDoc" (app/Config/routes.yaml:9) serves /doc, where the page would go (public/doc/, served at /doc/); edu start would answer that path with the page instead of Controller\\DocController. Nothing was written.\n'
	+ 'Way out: run edu openapi without --html (public/openapi.yaml only, which the route\'s own page can show), or move the route to another URI in app/Config/routes.yaml.\n';

describe('edu openapi --html and a route at /doc', () => {
	it.each([[['openapi', '--html']], [['openapi', '--html', '--dry-run']], [['openapi', '--html', '--force']]])('%j: refused with the route\'s routes.yaml:LINE and a way out, nothing written (exit 1)', async (args) => {
		const root = tempProject('mock-project');
		const before = snapshotTree(root);
		const result = await runMain(args, {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(refusal);
		expect(existsSync(path.join(root, 'public/doc/index.html'))).toBe(false);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--json: the refusal as a JSON error', async () => {
		const root = tempProject('mock-project');
		const result = await runMain(['openapi', '--html', '--json'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect((JSON.parse(result.stdout) as {error: {code: string}}).error.code).toBe('URI_TAKEN');
	});

	it('without --html: the specification is written as before, the route\'s page untouched', async () => {
		const root = tempProject('mock-project');
		const result = await runMain(['openapi'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(existsSync(path.join(root, 'public/openapi.yaml'))).toBe(true);
		expect(existsSync(path.join(root, 'public/doc'))).toBe(false);
	});

	it.each([
		['/doc', 'apiDoc'],
		['/doc/', 'apiDoc'],
		['\'/doc[/{section}]\'', 'apiDoc'],
		['/doc/{section}', undefined],
		['/docs', undefined],
		['/{page}', undefined],
		['/api/doc', undefined],
	])('a route at %s: %s', (uri, expected) => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), `apiDoc:\n    uri: ${uri}\n    controller: Controller\\DocController\n    httpMethod: [GET]\n`);
		expect(routeAtPage(root)?.name).toBe(expected);
	});
});
