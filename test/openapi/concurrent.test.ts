// edu openapi run several times at once on one project (a script, an editor's save hook and a
// student at the same moment): each waits for the lock, none is refused, the file is whole.
import {spawnSync} from 'node:child_process';
import {readFileSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {binPath, tempProject} from '../helpers/temp-project.js';

describe('edu openapi, six runs at once', () => {
	it.each([1, 2, 3])('all succeed, and the specification they leave is whole (round %i)', (_round) => {
		const root = tempProject('mock-project');
		// A specification written before a controller was added: every run below replaces it.
		const prepare = 'set -e; "$NODE_BIN" "$EDU_BIN" openapi --out public/o.yaml > /dev/null; "$NODE_BIN" "$EDU_BIN" make:api extra --yes > /dev/null';
		expect(spawnSync('bash', ['-c', prepare], {cwd: root, env: {...process.env, EDU_BIN: binPath, NODE_BIN: process.execPath}}).status).toBe(0);
		const script = 'for i in 1 2 3 4 5 6; do "$NODE_BIN" "$EDU_BIN" openapi --out public/o.yaml > /dev/null 2>&1 & pids="$pids $!"; done; for pid in $pids; do wait "$pid"; echo "$?"; done';
		const result = spawnSync('bash', ['-c', script], {cwd: root, encoding: 'utf8', env: {...process.env, EDU_BIN: binPath, NODE_BIN: process.execPath}});
		expect(result.stdout).toBe('0\n'.repeat(6));
		const written = parse(readFileSync(path.join(root, 'public/o.yaml'), 'utf8')) as {openapi: string; paths: object};
		expect(written.openapi).toBe('3.0.0');
		expect(Object.keys(written.paths).length).toBeGreaterThan(0);
	}, 60_000);
});

describe('edu openapi over a folder link that loops (ln -s . app/Controller/api/loop)', () => {
	it('reads each file once: the same operations and no warning more than without the link', async () => {
		const root = tempProject('mock-project');
		const run = () => runMain(['openapi', '--stdout'], {cwd: root});
		const before = await run();
		expect(before.exitCode).toBe(0);
		symlinkSync('.', path.join(root, 'app/Controller/api/loop'));
		const after = await run();
		expect(after.exitCode).toBe(0);
		expect(after.stdout).toBe(before.stdout);
		expect(after.stderr).toBe(before.stderr);
	});
});
