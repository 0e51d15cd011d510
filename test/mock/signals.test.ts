// Ctrl+C and SIGTERM reach mock:token and mock:persist as they reach make:*: heard while the run
// waits for another run's lock, the run ends at once with 130 / 143, says so, and leaves the
// project as it was (no half-made folder, no lock or temp file of its own).
import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {said} from '../helpers/b-lock-attempts.js';
import {binPath, snapshotTree, tempProject} from '../helpers/temp-project.js';

const cases = [
	['mock:token', ['mock:token', 'teacher'], 'var/api/.configDataset.json.edu-lock'],
	['mock:persist', ['mock:persist', '--yes'], '.compose.yaml.edu-lock'],
] as const;

describe('a stop signal while waiting for another run\'s lock', () => {
	it.each(cases.flatMap(([command, args, lock]) => (['SIGTERM', 'SIGINT'] as const).map((signal) => [command, signal, args, lock] as const)))('%s, %s: ends at once with 128 + its number, says so, nothing written', async (_command, signal, args, lock) => {
		const root = tempProject('mock-project');
		mkdirSync(path.join(root, 'var', 'api', 'sqlite'), {recursive: true});
		// This test process holds the lock, as another edu run would.
		writeFileSync(path.join(root, lock), JSON.stringify({pid: process.pid}));
		const before = snapshotTree(root);
		const child = spawn(process.execPath, [binPath, ...args], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const waiting = said(child.stderr, 'Waiting for another edu run');
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		await waiting;
		child.kill(signal);
		// Ended by the signal, not by the lock's 30 s wait (that ends with exit 1, "Cannot lock", and outlasts this test's limit).
		const code = await exited;
		expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
		expect(stderr).toMatch(/^Waiting for another edu run \(pid \d+\) to finish writing /);
		expect(stderr).toMatch(new RegExp(`Interrupted \\(${signal}\\) while waiting for another edu run to finish writing; nothing was written\\.\\n$`));
		expect(snapshotTree(root)).toEqual(before);
	}, 25_000);
});
