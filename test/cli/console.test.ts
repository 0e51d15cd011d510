// The habits of Symfony Console users: list, help, -n, -q, -V, -v, and did-you-mean.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {version} from '../../source/base/version.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('console habits', () => {
	it('edu list prints every command, one entry each', async () => {
		const io = captureIo(tempProject());
		expect(await main(['list'], io)).toBe(0);
		const lines = io.out().split('\n').filter((line) => /^  \S/.test(line));
		expect(lines.map((line) => line.trim().split(/\s+/)[0])).toEqual(['make:api', 'make:controller', 'make:command', 'check:config', 'doctor', 'start', 'mock:persist', 'mock:init', 'mock:token', 'openapi', 'routes', 'template:list', 'template:publish', 'undo', 'history', 'list', 'help', 'completion']);
	});

	it('edu list wraps as --help does when piped: at 80, or at COLUMNS, the rest under the description', async () => {
		for (const [env, width] of [[{}, 80], [{COLUMNS: '60'}, 60]] as const) {
			const io = captureIo(tempProject(), {env});
			expect(await main(['list'], io)).toBe(0);
			const lines = io.out().trimEnd().split('\n');
			expect(lines.filter((line) => line.length > width)).toEqual([]);
			const at = lines.findIndex((line) => line.startsWith('  make:command'));
			expect(lines[at + 1]).toMatch(/^ {20}\S/);
			expect(`${lines[at]} ${lines[at + 1]!.trim()}`).toContain('generate a console command for php bin/edu and register it in');
		}
	});

	it('edu help make:api is make:api --help', async () => {
		const viaHelp = captureIo(tempProject());
		const viaFlag = captureIo(tempProject());
		expect(await main(['help', 'make:api'], viaHelp)).toBe(0);
		expect(await main(['make:api', '--help'], viaFlag)).toBe(0);
		expect(viaHelp.out()).toBe(viaFlag.out());
		expect(viaHelp.out()).toMatch(/^Usage: edu make:api/);
	});

	it.each([[['--help', 'make:api']], [['-h', 'make:controller']], [['-q', '--help', 'routes']]])('%j is the command\'s help, as after its name', async (args) => {
		const command = args.find((word) => !word.startsWith('-'))!;
		const before = captureIo(tempProject());
		const after = captureIo(tempProject());
		expect(await main(args, before)).toBe(0);
		expect(await main([command, '--help'], after)).toBe(0);
		expect(before.out()).toMatch(new RegExp(`^Usage: edu ${command} `));
		expect(before.out()).toBe(after.out());
	});

	it('-q speaks of --dry-run only in the help of commands that take it', async () => {
		const help = async (command: string): Promise<string> => {
			const io = captureIo(tempProject());
			expect(await main([command, '--help'], io)).toBe(0);
			return io.out();
		};
		for (const command of ['routes', 'start', 'mock:init', 'mock:token', 'check:config']) {
			expect(await help(command), command).toMatch(/^ {2}-q, --quiet +print nothing but errors$/m);
		}
		for (const command of ['openapi', 'mock:persist']) {
			expect((await help(command)).replace(/\s+/g, ' '), command).toContain('-q, --quiet print nothing but errors and, with --dry-run, the plan asked for');
		}
		// The make commands' help keeps to one screen: the global flags in one line, said in full by edu --help.
		for (const command of ['make:api', 'make:controller']) expect(await help(command), command).toMatch(/^ {2}-n, -q, -v, -V +as for every command \(edu --help\)$/m);
		const io = captureIo(tempProject());
		expect(await main(['--help'], io)).toBe(0);
		expect(io.out().replace(/\s+/g, ' ')).toContain('-q, --quiet print nothing but errors and, with --dry-run, the plan asked for');
	});

	it('edu help alone is edu --help', async () => {
		const viaHelp = captureIo(tempProject());
		const viaFlag = captureIo(tempProject());
		expect(await main(['help'], viaHelp)).toBe(0);
		expect(await main(['--help'], viaFlag)).toBe(0);
		expect(viaHelp.out()).toBe(viaFlag.out());
	});

	it.each([[['-V']], [['--version']], [['make:api', '-V']], [['routes', '--version']]])('%j prints the version', async (args) => {
		const io = captureIo(tempProject());
		expect(await main(args, io)).toBe(0);
		expect(io.out()).toBe(`${version}\n`);
	});

	it('-n answers no question: a missing name is the usage error even in a terminal', async () => {
		const io = captureIo(tempProject('sample'), {interactive: true});
		expect(await main(['make:api', '-n'], io)).toBe(2);
		expect(io.err()).toBe('Not enough arguments (missing: "controller-name")\n');
	});

	it('--no-interaction with a name writes without asking', async () => {
		const root = tempProject('sample');
		const io = captureIo(root, {interactive: true});
		expect(await main(['make:api', 'ville', '--no-interaction'], io)).toBe(0);
		expect(readFileSync(path.join(root, 'app/Controller/api/VilleController.php'), 'utf8')).toContain('class VilleController');
	});

	it('-q prints nothing on success, and still the refusal', async () => {
		const root = tempProject('sample');
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '-q'], io)).toBe(0);
		expect(io.out()).toBe('');
		expect(io.err()).toBe('');
		const again = captureIo(root);
		expect(await main(['make:api', 'ville', '--quiet'], again)).toBe(1);
		expect(again.out()).toBe('');
		expect(again.err()).toMatch(/^Route already exists\.\napp\/Config\/routes\.yaml:\d+: /);
	});

	it('-v after a command is accepted (verbose), not an unknown option', async () => {
		const root = tempProject('sample');
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '-v', '--dry-run'], io)).toBe(0);
		expect(io.out()).toContain('URI : /api/ville');
	});

	it.each([
		[['make', 'ville'], ['make:api', 'make:controller', 'make:command']],
		[['make:apii'], ['make:api']],
		[['make:controler', 'x'], ['make:controller']],
		[['mock'], ['mock:persist', 'mock:init', 'mock:token']],
		[['rotues'], ['routes']],
		[['mak'], ['make:api', 'make:controller', 'make:command']],
	])('%j suggests %j, exit 2, nothing written', async (args, suggestions) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(args, io)).toBe(2);
		expect(io.err()).toBe(`edu: unknown command '${args[0]}' (did you mean ${suggestions.join(' or ')}? edu list shows every command).\n`);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a word close to no command: the two make commands that would take it as a name, in full; none in edu help WORD', async () => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['nope'], io)).toBe(2);
		expect(io.err()).toBe("edu: unknown command 'nope' (to make a controller of that name: edu make:api nope or edu make:controller nope; edu list shows every command).\n");
		const help = captureIo(tempProject('sample'));
		expect(await main(['help', 'nope'], help)).toBe(2);
		expect(help.err()).toBe("edu: unknown command 'nope' (edu list shows every command).\n");
		const other = captureIo(tempProject('sample'));
		expect(await main(['x-y'], other)).toBe(2);
		expect(other.err()).toBe("edu: unknown command 'x-y' (edu list shows every command).\n");
	});
});
