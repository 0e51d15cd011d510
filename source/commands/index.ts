// Every command the program knows. Each module registers its own; heavy dependencies are
// imported inside actions so `edu make:api x --yes`, --help and --version start fast.
import type {Command} from 'commander';
import type {CommandContext} from './context.js';
import {registerMake} from './make.js';
import {registerMock} from './mock.js';
import {registerOpenapi} from './openapi.js';
import {registerRoutes} from './routes.js';
import {registerStart} from './start.js';

export function registerCommands(program: Command, context: CommandContext): void {
	registerMake(program, context);
	registerStart(program, context);
	registerMock(program, context);
	registerOpenapi(program, context);
	registerRoutes(program, context);
}
