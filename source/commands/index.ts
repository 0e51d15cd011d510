// Every command the program knows. Each module registers its own; heavy dependencies are
// imported inside actions so `edu make:api x --yes`, --help and --version start fast.
import type {Command} from 'commander';
import type {CommandContext} from '../main.js';
import {registerMake} from './make.js';
import {registerOpenapi} from './openapi.js';
import {registerRoutes} from './routes.js';

export function registerCommands(program: Command, context: CommandContext): void {
	registerMake(program, context);
	registerOpenapi(program, context);
	registerRoutes(program, context);
}
