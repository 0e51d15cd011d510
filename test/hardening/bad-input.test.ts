// Hostile and broken input: each gives one clear line, the right exit code, and no change.
import {createHash} from 'node:crypto';
import {lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import {execa} from 'execa';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import type {Io} from '../../source/base/io.js';
import {captureIo} from '../helpers/io.js';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

async function refusedUnchanged(root: string, args: string[], exitCode = 1, lines = 1): Promise<string> {
	const before = snapshotTree(root);
	const result = await runMain(args, {cwd: root});
	expect(result.exitCode, result.stderr).toBe(exitCode);
	expect(result.stdout).toBe('');
	expect(result.stderr.trimEnd().split('\n')).toHaveLength(lines);
	expect(result.stderr).not.toMatch(/\n\s+at /);
	expect(snapshotTree(root)).toEqual(before);
	return result.stderr;
}

describe('names', () => {
	it.each([
		['', 'the name is empty.'],
		['x'.repeat(5000), 'at most 100 are allowed'],
		['ma ville', 'cannot contain a space'],
		['../../etc/passwd', 'cannot contain "."'],
		['/etc/passwd', 'cannot contain "/"'],
		['C:\\Windows', 'cannot contain ":"'],
		['Ville\u00e9', 'non-ASCII character "é"'],
		['Ville\u0301', 'non-ASCII character'],
		['line\nbreak', 'control character (U+000A)'],
	])('%j', async (name, reason) => {
		const root = tempProject('sample');
		expect(await refusedUnchanged(root, ['make:api', name])).toContain(reason);
	});
});

describe('routes.yaml', () => {
	const aliasBomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
	for (let index = 1; index < 14; index++) {
		aliasBomb.push(`${String.fromCharCode(97 + index)}: &${String.fromCharCode(97 + index)} [${Array.from({length: 9}, () => `*${String.fromCharCode(96 + index)}`).join(', ')}]`);
	}
	it.each([
		['malformed', 'home:\n    uri: "/\n', /^app\/Config\/routes\.yaml:\d+:\d+: /],
		['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), /^app\/Config\/routes\.yaml:3:1: not a text file \(it contains a NUL byte\)\n$/],
		['not UTF-8', Buffer.from('home:\n    uri: /caf\xe9\n', 'latin1'), /^app\/Config\/routes\.yaml:2:14: not a UTF-8 text file \(this byte starts no UTF-8 character\)/],
		['an alias bomb', `${aliasBomb.join('\n')}\n`, /^app\/Config\/routes\.yaml:1:7: route "a" must be a mapping/],
		['a duplicate route', 'home:\n    uri: /\n    controller: A\n    httpMethod: [GET]\nhome:\n    uri: /x\n    controller: B\n    httpMethod: [GET]\n', /^app\/Config\/routes\.yaml:5:1: duplicate key: home\n$/],
		['a list at the top', '- home\n', /^app\/Config\/routes\.yaml:1:1: the top level must be a mapping/],
		['a route without uri', 'home:\n    controller: A\n    httpMethod: [GET]\n', /^app\/Config\/routes\.yaml:1:1: route "home" has no "uri"\n$/],
		['a route without controller', 'home:\n    uri: /\n    httpMethod: [GET]\n', /has no "controller"/],
		['a route without httpMethod', 'home:\n    uri: /\n    controller: A\n', /has no "httpMethod"/],
		['a byte-order mark before a comment', '\uFEFF# routes\nhome:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n', /^app\/Config\/routes\.yaml:1:1: the file starts with a byte-order mark \(BOM\), which Symfony YAML reads as text of the first line: save it as UTF-8 without BOM\n$/],
		['a byte-order mark before two comment lines', '\uFEFF# Routes of the application.\n# Each route: a name.\nhome:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n', /^app\/Config\/routes\.yaml:1:1: the file starts with a byte-order mark \(BOM\), which Symfony YAML reads as text of the first line: save it as UTF-8 without BOM\n$/],
		['lists nested 20,000 deep', `home:\n    uri: /\n    controller: A\n    httpMethod: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, /^app\/Config\/routes\.yaml:4:\d+: nested too deeply to be read \(lists or mappings inside one another, thousands deep\)\n$/],
	])('%s', async (_label, content, expected) => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), content);
		expect(await refusedUnchanged(root, ['make:api', 'ville'])).toMatch(expected);
	});

	it('two routes already serving the same method and URI: the new one is still checked against both', async () => {
		const root = tempProject('sample');
		expect(await refusedUnchanged(root, ['make:api', 'bonjour', '--uri', '/api/hello'], 1, 2)).toBe('Route "api_hello" already serves GET /api/hello.\napp/Config/routes.yaml:9: route "api_hello" serves it: choose another URI or other methods (--uri, --methods), or remove that route.\n');
	});
});

/** Every entry under `folder` with a hash of each regular file; FIFOs and links listed, never opened. */
function safeTree(folder: string, relative = '', into: Record<string, string> = {}): Record<string, string> {
	for (const name of readdirSync(path.join(folder, relative))) {
		const child = path.join(relative, name);
		const stat = lstatSync(path.join(folder, child));
		if (stat.isDirectory()) safeTree(folder, child, into);
		else into[child] = stat.isFile() ? createHash('sha256').update(readFileSync(path.join(folder, child))).digest('hex') : `special ${stat.mode}`;
	}
	return into;
}

describe('a routes.yaml that is not a regular file is refused at once with one line', () => {
	const cases: Array<[string, (file: string) => Promise<void> | void, RegExp]> = [
		['a FIFO', async (file) => {
			await execa('mkfifo', [file]);
		}, /^app\/Config\/routes\.yaml: not a regular file \(a FIFO\)/],
		['a link to /dev/zero', (file) => symlinkSync('/dev/zero', file), /^app\/Config\/routes\.yaml: not a regular file \(a device\)/],
		['a 65 MB file', (file) => truncateSync(file, 65 * 1024 * 1024), /^app\/Config\/routes\.yaml: too big \(68157440 bytes; at most 67108864 are read\)\.$/m],
	];
	for (const [label, make, expected] of cases) {
		for (const args of [['make:api', 'ville', '--yes'], ['routes', '--check']]) {
			it(`${label}: edu ${args.join(' ')}`, async () => {
				const root = tempProject('sample');
				const file = path.join(root, 'app/Config/routes.yaml');
				rmSync(file);
				if (label === 'a 65 MB file') writeFileSync(file, '');
				await make(file);
				const before = safeTree(root);
				// The built binary, killed if it ever reads what it should refuse: in-process, a blocking read would hang the suite.
				const result = await runEdu(args, {cwd: root, timeout: 20_000});
				expect(result.exitCode, result.stderr).toBe(1);
				expect(result.stderr).toMatch(expected);
				expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
				expect(safeTree(root)).toEqual(before);
			}, 30_000);
		}
	}
});

describe('confinement', () => {
	it('a routes.yaml that is a link to a file outside the project is not written through', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		writeFileSync(path.join(outside, 'routes.yaml'), readProjectFile(root, 'app/Config/routes.yaml'));
		const link = path.join(root, 'app/Config/routes.yaml');
		await import('node:fs').then(({rmSync}) => rmSync(link));
		symlinkSync(path.join(outside, 'routes.yaml'), link);
		const outsideBefore = snapshotTree(outside);
		expect(await refusedUnchanged(root, ['make:api', 'ville'])).toMatch(/^Refusing to write app\/Config\/routes\.yaml: it resolves through the link app\/Config\/routes\.yaml to .*, outside the project\.\n$/);
		expect(snapshotTree(outside)).toEqual(outsideBefore);
	});

	it('a controller folder that links outside the project is not written through', async () => {
		const root = tempProject('empty');
		const outside = tempProject();
		mkdirSync(path.join(root, 'app/Controller'), {recursive: true});
		symlinkSync(outside, path.join(root, 'app/Controller/api'));
		expect(await refusedUnchanged(root, ['make:api', 'ville'])).toContain('outside the project');
		expect(snapshotTree(outside)).toEqual({});
	});

	it('a hostile --uri never becomes a path', async () => {
		const root = tempProject('sample');
		expect(await refusedUnchanged(root, ['make:api', 'ville', '--uri', '/api/../../etc'], 2)).toContain('".." segment');
		expect(await refusedUnchanged(root, ['make:api', 'ville', '--uri', "/api/x'\n"], 2)).toContain('Invalid URI "/api/x\'\\n"');
	});

	it('a refused --uri is echoed as typed: a FastRoute pattern keeps its one backslash', async () => {
		const root = tempProject('sample');
		expect(await refusedUnchanged(root, ['make:api', 'ville', '--uri', '/api/x/{id:\\d+}'], 2)).toContain('Invalid URI "/api/x/{id:\\d+}": "{id:\\d+}" is a FastRoute pattern, which edu does not write (the controller\'s OpenAPI path could not say it): write {id} and check the value in the controller');
		expect(await refusedUnchanged(root, ['make:api', 'ville', '--uri', '/api/x[/{slug}]'], 2)).toContain('Invalid URI "/api/x[/{slug}]": the URI has an optional part ([…], FastRoute\'s syntax), which edu does not write: make one route per form of the URI');
	});
});

describe('unexpected errors', () => {
	function throwingIo(base: Io): Io {
		return Object.defineProperty({...base}, 'cwd', {get: () => { throw new Error('disk on fire\nsecond line'); }});
	}

	it('print one line and a hint to rerun with DEBUG=1, exit 1, no stack trace', async () => {
		const io = captureIo(tempProject());
		expect(await main(['make:api', 'ville'], throwingIo(io))).toBe(1);
		expect(io.err()).toBe('edu: unexpected error: disk on fire\nRerun with DEBUG=1 to see the stack trace.\n');
	});

	it('with DEBUG=1 print the stack trace', async () => {
		const io = captureIo(tempProject(), {env: {DEBUG: '1'}});
		expect(await main(['make:api', 'ville'], throwingIo(io))).toBe(1);
		expect(io.err()).toMatch(/^edu: unexpected error: disk on fire\nError: disk on fire\nsecond line\n\s+at /);
	});
});
