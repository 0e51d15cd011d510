// edu start bounds its wait on PHP: a php on PATH that never answers is stopped (with what it
// started) and reported in one line, by its own limit; a stop signal during the check ends the check
// and every process it started.
import {chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {binPath, tempProject} from '../helpers/temp-project.js';

const posix = process.platform !== 'win32';

/** A php that never answers: a wrapper script whose child sleeps, its pid written to `pidFile`. */
function hangingPhp(): {bin: string; pidFile: string} {
	const bin = mkdtempSync(path.join(tmpdir(), 'edu-hanging-php-'));
	const pidFile = path.join(bin, 'sleep.pid');
	writeFileSync(path.join(bin, 'php'), `#!/bin/sh\n/bin/sleep 600 &\necho $! > '${pidFile}'\nwait\n`);
	chmodSync(path.join(bin, 'php'), 0o755);
	return {bin, pidFile};
}

/** Still running: a process that ended but that its new parent (init, here) has not reaped yet is not. */
function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		// Linux: the state after the command's name in parentheses; Z for an ended process not reaped.
		return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return true;
	}
}

async function until(check: () => boolean, timeout: number): Promise<void> {
	const deadline = Date.now() + timeout;
	while (!check()) {
		if (Date.now() > deadline) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

describe.skipIf(!posix)('edu start and a php that never answers', () => {
	it('gives up by itself with one clear line and leaves no process behind', async () => {
		const {bin, pidFile} = hangingPhp();
		// The php never answers: the run can only end by its own limit (5 s; shortened here), which its line names.
		const result = await runMain(['start', '--port', '1'], {cwd: tempProject('start'), env: {PATH: `${bin}:/usr/bin:/bin`}, limits: {phpAnswerMs: 500}});
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(/^The php command on PATH did not answer within 0\.5 s \(php -r 'echo PHP_VERSION;'\), so it was stopped and nothing was started: check which php is first on PATH \(command -v php\), or install PHP 8\.2 or newer: .*\n$/);
		const pid = Number(readFileSync(pidFile, 'utf8'));
		await until(() => !alive(pid), 2000);
	});

	it.each([['SIGTERM', 143], ['SIGINT', 130]] as const)('%s during the check ends edu (exit %i) and the php it was checking', async (signal, code) => {
		const {bin, pidFile} = hangingPhp();
		const child = execa(process.execPath, [binPath, 'start'], {cwd: tempProject('start'), env: {PATH: `${bin}:/usr/bin:/bin`}, reject: false});
		await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 5000);
		const pid = Number(readFileSync(pidFile, 'utf8'));
		child.kill(signal);
		// Ended by the signal, not by the check's 5 s limit (that ends with exit 1 and another line).
		const result = await child;
		expect(result.exitCode, JSON.stringify([result.signal, result.stderr])).toBe(code);
		expect(result.stderr).toBe(`Interrupted (${signal}) while checking the php command; nothing was started.`);
		await until(() => !alive(pid), 2000);
	});
});
