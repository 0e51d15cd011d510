// --json: one JSON object on stdout for every outcome, usage errors included, with a code each
// and the exit code of the readme's table.
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('--json', () => {
	it.each([
		[['make:api', 'ville', '--json', '--template', 'x'], 'INVALID_OPTION', 2],
		[['make:api', 'ville', '--json', '--bogus'], 'UNKNOWN_OPTION', 2],
		[['make:apii', '--json'], 'UNKNOWN_COMMAND', 2],
		[['make:apii', 'ville', '--json'], 'UNKNOWN_COMMAND', 2],
		[['--json', '--bogus'], 'UNKNOWN_OPTION', 2],
		[['make:api', '--json'], 'MISSING_ARGUMENT', 2],
		[['make:api', 'a', 'b', '--json'], 'USAGE', 2],
		[['make:api', 'ville', '--json', '--methods'], 'USAGE', 2],
		[['make:api', 'ville', '--json', '--methods', 'FOO'], 'INVALID_METHODS', 2],
		[['make:api', 'ville', '--json', '--uri', '/api/../x'], 'INVALID_URI', 2],
		[['make:api', 'ville', '--json', '--template', 'resource'], 'USAGE', 2],
		[['make:api', 'ville', '--json', '--template', 'resource', '--fields', 'nom:varchar'], 'INVALID_OPTION', 2],
		[['make:api', 'ville', '--json', '--template', 'upload', '--extensions', 'php'], 'INVALID_OPTION', 2],
		[['make:api', 'ma-ville', '--json'], 'INVALID_NAME', 1],
		[['make:api', 'hello', '--json'], 'ROUTE_EXISTS', 1],
		[['routes', '--json', '--cwd', '/nonexistent/folder'], 'NOT_A_PROJECT', 1],
		[['openapi', '--json', '--cwd', '/'], 'NOT_A_PROJECT', 1],
		[['help', 'nope', '--json'], 'UNKNOWN_COMMAND', 2],
		[['mock:init', '--url', 'ftp://x', '--json'], 'INVALID_OPTION', 2],
	])('%j → one object with code %s, exit %i, nothing on stderr, nothing written', async (args, code, exitCode) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(args, io)).toBe(exitCode);
		const report = JSON.parse(io.out()) as {ok: boolean; error: {code: string; message: string}};
		expect(report.ok).toBe(false);
		expect(report.error.code).toBe(code);
		expect(report.error.message).not.toContain('\n');
		expect(io.err()).toBe('');
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		[['--version', '--json'], 'version'],
		[['-V', '--json'], 'version'],
		[['make:api', '--help', '--json'], 'help'],
		[['help', 'make:api', '--json'], 'help'],
		[['list', '--json'], 'commands'],
	])('%j → {"ok": true, "%s": …}', async (args, key) => {
		const io = captureIo(tempProject('sample'));
		expect(await main(args, io)).toBe(0);
		const report = JSON.parse(io.out()) as Record<string, unknown>;
		expect(report.ok).toBe(true);
		expect(report[key]).toBeTruthy();
	});

	it('an unknown command carries its suggestions', async () => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['make', 'ville', '--json'], io)).toBe(2);
		expect(JSON.parse(io.out())).toMatchObject({ok: false, error: {code: 'UNKNOWN_COMMAND'}, suggestions: ['make:api', 'make:controller', 'make:command']});
	});
});

describe('an empty value has the code of its flag\'s own check (docs/json.md)', () => {
	it.each([
		[['--methods', ''], 'INVALID_METHODS'],
		[['--methods='], 'INVALID_METHODS'],
		[['--uri', ''], 'INVALID_URI'],
		[['--description', ''], 'USAGE'],
	])('%j → %s, exit 2', async (flags, code) => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['make:api', 'ville', ...flags, '--json'], io)).toBe(2);
		expect(JSON.parse(io.out())).toMatchObject({ok: false, error: {code}});
	});
});

describe('exit codes: a bad flag value is a usage error (2) in text mode too', () => {
	it.each([
		[['make:api', 'ville', '--methods', 'FOO'], 'Unknown HTTP method "FOO"'],
		[['make:api', 'ville', '--template', 'x'], "invalid value 'x' for --template (allowed: default, resource, upload)"],
		[['make:api', 'ville', '--template', 'resource', '--fields', 'nom:varchar'], 'unknown type "varchar"'],
		[['make:api', 'ville', '--template', 'resource'], '--template resource needs --fields'],
	])('%j', async (args, message) => {
		const io = captureIo(tempProject('sample'));
		expect(await main(args, io)).toBe(2);
		expect(io.err()).toContain(message);
		expect(io.out()).toBe('');
	});
});
