// What main hands every command, and what a command hands back: both sides import it from
// here, so main.ts and commands/* do not import each other in a circle.
import type {Io, Outcome} from '../../base/io.js';
import type {MakeInvocation} from './make/make-args.js';

/** The wizard's modules, loaded on demand (cli/on-demand.ts gives them to main, which puts them in the context). */
export interface WizardParts {
	open(): Promise<typeof import('../open.js')>;
	typeAhead(): Promise<typeof import('../../tui/keys/type-ahead.js')>;
}

export interface CommandContext {
	readonly io: Io;
	readonly wizard: WizardParts;
	/**
	 * The project at or above `start`, or an EduError (NOT_A_PROJECT). When it is not the
	 * current folder, text mode says `Project: <root>` first (on stderr when stdout is data),
	 * and --json reports carry `root`.
	 */
	projectRoot(start: string, announceOn?: 'stdout' | 'stderr'): string;
	/** Says `Project: <root>` (text mode, once) and records the root for --json, for a root found another way. */
	announceRoot(root: string, announceOn?: 'stdout' | 'stderr'): void;
	/** What the action produced; main renders it. */
	outcome?: Outcome;
	/** make:api or make:controller as commander read it: main runs it, as it runs one read without commander. */
	make?: MakeInvocation;
}
