// Twenty runs at once, and runs killed at random moments: no route is ever lost, no route
// ever lacks its controller, routes.yaml always parses.
import {spawn} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parseRoutes} from '../../source/core/routes.js';
import {binPath, readProjectFile, runEdu, tempProject} from '../helpers/temp-project.js';

function routesOf(root: string) {
	const file = parseRoutes(readProjectFile(root, 'app/Config/routes.yaml'));
	if ('code' in file) throw new Error(file.message);
	return file;
}

/** A route's controller class → its file under app/ (PSR-4). */
function controllerFile(root: string, controller: string): string {
	return path.join(root, 'app', `${controller.replace(/\\/g, '/')}.php`);
}

describe('concurrent runs', () => {
	it('twenty make:api runs started at once end with twenty new routes and controllers, earlier routes intact', async () => {
		const root = tempProject('sample');
		const before = readProjectFile(root, 'app/Config/routes.yaml');
		const names = Array.from({length: 20}, (_, index) => `Ressource${index}`);
		const results = await Promise.all(names.map((name) => runEdu(['make:api', name, '--yes'], {cwd: root})));
		for (const result of results) expect(result, result.stderr).toMatchObject({exitCode: 0, stderr: ''});
		const after = readProjectFile(root, 'app/Config/routes.yaml');
		expect(after.startsWith(before)).toBe(true);
		const routes = routesOf(root);
		for (const name of names) {
			const kebab = `api_ressource${name.slice('Ressource'.length)}`;
			expect(routes.byName.has(kebab), kebab).toBe(true);
			expect(existsSync(path.join(root, `app/Controller/api/${name}Controller.php`))).toBe(true);
		}
		expect(routes.entries).toHaveLength(2 + 20);
		expect(readdirSync(path.join(root, 'app/Config')).filter((name) => name.startsWith('.'))).toEqual([]);
	}, 120_000);

	it('two runs racing for the same name: one writes, the other says Route already exists.', async () => {
		const root = tempProject('sample');
		const results = await Promise.all([1, 2, 3].map(() => runEdu(['make:api', 'ville', '--yes'], {cwd: root})));
		expect(results.map((result) => result.exitCode).sort()).toEqual([0, 1, 1]);
		for (const result of results.filter((candidate) => candidate.exitCode === 1)) {
			expect(result.stderr).toMatch(/^(Route already exists\.|Controller already exists\.)\n(app\/\S+: [^\n]+\n)?$/);
		}
		expect(routesOf(root).entries.filter((entry) => entry.name === 'api_ville')).toHaveLength(1);
	}, 60_000);
});

describe('runs killed at random moments (SIGKILL)', () => {
	it('leave routes.yaml parseable, and no route without its controller file', async () => {
		const root = tempProject('sample');
		await fc.assert(
			fc.asyncProperty(fc.integer({min: 0, max: 400}), async (delay) => {
				const name = `Kill${Math.random().toString(36).slice(2, 8)}`;
				const child = spawn(process.execPath, [binPath, 'make:api', name, '--yes'], {cwd: root, stdio: 'ignore'});
				const exited = new Promise((resolve) => child.on('exit', resolve));
				await new Promise((resolve) => setTimeout(resolve, delay));
				child.kill('SIGKILL');
				await exited;
				const routes = routesOf(root);
				for (const entry of routes.entries) {
					expect(existsSync(controllerFile(root, entry.controller)), `${entry.name} → ${entry.controller}`).toBe(true);
				}
				for (const file of readdirSync(path.join(root, 'app/Controller/api'))) {
					if (file.endsWith('.php') && !file.startsWith('.')) expect(readFileSync(path.join(root, 'app/Controller/api', file), 'utf8')).toMatch(/\}\n$/);
				}
			}),
			{numRuns: 15},
		);
		// A later run cleans what the killed ones left (temp files, a stale lock) and succeeds.
		const after = await runEdu(['make:api', 'AfterTheKills', '--yes'], {cwd: root});
		expect(after, after.stderr).toMatchObject({exitCode: 0});
		const leftovers = [...readdirSync(path.join(root, 'app/Config')), ...readdirSync(path.join(root, 'app/Controller/api'))]
			.filter((file) => file.includes('.edu-tmp-'));
		expect(leftovers).toEqual([]);
	}, 120_000);
});
