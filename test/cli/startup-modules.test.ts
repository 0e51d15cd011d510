// A run from a script or CI (output piped) loads only the Node built-in modules its work needs:
// every built-in that loads costs each run its compile time (issue 13). The built bin is run
// with a preload that records the modules Node loaded after it; the same is recorded for a
// small script that needs what a make:api run does (node:vm and node:os for the code cache,
// a signal handler for Ctrl+C during the write), and edu may load nothing beyond that (node:crypto
// included: the run's record hashes without it).
import {spawnSync} from 'node:child_process';
import {closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, test} from 'vitest';
import {binPath, tempProject} from '../helpers/temp-project.js';

let folder: string;

beforeAll(() => {
	folder = mkdtempSync(path.join(os.tmpdir(), 'edu-startup-modules-'));
	writeFileSync(path.join(folder, 'record.cjs'), [
		'const before = new Set(process.moduleLoadList);',
		"process.on('exit', () => require('node:fs').writeFileSync(process.env.EDU_TEST_MODULES, JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name)))));",
	].join('\n'));
	writeFileSync(path.join(folder, 'needs.cjs'), [
		"require('node:process');",
		"require('node:vm');",
		"require('node:os').tmpdir();",
		"process.on('SIGINT', () => {});",
	].join('\n'));
});

/**
 * The built-in modules Node loaded for `args` (run in `cwd`, output piped, or every stream on
 * /dev/null with `nullDevice`), beyond those loaded before the program.
 */
function loadedModules(args: readonly string[], cwd: string, nullDevice = false): string[] {
	const record = path.join(folder, `modules-${Math.random().toString(36).slice(2)}.json`);
	const nul = nullDevice ? openSync('/dev/null', 'r+') : undefined;
	try {
		const result = spawnSync(process.execPath, ['--require', path.join(folder, 'record.cjs'), ...args], {
			cwd,
			encoding: 'utf8',
			stdio: nul === undefined ? ['ignore', 'pipe', 'pipe'] : [nul, nul, nul],
			env: {...process.env, EDU_TEST_MODULES: record},
		});
		if (nul === undefined) expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
	} finally {
		if (nul !== undefined) closeSync(nul);
	}
	return JSON.parse(readFileSync(record, 'utf8')) as string[];
}

describe('built-in modules loaded by a piped run', () => {
	test('the yardstick loads what it claims to need (the recording works)', () => {
		expect(loadedModules([path.join(folder, 'needs.cjs')], folder)).toEqual(expect.arrayContaining(['NativeModule vm', 'NativeModule os']));
	});

	// A Tab with edu's completion loaded runs _complete: as often as the rest put together.
	for (const args of [['make:api', 'Ville', '--yes'], ['make:api', 'Ville', '--yes', '--dry-run'], ['make:controller', 'Gare', '--yes'], ['--help'], ['_complete', '--shell', 'bash', '--current', '4', '--', 'edu', 'make:api', 'x', '--template', '']]) {
		test(`edu ${args.join(' ')}: none beyond the code cache's and the signal handler's`, () => {
			const needed = new Set(loadedModules([path.join(folder, 'needs.cjs')], folder));
			const project = tempProject('sample');
			const extra = loadedModules([binPath, ...args], project).filter((name) => !needed.has(name));
			expect(extra).toEqual([]);
		});
	}

	// /dev/null is a character device, as a terminal is: edu tells the two apart without node:tty
	// (which loads Node's net and stream modules), in scripts that discard the output and in CI
	// jobs whose stdin is /dev/null.
	test('edu make:api Ville --yes with stdin, stdout and stderr on /dev/null: none beyond them either', () => {
		const needed = new Set(loadedModules([path.join(folder, 'needs.cjs')], folder));
		const project = tempProject('sample');
		const extra = loadedModules([binPath, 'make:api', 'Ville', '--yes'], project, true).filter((name) => !needed.has(name));
		expect(existsSync(path.join(project, 'app/Controller/api/VilleController.php'))).toBe(true);
		expect(extra).toEqual([]);
	});

	test.each([['--version'], ['--help'], ['-h']])('edu %s: none at all', (flag) => {
		const needed = new Set(loadedModules(['-e', "require('node:process')"], folder));
		expect(loadedModules([binPath, flag], folder).filter((name) => !needed.has(name))).toEqual([]);
	});
});
