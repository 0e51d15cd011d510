// main(argv, io) → exit code: the one exit point. Commands return an Outcome or throw an
// EduError; run.ts renders them (text or --json) and picks the exit code. It touches no
// process.* itself: the bin (cli.ts) passes the streams in and sets the exit code.
import {EduError} from '../base/errors.js';
import {hoistGlobalOptions, mayAsk} from './commands/global-options.js';
import {readMakeLine} from './commands/make/make-args.js';
import {runMake} from './commands/make/make.js';
import {ansiSwitches, type Io} from '../base/io.js';
import {loadProgram, wizardParts} from './on-demand.js';
import {newRun, openKindWizard, render, renderError, renderingOf} from './run.js';

export async function main(line: readonly string[], given: Io): Promise<number> {
	const {typed, io} = ansiSwitches(line, given);
	const rendering = renderingOf(typed, io);
	const run = newRun(io, rendering, wizardParts);
	// `edu` alone in a terminal: the wizard, kind first, as the program's action opens it. With
	// nothing to parse, commander's program is not built: it only delays the first frame.
	if (io.interactive && typed.length === 0) {
		try {
			return render(await openKindWizard(run, {}), run, rendering);
		} catch (error) {
			return renderError(error, run, rendering);
		}
	}
	const {argv, moved} = hoistGlobalOptions(typed);
	// `make:api ville --yes` and the like: read from the make commands' declaration, without
	// commander, whose program costs more to build. Every other line is commander's; a make line
	// it reads comes back here, so make has one way in.
	let make = readMakeLine(argv);
	if (make === undefined) {
		const {runProgram} = await loadProgram();
		const read = await runProgram(argv, moved, run, rendering);
		if (typeof read === 'number') return read;
		make = read;
	}
	try {
		return render(await runMake(make, run, mayAsk(argv, () => io.interactive)), run, rendering);
	} catch (error) {
		return renderError(error, run, rendering);
	}
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
