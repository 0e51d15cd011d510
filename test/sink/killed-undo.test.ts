// `kill -9` at every step of an `edu undo`: routes.yaml always reads, no route is ever left
// without its controller, and the next runs finish the job (the project as before the make).
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';
import {parseRoutes} from '../../source/project/routes-yaml/routes.js';
import {runMain} from '../helpers/run-main.js';
import {repoRoot, snapshotTree, tempProject} from '../helpers/temp-project.js';

function projectTree(root: string): Record<string, string> {
	return Object.fromEntries(Object.entries(snapshotTree(root)).filter(([file]) => file !== '.edu/' && !file.startsWith('.edu/')));
}

/** test/helpers/killed-undo.ts bundled once, next to dist/. */
async function killedUndoScript(): Promise<string> {
	const outfile = path.join(repoRoot, 'dist', 'test-helpers', 'killed-undo.mjs');
	await build({
		entryPoints: [path.join(repoRoot, 'test/helpers/killed-undo.ts')],
		outfile,
		bundle: true,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		banner: {js: "import {createRequire as __createRequire} from 'node:module';\nconst require = __createRequire(import.meta.url);"},
		logLevel: 'warning',
	});
	return outfile;
}

/** Every route of routes.yaml has its controller file (PSR-4 from app/). */
function expectRoutesWhole(root: string): void {
	const routes = parseRoutes(readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8'));
	if ('code' in routes) throw new Error(`routes.yaml does not read: ${routes.message}`);
	for (const entry of routes.entries) {
		const file = path.join(root, 'app', `${entry.controller.replace(/^\\/, '').replaceAll('\\', '/')}.php`);
		expect(existsSync(file), `${entry.name} → ${entry.controller}`).toBe(true);
	}
}

describe('edu undo killed (SIGKILL) at each of its steps', () => {
	it('never leaves routes.yaml unreadable or a route without its controller; the next runs finish it', async () => {
		const script = await killedUndoScript();
		const setUp = async (): Promise<{root: string; before: Record<string, string>}> => {
			const root = tempProject('sample');
			const before = projectTree(root);
			expect(await runMain(['make:api', 'ville', '--yes'], {cwd: root})).toMatchObject({exitCode: 0});
			return {root, before};
		};
		// A run that is not killed says how many changes to the disk it makes.
		const whole = await setUp();
		const steps = Number(spawnSync(process.execPath, [script, whole.root, '1000000'], {encoding: 'utf8'}).stdout);
		expect(projectTree(whole.root)).toEqual(whole.before);
		expect(steps).toBeGreaterThan(5);
		for (let nth = 1; nth <= steps; nth++) {
			const {root, before} = await setUp();
			const killed = spawnSync(process.execPath, [script, root, String(nth)]);
			expect(killed.signal, `step ${nth}`).toBe('SIGKILL');
			expectRoutesWhole(root);
			// The next write on routes.yaml settles the killed undo; then what is left is taken back.
			expect(await runMain(['make:api', 'other', '--yes'], {cwd: root}), `step ${nth}`).toMatchObject({exitCode: 0});
			expectRoutesWhole(root);
			expect(await runMain(['undo', '--yes'], {cwd: root}), `step ${nth}`).toMatchObject({exitCode: 0});
			if (existsSync(path.join(root, 'app/Controller/api/VilleController.php'))) expect(await runMain(['undo', '--yes'], {cwd: root}), `step ${nth}`).toMatchObject({exitCode: 0});
			expect(projectTree(root), `step ${nth}`).toEqual(before);
		}
	}, 120_000);
});
