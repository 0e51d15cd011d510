// Every command the program knows. Each module registers its own; heavy dependencies are
// imported inside actions so `edu make:api x --yes`, --help and --version start fast.
import type {Command} from 'commander';
import type {CommandContext} from './context.js';
import {makeCommandNames} from './make/command-names.js';
import {registerMake} from './make/make.js';
import {registerMakeCommand} from './make/command.js';
import {registerDoctor} from './doctor.js';
import {registerMock} from './mock.js';
import {registerOpenapi} from './openapi.js';
import {registerRoutes} from './routes.js';
import {registerStart} from './start.js';
import {registerTemplate} from './template.js';
import {registerUndo} from './undo.js';

/**
 * Each module, with the names of the commands it registers; `only` is the one command the command
 * line names, which a module of several may register alone.
 */
export const commandModules: ReadonlyArray<{readonly names: readonly string[]; readonly register: (program: Command, context: CommandContext, only?: string) => void}> = [
	{names: makeCommandNames, register: registerMake},
	{names: ['make:command'], register: registerMakeCommand},
	{names: ['check:config', 'doctor'], register: registerDoctor},
	{names: ['start'], register: registerStart},
	{names: ['mock:persist', 'mock:init', 'mock:token'], register: registerMock},
	{names: ['openapi'], register: registerOpenapi},
	{names: ['routes'], register: registerRoutes},
	{names: ['template:list', 'template:publish'], register: registerTemplate},
	{names: ['undo', 'history'], register: registerUndo},
];

/** Every command's name, the console's own (list, help, completion) included. */
export const commandNames: readonly string[] = [...commandModules.flatMap(({names}) => names), 'list', 'help', 'completion'];

/**
 * Registers every command, or, when the command line starts with the exact name of one, only
 * the module that holds it (and, where the module allows, that command alone): a run of
 * `edu make:api …` needs no other (each command's help, its options and their suggestions are
 * its own), and building the others costs start-up time.
 * Returns whether every command was registered (then the console's list, help and completion,
 * and the suggestions for a mistyped name, have them all).
 */
export function registerCommands(program: Command, context: CommandContext, first?: string): boolean {
	const alone = commandModules.find(({names}) => first !== undefined && names.includes(first));
	if (alone !== undefined) alone.register(program, context, first);
	else for (const {register} of commandModules) register(program, context);
	return alone === undefined;
}
