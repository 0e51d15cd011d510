// The parts of the program a plain make line (`make:api ville --yes`) never reaches: commander's
// program and the wizard's modules, each loaded on first use. main alone imports this module and
// hands the wizard's parts to the commands in their context. dist/bin/make-direct.js, the make
// program of the runs that ask nothing, has source/launch/hand-over.ts in its place (scripts/bundle.js).
import type {WizardParts} from './commands/context.js';

export const loadProgram = async (): Promise<typeof import('./program.js')> => import('./program.js');

export const wizardParts: WizardParts = {
	open: async () => import('./open.js'),
	typeAhead: async () => import('../tui/keys/type-ahead.js'),
};
