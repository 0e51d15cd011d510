// The commands of dist/bin/make.js, the program the bin runs when the command (after any global
// options typed before it, moved as main moves them) is make:api or make:controller:
// scripts/bundle.js builds it from cli.ts with this module in place of index.ts. For those
// command lines index.ts registers the make module alone too, so both programs do the same; this
// one leaves the other commands' code out of what a run reads and compiles.
import type {Command} from 'commander';
import type {CommandContext} from './context.js';
import {isMakeCommand, makeCommandNames} from './make/command-names.js';
import {registerMake} from './make/make.js';
/** The commands this program knows: a line naming another goes to cli.js (source/launch/bundles.ts). */
export const commandNames: readonly string[] = makeCommandNames;

/** Registers the make command `first` names (both without a name): never every command. */
export function registerCommands(program: Command, context: CommandContext, first?: string): boolean {
	registerMake(program, context, isMakeCommand(first) ? first : undefined);
	return false;
}
