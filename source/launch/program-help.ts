// `edu --help` answered by the bin, as `--version` is, without loading the program: scripts/bundle.js
// runs the program's --help once when it builds the bin, at no width (each paragraph and entry on
// one line), and the bin wraps that text at the terminal's width as the program's own --help does.
import {terminalWidth, wrapHelp} from '../present/help-text.js';

declare const EDU_PROGRAM_HELP: string | undefined;

/**
 * The program's --help for a stream and environment, or undefined when this build holds none
 * (tsc's modules, run without the bundle: the program answers).
 */
export function programHelp(stream: {readonly isTTY?: boolean; readonly columns?: number}, env: Readonly<Record<string, string | undefined>>): string | undefined {
	if (typeof EDU_PROGRAM_HELP !== 'string') return undefined;
	return wrapHelp(EDU_PROGRAM_HELP, terminalWidth(stream, env));
}
