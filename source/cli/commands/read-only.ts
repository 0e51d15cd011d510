// The commands of dist/bin/read.js, the program the bin runs when the command (after any global
// options typed before it, moved as main moves them) is routes or openapi: scripts/bundle.js
// builds it from cli.ts with this module in place of index.ts. For those command lines index.ts
// registers that command's module alone too, so both programs do the same; this one leaves the
// other commands' code out of what a run reads.
import type {Command} from 'commander';
import type {CommandContext} from './context.js';
import {registerOpenapi} from './openapi.js';
import {registerRoutes} from './routes.js';

/** The commands this program knows: a line naming another goes to cli.js (source/launch/bundles.ts). */
export const commandNames: readonly string[] = ['routes', 'openapi'];

/** Registers the command `first` names: never every command. */
export function registerCommands(program: Command, context: CommandContext, first?: string): boolean {
	if (first === 'openapi') registerOpenapi(program, context);
	else registerRoutes(program, context);
	return false;
}
