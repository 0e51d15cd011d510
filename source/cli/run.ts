// One run of main, whichever way its command line was read (commander's program, or the make
// commands' own reading in commands/make/make-args.ts): how it is shown, the context the command
// gets, and the rendering of its outcome or its error. It touches no process.* itself.
import {visible} from '../base/visible.js';
import path from 'node:path';
import {EduError, isRefusal} from '../base/errors.js';
import {findProjectRoot} from '../project/root.js';
import {isFlagGroup} from './commands/global-options.js';
import type {CommandContext, WizardParts} from './commands/context.js';
import {startFolder} from '../base/options.js';
import type {Io, Outcome} from '../base/io.js';

/** What the command line asked for how things are shown, read before it is parsed (so usage errors follow it too). */
export interface Rendering {
	readonly json: boolean;
	readonly quiet: boolean;
	readonly debug: boolean;
}

export function renderingOf(argv: readonly string[], io: Io): Rendering {
	const end = argv.indexOf('--');
	const flags = end === -1 ? argv : argv.slice(0, end);
	const has = (...names: string[]): boolean => flags.some((flag) => names.includes(flag) || (isFlagGroup(flag) && names.some((name) => /^-[a-zA-Z]$/.test(name) && flag.includes(name[1]!))));
	return {
		json: has('--json'),
		quiet: has('-q', '--quiet'),
		debug: Boolean(io.env['DEBUG']) || has('-v', '--verbose'),
	};
}

export interface Invocation extends CommandContext {
	root?: string;
	/** Commander's own output (help, version) while --json holds stdout for the one object. */
	captured: string;
}

export function newRun(io: Io, rendering: Rendering, wizard: WizardParts): Invocation {
	const run: Invocation = {
		io,
		wizard,
		captured: '',
		projectRoot(start, announceOn) {
			const root = findProjectRoot(start);
			if (isRefusal(root)) throw EduError.from(root);
			run.announceRoot(root, announceOn);
			return root;
		},
		announceRoot(root, announceOn = 'stdout') {
			if (run.root !== undefined) return;
			run.root = root;
			if (!rendering.json && !rendering.quiet && path.resolve(root) !== path.resolve(io.cwd)) {
				io[announceOn].write(`Project: ${root}\n`);
			}
		},
	};
	return run;
}

/** `edu` without a command, in a terminal: the wizard, kind first. */
export async function openKindWizard(run: Invocation, options: {cwd?: string; plain?: boolean; quiet?: boolean}): Promise<Outcome> {
	const {io} = run;
	const typeAhead = await run.wizard.typeAhead();
	await typeAhead.holdForWizard(io, options.plain);
	try {
		// Found once here (a missing project is refused before anything loads); the wizard opens it.
		const root = run.projectRoot(startFolder(io, options));
		const {openWizard} = await run.wizard.open();
		return {json: {}, exitCode: await openWizard(io, {root, plain: options.plain, quiet: options.quiet})};
	} finally {
		typeAhead.releaseTypeAhead(io.stdin);
	}
}

export function writeJson(io: Io, value: unknown): void {
	io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** `root` in a --json report, when the project is not the current folder. */
function rootField(run: Invocation): {root?: string} {
	return run.root === undefined || path.resolve(run.root) === path.resolve(run.io.cwd) ? {} : {root: run.root};
}

export function render(outcome: Outcome, run: Invocation, rendering: Rendering): number {
	const {io} = run;
	const exitCode = outcome.exitCode ?? 0;
	if (rendering.json) {
		writeJson(io, {
			ok: exitCode === 0,
			...outcome.json,
			...(run.captured === '' ? {} : {help: run.captured}),
			...rootField(run),
		});
		return exitCode;
	}
	if (!rendering.quiet) for (const warning of outcome.warnings ?? []) io.stderr.write(visible(`Warning: ${warning}\n`));
	if (outcome.text && (!rendering.quiet || outcome.requested)) io.stdout.write(visible(outcome.text));
	if (outcome.trailer) io.stderr.write(visible(outcome.trailer));
	return exitCode;
}

/** An error a command threw (commander's own are rendered by program.ts): its lines, and its exit code. */
export function renderError(error: unknown, run: Invocation, rendering: Rendering): number {
	const {io} = run;
	if (error instanceof EduError) {
		if (rendering.json) {
			writeJson(io, {
				ok: false,
				error: {code: error.code, message: error.message.split('\n')[0] ?? error.message},
				...error.details,
				...rootField(run),
			});
		} else {
			if (!rendering.quiet) for (const warning of error.notes) io.stderr.write(visible(`Warning: ${warning}\n`));
			// Usage errors (exit 2) read as the parser's own do: `edu: <what is wrong>`; a refusal
			// (exit 1) and the original's missing-name line keep the original's exact text.
			const prefix = error.exitCode === 2 && error.code !== 'MISSING_ARGUMENT' && !error.message.startsWith('edu') ? 'edu: ' : '';
			io.stderr.write(visible(`${prefix}${error.message}\n`));
			if (rendering.debug && error.stack) io.stderr.write(`${error.stack}\n`);
		}
		return error.exitCode;
	}
	const message = error instanceof Error ? error.message : String(error);
	const line = `edu: unexpected error: ${message.split(/\r?\n/, 1)[0] ?? message}`;
	if (rendering.json) writeJson(io, {ok: false, error: {code: 'INTERNAL', message: line}});
	else io.stderr.write(visible(`${line}\n`));
	if (rendering.debug) {
		io.stderr.write(`${error instanceof Error && error.stack ? error.stack : message}\n`);
	} else if (!rendering.json) {
		io.stderr.write('Rerun with DEBUG=1 to see the stack trace.\n');
	}
	return 1;
}
