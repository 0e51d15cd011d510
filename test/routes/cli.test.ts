// edu routes end to end, through main() in-process, in temp copies of fixture projects.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('the done-when project', () => {
	it('--check exits 0 while routes.yaml and the attributes agree, and 1 naming the route once a URI is edited away', async () => {
		const root = tempProject('openapi/project');
		const agreeing = await runMain(['routes', '--check'], {cwd: root});
		expect(agreeing).toEqual({
			exitCode: 0,
			stdout: [
				// Piped, whole rows (83 columns here): grep finds whole URIs and class names.
				'NAME          METHODS   URI              CONTROLLER                          STATUS',
				'home          GET       /                Controller\\HomeController           ok',
				'api_ville     GET,POST  /api/ville       Controller\\api\\VilleController      ok',
				'api_ville_id  GET       /api/ville/{id}  Controller\\api\\VilleByIdController  ok',
				'',
				'3 routes, no problems: routes.yaml, controllers and attributes agree.',
				'',
			].join('\n'),
			stderr: '',
		});

		const routes = readProjectFile(root, 'app/Config/routes.yaml');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), routes.replace('uri: /api/ville\n', 'uri: /api/villes\n'));
		const before = snapshotTree(root);
		const drifted = await runMain(['routes', '--check'], {cwd: root});
		expect(drifted.exitCode).toBe(1);
		expect(drifted.stdout).toContain('api_ville     GET,POST  /api/villes');
		expect(drifted.stdout).toContain("  api_ville (app/Config/routes.yaml:7): no operation attribute of VilleController has path '/api/villes'; its attributes say '/api/ville' (app/Controller/api/VilleController.php:11). The route's uri and the attribute's path must be identical");
		expect(drifted.stderr).toBe('edu routes --check: 2 problems (api_ville, app/Controller/api/VilleController.php:11)\n');
		expect(snapshotTree(root)).toEqual(before);

		// Piped, COLUMNS set to a width is the width; anything else is not one, and rows stay whole.
		const narrow = await runMain(['routes'], {cwd: root, env: {COLUMNS: '80'}});
		expect(narrow.stdout).toContain(' …\\api\\VilleByIdController ');
		const notAWidth = await runMain(['routes'], {cwd: root, env: {COLUMNS: 'wide'}});
		expect(notAWidth.stdout).toContain('Controller\\api\\VilleByIdController  ok');

		// Without --check the same report, exit 0.
		const listed = await runMain(['routes'], {cwd: root});
		expect(listed.exitCode).toBe(0);
		expect(listed.stdout).toBe(drifted.stdout);
		expect(listed.stderr).toBe('');
	});
});

describe('output', () => {
	it('--json: one object with every row, its status and problems', async () => {
		const root = tempProject('drift/method-undocumented');
		const result = await runMain(['routes', '--json', '--check'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(JSON.parse(result.stdout)).toEqual({
			ok: false,
			error: {code: 'ROUTE_PROBLEMS', message: 'edu routes --check: 1 problem (api_ville)'},
			problems: 1,
			routes: [{
				name: 'api_ville',
				methods: ['GET', 'POST'],
				uri: '/api/ville',
				controller: 'Controller\\api\\VilleController',
				file: 'app/Controller/api/VilleController.php',
				at: {file: 'app/Config/routes.yaml', line: 1},
				status: 'no #[Post]',
				problems: [{code: 'METHOD_UNDOCUMENTED', message: "POST is in httpMethod but VilleController has no #[Attributes\\Post(path: '/api/ville')]"}],
			}],
		});
	});

	it('--json without --check: the listing is done (ok, exit 0) and counts the problems, as the table does', async () => {
		const root = tempProject('drift/method-undocumented');
		const result = await runMain(['routes', '--json'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const report = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(report).toMatchObject({ok: true, problems: 1});
		expect(report).not.toHaveProperty('error');
	});

	it('--json: a row without a route is placed at its attribute, in the controller file', async () => {
		const root = tempProject('openapi/no-info');
		const result = await runMain(['routes', '--json'], {cwd: root});
		const [row] = (JSON.parse(result.stdout) as {routes: Array<{name: string | null; file: string; at: {file: string; line: number}}>}).routes;
		expect(row?.name).toBeNull();
		expect(row?.at).toEqual({file: row?.file, line: expect.any(Number) as number});
		const lines = readFileSync(path.join(root, row!.file), 'utf8').split('\n');
		expect(lines[row!.at.line - 1]).toContain('Attributes\\Get(');
	});

	it('every line of the table fits an 80-column terminal on the generated-controller names', async () => {
		const root = tempProject('empty');
		for (const name of ['VeryLongResourceNameForStudents', 'ville']) {
			expect((await runMain(['make:api', name, '--methods', 'GET,POST,PUT,PATCH,DELETE', '--yes'], {cwd: root})).exitCode).toBe(0);
		}
		const result = await runMain(['routes'], {cwd: root, env: {COLUMNS: '80'}});
		expect(result.exitCode).toBe(0);
		for (const line of result.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
		expect(result.stdout).toContain('2 routes, no problems');
	});

	it('in a 60-column terminal a long problem is broken between words (each line fits), and piped it is one line', async () => {
		const root = tempProject('openapi/project');
		const routesFile = path.join(root, 'app/Config/routes.yaml');
		writeFileSync(routesFile, readFileSync(routesFile, 'utf8').replace('uri: /api/ville\n', 'uri: /api/villes\n'));
		const io = captureIo(root);
		expect(await main(['routes'], {...io, stdout: {...io.stdout, isTTY: true, columns: 60}})).toBe(0);
		const shown = io.out().split('\n');
		const problems = shown.slice(shown.findIndex((line) => / problems?:$/.test(line)) + 1).filter((line) => line !== '');
		expect(problems.length).toBeGreaterThan(2);
		for (const line of problems) expect(line.length, line).toBeLessThanOrEqual(60);
		const piped = await runMain(['routes'], {cwd: root});
		const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
		expect(words(problems.join(' '))).toEqual(words(piped.stdout.slice(piped.stdout.indexOf('problems:') + 'problems:'.length)));
	});

	it('no routes.yaml: operation attributes are listed as having no route', async () => {
		const root = tempProject('openapi/no-info');
		const io = captureIo(root);
		expect(await main(['routes', '--check'], io)).toBe(1);
		expect(io.out()).toContain("-     GET      /api/hello  Controller\\api\\HelloController  no route");
		expect(io.out()).toContain('0 routes, 1 problem:');
	});

	it('a malformed routes.yaml is an error naming file:line:col, exit 1', async () => {
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), 'home:\n    uri: /\n  controller: [oops\n');
		const result = await runMain(['routes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(/^app\/Config\/routes\.yaml:\d+:\d+: /);
	});

	it('--help shows the examples', async () => {
		const io = captureIo(process.cwd());
		expect(await main(['routes', '--help'], io)).toBe(0);
		expect(io.out()).toContain('$ edu routes --check');
	});
});
