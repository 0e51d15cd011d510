// The bin's compiled code is cached between runs in the user's own folder under the system temp
// folder (V8's code cache through node:vm, on every Node version): a
// run from the cache prints exactly what a run without it prints, a damaged cache only costs
// time, a folder others can write is never used, and nothing lands in the project. The folder
// keeps the caches of this version of edu alone, and at most maxCacheFiles of them, with what a
// project's PHP files said to edu routes (read again once a file changed).
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {cachesToRemove, maxCacheFiles} from '../../source/launch/code-cache.js';
import {runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const uid = process.getuid?.();
/** The version the built bin names its caches with. */
const {version} = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {version: string};
const args = ['make:api', 'Ville', '--yes', '--dry-run', '--json'];

/** The cache folder edu uses under `temp`. */
function cacheFolder(temp: string): string {
	return path.join(temp, `edu-scaffold-code-cache${uid === undefined ? '' : `-${uid}`}`);
}

/** The files under `folder`, as paths relative to it. */
function cacheFiles(folder: string): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder, {recursive: true}).map(String).filter((name) => statSync(path.join(folder, name)).isFile());
}

function env(temp: string): Record<string, string> {
	// TMPDIR is where the cache goes (os.tmpdir()).
	return {TMPDIR: temp, TEMP: temp, TMP: temp};
}

describe('the code cache', () => {
	test('the first run writes it in the user\'s temp folder, never in the project; later runs print the same', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		const before = snapshotTree(project);
		const uncached = await runEdu(args, {cwd: project, env: {...env(temp), NODE_DISABLE_COMPILE_CACHE: '1'}});
		expect(uncached.exitCode).toBe(0);
		expect(existsSync(cacheFolder(temp))).toBe(false);

		const first = await runEdu(args, {cwd: project, env: env(temp)});
		expect(cacheFiles(cacheFolder(temp)).length).toBeGreaterThan(0);
		const second = await runEdu(args, {cwd: project, env: env(temp)});
		for (const run of [first, second]) expect(run).toEqual(uncached);
		expect(snapshotTree(project)).toEqual(before);
	});

	test('each kind of run has a cache of its own, written once', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		const caches = (): string[] => cacheFiles(cacheFolder(temp)).filter((name) => name.endsWith('.bin')).sort();
		expect((await runEdu(['list'], {cwd: project, env: env(temp)})).exitCode).toBe(0);
		const [help] = caches();
		expect(caches()).toHaveLength(1);
		const helpBytes = readFileSync(path.join(cacheFolder(temp), help!));
		expect((await runEdu(args, {cwd: project, env: env(temp)})).exitCode).toBe(0);
		expect(caches()).toHaveLength(2);
		// The list cache holds what list compiled, no more: the make:api run left it alone.
		expect(readFileSync(path.join(cacheFolder(temp), help!)).equals(helpBytes)).toBe(true);

		const make = caches().find((name) => name !== help)!;
		const written = statSync(path.join(cacheFolder(temp), make)).mtimeMs;
		expect((await runEdu(['make:api', 'Commune', '--yes', '--dry-run', '--json'], {cwd: project, env: env(temp)})).exitCode).toBe(0);
		expect(caches()).toEqual([help, make].sort());
		expect(statSync(path.join(cacheFolder(temp), make)).mtimeMs).toBe(written);
	});

	test('a cache written by a run that was refused is replaced by the first run of its kind that succeeds', async () => {
		const temp = tempProject();
		const outside = tempProject();
		const project = tempProject('sample');
		const sizes = (): number[] => cacheFiles(cacheFolder(temp)).filter((name) => name.endsWith('.bin')).map((name) => statSync(path.join(cacheFolder(temp), name)).size);
		// No project here: refused before anything is planned, so it compiles little.
		expect((await runEdu(args, {cwd: outside, env: env(temp)})).exitCode).toBe(1);
		const [refused] = sizes();
		expect(sizes()).toHaveLength(1);

		const uncached = await runEdu(args, {cwd: project, env: {...env(temp), NODE_DISABLE_COMPILE_CACHE: '1'}});
		const first = await runEdu(args, {cwd: project, env: env(temp)});
		expect(first).toEqual(uncached);
		// One cache for the kind of run, now holding what a whole run compiles.
		expect(sizes()).toHaveLength(1);
		expect(sizes()[0]).toBeGreaterThan(refused! * 1.2);
		const written = cacheFiles(cacheFolder(temp)).map((name) => statSync(path.join(cacheFolder(temp), name)).mtimeMs);

		// Then left alone, by runs that succeed and by runs that are refused.
		expect(await runEdu(args, {cwd: project, env: env(temp)})).toEqual(uncached);
		expect((await runEdu(args, {cwd: outside, env: env(temp)})).exitCode).toBe(1);
		expect(cacheFiles(cacheFolder(temp)).map((name) => statSync(path.join(cacheFolder(temp), name)).mtimeMs)).toEqual(written);
	});

	test('a damaged cache is replaced, and the run prints what it always does', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		const first = await runEdu(args, {cwd: project, env: env(temp)});
		const name = cacheFiles(cacheFolder(temp)).find((file) => file.endsWith('.bin'));
		expect(name).toBeDefined();
		const file = path.join(cacheFolder(temp), name!);
		const garbage = Buffer.alloc(readFileSync(file).length, 7);
		writeFileSync(file, garbage);

		const again = await runEdu(args, {cwd: project, env: env(temp)});
		expect(again).toEqual(first);
		expect(readFileSync(file).equals(garbage)).toBe(false);
		expect(readFileSync(file).length).toBeGreaterThan(1000);
	});

	test('a TMPDIR that is relative or missing is not made: nothing lands in the project or at that path', async () => {
		const project = tempProject('sample');
		const elsewhere = tempProject();
		const missing = path.join(elsewhere, 'gone', 'tmp');
		const before = snapshotTree(project);
		const uncached = await runEdu(args, {cwd: project, env: {NODE_DISABLE_COMPILE_CACHE: '1'}});
		// A relative TMPDIR (TMPDIR=tmp) would be read from the project; a stale one names a folder that is gone.
		for (const temp of ['tmp', missing]) {
			for (let run = 0; run < 2; run++) expect(await runEdu(args, {cwd: project, env: env(temp)})).toEqual(uncached);
		}
		expect(snapshotTree(project)).toEqual(before);
		expect(existsSync(path.join(elsewhere, 'gone'))).toBe(false);
	});

	test.runIf(uid !== undefined)('a cache folder others can write is left alone', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		mkdirSync(cacheFolder(temp));
		chmodSync(cacheFolder(temp), 0o777);
		const planted = path.join(cacheFolder(temp), 'planted.bin');
		writeFileSync(planted, 'not code');

		const run = await runEdu(args, {cwd: project, env: env(temp)});
		expect(run.exitCode).toBe(0);
		expect(run.stderr).toBe('');
		expect(readdirSync(cacheFolder(temp))).toEqual(['planted.bin']);
	});
});

describe('the cache folder stays bounded', () => {
	const cache = {release: '1.2.0-', prefix: '1.2.0-abc-', build: '1.2.0-abc-v8-x64-7-100-5-', file: '/t/1.2.0-abc-v8-x64-7-100-5-run.bin', early: '/t/1.2.0-abc-v8-x64-7-100-5-run.early.bin'};

	test('the files of other versions, of no version and of earlier builds at the same path go; this build\'s and other installs\' of this version stay', () => {
		const names = ['1.1.0-abc-v8-x64-7-100-5-run.bin', 'abc-v8-x64-7-100-5-run.bin', '1.2.0-abc-v8-x64-6-90-4-run.bin', '1.2.0-abc-v8-x64-7-100-5-other.bin', '1.2.0-def-v8-x64-9-100-5-run.bin', '1.2.0-abc-v8-x64-7-100-5-run.early.bin'];
		expect(cachesToRemove(names.map((name, written) => ({name, written})), cache)).toEqual(names.slice(0, 3));
	});

	test(`at most ${maxCacheFiles} files once this run's is written: the oldest go first`, () => {
		const names = Array.from({length: maxCacheFiles + 10}, (_, index) => ({name: `1.2.0-p${index}-v8-x64-1-2-3-run.bin`, written: 1000 - index}));
		const removed = cachesToRemove(names, cache);
		expect(removed).toEqual(names.slice(-11).map(({name}) => name).reverse());
		expect(names.length - removed.length + 1).toBe(maxCacheFiles);
	});

	test('a run that writes its cache leaves only this version\'s files, at most the bound', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		mkdirSync(cacheFolder(temp), {mode: 0o700});
		const plant = (name: string, age: number): void => {
			writeFileSync(path.join(cacheFolder(temp), name), 'old', {mode: 0o600});
			const when = Date.now() / 1000 - age;
			utimesSync(path.join(cacheFolder(temp), name), when, when);
		};
		for (let index = 0; index < 5; index++) plant(`0.0.0-old${index}-11.3-x64-1-2-3-run.bin`, 10);
		for (let index = 0; index < maxCacheFiles + 5; index++) plant(`${version}-other${index}-11.3-x64-1-2-3-run.bin`, 1000 + index);
		expect((await runEdu(['list'], {cwd: project, env: env(temp)})).exitCode).toBe(0);
		const left = cacheFiles(cacheFolder(temp));
		expect(left.filter((name) => !name.startsWith(`${version}-`))).toEqual([]);
		expect(left).toHaveLength(maxCacheFiles);
		expect(left).toContain(`${version}-other0-11.3-x64-1-2-3-run.bin`);
		expect(left).not.toContain(`${version}-other${maxCacheFiles + 4}-11.3-x64-1-2-3-run.bin`);
	});

	test('edu routes keeps what the PHP files said beside the caches, never in the project, and reads a controller changed since', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		const before = snapshotTree(project);
		const first = await runEdu(['routes', '--check'], {cwd: project, env: env(temp)});
		expect(first.exitCode).toBe(0);
		expect(cacheFiles(cacheFolder(temp)).filter((name) => name.endsWith('.json'))).toHaveLength(1);
		expect(snapshotTree(project)).toEqual(before);
		expect(await runEdu(['routes', '--check'], {cwd: project, env: env(temp)})).toEqual(first);
		const controller = path.join(project, 'app/Controller/api/HelloController.php');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace("path: '/api/hello'", "path: '/api/salut'"));
		const changed = await runEdu(['routes', '--check'], {cwd: project, env: env(temp)});
		expect(changed.exitCode).toBe(1);
		expect(changed.stdout).toContain('/api/salut');
		const yaml = await runEdu(['openapi', '--stdout'], {cwd: project, env: env(temp)});
		expect(yaml.stdout).toContain('/api/salut:');
		expect(yaml.stdout).not.toContain('/api/hello:');
	});
});
