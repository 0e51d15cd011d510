// `edu`, `edu make:api` and `edu make:controller` typed alone in a terminal open the wizard
// without commander's program (main.ts, wizardAlone): the options they start from must be the
// ones commander gives the command when none is typed, and a refusal must read as it did.
import {Command} from 'commander';
import {describe, expect, it} from 'vitest';
import type {CommandContext} from '../../source/cli/commands/context.js';
import {noOptions, registerMake} from '../../source/cli/commands/make/make.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

/** What commander hands the make command's action for `argv`, after the command's own hooks. */
async function commanderOptions(argv: string[]): Promise<unknown> {
	const program = new Command('edu').exitOverride();
	registerMake(program, {io: captureIo(tempProject())} as unknown as CommandContext);
	let seen: unknown;
	for (const command of program.commands) {
		command.hook('preAction', (action) => {
			seen = {...action.opts()};
			throw new Error('seen');
		});
	}
	await expect(program.parseAsync(argv, {from: 'user'})).rejects.toThrow('seen');
	return seen;
}

describe('the wizard opened without commander', () => {
	it.each([['make:api', 'api'], ['make:controller', 'controller']] as const)('%s alone starts from the options commander gives it', async (command, kind) => {
		expect(noOptions(kind)).toEqual(await commanderOptions([command]));
	});

	it('edu --json in a terminal: the usage error names --json, not a missing terminal', async () => {
		const io = captureIo(tempProject('sample'), {interactive: true});
		expect(await main(['--json'], io)).toBe(2);
		const {ok, error} = JSON.parse(io.out()) as {ok: boolean; error: {message: string}};
		expect(ok).toBe(false);
		expect(error.message).toBe('edu: no command given: --json reports on a command, e.g. edu make:api NAME --yes --json (edu --help lists the commands).');
	});

	it.each([[[]], [['make:api']], [['make:controller']]])('%j alone in a terminal outside a project: the refusal and exit code of the commander path', async (argv) => {
		const folder = tempProject();
		const alone = captureIo(folder, {interactive: true});
		// --cwd . takes the commander path to the same folder.
		const viaCommander = captureIo(folder, {interactive: true});
		const aloneCode = await main(argv, alone);
		expect(aloneCode).toBe(1);
		expect(await main([...argv, '--cwd', '.'], viaCommander)).toBe(aloneCode);
		expect(alone.err()).toMatch(/^No Edu Framework project in /);
		expect(alone.err()).toBe(viaCommander.err());
		expect(alone.out()).toBe('');
	});
});
