// Two behaviours a planted bug once slipped past: the method+URI collision is checked for every
// HTTP method of the new route (not only the first), and --json's top-level `uri` is the URI
// written with --uri (not the default one), as routes.yaml and the controller hold it.
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('the route collision is checked for every HTTP method', () => {
	it.each([['GET,POST'], ['GET,PUT,POST'], ['POST']])('villeBis --uri /api/ville --methods %s after ville --methods POST: refused, naming api_ville and POST', async (methods) => {
		const root = tempProject('sample');
		expect((await runMain(['make:api', 'ville', '--methods', 'POST', '--yes'], {cwd: root})).exitCode).toBe(0);
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'villeBis', '--uri', '/api/ville', '--methods', methods, '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr.split('\n').filter((line) => !line.startsWith('Warning: '))[0]).toBe('Route "api_ville" already serves POST /api/ville.');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('GET alone on the same URI is free: it is written', async () => {
		const root = tempProject('sample');
		expect((await runMain(['make:api', 'ville', '--methods', 'POST', '--yes'], {cwd: root})).exitCode).toBe(0);
		expect((await runMain(['make:api', 'villeBis', '--uri', '/api/ville', '--methods', 'GET', '--yes'], {cwd: root})).exitCode).toBe(0);
	});
});

describe('--json reports the URI written', () => {
	it.each([['/api/villes/{id}'], ['/api/ville/{id}/habitants'], ['/api/v2/ville']])('make:api ville --uri %s --json: "uri" is that URI, as in routes.yaml', async (uri) => {
		const root = tempProject('sample');
		const result = await runMain(['make:api', 'ville', '--uri', uri, '--json', '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		const report = JSON.parse(result.stdout) as {uri: string; routes: Array<{uri: string}>};
		expect(report.uri).toBe(uri);
		expect(report.routes.map((route) => route.uri)).toEqual([uri]);
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toContain(uri);
	});
});
