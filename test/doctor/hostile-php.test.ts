// A php on PATH that does not behave (it starts a child and waits, ignores SIGTERM, or floods its
// output) never keeps doctor or check:config waiting and leaves no process behind: its whole
// process group is ended at the time-out, and its complaint is one short line. main() in-process,
// with a fake `php` script first on PATH whose child writes its pid to a file.
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

const folders: string[] = [];
afterAll(() => {
	for (const folder of folders) rmSync(folder, {recursive: true, force: true});
});

/** A folder holding a `php` that runs `body` (sh); `pidFile` is where its child says its pid. */
function fakePhp(body: string): {env: Record<string, string>; pidFile: string} {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-fake-php-'));
	folders.push(folder);
	const pidFile = path.join(folder, 'child.pid');
	writeFileSync(path.join(folder, 'php'), `#!/bin/sh\n${body.replaceAll('PIDFILE', pidFile)}\n`);
	chmodSync(path.join(folder, 'php'), 0o755);
	return {env: {PATH: `${folder}${path.delimiter}${process.env['PATH'] ?? ''}`}, pidFile};
}

/** Whether `pid` still runs (a zombie waiting for its parent to reap it has ended). */
function running(pid: number): boolean {
	try {
		return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
}

/** Resolves once `pid` has ended; the SIGKILL is sent before the run returns, its delivery is what this waits for. */
async function ended(pid: number): Promise<boolean> {
	const deadline = Date.now() + 10_000;
	while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
	return !running(pid);
}

const waits = 'sleep 1000 &\necho $! > PIDFILE\nwait';
const ignoresTerm = `trap '' TERM\n${waits.replace('wait', 'while :; do wait; done')}`;

describe.skipIf(process.platform === 'win32')('a php that does not behave', () => {
	it.each([['starts a child and waits', waits], ['ignores SIGTERM', ignoresTerm]])('check:config with a php that %s ends, says php gave no answer, and leaves no process behind', async (_label, body) => {
		const {env, pidFile} = fakePhp(body);
		const result = await runMain(['check:config'], {cwd: tempProject('sample'), env});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain('php gave no answer within 2000 ms, so it was stopped');
		expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
		expect(await ended(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
	}, 30_000);

	it('doctor with a php that starts a child and waits ends with the PHP check failed, and leaves no process behind', async () => {
		const {env, pidFile} = fakePhp(waits);
		const result = await runMain(['doctor', '--port', '1'], {cwd: tempProject('sample'), env});
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toContain('✖ PHP: the php command does not work (php gave no answer within 2000 ms, so it was stopped)');
		expect(await ended(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
	}, 30_000);

	it('a php that floods its output: read up to a cap, its complaint cut to one short line', async () => {
		const {env} = fakePhp(`head -c 5000000 /dev/zero | tr '\\0' 'x' >&2\nexit 1`);
		const result = await runMain(['check:config'], {cwd: tempProject('sample'), env});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^PHP does not run \(x{199}…\): install PHP/);
		expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
		expect(result.stderr.length).toBeLessThan(600);
	}, 30_000);
});
