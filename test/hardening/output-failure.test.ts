// Output that cannot be written (stdout or stderr on /dev/full) is a failure said
// once: no stack trace, one line on stderr when stderr can take it, exit code 3 for a run that
// was otherwise done (its files are in place, only the report was lost), the run's own code
// otherwise. A close() that fails after reading routes.yaml is a read failure.
import {spawnSync} from 'node:child_process';
import {closeSync, existsSync, openSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readOpened} from '../../source/project/regular-file.js';
import {binPath, snapshotTree, tempProject} from '../helpers/temp-project.js';

type Target = 'full' | 'closed' | 'pipe';

function run(root: string, args: string[], stdout: Target, stderr: Target = 'pipe'): {status: number | null; stderr: string} {
	const opened: number[] = [];
	const fd = (target: Target): number | 'pipe' | 'ignore' => {
		if (target === 'pipe') return 'pipe';
		if (target === 'closed') return 'ignore';
		const descriptor = openSync('/dev/full', 'w');
		opened.push(descriptor);
		return descriptor;
	};
	const result = spawnSync(process.execPath, [binPath, ...args], {cwd: root, stdio: ['ignore', fd(stdout), fd(stderr)], encoding: 'utf8', env: {...process.env, DEBUG: ''}});
	for (const descriptor of opened) closeSync(descriptor);
	return {status: result.status, stderr: result.stderr ?? ''};
}

const lost = /^edu: could not write the output to stdout \(ENOSPC\); the command itself was done: any files it wrote are in place, only its report was lost\.\n$/;

describe('stdout on /dev/full', () => {
	it.each([['--json'], []])('make:api x --yes %s: the files are written, one line says only the report was lost, exit 3', (...flags) => {
		const root = tempProject('sample');
		const result = run(root, ['make:api', 'x', '--yes', ...flags], 'full');
		expect(result.stderr).toMatch(lost);
		expect(result.status).toBe(3);
		expect(existsSync(path.join(root, 'app/Controller/api/XController.php'))).toBe(true);
	});

	it.each([[['--help']], [['make:api', '--help']], [['routes', '--json']], [['--version']]])('%j: one line, exit 3, no stack trace', (args) => {
		const root = tempProject('sample');
		const result = run(root, args, 'full');
		expect(result.stderr).toMatch(lost);
		expect(result.status).toBe(3);
	});

	it('a refused --json run keeps its exit code 1 and says its report was lost; nothing is written', () => {
		const root = tempProject('sample');
		expect(run(root, ['make:api', 'x', '--yes'], 'pipe').status).toBe(0);
		const before = snapshotTree(root);
		const result = run(root, ['make:api', 'x', '--yes', '--json'], 'full');
		expect(result.stderr).toMatch(/^edu: could not write the output to stdout \(ENOSPC\); the command itself ended with exit code 1 \(refused or failed\), and its report saying why was lost\.\n$/);
		expect(result.status).toBe(1);
		expect(snapshotTree(root)).toEqual(before);
	});
});

// 'closed' is Node's 'ignore': the child gets /dev/null there, as a descriptor closed before the start does.
describe('stderr on /dev/full or closed', () => {
	it.each<Target>(['full', 'closed'])('a refusal with stderr %s exits 1, silently', (target) => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), 'home: [\n');
		const result = run(root, ['make:api', 'x', '--yes'], 'pipe', target);
		expect(result.status).toBe(1);
	});

	it('both full: exit 3, nothing printed, no crash', () => {
		const root = tempProject('sample');
		expect(run(root, ['--help'], 'full', 'full').status).toBe(3);
	});
});

describe('a close() that fails after reading', () => {
	it('is a read failure naming the file, not an unexpected error', () => {
		const root = tempProject('sample');
		const routes = path.join(root, 'app/Config/routes.yaml');
		const result = readOpened(routes, 'app/Config/routes.yaml', 1 << 20, (descriptor) => {
			closeSync(descriptor);
			throw Object.assign(new Error('EIO: i/o error, close'), {code: 'EIO'});
		});
		expect(result).toEqual({code: 'BAD_PROJECT_FILE', message: 'app/Config/routes.yaml: cannot be read (EIO: i/o error, close).'});
	});
});
