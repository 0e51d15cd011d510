// Twenty runs at once, and runs killed at random moments: no route is ever lost, no route
// ever lacks its controller, routes.yaml always parses.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, watch, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build} from 'esbuild';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parseRoutes} from '../../source/project/routes-yaml/routes.js';
import {attemptsPastNotice, watchLockAttempts} from '../helpers/b-lock-attempts.js';
import {runMain} from '../helpers/run-main.js';
import {startSwapper} from '../helpers/swapper.js';
import {binPath, readProjectFile, repoRoot, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

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
		for (const result of results) {
			expect(result.exitCode, result.stderr).toBe(0);
			// A run that waited over a second for the others says so, and nothing else.
			expect(result.stderr, result.stderr).toMatch(/^(Waiting for another edu run \(pid \d+\) to finish writing app\/Config\/routes\.yaml: edu waits up to 30 s, Ctrl\+C stops it\.\n)?$/);
		}
		const after = readProjectFile(root, 'app/Config/routes.yaml');
		expect(after.startsWith(before)).toBe(true);
		const routes = routesOf(root);
		for (const name of names) {
			const kebab = `api_ressource${name.slice('Ressource'.length)}`;
			expect(routes.named(kebab), kebab).toBeDefined();
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
		const after = await runMain(['make:api', 'AfterTheKills', '--yes'], {cwd: root});
		expect(after, after.stderr).toMatchObject({exitCode: 0});
		const leftovers = [...readdirSync(path.join(root, 'app/Config')), ...readdirSync(path.join(root, 'app/Controller/api'))]
			.filter((file) => file.includes('.edu-tmp-'));
		expect(leftovers).toEqual([]);
	}, 120_000);
});

/** test/helpers/killed-commit.ts bundled once, next to dist/ so it finds templates/. */
async function killedCommitScript(): Promise<string> {
	const outfile = path.join(repoRoot, 'dist', 'test-helpers', 'killed-commit.mjs');
	await build({
		entryPoints: [path.join(repoRoot, 'test/helpers/killed-commit.ts')],
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

function deadPid(): number {
	const child = spawnSync(process.execPath, ['-e', '0']);
	return child.pid;
}

function dotFiles(root: string): string[] {
	return ['app/Config', 'app/Controller/api'].flatMap((folder) => readdirSync(path.join(root, folder)).filter((name) => name.startsWith('.')).map((name) => `${folder}/${name}`));
}

describe('a run killed between its two renames (controller in place, routes.yaml not yet)', () => {
	it('does not block the next run: it says so, removes the orphan controller, and writes', async () => {
		const script = await killedCommitScript();
		const root = tempProject('sample');
		const routesBefore = readProjectFile(root, 'app/Config/routes.yaml');
		const killed = spawnSync(process.execPath, [script, root, 'ville', 'rename-routes']);
		expect(killed.signal).toBe('SIGKILL');
		// The window itself: the controller is there, its route is not, the lock names a dead pid.
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(true);
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toBe(routesBefore);
		expect(dotFiles(root)).toContain('app/Config/.routes.yaml.edu-lock');

		const next = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(next, next.stderr).toMatchObject({exitCode: 0});
		expect(next.stderr).toBe('Warning: An earlier edu run was killed while writing: removed what it had half-written (app/Controller/api/VilleController.php).\n');
		expect(next.stdout).toContain('[OK] Controller and route successfully generated');
		expect(routesOf(root).named('api_ville')).toBeDefined();
		expect(dotFiles(root)).toEqual([]);
	}, 60_000);

	it('a run killed after its commit point (routes.yaml in place, lock not yet released) keeps what it wrote', async () => {
		const script = await killedCommitScript();
		const root = tempProject('sample');
		const killed = spawnSync(process.execPath, [script, root, 'ville', 'after-commit']);
		expect(killed.signal).toBe('SIGKILL');
		expect(dotFiles(root)).toContain('app/Config/.routes.yaml.edu-lock');
		const controller = readProjectFile(root, 'app/Controller/api/VilleController.php');

		const next = await runMain(['make:api', 'commune', '--yes'], {cwd: root});
		expect(next, next.stderr).toMatchObject({exitCode: 0, stderr: ''});
		expect(readProjectFile(root, 'app/Controller/api/VilleController.php')).toBe(controller);
		expect(routesOf(root).entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['api_ville', 'api_commune']));
		expect(dotFiles(root)).toEqual([]);
	}, 60_000);

	it('a --force run killed once it replaced the user\'s controller leaves what that file held in .edu/backups/, where the next run leaves it', async () => {
		const script = await killedCommitScript();
		const root = tempProject('sample');
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		writeFileSync(controller, '<?php // mine\n');
		const killed = spawnSync(process.execPath, [script, root, 'ville', 'rename-routes', 'force']);
		expect(killed.signal).toBe('SIGKILL');
		expect(readFileSync(controller, 'utf8')).toContain('class VilleController');
		const keptCopy = (): string => {
			const [stamp = ''] = readdirSync(path.join(root, '.edu/backups'));
			return readFileSync(path.join(root, '.edu/backups', stamp, 'app/Controller/api/VilleController.php'), 'utf8');
		};
		expect(keptCopy()).toBe('<?php // mine\n');
		const next = await runMain(['make:api', 'commune', '--yes'], {cwd: root});
		expect(next, next.stderr).toMatchObject({exitCode: 0});
		expect(keptCopy()).toBe('<?php // mine\n');
	}, 60_000);

	it('a controller the user changed since is kept (only files still as the killed run wrote them are removed)', async () => {
		const script = await killedCommitScript();
		const root = tempProject('sample');
		spawnSync(process.execPath, [script, root, 'ville', 'rename-routes']);
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		writeFileSync(controller, `${readFileSync(controller, 'utf8')}// edited\n`);
		const next = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(next.exitCode).toBe(1);
		expect(next.stderr).toMatch(/^Controller already exists\.\n/);
		expect(readFileSync(controller, 'utf8')).toMatch(/\/\/ edited\n$/);
	}, 60_000);
});

describe('the lock', () => {
	it('left by a killed run (its pid gone) is taken over at once', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/.routes.yaml.edu-lock'), JSON.stringify({pid: deadPid()}));
		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		// Taken over, not waited for: a wait of a second would have said "Waiting for another edu run" on stderr.
		expect(result, result.stderr).toMatchObject({exitCode: 0, stderr: ''});
		expect(routesOf(root).named('api_ville')).toBeDefined();
		expect(dotFiles(root)).toEqual([]);
	}, 60_000);

	it.each([['empty', ''], ['garbled', 'garbage\n']])('%s (no edu run wrote it): refused at once, naming the lock file and how to remove it', async (_case, content) => {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		writeFileSync(lock, content);
		const before = snapshotTree(root);
		// Refused, not waited for: a wait of a second would have said "Waiting for another edu run" on stderr.
		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `Cannot lock app/Config/routes.yaml: its lock file holds no edu run (it is empty or garbled); nothing was written. app/Config/.routes.yaml.edu-lock: if no edu run is writing, remove it (rm -f -- ${lock}) and run the command again.\n`,
		});
		expect(snapshotTree(root)).toEqual(before);
	}, 60_000);

	it.each([
		['SIGTERM', []],
		['SIGINT', []],
		['SIGINT', ['-q']],
	] as const)('%s while waiting for a live run\'s lock (flags %j) ends the run at once, nothing written, its own lock never taken; the wait was said after a second, but with -q', async (signal, flags) => {
		const root = tempProject('empty');
		mkdirSync(path.join(root, 'app/Config'), {recursive: true});
		// This test process holds the lock, as another edu run would.
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const before = snapshotTree(root);
		const attempts = watchLockAttempts(lock);
		const child = spawn(process.execPath, [binPath, 'make:api', 'ville', '--yes', ...flags], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		// Past the point where the wait is said (or would be, but for -q), by the run's own count of its tries.
		await attempts.reached(child.pid!, attemptsPastNotice);
		attempts.close();
		child.kill(signal);
		const code = await exited;
		// Ended by the signal, not by the lock's 30 s wait (that ends with exit 1, "Cannot lock", and outlasts this test's limit).
		// 128 + the signal's number, as the shell reports a command the signal ended.
		expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
		const waiting = `Waiting for another edu run (pid ${process.pid}) to finish writing app/Config/routes.yaml: edu waits up to 30 s, Ctrl+C stops it.\n`;
		expect(stderr).toBe(`${flags.length === 0 ? waiting : ''}Interrupted (${signal}) while waiting for another edu run to finish writing; nothing was written.\n`);
		expect(snapshotTree(root)).toEqual(before);
	}, 25_000);

	it.each(['SIGTERM', 'SIGINT'] as const)('%s sent while the files are being written lets the write finish: every file whole, the run done (exit 0)', (signal) => {
		const root = tempProject('sample');
		// Preloaded into the built edu: the signal is sent to itself as the first temp file (the
		// controller's) is flushed, before routes.yaml's is written.
		const preload = path.join(root, 'signal-on-fsync.cjs');
		writeFileSync(preload, `const fs = require('node:fs');
const fsync = fs.fsyncSync;
let sent = false;
fs.fsyncSync = (descriptor) => {
	if (!sent) process.kill(process.pid, ${JSON.stringify(signal)});
	sent = true;
	return fsync(descriptor);
};
`);
		const result = spawnSync(process.execPath, ['--require', preload, binPath, 'make:api', 'ville', '--yes'], {cwd: root, encoding: 'utf8'});
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('[OK] Controller and route successfully generated');
		expect(routesOf(root).named('api_ville')?.uri).toBe('/api/ville');
		expect(readProjectFile(root, 'app/Controller/api/VilleController.php')).toContain('class VilleController');
		expect(dotFiles(root)).toEqual([]);
		expect(readdirSync(root)).toContain('signal-on-fsync.cjs');
	});
});

describe('a folder swapped for a link to outside the project while make:api runs', () => {
	it('never puts a file with controller text outside (20 races)', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		const api = path.join(root, 'app/Controller/api');
		const found: string[] = [];
		const look = (name: string): void => {
			try {
				const text = readFileSync(path.join(outside, name), 'utf8');
				if (text.includes('Controller')) found.push(`${name}: ${text.slice(0, 200)}`);
			} catch {
				// Gone already.
			}
		};
		const watcher = watch(outside, (_event, name) => name && look(name));
		try {
			for (let round = 0; round < 20; round++) {
				// The folder is swapped for a link to `outside` and back, as fast as can be, during the run.
				symlinkSync(outside, `${api}.link`);
				const swapper = startSwapper(api);
				const run = await runMain(['make:api', `Race${round}`, '--yes'], {cwd: root});
				await swapper.stop();
				// Put the real folder back wherever the swapper stopped.
				for (const link of [api, `${api}.link`]) {
					if (lstatSync(link, {throwIfNoEntry: false})?.isSymbolicLink()) unlinkSync(link);
				}
				if (existsSync(`${api}.real`)) {
					// edu may have created app/Controller/api while it was briefly missing: keep what it wrote.
					if (existsSync(api)) {
						for (const name of readdirSync(api)) renameSync(path.join(api, name), path.join(`${api}.real`, name));
						rmSync(api, {recursive: true});
					}
					renameSync(`${api}.real`, api);
				}
				expect([0, 1]).toContain(run.exitCode);
				for (const name of readdirSync(outside)) look(name);
			}
		} finally {
			watcher.close();
		}
		expect(found).toEqual([]);
		expect(readdirSync(outside)).toEqual([]);
	}, 120_000);
});
