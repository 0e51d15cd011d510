// main() in-process, with fake streams: the flag parsing and exit codes, without a process per case.
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {version} from '../../source/base/version.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('main()', () => {
	it('--version prints the package version, exit 0', async () => {
		const io = captureIo(tempProject());
		expect(await main(['--version'], io)).toBe(0);
		expect(io.out()).toBe(`${version}\n`);
	});

	it.each([['--help'], ['make:api', '--help'], ['make:controller', '--help']])('%s %s prints help with examples, exit 0', async (...args) => {
		const io = captureIo(tempProject());
		expect(await main(args.filter(Boolean), io)).toBe(0);
		expect(io.out()).toMatch(/^Usage: edu/);
	});

	it('make:api --help lists every flag of the contract', async () => {
		const io = captureIo(tempProject());
		await main(['make:api', '--help'], io);
		for (const flag of ['--yes', '--dry-run', '--json', '--cwd', '--plain', '--methods', '--uri', '--description', '--template']) {
			expect(io.out()).toContain(flag);
		}
		expect(io.out()).toContain('Examples:');
	});

	it('--methods accepts commas and spaces, any case', async () => {
		const root = tempProject('sample');
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--methods', 'get, post', '--dry-run', '--json'], io)).toBe(0);
		expect(JSON.parse(io.out()).methods).toEqual(['GET', 'POST']);
	});

	it('--cwd points at the project from anywhere', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(tempProject());
		expect(await main(['make:api', 'ville', '--cwd', root, '--dry-run'], io)).toBe(0);
		expect(io.out()).toContain('URI : /api/ville');
		expect(snapshotTree(root)).toEqual(before);
	});

	// Whether a make run may ask is decided once from the words typed (the bin picks its program by the same rule).
	it.each([[['make:api', '--yes']], [['make:api', '-nq']], [['make:controller', '--json']], [['--no-interaction', 'make:api']]])('%j in a terminal asks nothing: the missing name is refused, nothing written', async (argv) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(root, {interactive: true});
		expect(await main(argv, io)).toBe(2);
		// The refusal's words, on stderr or (--json) in the object on stdout.
		expect(`${io.out()}${io.err()}`).toMatch(/Not enough arguments \(missing: \\?"controller-name\\?"\)/);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('an unknown command is a usage error, exit 2', async () => {
		const io = captureIo(tempProject());
		expect(await main(['make:apii', 'x'], io)).toBe(2);
		expect(io.err()).toContain("unknown command 'make:apii'");
		expect(io.err()).toContain('make:api');
	});
});

describe('one style for what went wrong (issue 50)', () => {
	// Whichever part finds it (the option parser, a template's options, the URI or methods check),
	// a mistake in the command line is one line starting `edu: `, exit 2; a refusal about the
	// project keeps the exact text the original prints, exit 1.
	it.each([
		['make:api', 'v', '--yes', '--bogus'],
		['make:api', 'v', '--yes', '--uri', '/api/v/{id:\\d+}'],
		['make:api', 'v', '--yes', '--methods', 'FETCH'],
		['make:api', 'v', '--yes', '--template', 'resource', '--fields', 'nom:string:abc'],
		['make:api', 'v', '--yes', '--template', 'upload', '--extensions', 'csv,php'],
		['routes', '--bogus'],
	])('%j: one line starting edu:, exit 2', async (...args) => {
		const root = tempProject('sample');
		const io = captureIo(root);
		expect(await main(args, io)).toBe(2);
		expect(io.err()).toMatch(/^edu: [^\n]+\n$/);
	});

	it('a refusal keeps its exact text: Route already exists. (exit 1); a name taken says "choose another name" for make:command too', async () => {
		const root = tempProject('sample');
		const io = captureIo(root);
		expect(await main(['make:api', 'hello', '--yes'], io)).toBe(1);
		expect(io.err()).toMatch(/^Route already exists\.\n/);
		const again = captureIo(root);
		await main(['make:command', 'generate', '--yes'], captureIo(root));
		expect(await main(['make:command', 'generate', '--yes'], again)).toBe(1);
		expect(again.err()).toMatch(/^Command already exists\.\n.*choose another name\.\n$/);
	});
});
