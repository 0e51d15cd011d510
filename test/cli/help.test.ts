// Help that fits: every --help wraps on words at the terminal's width (80 without a terminal),
// and the examples fit 80 columns as written.
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {runEdu, tempProject} from '../helpers/temp-project.js';

const commands = ['make:api', 'make:controller', 'make:command', 'check:config', 'doctor', 'start', 'mock:persist', 'mock:init', 'mock:token', 'openapi', 'routes', 'template:list', 'template:publish', 'list', 'help', 'completion'];
const helpArgs = [['--help'], ...commands.map((command) => [command, '--help'])];

async function helpAt(args: string[], columns: number | undefined): Promise<string> {
	const io = captureIo(tempProject());
	const terminal = columns === undefined ? io : {...io, stdout: {...io.stdout, isTTY: true, columns}};
	expect(await main(args, terminal)).toBe(0);
	return io.out();
}

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

describe('--help', () => {
	it.each(helpArgs)('%s %s: no line over 80 columns without a terminal, no word broken', async (...args) => {
		const text = await helpAt(args, undefined);
		const wide = await helpAt(args, 400);
		for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
		expect(words(text)).toEqual(words(wide));
	});

	it.each(helpArgs)('%s %s: each paragraph is written as one line, so the help wraps it whole at any width', async (...args) => {
		const lines = (await helpAt(args, 100_000)).split('\n');
		lines.forEach((line, index) => {
			const next = lines[index + 1] ?? '';
			// Prose at the margin, not ended, followed by a line that goes on with a lower-case word: a paragraph broken by hand.
			if (/^\S.*[^.:!?]$/.test(line) && /^[a-z]/.test(next)) expect.fail(`a paragraph broken by hand:\n${line}\n${next}`);
		});
	});

	it.each(helpArgs)('%s %s: wraps at a 60-column terminal, no word broken', async (...args) => {
		const text = await helpAt(args, 60);
		const wide = await helpAt(args, 400);
		for (const line of text.split('\n')) {
			// Only a single word longer than the width may stick out.
			if (line.length > 60) expect(words(line), line).toHaveLength(1);
		}
		expect(words(text)).toEqual(words(wide));
	});

	it.each(helpArgs)('%s %s: a wrapped line continues under its description, never as a new entry', async (...args) => {
		// An entry ("  --cwd <dir>  …", "  make:api …", "  $ edu …") starts at column 2; its continuation further right.
		const entries = (text: string): string[] => text.split('\n').filter((line) => /^ {2}\S/.test(line)).map((line) => line.trim().split(/\s+/)[0] ?? '');
		const wide = entries(await helpAt(args, 400));
		expect(entries(await helpAt(args, 80))).toEqual(wide);
		expect(entries(await helpAt(args, 60))).toEqual(wide);
	});

	it.each(helpArgs)('%s %s: examples fit 80 columns as written', async (...args) => {
		const wide = await helpAt(args, 400);
		for (const line of wide.split('\n').filter((candidate) => /^\s+\$ /.test(candidate))) {
			expect(line.length, line).toBeLessThanOrEqual(80);
		}
	});

	it('edu --help says that global options go before or after the command name', async () => {
		expect(words(await helpAt(['--help'], undefined)).join(' ')).toContain('These options, and a command\'s own -y/--yes and --dry-run, go before or after the command name alike; "edu help COMMAND" lists the options each command takes.');
	});

	it('edu --help writes a command that takes several names as its own help does: template:publish [name…]', async () => {
		expect(await helpAt(['--help'], 120)).toMatch(/^ {2}template:publish \[name…\] /m);
	});

	it('make:api --help at 80 columns keeps "default" and "Twig" whole', async () => {
		const text = await helpAt(['make:api', '--help'], 80);
		expect(text).toContain('(default: "default")');
		expect(text).not.toMatch(/defa\n/);
		const resource = await helpAt(['help', 'make:api', '--template', 'resource'], 80);
		expect(resource).toContain('Twig folder');
		expect(resource).not.toMatch(/Tw\n/);
	});

	it('make:api and make:controller --help fit one screen: at most 40 lines at 80 columns, each template\'s options under it', async () => {
		const api = await helpAt(['make:api', '--help'], 80);
		expect(api.trimEnd().split('\n').length).toBeLessThanOrEqual(40);
		expect((await helpAt(['make:controller', '--help'], 80)).trimEnd().split('\n').length).toBeLessThanOrEqual(40);
		// Not among the command's options, but under their template, with what each is for.
		const options = api.slice(api.indexOf('Options:'), api.indexOf('Examples:'));
		for (const flag of ['--table', '--fields', '--field', '--extensions', '--dir']) expect(options).not.toContain(flag);
		expect(api).toMatch(/^ {2}resource +a table's rows as JSON[^\n]*\n +--table NAME, --fields LIST \(needed\), --methods LIST$/m);
		expect(api).toMatch(/^ {2}upload +POST \/api\/<name>[^\n]*\n +--field NAME, --extensions LIST, --dir FOLDER$/m);
	});

	it('edu help make:api --template upload (or make:api --template upload --help): the template in full, its options and an example', async () => {
		for (const args of [['help', 'make:api', '--template', 'upload'], ['make:api', '--template', 'upload', '--help']]) {
			const text = await helpAt(args, 80);
			expect(text.replace(/\s+/g, ' '), args.join(' ')).toContain('Template upload (built in): POST /api/<name>: one file stored under a name made by the server;');
			expect(text).toMatch(/^ {2}--extensions LIST +the allowed extensions \(default csv,txt\)$/m);
			expect(text).toContain('$ edu make:api import --template upload --field file');
		}
		const io = captureIo(tempProject());
		expect(await main(['help', 'make:api', '--template', 'nope'], io)).toBe(2);
		expect(io.err()).toMatch(/^edu: [^\n]*'nope'[^\n]*\n$/);
	});

	// The bin answers `edu --help` itself, from the help the build laid out (source/launch/program-help.ts).
	it.each([['--help', 40], ['--help', 80], ['-h', 132]] as const)('the built edu %s at %i columns prints what the program prints, exit 0', async (flag, columns) => {
		const program = captureIo(tempProject());
		expect(await main([flag], {...program, env: {...program.env, COLUMNS: String(columns)}})).toBe(0);
		const bin = await runEdu([flag], {cwd: tempProject(), env: {COLUMNS: String(columns)}});
		expect(bin).toEqual({exitCode: 0, stdout: program.out(), stderr: ''});
		for (const line of bin.stdout.split('\n')) if (line.length > columns) expect(words(line), line).toHaveLength(1);
	});
});
