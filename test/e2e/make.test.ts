// edu make:* run in temp copies of fixture projects: through main() in-process, and the built
// binary for the runs where the process itself is the point (its exit codes, no terminal).
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {hasPhp, phpLint, symfonyYamlParse, twigRender} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const goldenDir = path.join(fixturesDir, 'golden');
// Regenerate with `UPDATE_GOLDEN=1 npx vitest run test/e2e/make.test.ts`, then review the diff.
const updateGolden = process.env['UPDATE_GOLDEN'] === '1';

function filesUnder(root: string, folder = ''): string[] {
	const absolute = path.join(root, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute).flatMap((name) => {
		const relative = path.posix.join(folder, name);
		return statSync(path.join(root, relative)).isDirectory() ? filesUnder(root, relative) : [relative];
	});
}

describe('golden files: what each run writes, byte for byte', () => {
	it.each([
		['api-ville', ['make:api', 'ville']],
		['api-ville-by-id', ['make:api', 'VilleById', '--uri', '/api/ville/{id}', '--methods', 'GET,PUT,DELETE', '--description', "Une ville, ou l'erreur 404"]],
		['controller-villeRead', ['make:controller', 'villeRead']],
	])('%s', async (scenario, args) => {
		const root = tempProject('empty');
		const result = await runMain([...args, '--yes'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const written = filesUnder(root, 'app').filter((file) => !file.endsWith('.gitkeep')).sort();
		const golden = path.join(goldenDir, scenario);
		if (updateGolden) {
			for (const file of written) {
				mkdirSync(path.dirname(path.join(golden, file)), {recursive: true});
				writeFileSync(path.join(golden, file), readProjectFile(root, file));
			}
		}
		expect(written).toEqual(filesUnder(golden).sort());
		for (const file of written) {
			expect(readProjectFile(root, file), file).toBe(readFileSync(path.join(golden, file), 'utf8'));
		}
	});
});

describe('edu make:api in the sample project', () => {
	// The built binary, end to end: the exit codes the process itself sets.
	it('prints the class, the URI and the success line, then refuses a second run leaving the project unchanged', async () => {
		const root = tempProject('sample');
		const first = await runEdu(['make:api', 'ville', '--yes'], {cwd: root});
		expect(first).toEqual({
			exitCode: 0,
			stdout: 'Class : ./app/Controller/api/VilleController\nURI : /api/ville\n[OK] Controller and route successfully generated\n',
			stderr: '',
		});
		const before = snapshotTree(root);
		const second = await runEdu(['make:api', 'ville'], {cwd: root});
		expect(second).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: 'Route already exists.\napp/Config/routes.yaml:14: the route "api_ville" is exactly the entry edu writes for this name: choose another name, or pass --force to replace it.\n',
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('works from a folder below the project root', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:api', 'ville'], {cwd: path.join(root, 'app/Controller')});
		expect(result.exitCode).toBe(0);
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(true);
	});

	it('--dry-run --json reports /api/user-test with a warning and writes nothing', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'myUserTest', '--dry-run', '--json'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('');
		const report = JSON.parse(result.stdout);
		expect(report).toMatchObject({
			ok: true,
			kind: 'api',
			className: 'MyUserTestController',
			routeName: 'api_user-test',
			uri: '/api/user-test',
			methods: ['GET'],
			dryRun: true,
			files: [
				{path: 'app/Controller/api/MyUserTestController.php', action: 'create'},
				{path: 'app/Config/routes.yaml', action: 'modify'},
			],
		});
		expect(report.warnings).toHaveLength(1);
		expect(report.warnings[0]).toContain('"MyUserTest" for /api/my-user-test');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--dry-run prints the plan and the routes.yaml diff, warnings on stderr', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'myUserTest', '--dry-run'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toMatch(/^Warning: "myUserTest" starts with a lower-case word followed by capitals/);
		expect(result.stdout).toContain('Dry run: nothing was written.');
		expect(result.stdout).toContain('  create  app/Controller/api/MyUserTestController.php\n  modify  app/Config/routes.yaml\n');
		expect(result.stdout).toContain('--- a/app/Config/routes.yaml\n+++ b/app/Config/routes.yaml\n@@ -10,3 +10,8 @@\n');
		expect(result.stdout).toContain('+\n+api_user-test:\n+    uri: /api/user-test\n+    controller: Controller\\api\\MyUserTestController\n+    httpMethod: [GET]\n');
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['a CRLF routes.yaml: its lines keep their CRs', 'crlf', '+api_ville:\r\n'],
		['a routes.yaml without a final newline (the 2.3 skeleton): the diff says so', 'skeleton', '-    httpMethod: [GET,POST]\n\\ No newline at end of file\n+    httpMethod: [GET,POST]\n+api_ville:\n'],
	])('--dry-run on %s, and git apply turns the file into what the run writes', async (_what, fixture, fragment) => {
		const root = tempProject(fixture);
		const result = await runMain(['make:api', 'ville', '--dry-run'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const diff = result.stdout.slice(result.stdout.indexOf('--- a/app/Config/routes.yaml'));
		expect(diff).toContain(fragment);
		writeFileSync(path.join(root, 'routes.diff'), diff);
		const applied = await execa('git', ['apply', 'routes.diff'], {cwd: root, reject: false});
		expect(applied.stderr).toBe('');
		const written = tempProject(fixture);
		expect((await runMain(['make:api', 'ville', '--yes'], {cwd: written})).exitCode).toBe(0);
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toBe(readProjectFile(written, 'app/Config/routes.yaml'));
	});

	it('--json reports a refusal as JSON with exit code 1', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:api', 'hello', '--json'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(JSON.parse(result.stdout)).toEqual({
			ok: false,
			error: {code: 'ROUTE_EXISTS', message: 'Route already exists.'},
			file: 'app/Config/routes.yaml',
			line: 9,
			hint: 'the route "api_hello" is already there: choose another name, or remove that entry first (--force replaces only the entry edu writes for this name, with its URI and GET)',
		});
	});

	it('a missing name without a terminal is the usage error, exit 2, at once', async () => {
		const root = tempProject('sample');
		// The built binary: no terminal on stdin is the process's own, and it must not wait on it.
		const result = await runEdu(['make:api'], {cwd: root});
		expect(result).toEqual({exitCode: 2, stdout: '', stderr: 'Not enough arguments (missing: "controller-name")\n'});
		const json = await runMain(['make:api', '--json'], {cwd: root});
		expect(json.exitCode).toBe(2);
		expect(JSON.parse(json.stdout).error.code).toBe('MISSING_ARGUMENT');
	});

	it('an unknown flag is a usage error, exit 2', async () => {
		const result = await runMain(['make:api', 'ville', '--frobnicate'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain("unknown option '--frobnicate'");
	});

	it('an invalid name says why, exit 1', async () => {
		const result = await runMain(['make:api', 'ma-ville'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('Invalid controller name "ma-ville": the name cannot contain "-": a PHP class name uses only the letters A-Z and a-z, digits and _ (did you mean MaVille?).\n');
	});

	it('outside any project it says so, exit 1', async () => {
		const result = await runMain(['make:api', 'ville'], {cwd: tempProject()});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^No Edu Framework project in .* \(looked for a composer\.json requiring studoo\/edu-framework, or an app\/Config\/routes\.yaml file\): run edu at the project root, or pass --cwd; nothing was written\.\n$/);
	});

	it('a malformed routes.yaml is reported with file:line:col and left untouched', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), 'home:\n    uri: /\n    controller: [unclosed\n');
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'ville'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^app\/Config\/routes\.yaml:\d+:\d+: .+\n$/);
		expect(result.stderr).not.toContain('    at ');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('keeps CRLF and comments byte for byte', async () => {
		for (const fixture of ['crlf', 'comments']) {
			const root = tempProject(fixture);
			const before = readProjectFile(root, 'app/Config/routes.yaml');
			expect((await runMain(['make:api', 'ville'], {cwd: root})).exitCode).toBe(0);
			const after = readProjectFile(root, 'app/Config/routes.yaml');
			expect(after.startsWith(before)).toBe(true);
		}
	});
});

describe('edu make:controller', () => {
	it('villeRead creates the controller, the view app/Template/villeread/villeread.html.twig and the route villeread', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:controller', 'villeRead', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toBe('Class : ./app/Controller/VilleReadController\nURI : /villeread\nView : ./app/Template/villeread/villeread.html.twig\n[OK] Controller successfully generated\n');
		expect(result.stderr).toContain('Warning: "villeRead" starts with a lower-case word');
		expect(existsSync(path.join(root, 'app/Controller/VilleReadController.php'))).toBe(true);
		expect(existsSync(path.join(root, 'app/Template/villeread/villeread.html.twig'))).toBe(true);
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toContain('villeread:\n    uri: /villeread\n    controller: Controller\\VilleReadController\n    httpMethod: [GET]\n');
	});

	it('refuses an existing view, exit 1', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:controller', 'home'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stderr: 'Route already exists.\napp/Config/routes.yaml:3: the route "home" is already there: choose another name, or remove that entry first (--force replaces only the entry edu writes for this name, with its URI and GET).\n'});
	});
});

describe.skipIf(!hasPhp)('the result under PHP', () => {
	it('every generated PHP file passes php -l and routes.yaml reads back through Symfony YAML', async () => {
		const root = tempProject('comments');
		for (const args of [['make:api', 'ville'], ['make:api', 'VilleCode', '--uri', '/api/ville/code/{code}'], ['make:controller', 'VilleRead']]) {
			expect((await runMain(args, {cwd: root})).exitCode).toBe(0);
		}
		for (const file of filesUnder(root, 'app').filter((name) => name.endsWith('.php'))) {
			expect(phpLint(path.join(root, file))).toContain('No syntax errors detected');
		}
		const routes = symfonyYamlParse(readProjectFile(root, 'app/Config/routes.yaml')) as Record<string, unknown>;
		expect(Object.keys(routes)).toEqual(['home', 'api_ville_by_id', 'contact', 'api_ville', 'api_ville-code', 'ville-read']);
		expect(routes['api_ville-code']).toEqual({uri: '/api/ville/code/{code}', controller: 'Controller\\api\\VilleCodeController', httpMethod: ['GET']});
	});

	// The framework's own base.html.twig names its title block `titre`; a project's may say `title`.
	it.each([['skeleton', 'titre'], ['sample', 'title']])('make:controller in the %s fills the block its base.html.twig puts in <title> (%s): Twig renders the page with its title', async (fixture, block) => {
		const root = tempProject(fixture);
		expect((await runMain(['make:controller', 'Lyon', '--yes'], {cwd: root})).exitCode).toBe(0);
		expect(readProjectFile(root, 'app/Template/lyon/lyon.html.twig')).toContain(`{% block ${block} %}{{ titre }}{% endblock %}`);
		const page = twigRender(root, 'lyon/lyon.html.twig', {titre: 'LyonController'});
		expect(page).toMatch(/<title>LyonController<\/title>/);
		expect(page).toContain('<h1>LyonController</h1>');
	});
});
