// The Ink/React stack loads only when the wizard runs: `--yes`, `--help`, `--version` and the
// no-terminal usage error never load it; the wizard loads it from the bin's own bundle
// (dist/bin/ui.js, React's production build), never from node_modules, as --plain its prompts
// (dist/bin/prompts.js). Proved on the built
// binary, with module resolution hooks (test/tui/load-log) that record every module the process
// resolves.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import vm from 'node:vm';
import {afterAll, describe, expect, test} from 'vitest';
import {execa} from 'execa';
import {binPath, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from './tmux.js';

const register = pathToFileURL(path.join(import.meta.dirname, 'load-log', 'register.mjs')).href;
const logs = mkdtempSync(path.join(tmpdir(), 'edu-load-'));
afterAll(() => rmSync(logs, {recursive: true, force: true}));
let runs = 0;

function loaded(log: string): string[] {
	return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line !== '') : [];
}

const ui = (urls: readonly string[], name: string): string[] => urls.filter((url) => url.includes(`/node_modules/${name}/`));
const fromNodeModules = (urls: readonly string[]): string[] => urls.filter((url) => url.includes('/node_modules/'));
const bundle = (urls: readonly string[], name: string): string[] => urls.filter((url) => url.endsWith(`/dist/bin/${name}.js`));
const uiBundle = (urls: readonly string[]): string[] => bundle(urls, 'ui');

async function modulesLoadedBy(args: readonly string[], cwd: string): Promise<{urls: string[]; exitCode: number; stderr: string}> {
	const log = path.join(logs, `run-${++runs}.log`);
	// As runEdu does (no terminal), with the hooks.
	const result = await execa(process.execPath, ['--import', register, binPath, ...args], {cwd, reject: false, stdin: 'ignore', env: {NO_COLOR: '1', EDU_LOAD_LOG: log}});
	return {urls: loaded(log), exitCode: result.exitCode ?? -1, stderr: String(result.stderr)};
}

describe('what each run loads', () => {
	test.each([
		['make:api Ville --yes', ['make:api', 'Ville', '--yes']],
		['make:controller Ville --yes --json', ['make:controller', 'Ville', '--yes', '--json']],
		['--help', ['--help']],
		['make:api --help', ['make:api', '--help']],
		['--version', ['--version']],
	])('`edu %s` loads neither Ink, React nor the prompts', async (_label, args) => {
		const {urls, exitCode, stderr} = await modulesLoadedBy(args, tempProject('sample'));
		expect(stderr).toBe('');
		expect(exitCode).toBe(0);
		// The hooks did record the program's own modules.
		expect(urls.some((url) => url.endsWith('/dist/bin/edu.js'))).toBe(true);
		expect(ui(urls, 'ink')).toEqual([]);
		expect(ui(urls, 'react')).toEqual([]);
		expect(ui(urls, '@inquirer/prompts')).toEqual([]);
		expect(uiBundle(urls)).toEqual([]);
		expect(bundle(urls, 'prompts')).toEqual([]);
	});

	test('without a terminal, a missing name is the usage error at once, with nothing of the wizard loaded', async () => {
		// At once: the usage error is the run's end, not something said after a wait for input.
		const {urls, exitCode, stderr} = await modulesLoadedBy(['make:api'], tempProject('sample'));
		expect(exitCode).toBe(2);
		expect(stderr).toBe('Not enough arguments (missing: "controller-name")');
		expect(ui(urls, 'ink')).toEqual([]);
		expect(ui(urls, 'react')).toEqual([]);
		expect(uiBundle(urls)).toEqual([]);
	});

	test('the wizard\'s bundle holds React\'s production build', () => {
		// The bundle is written as the function the bin's loader calls (source/launch/code-cache.ts).
		const file = path.join(path.dirname(binPath), 'ui.js');
		const bundleModule = {exports: {} as {react?: typeof import('react')}};
		(vm.runInThisContext(readFileSync(file, 'utf8'), {filename: file}) as (...args: unknown[]) => void)(bundleModule.exports, createRequire(file), bundleModule, file, path.dirname(file));
		const {react} = bundleModule.exports as {react: typeof import('react')};
		// React's development build exports act() (for tests); its production build does not.
		expect('act' in react).toBe(false);
	});

	describe.skipIf(!hasTmux)('in a terminal', () => {
		/** `edu make:api` in a terminal, with these node flags and environment, up and reading keys, then quit with Ctrl+C. */
		async function wizardUntilQuit(nodeArgs: readonly string[], env?: Readonly<Record<string, string>>): Promise<void> {
			const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample'), nodeArgs, env});
			try {
				await terminal.type('hello');
				// The preview proves the wizard is up and reads keys (a Ctrl+C before that would be the terminal's).
				await terminal.waitFor((screen) => screen.includes('HelloController'), 'the preview');
				await terminal.keys('C-c');
				expect(await terminal.exitStatus()).toBe(130);
			} finally {
				await terminal.close();
			}
		}

		test('the wizard loads Ink and React from the bin\'s bundle, nothing from node_modules', async () => {
			const log = path.join(logs, `run-${++runs}.log`);
			await wizardUntilQuit(['--import', register], {EDU_LOAD_LOG: log});
			const urls = loaded(log);
			expect(uiBundle(urls).length).toBeGreaterThan(0);
			expect(fromNodeModules(urls)).toEqual([]);
		});

		// Two of Ink's dependencies load these as they start, for cases the wizard does not meet
		// (signal-exit's argument check, terminal-size's `tput`): about 3 ms of every start.
		test('the wizard, up and reading keys, has loaded neither node:assert nor node:child_process', async () => {
			const record = path.join(logs, `record-${++runs}.cjs`);
			const modules = path.join(logs, `modules-${runs}.json`);
			writeFileSync(record, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(modules)}, JSON.stringify(process.moduleLoadList)));\n`);
			await wizardUntilQuit(['--require', record]);
			const names = JSON.parse(readFileSync(modules, 'utf8')) as string[];
			// The record worked: the wizard's own needs are there.
			expect(names).toContain('NativeModule tty');
			expect(names.filter((name) => /^NativeModule (assert|child_process)$/.test(name))).toEqual([]);
		});

		test('--plain loads the prompts but not Ink', async () => {
			const log = path.join(logs, `run-${++runs}.log`);
			const terminal = await Terminal.start(['make:api', '--plain'], {cwd: tempProject('sample'), nodeArgs: ['--import', register], env: {EDU_LOAD_LOG: log}});
			try {
				// An answer refused proves the prompt reads keys (raw mode) before Ctrl+C is sent.
				await terminal.type('hello');
				await terminal.keys('Enter');
				await terminal.waitFor((screen) => screen.includes('Route already exists.'), 'the refusal');
				await terminal.keys('C-c');
				expect(await terminal.exitStatus()).toBe(130);
			} finally {
				await terminal.close();
			}
			const urls = loaded(log);
			expect(bundle(urls, 'prompts').length).toBeGreaterThan(0);
			expect(fromNodeModules(urls)).toEqual([]);
			expect(ui(urls, 'ink')).toEqual([]);
			expect(ui(urls, 'react')).toEqual([]);
			expect(uiBundle(urls)).toEqual([]);
		});
	});
});
