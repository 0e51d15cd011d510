// edu completion and the hidden edu _complete its scripts call: the candidates for each kind of
// word, computed in-process through main() on a copy of the sample with a template and a console
// command of its own. The scripts run in real shells in completion-shells.test.ts.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {copyTemplate} from '../helpers/template-copy.js';
import {tempProject} from '../helpers/temp-project.js';

let project: string;

beforeAll(() => {
	project = tempProject('sample');
	copyTemplate(project, 'default', 'mine');
	mkdirSync(path.join(project, 'app', 'Config'), {recursive: true});
	writeFileSync(path.join(project, 'app', 'Config', 'commands.yaml'), 'hello: Command\\HelloCommand\n');
});

/** What edu offers for the last of `words` (typed after `edu`), run in `cwd`: the lines it prints. */
async function complete(words: readonly string[], {cwd = project, shell = 'bash'} = {}): Promise<string[]> {
	const io = captureIo(cwd);
	expect(await main(['_complete', '--shell', shell, '--current', String(words.length), '--', 'edu', ...words], io)).toBe(0);
	expect(io.err()).toBe('');
	return io.out().split('\n').filter((line) => line !== '');
}

async function run(args: readonly string[], cwd = project): Promise<{code: number; out: string; err: string}> {
	const io = captureIo(cwd);
	const code = await main(args, io);
	return {code, out: io.out(), err: io.err()};
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

describe('edu _complete: option values', () => {
	it.each([
		[['make:api', 'x', '--template', ''], ['default', 'resource', 'upload', 'mine']],
		[['make:api', 'x', '--template', 'r'], ['resource']],
		[['make:api', 'x', '--template=u'], ['--template=upload']],
		[['make:controller', 'x', '--template', ''], ['web']],
		[['make:command', 'x', '--template', ''], ['command']],
		[['make:api', 'x', '--methods', ''], methods],
		[['make:api', 'x', '--methods', 'GET,P'], ['GET,POST', 'GET,PUT', 'GET,PATCH']],
		[['make:api', 'x', '--methods', 'GET,POST,'], ['GET,POST,PUT', 'GET,POST,PATCH', 'GET,POST,DELETE', 'GET,POST,HEAD', 'GET,POST,OPTIONS']],
		[['make:api', 'x', '--methods=GET,D'], ['--methods=GET,DELETE']],
		[['completion', ''], ['bash', 'zsh', 'fish', 'powershell']],
		[['template:publish', 'up'], ['upload']],
	])('%j → %j', async (words, expected) => {
		expect(await complete(words)).toEqual(expected);
	});

	it.each([
		[['routes', '--cwd', ''], ':dirs'],
		[['routes', '--cwd=ap'], ':dirs'],
		[['--cwd', ''], ':dirs'],
		[['make:api', 'x', '--template', 'upload', '--dir', ''], ':dirs'],
		[['start', '--docroot', 'pu'], ':dirs'],
		[['openapi', '--out', ''], ':files'],
		[['mock:persist', '--compose', ''], ':files'],
	])('%j: the marker that lets the shell complete paths (%s)', async (words, marker) => {
		expect(await complete(words)).toEqual([marker]);
	});

	// Where a value is expected, nothing else: no option names, no `--` for the shell to insert.
	it.each([
		[['make:api', 'x', '--uri', '']],
		[['make:api', 'x', '--description', '']],
		[['make:api', 'x', '--template', 'resource', '--table', '']],
		[['make:api', 'x', '--template', '-']],
		[['make:api', 'x', '--methods', '--']],
		[['mock:persist', '--target', '']],
		[['make:api', '']],
		[['make:api', 'x', '--template', 'nothing-like-it']],
	])('%j: no candidates', async (words) => {
		expect(await complete(words)).toEqual([]);
	});
});

describe('edu _complete: commands and options', () => {
	it('after edu: every command edu list shows, then the project\'s own; for help too', async () => {
		const listed = JSON.parse((await run(['list', '--json'])).out) as {commands: Array<{name: string}>};
		const expected = [...listed.commands.map(({name}) => name), 'hello'];
		expect(await complete([''])).toEqual(expected);
		expect(await complete(['help', ''])).toEqual(expected);
		expect(await complete(['he'])).toEqual(['help', 'hello']);
		expect(await complete(['make:a'])).toEqual(['make:api']);
	});

	it('the project is the one --cwd names, typed before the word', async () => {
		const elsewhere = tempProject();
		expect(await complete(['make:api', 'x', '--cwd', project, '--template', ''], {cwd: elsewhere})).toEqual(['default', 'resource', 'upload', 'mine']);
		expect(await complete([`--cwd=${project}`, 'hel'], {cwd: elsewhere})).toEqual(['help', 'hello']);
		expect(await complete(['make:api', 'x', '--template', ''], {cwd: elsewhere})).toEqual(['default', 'resource', 'upload']);
	});

	it('options: the command\'s own long names not typed yet; after a name, with nothing typed, the options too', async () => {
		expect(await complete(['make:api', 'x', '--dry-run', '--d'])).toEqual(['--description', '--dir']);
		expect(await complete(['routes', '--c'])).toEqual(['--check', '--cwd']);
		const afterName = await complete(['make:api', 'x', '']);
		expect(afterName).toEqual(expect.arrayContaining(['--template', '--methods', '--cwd', '--help']));
		// routes asks nothing: the --yes every command takes is hidden in its help, and not offered.
		expect(await complete(['routes', '--y'])).toEqual([]);
	});

	it('a command of the project\'s: its words are php bin/edu\'s, nothing offered', async () => {
		expect(await complete(['hello', ''])).toEqual([]);
		expect(await complete(['hello', '--'])).toEqual([]);
	});

	it('for fish and PowerShell each line carries its description after a tab', async () => {
		expect(await complete(['make:a'], {shell: 'fish'})).toEqual(['make:api\tgenerate a JSON API controller, its route and (once) openapi.php']);
		expect(await complete(['make:api', 'x', '--template', 'up'], {shell: 'powershell'})).toEqual(['upload\treceives a file from a form']);
	});

	it('is hidden: not in edu list, edu --help, nor offered itself', async () => {
		expect((await run(['list'])).out).not.toContain('_complete');
		expect((await run(['--help'])).out).not.toContain('_complete');
		expect(await complete(['_'])).toEqual([]);
		expect((await run(['_compl'])).err).toBe('edu: unknown command \'_compl\' (edu list shows every command).\n');
	});
});

describe('edu completion', () => {
	it.each(['bash', 'zsh', 'fish', 'powershell'])('%s: a script that asks edu _complete', async (shell) => {
		const {code, out} = await run(['completion', shell]);
		expect(code).toBe(0);
		expect(out).toContain(`_complete --shell ${shell} --current`);
		expect(out).toContain(':dirs');
	});

	it('powershell: a native argument completer for edu and edu-scaffold', async () => {
		const {out} = await run(['completion', 'powershell']);
		expect(out).toContain('Register-ArgumentCompleter -Native -CommandName edu,edu-scaffold -ScriptBlock {');
		expect(out).toContain('[System.Management.Automation.CompletionResult]::new(');
		expect(out).toContain('[System.Management.Automation.CompletionCompleters]::CompleteFilename(');
	});

	it('--help shows the line that installs each script', async () => {
		const {out} = await run(['completion', '--help']);
		expect(out).toContain('eval "$(edu completion bash)"');
		expect(out).toContain('edu completion fish > ~/.config/fish/completions/edu.fish');
		expect(out).toContain('edu completion powershell | Out-String | Invoke-Expression');
	});

	it('an unknown shell is a usage error', async () => {
		const {code, err} = await run(['completion', 'tcsh']);
		expect(code).toBe(2);
		expect(err).toBe('edu completion: unknown shell "tcsh": use bash, zsh, fish or powershell.\n');
	});
});
