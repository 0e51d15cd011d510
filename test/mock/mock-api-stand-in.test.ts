// The mock API stand-in (fixtures/mock-api) held to the real mock's facts by its own PHP test,
// which serves it with php -S and prints one line per check.
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {hasPhp} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';

describe.skipIf(!hasPhp)('the mock API stand-in passes its own tests', () => {
	it('php fixtures/mock-api/tests/mock-api.test.php', async () => {
		const result = await execa('php', [path.join(fixturesDir, 'mock-api', 'tests', 'mock-api.test.php')], {reject: false, timeout: 30_000});
		const failed = result.stdout.split('\n').filter((line) => line.startsWith('not ok'));
		expect({exitCode: result.exitCode, failed, stderr: result.stderr}, result.stdout).toEqual({exitCode: 0, failed: [], stderr: ''});
		expect(result.stdout).toMatch(/all checks passed\n?$/);
	});
});
