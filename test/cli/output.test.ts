// Output to pipes is written straight to the file descriptor (source/launch/direct-output.ts): every
// byte arrives even when the pipe is non-blocking and full (it is when a Node parent shares its
// own stdout), and a reader that goes away ends the run quietly. The bin ends with process.exit()
// once main is done, but only when no stream holds queued output: the first test is the one
// that fails if it ends earlier.
import {spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, test} from 'vitest';
import {renderEntry} from '../../source/project/routes-yaml/append.js';
import {binPath, tempProject} from '../helpers/temp-project.js';

let project: string;
let expected: string;

beforeAll(() => {
	project = tempProject('sample');
	const entries = Array.from({length: 3000}, (_, index) => renderEntry({
		name: `api_item${index}`, uri: `/api/item${index}`, controller: `Controller\\api\\Item${index}Controller`, methods: ['GET'],
	}, 4, '\n'));
	writeFileSync(path.join(project, 'app/Config/routes.yaml'), entries.join('\n'));
	const direct = spawnSync(process.execPath, [binPath, 'routes'], {cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
	expect(direct.status).toBe(0);
	expected = direct.stdout;
	// Far more than a pipe holds (64 KiB on Linux).
	expect(expected.length).toBeGreaterThan(256 * 1024);
});

const shell = (script: string): {status: number | null; stdout: string; stderr: string} => spawnSync('bash', ['-c', script], {
	cwd: project,
	encoding: 'utf8',
	maxBuffer: 64 * 1024 * 1024,
	env: {...process.env, EDU_BIN: binPath, NODE_BIN: process.execPath},
});

describe('output to a pipe', () => {
	test('a non-blocking pipe that fills up while its reader waits: every byte arrives, in order', () => {
		// The parent makes the shared pipe non-blocking (Node does when it opens its own stdout).
		const parent = 'process.stdout; const run = require("child_process").spawnSync(process.env.NODE_BIN, [process.env.EDU_BIN, "routes"], {stdio: "inherit"}); process.exitCode = run.status;';
		const result = shell(`set -o pipefail; "$NODE_BIN" -e '${parent}' | (sleep 1; cat)`);
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.stdout).toBe(expected);
	});

	test('a reader that goes away (| head) ends the run quietly with its exit code', () => {
		const result = shell('"$NODE_BIN" "$EDU_BIN" routes | head -c 100 > /dev/null; echo "${PIPESTATUS[0]}"');
		expect(result.stderr).toBe('');
		expect(result.stdout).toBe('0\n');
	});

	test.each([
		['| true', 'true'],
		['| head -1', 'head -1 > /dev/null'],
	])('a failed check whose reader goes away (%s) still exits 1', (_what, reader) => {
		const clash = tempProject('drift/clash');
		const result = spawnSync('bash', ['-c', `"$NODE_BIN" "$EDU_BIN" routes --check --cwd . < /dev/null | ${reader}; echo "\${PIPESTATUS[0]}"`], {
			cwd: clash, encoding: 'utf8', env: {...process.env, EDU_BIN: binPath, NODE_BIN: process.execPath},
		});
		expect(result.stdout).toBe('1\n');
	});
});
