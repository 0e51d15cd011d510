// `edu <command> …` registers only the module of that command (start-up time): the table of
// command names must be what the modules register, and a command's help, errors and results
// must read the same as with every command registered.
import {Command} from 'commander';
import {describe, expect, it} from 'vitest';
import {commandModules, registerCommands} from '../../source/cli/commands/index.js';
import type {CommandContext} from '../../source/cli/commands/context.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

const context = {io: captureIo(tempProject())} as unknown as CommandContext;

describe('the command table', () => {
	it('names exactly the commands each module registers', () => {
		for (const {names, register} of commandModules) {
			const program = new Command('edu');
			register(program, context);
			expect(program.commands.map((command) => command.name())).toEqual(names);
		}
		const all = new Command('edu');
		expect(registerCommands(all, context)).toBe(true);
		expect(all.commands.map((command) => command.name())).toEqual(commandModules.flatMap(({names}) => names));
	});

	it('a command line that starts with a command name registers its module alone', () => {
		const program = new Command('edu');
		expect(registerCommands(program, context, 'mock:token')).toBe(false);
		expect(program.commands.map((command) => command.name())).toEqual(['mock:persist', 'mock:init', 'mock:token']);
	});

	it('make:api and make:controller register alone: each is a command of its own', () => {
		for (const name of ['make:api', 'make:controller']) {
			const program = new Command('edu');
			expect(registerCommands(program, context, name)).toBe(false);
			expect(program.commands.map((command) => command.name())).toEqual([name]);
		}
	});
});

describe('what a command prints does not depend on the others being registered', () => {
	// main() registers one module for these; `--cwd . <command>` makes it register every command.
	it.each([
		[['make:api', '--help']],
		[['mock:token', '--help']],
		[['routes', '--bogus']],
		[['make:api', 'ville', '--methods', 'GET,FETCH', '--yes']],
		[['make:api', 'ville', '--yes', '--dry-run', '--json']],
		[['make:controller', '--help']],
		[['make:controller', 'Accueil', '--yes', '--dry-run']],
		[['make:api', 'ville', '--yes', '--bogus']],
		[['openapi', '--stdout']],
	])('edu %j', async (args) => {
		const alone = captureIo(tempProject('sample'));
		const aloneCode = await main(args, alone);
		const every = captureIo(tempProject('sample'));
		const everyCode = await main(['--cwd', '.', ...args], every);
		expect({code: aloneCode, out: alone.out(), err: alone.err()}).toEqual({code: everyCode, out: every.out(), err: every.err()});
	});
});
