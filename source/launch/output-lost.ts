// What edu says when its report could not be written (stdout full or closed): one line, and its
// own exit code when the run was otherwise done (see docs/safety.md). Shared by the bin's
// --version path and cli.ts, so it stays small.

/** Exit code when the run was done but its output could not be written. */
export const outputLostExitCode = 3;

/** The line for stderr; `lost` names each stream and its error, e.g. `stdout (ENOSPC)`. */
export function outputLostLine(lost: readonly string[], exitCode: number): string {
	const outcome = exitCode === 0
		? 'the command itself was done: any files it wrote are in place, only its report was lost'
		: `the command itself ended with exit code ${exitCode} (refused or failed), and its report saying why was lost`;
	return `edu: could not write the output to ${lost.join(' and ')}; ${outcome}.\n`;
}
