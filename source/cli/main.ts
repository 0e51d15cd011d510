// main(argv, io) → exit code: the one exit point. Commands return an Outcome or throw an
// EduError; run.ts renders them (text or --json) and picks the exit code. It touches no
// process.* itself: the bin (cli.ts) passes the streams in and sets the exit code.
import {EduError} from '../base/errors.js';
import {hoistGlobalOptions} from './commands/global-options.js';
import {isMakeCommand} from './commands/make/command-names.js';
import {makeArgs} from './commands/make/make-args.js';
import {noOptions, runMake} from './commands/make/make.js';
import {ansiSwitches, type Io, type Outcome} from '../base/io.js';
import {loadProgram, wizardParts} from './on-demand.js';
import {newRun, openKindWizard, render, renderError, renderingOf, type Invocation} from './run.js';

/**
 * `edu`, `edu make:api` or `edu make:controller` and no other word, in a terminal: the wizard,
 * opened as the program's or the make command's action opens it when no option is typed. With
 * nothing to parse, commander's program is not built: it only delays the first frame.
 */
function wizardAlone(typed: readonly string[], io: Io): ((run: Invocation) => Promise<Outcome>) | undefined {
	if (!io.interactive || typed.length > 1) return undefined;
	const [command] = typed;
	if (command === undefined) return (run) => openKindWizard(run, {});
	if (!isMakeCommand(command)) return undefined;
	const kind = command === 'make:api' ? 'api' : 'controller';
	return (run) => runMake(kind, undefined, noOptions(kind), run);
}

export async function main(line: readonly string[], given: Io): Promise<number> {
	const {typed, io} = ansiSwitches(line, given);
	const rendering = renderingOf(typed, io);
	const run = newRun(io, rendering, wizardParts);
	const wizard = wizardAlone(typed, io);
	if (wizard !== undefined) {
		try {
			return render(await wizard(run), run, rendering);
		} catch (error) {
			return renderError(error, run, rendering);
		}
	}
	const {argv, moved} = hoistGlobalOptions(typed);
	// `make:api ville --yes` and the like: read without commander, whose program costs more to build.
	const make = makeArgs(argv);
	if (make !== undefined) {
		try {
			return render(await runMake(make.kind, make.name, make.options, run), run, rendering);
		} catch (error) {
			return renderError(error, run, rendering);
		}
	}
	const {runProgram} = await loadProgram();
	return runProgram(argv, moved, run, rendering);
}

/**
 * A run whose current folder is gone (removed or renamed while the shell sat in it): nothing can
 * be found or resolved from there, so it is refused before any command runs. `io.cwd` is unused.
 */
export function refuseMissingFolder(typed: readonly string[], io: Io): number {
	const rendering = renderingOf(typed, io);
	const message = 'The current folder no longer exists (it was removed or renamed): cd to the project and run the command again; nothing was written.';
	return renderError(new EduError('NOT_A_PROJECT', message), newRun(io, rendering, wizardParts), rendering);
}
