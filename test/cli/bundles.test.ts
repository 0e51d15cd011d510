// Which program of dist/bin/ a run loads (source/launch/bundles.ts). A make run that asks nothing (a
// script, CI, --yes) reads make-direct.js alone, the make commands without commander and the
// wizard; a line that needs either after all (help, a mistake commander words) starts again as
// make.js and prints what make.js prints; a make run in a terminal that may ask opens the wizard
// from make.js without reading make-direct.js; routes and openapi read read.js, and parse a few
// small controllers on the main thread with php-parser.js. Which programs ran is seen through the code cache
// each one writes in the user's temp folder, whose name holds the program file's inode and size.
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {binRun} from '../../source/launch/bundles.js';
import {binPath, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from '../tui/tmux.js';

const programs = ['cli.js', 'make.js', 'make-direct.js', 'read.js', 'php-parser.js', 'yaml.js'] as const;

/** The programs of dist/bin/ whose code cache a run wrote under `temp`. */
function programsRun(temp: string): string[] {
	const uid = process.getuid?.();
	const folder = path.join(temp, `edu-scaffold-code-cache${uid === undefined ? '' : `-${uid}`}`);
	const names = existsSync(folder) ? readdirSync(folder) : [];
	return programs.filter((program) => {
		const stats = statSync(path.join(path.dirname(binPath), program));
		return names.some((name) => name.includes(`-${stats.ino}-${stats.size}-`));
	});
}

const cacheIn = (temp: string): Record<string, string> => ({TMPDIR: temp, TEMP: temp, TMP: temp});

describe('the program a command line runs', () => {
	const piped = (): boolean => false;
	const terminal = (): boolean => true;
	test.each([
		[['make:api', 'Ville', '--yes'], piped, 'make-direct.js'],
		[['make:api', 'Ville'], piped, 'make-direct.js'],
		[['make:controller'], piped, 'make-direct.js'],
		[['make:api', 'Ville', '--yes'], terminal, 'make-direct.js'],
		[['make:api', 'Ville', '-y'], terminal, 'make-direct.js'],
		[['make:api', 'Ville', '--json'], terminal, 'make-direct.js'],
		[['-n', 'make:api', 'Ville'], terminal, 'make-direct.js'],
		[['--cwd', 'app', '--no-interaction', 'make:controller', 'Gare'], terminal, 'make-direct.js'],
		[['make:api', 'Ville', '-yq'], terminal, 'make-direct.js'],
		[['make:api', '-nq'], terminal, 'make-direct.js'],
		[['make:api', 'Ville', '--', '--yes'], terminal, 'make.js'],
		[['make:api'], terminal, 'make.js'],
		[['make:api', 'Ville'], terminal, 'make.js'],
		[['make:api', 'Ville', '--plain'], terminal, 'make.js'],
		[['--dry-run', 'make:controller'], terminal, 'make.js'],
		[[], terminal, 'cli.js'],
		[['openapi', '--yes'], piped, 'read.js'],
		[['--yes', 'routes'], terminal, 'read.js'],
		[['--cwd', 'app', 'routes', '--check'], piped, 'read.js'],
		[['openapi', '--stdout'], terminal, 'read.js'],
		[['help', 'routes'], piped, 'cli.js'],
		[['template:list'], piped, 'cli.js'],
		[['make:command', 'Import', '--yes'], piped, 'cli.js'],
	] as const)('edu %j (%o) runs the program it needs', (argv, isTerminal, bundle) => {
		expect(binRun(argv, isTerminal).bundle).toBe(bundle);
	});

	test('the kind of run, for the code cache, is the command and its flags, without names or values, in any order', () => {
		const kind = (argv: readonly string[]): string => binRun(argv, () => false).workload;
		expect(kind(['make:api', 'Ville', '--yes', '--uri=/api/v'])).toBe('make:api --uri --yes');
		expect(kind(['--yes', 'make:api', 'Gare', '--uri', '/api/g'])).toBe(kind(['make:api', 'Ville', '--uri', '/x', '--yes']));
		expect(kind([])).toBe('');
	});

	test('every Tab is one kind of run, whatever flags its line holds (one code cache file, not one per line)', () => {
		const kind = (argv: readonly string[]): string => binRun(argv, () => false).workload;
		expect(kind(['_complete', '--shell', 'bash', '--current', '4', '--', 'edu', 'make:api', 'x', '--template', ''])).toBe(kind(['_complete', '--shell', 'zsh', '--current', '2', '--', 'edu', 'routes', '--cwd', '']));
	});
});

describe('the built bin', () => {
	test('make:api --yes from a script reads make-direct.js alone, and writes what it always did', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		const run = await runEdu(['make:api', 'Ville', '--yes'], {cwd: project, env: cacheIn(temp)});
		expect(run).toEqual({exitCode: 0, stderr: '', stdout: 'Class : ./app/Controller/api/VilleController\nURI : /api/ville\n[OK] Controller and route successfully generated\n'});
		expect(existsSync(path.join(project, 'app/Controller/api/VilleController.php'))).toBe(true);
		expect(programsRun(temp)).toEqual(['make-direct.js']);
	});

	test('a project\'s own template is parsed with php-parser.js, through the code cache (from node_modules it is 146 files to load); the built-in templates load no parser', async () => {
		const temp = tempProject();
		const project = tempProject('sample');
		expect((await runEdu(['make:api', 'Ville', '--yes'], {cwd: project, env: cacheIn(temp)})).exitCode).toBe(0);
		expect(programsRun(temp)).toEqual(['make-direct.js']);
		expect((await runEdu(['template:publish', 'default'], {cwd: project, env: cacheIn(temp)})).exitCode).toBe(0);
		const own = tempProject();
		expect((await runEdu(['make:api', 'Gare', '--yes'], {cwd: project, env: cacheIn(own)})).exitCode).toBe(0);
		expect(programsRun(own)).toEqual(['make-direct.js', 'php-parser.js']);
		expect(existsSync(path.join(project, 'app/Controller/api/GareController.php'))).toBe(true);
	});

	test('edu routes and edu openapi --stdout read read.js, parse the sample\'s controllers with php-parser.js on the main thread, and print what they always did', async () => {
		const project = tempProject('sample');
		const before = snapshotTree(project);
		const routes = tempProject();
		const listed = await runEdu(['routes'], {cwd: project, env: cacheIn(routes)});
		expect(listed.exitCode).toBe(0);
		expect(listed.stdout).toContain('api_hello  GET      /api/hello  Controller\\api\\HelloController  ok\n');
		expect(listed.stdout).toMatch(/2 routes, no problems: routes\.yaml, controllers and attributes agree\.\n$/);
		expect(programsRun(routes)).toEqual(['read.js', 'php-parser.js']);
		const openapi = tempProject();
		const printed = await runEdu(['openapi', '--stdout'], {cwd: project, env: cacheIn(openapi)});
		expect(printed.exitCode).toBe(0);
		expect(printed.stdout).toContain('  /api/hello:\n    get:\n');
		expect(programsRun(openapi)).toEqual(['read.js', 'php-parser.js', 'yaml.js']);
		expect(snapshotTree(project)).toEqual(before);
	});

	test('a line only commander reads (help, a mistake) goes on in make.js: the same help, the same usage error, nothing written', async () => {
		const project = tempProject('sample');
		const before = snapshotTree(project);
		const help = tempProject();
		const helped = await runEdu(['make:api', '--help'], {cwd: project, env: cacheIn(help)});
		expect(helped.exitCode).toBe(0);
		expect(helped.stdout).toMatch(/^Usage: edu make:api \[options\] \[controller-name\]\n/);
		expect(helped.stdout).toContain('--description <text>');
		expect(programsRun(help)).toEqual(['make.js', 'make-direct.js']);
		// Run once more, from the caches both programs wrote: the same text.
		expect(await runEdu(['make:api', '--help'], {cwd: project, env: cacheIn(help)})).toEqual(helped);

		const mistake = tempProject();
		const refused = await runEdu(['make:api', 'Ville', '--uri', '--yes'], {cwd: project, env: cacheIn(mistake)});
		expect(refused).toEqual({exitCode: 2, stdout: '', stderr: 'edu: --uri needs a value, and --yes came next: write --uri URI (edu help make:api lists its options).\n'});
		expect(programsRun(mistake)).toEqual(['make.js', 'make-direct.js']);
		expect(snapshotTree(project)).toEqual(before);
	});
});

describe.skipIf(!hasTmux)('the built bin in a terminal', () => {
	test('make:api opens the wizard from make.js; make:api Ville --yes there still reads make-direct.js alone', async () => {
		const project = tempProject('sample');
		const wizard = tempProject();
		const terminal = await Terminal.start(['make:api'], {cwd: project, env: cacheIn(wizard)});
		try {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
		expect(programsRun(wizard)).toEqual(['make.js']);

		const direct = tempProject();
		const yes = await Terminal.start(['make:api', 'Ville', '--yes'], {cwd: project, env: cacheIn(direct)});
		try {
			expect(await yes.exitStatus()).toBe(0);
			expect(await yes.screen()).toContain('Controller and route successfully generated');
		} finally {
			await yes.close();
		}
		expect(programsRun(direct)).toEqual(['make-direct.js']);
	});
});
