// edu mock:token run several times at once (a script adding one token per student, in the
// background): each waits for the lock and edits the file as the run before it left it, so no run
// is refused for the others and no token is lost.
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {attemptsPastNotice, watchLockAttempts} from '../helpers/b-lock-attempts.js';
import {binPath, tempProject} from '../helpers/temp-project.js';

const file = 'var/api/configDataset.json';

function tokenRun(root: string, name: string) {
	return execa(process.execPath, [binPath, 'mock:token', name, '--json'], {cwd: root, reject: false, stdin: 'ignore', env: {NO_COLOR: '1'}});
}

describe('edu mock:token, six runs at once', () => {
	it.each([['no token file yet', true], ['a token file already there', false]])('%s: every run succeeds, and the file holds the six tokens each printed', async (_label, fresh) => {
		const root = tempProject('mock-project');
		if (!fresh) expect((await tokenRun(root, 'teacher')).exitCode).toBe(0);
		const names = ['s1', 's2', 's3', 's4', 's5', 's6'];
		const runs = await Promise.all(names.map((name) => tokenRun(root, name)));
		for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
		const reports = runs.map((run) => JSON.parse(String(run.stdout)) as {name: string; token: string; created: boolean});
		const {token} = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {token: Record<string, string>};
		for (const report of reports) expect(token[report.name]).toBe(report.token);
		expect(Object.keys(token)).toHaveLength(fresh ? 6 : 7);
		expect(reports.filter((report) => report.created)).toHaveLength(fresh ? 1 : 0);
	}, 60_000);

	it('the same name twice at once: one adds it, the other is refused, and the file keeps the first one\'s token', async () => {
		const root = tempProject('mock-project');
		const runs = await Promise.all([tokenRun(root, 'twin'), tokenRun(root, 'twin')]);
		expect(runs.map((run) => run.exitCode).sort()).toEqual([0, 1]);
		const winner = runs.find((run) => run.exitCode === 0)!;
		const loser = runs.find((run) => run.exitCode === 1)!;
		expect((JSON.parse(String(loser.stdout)) as {error: {code: string}}).error.code).toBe('TOKEN_EXISTS');
		const {token} = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {token: Record<string, string>};
		expect(token['twin']).toBe((JSON.parse(String(winner.stdout)) as {token: string}).token);
	}, 60_000);

	it.each([[[], true], [['-q'], false]] as const)('waiting for another run\'s lock (flags %j): said after a second on stderr, but with -q; the token is added once the lock is free', async (flags, said) => {
		const root = tempProject('mock-project');
		expect((await tokenRun(root, 'teacher')).exitCode).toBe(0);
		const lock = path.join(root, 'var/api/.configDataset.json.edu-lock');
		// This test process holds the lock, as another edu run would.
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const attempts = watchLockAttempts(lock);
		const run = execa(process.execPath, [binPath, 'mock:token', 'late', ...flags], {cwd: root, reject: false, stdin: 'ignore', env: {NO_COLOR: '1'}});
		let stderr = '';
		run.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		// Past the point where the wait is said (or would be, but for -q), by the run's own count of its tries.
		await attempts.reached(run.pid!, attemptsPastNotice);
		attempts.close();
		rmSync(lock);
		const result = await run;
		expect(result.exitCode, stderr).toBe(0);
		const waiting = `Waiting for another edu run (pid ${process.pid}) to finish writing var/api/configDataset.json: edu waits up to 30 s, Ctrl+C stops it.\n`;
		expect(stderr.startsWith(waiting)).toBe(said);
		expect(stderr.includes('Waiting')).toBe(said);
		expect(Object.keys((JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {token: object}).token)).toEqual(['teacher', 'late']);
	}, 60_000);
});
