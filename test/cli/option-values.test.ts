// Values commander would take without a word, refused as the usage errors they are (exit 2,
// nothing written): an option given twice (the first would be ignored), an empty value (`--cwd=`
// from an unset variable would mean the current folder), and a word starting with - where a value
// should be (`--description -nq` was also read as -n -q, and printed nothing). And a word of one
// - and several letters that are not the command's one-letter flags: commander read them one by
// one, so `make:api -Ville` (a name typed with a -) printed the version, exit 0, nothing made.
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

async function refused(argv: string[]): Promise<string> {
	const root = tempProject('sample');
	const before = snapshotTree(root);
	const io = captureIo(root);
	expect(await main(argv, io)).toBe(2);
	expect(io.out()).toBe('');
	expect(snapshotTree(root)).toEqual(before);
	return io.err();
}

describe('option values commander would take silently', () => {
	it.each([
		[['make:api', 'x', '--yes', '--uri', '/api/a', '--uri', '/api/b'], 'edu: --uri is given twice (/api/a, then /api/b): give it once.\n'],
		[['make:api', 'x', '--yes', '--methods=GET', '--methods', 'POST'], 'edu: --methods is given twice (GET, then POST): give it once.\n'],
		[['make:api', 'x', '--yes', '--template', 'resource', '--template', 'upload'], 'edu: --template is given twice (resource, then upload): give it once.\n'],
		[['--cwd', '.', 'make:api', 'x', '--yes', '--cwd', '.'], 'edu: --cwd is given twice (., then .): give it once.\n'],
		[['make:controller', 'Gare', '--yes', '--uri=/gare', '--uri=/gares'], 'edu: --uri is given twice (/gare, then /gares): give it once.\n'],
	])('%j: an option given twice', async (argv, message) => {
		expect(await refused(argv)).toBe(message);
	});

	it.each([
		[['make:api', 'x', '--yes', '--cwd='], 'edu: --cwd is empty: write --cwd DIR, or leave it out (edu help make:api lists its options).\n'],
		[['--cwd=', 'make:api', 'x', '--yes'], 'edu: --cwd is empty: write --cwd DIR, or leave it out (edu help make:api lists its options).\n'],
		[['make:api', 'x', '--yes', '--description', ''], 'edu: --description is empty: write --description TEXT, or leave it out (edu help make:api lists its options).\n'],
		[['--cwd='], 'edu: --cwd is empty: write --cwd DIR, or leave it out (edu help lists its options).\n'],
	])('%j: an empty value', async (argv, message) => {
		expect(await refused(argv)).toBe(message);
	});

	it.each([
		[['make:api', 'x', '--yes', '--description', '-nq'], 'edu: --description needs a value, and -nq came next: write --description TEXT, or --description=-nq if that is the value (edu help make:api lists its options).\n'],
		[['make:api', 'x', '--uri', '--yes'], 'edu: --uri needs a value, and --yes came next: write --uri URI (edu help make:api lists its options).\n'],
	])('%j: a word starting with - where the value should be', async (argv, message) => {
		expect(await refused(argv)).toBe(message);
	});

	it('a value that starts with - written with = is a value', async () => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['make:api', 'x', '--yes', '--description=-nq'], io)).toBe(0);
		expect(io.out()).toContain('[OK] Controller and route successfully generated');
	});

	it('a flag given twice is still the flag once', async () => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['make:api', 'x', '--yes', '--dry-run', '--dry-run'], io)).toBe(0);
		expect(io.out()).toContain('Dry run');
	});

	it.each([
		[['make:api', '-Ville'], "edu: unknown option '-Ville': the one-letter options are -h, -y, -n, -q, -v, -V, alone or together (-yq), and a name is written without - (edu help make:api lists its options).\n"],
		[['make:controller', 'Gare', '--yes', '-gare'], "edu: unknown option '-gare': the one-letter options are -h, -y, -n, -q, -v, -V, alone or together (-yq), and a name is written without - (edu help make:controller lists its options).\n"],
		[['routes', '-Vx'], "edu: unknown option '-Vx': the one-letter options are -h, -n, -q, -v, -y, -V, alone or together (-yq) (edu help routes lists its options).\n"],
		[['-Vx'], "edu: unknown option '-Vx': the one-letter options are -h, -n, -q, -v, -V, alone or together (-nq) (edu help lists its options).\n"],
		[['make:api', 'x', '-y=1'], 'edu: -y takes no value: write -y alone, or leave it out (edu help make:api lists its options).\n'],
	])('%j: letters after one - that are not the command\'s one-letter flags', async (argv, message) => {
		expect(await refused(argv)).toBe(message);
	});

	it('-ville is refused in one line: the v in it does not ask for the stack trace', async () => {
		expect(await refused(['make:api', '-ville'])).toBe("edu: unknown option '-ville': the one-letter options are -h, -y, -n, -q, -v, -V, alone or together (-yq), and a name is written without - (edu help make:api lists its options).\n");
	});

	it('the one-letter flags still go together, before or after the command', async () => {
		for (const argv of [['make:api', 'x', '-yq'], ['-yq', 'make:api', 'x'], ['make:api', 'x', '-nqv']]) {
			const root = tempProject('sample');
			const io = captureIo(root);
			expect(await main(argv, io)).toBe(0);
			expect(io.out()).toBe('');
			expect(snapshotTree(root)['app/Controller/api/XController.php']).toBeDefined();
		}
	});
});

