// Draws a full-screen wizard on the Io's terminal until it exits, and turns a cancel into the
// cancel's message and exit code: the one place the wizards meet Ink's render().
import {render} from 'ink';
import type {ReactElement} from 'react';
import {useColor, type Io} from '../base/io.js';
import {ThemeProvider} from './controls/theme.js';
import {cancelledExitCode, cancelledMessage} from './session.js';

/**
 * The terminal as Ink should see it: one that reports no size (zero columns and rows: `script`
 * with no terminal around it, a container started before its size is set) reads as 80 columns
 * and 24 rows, as the screens count it; Ink took the zero width as is and drew a character a line.
 */
function sized(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
	if (stdout.columns && stdout.rows) return stdout;
	return new Proxy(stdout, {
		get(target, key) {
			if (key === 'columns') return target.columns || 80;
			if (key === 'rows') return target.rows || 24;
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}

/** `screen` drawn until it exits; `cancelled` says, once it has, whether the user cancelled. */
export async function showUntilExit(io: Io, screen: ReactElement, cancelled: () => boolean): Promise<number> {
	const instance = render(<ThemeProvider color={useColor(io)}>{screen}</ThemeProvider>, {
		stdin: io.stdin as NodeJS.ReadStream,
		stdout: sized(io.stdout as NodeJS.WriteStream),
		stderr: io.stderr as NodeJS.WriteStream,
		// Ctrl+C is the wizard's own key: it quits with nothing written and exit code 130.
		exitOnCtrlC: false,
		patchConsole: false,
	});
	await instance.waitUntilExit();
	if (cancelled()) {
		io.stderr.write(`${cancelledMessage}\n`);
		return cancelledExitCode;
	}
	return 0;
}
