// Global options mean the same before or after the command name (through main(), run from
// another folder than the project); one the command cannot take is a usage error, not ignored.
import {existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('global options anywhere', () => {
	test('`edu --cwd DIR make:api x --yes` from another folder writes into DIR', async () => {
		const root = tempProject('sample');
		const result = await runMain(['--cwd', root, 'make:api', 'x', '--yes'], {cwd: tmpdir()});
		expect(result.stderr).toBe(`Project: ${root}\n`);
		expect(result.stdout).toMatch(/^Class : \.\/app\/Controller\/api\/XController\n/);
		expect(result.exitCode).toBe(0);
		expect(existsSync(path.join(root, 'app/Controller/api/XController.php'))).toBe(true);
	});

	test('--yes, --dry-run, --json, -q and -n before the command mean what they mean after it', async () => {
		const before = tempProject('sample');
		const after = tempProject('sample');
		const first = await runMain(['--dry-run', '--json', '-n', '--cwd', before, 'make:api', 'Lyon'], {cwd: tmpdir()});
		const second = await runMain(['make:api', 'Lyon', '--dry-run', '--json', '-n', '--cwd', after], {cwd: tmpdir()});
		expect(first.exitCode).toBe(0);
		const report = JSON.parse(first.stdout) as {dryRun: boolean; className: string; root: string};
		expect(report).toMatchObject({dryRun: true, className: 'LyonController', root: before});
		expect({...report, root: ''}).toEqual({...(JSON.parse(second.stdout) as object), root: ''});
		const quiet = await runMain(['-q', '--yes', 'make:api', 'Lyon', '--cwd', before], {cwd: tmpdir()});
		expect(quiet).toMatchObject({exitCode: 0, stdout: '', stderr: ''});
		expect(existsSync(path.join(before, 'app/Controller/api/LyonController.php'))).toBe(true);
	});

	test('an option the command cannot take is a usage error that names it, and nothing runs', async () => {
		const root = tempProject('sample');
		const tree = snapshotTree(root);
		const result = await runMain(['--dry-run', 'routes'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toBe('edu: --dry-run does not apply to routes (edu help routes lists its options).\n');
		expect(snapshotTree(root)).toEqual(tree);
		// The same words after the command name, where commander alone would say "unknown option".
		for (const option of ['--dry-run', '--plain']) {
			for (const argv of [[option, 'routes'], ['routes', option]]) {
				expect(await runMain(argv, {cwd: root}), argv.join(' ')).toMatchObject({exitCode: 2, stdout: '', stderr: `edu: ${option} does not apply to routes (edu help routes lists its options).\n`});
			}
		}
		const json = JSON.parse((await runMain(['routes', '--dry-run', '--json'], {cwd: root})).stdout) as unknown;
		expect(json).toEqual({ok: false, error: {code: 'UNKNOWN_OPTION', message: 'edu: --dry-run does not apply to routes (edu help routes lists its options).'}});
		expect(snapshotTree(root)).toEqual(tree);
		// --help wins over such an option on either side, as it does after the command for commander.
		for (const argv of [['--json', 'start', '--help'], ['start', '--help', '--json']]) {
			expect(JSON.parse((await runMain(argv, {cwd: root})).stdout), argv.join(' ')).toMatchObject({ok: true, help: expect.stringContaining('Usage: edu start')});
		}
		const alone = await runMain(['--yes'], {cwd: root});
		expect(alone).toMatchObject({exitCode: 2, stderr: 'edu: --yes applies to a command, e.g. edu make:api NAME --yes.\n'});
	});

	test('--yes and -y, like -n, are taken by every command, one that never asks included: its run is the same', async () => {
		const root = tempProject('sample');
		const plain = await runMain(['routes'], {cwd: root});
		expect(plain.exitCode).toBe(0);
		for (const argv of [['--yes', 'routes'], ['routes', '-y'], ['routes', '-n'], ['-yq', 'routes']]) {
			const quiet = argv.includes('-yq');
			expect(await runMain(argv, {cwd: root}), argv.join(' ')).toMatchObject({exitCode: 0, stdout: quiet ? '' : plain.stdout, stderr: ''});
		}
		expect(await runMain(['template:list', '--yes'], {cwd: root})).toMatchObject({exitCode: 0, stdout: (await runMain(['template:list'], {cwd: root})).stdout});
		// A help that stays about the command: the flag is not listed where it changes nothing.
		expect((await runMain(['routes', '--help'], {cwd: root})).stdout).not.toContain('-y, --yes');
	});

	test('--cwd naming a file is refused as such, and nothing is written in the project around it', async () => {
		const root = tempProject('sample');
		const tree = snapshotTree(root);
		const result = await runMain(['make:api', 'x', '--yes', '--cwd', path.join(root, 'app/Config/routes.yaml')], {cwd: tmpdir()});
		expect(result).toMatchObject({exitCode: 1, stdout: '', stderr: `${path.join(root, 'app/Config/routes.yaml')}: a file, not a folder (--cwd takes the project's folder).\n`});
		expect(snapshotTree(root)).toEqual(tree);
	});

	test('-q --dry-run prints the plan it was asked for, and nothing else (no warning, no Project: line)', async () => {
		const root = tempProject('sample');
		const result = await runMain(['-q', '--dry-run', '--cwd', root, 'make:api', 'VILLE'], {cwd: tmpdir()});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain('Dry run: nothing was written. The run would:');
		expect(result.stdout).toContain('+api_v-i-l-l-e:');
		expect(result.stdout).not.toContain('Project:');
	});
});
