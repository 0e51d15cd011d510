// The runtime stand-in (fixtures/runtime) held to the seed by its own PHP tests: each script
// prints one line per check and exits 1 when any failed. http.test.php starts its own php -S.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {hasPhp} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';

const testsDir = path.join(fixturesDir, 'runtime', 'tests');
const scripts = readdirSync(testsDir).filter((name) => name.endsWith('.test.php')).sort();

describe.skipIf(!hasPhp)('the PHP runtime stand-in passes its own tests', () => {
	it('has the console, request, router and HTTP scripts', () => {
		expect(scripts).toEqual(['console.test.php', 'http.test.php', 'request.test.php', 'router.test.php', 'seed-upload.test.php']);
	});

	it.each(scripts)('php %s', async (script) => {
		const result = await execa('php', [path.join(testsDir, script)], {reject: false, timeout: 30_000});
		const failed = result.stdout.split('\n').filter((line) => line.startsWith('not ok'));
		expect({exitCode: result.exitCode, failed, stderr: result.stderr}, result.stdout).toEqual({exitCode: 0, failed: [], stderr: ''});
		expect(result.stdout).toMatch(/all checks passed\n?$/);
	});
});
