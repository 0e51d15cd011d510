// The commands of make.ts. No imports: the bin (source/launch/bin.ts) reads it to pick dist/bin/make.js
// for them, and stays small.
export type MakeCommandName = 'make:api' | 'make:controller';

export const makeCommandNames: readonly MakeCommandName[] = ['make:api', 'make:controller'];

export function isMakeCommand(name: string | undefined): name is MakeCommandName {
	return makeCommandNames.includes(name as MakeCommandName);
}
