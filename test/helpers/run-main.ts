// A command run as runEdu runs the built binary, but through main() in this process: the same
// arguments, folder and environment, the same result shape, without starting a Node process.
// Use it wherever the process itself is not the point (start-up, signals, the terminal, the bundle).
import {PassThrough} from 'node:stream';
import {main} from '../../source/cli/main.js';
import type {Io} from '../../source/base/io.js';
import type {RunResult} from './temp-project.js';

export interface RunMainOptions {
	readonly cwd: string;
	/** Added to this process's environment, as execa adds a spawned run's; undefined removes a variable. */
	readonly env?: Readonly<Record<string, string | undefined>>;
	/** Io's limits: how long a probed program may take to answer. */
	readonly limits?: Io['limits'];
}

/** `edu <args>` in `cwd` with no terminal (NO_COLOR set, COLUMNS unset unless given), as runEdu. */
export async function runMain(args: readonly string[], options: RunMainOptions): Promise<RunResult> {
	let stdout = '';
	let stderr = '';
	const env: Record<string, string | undefined> = {...process.env, NO_COLOR: '1', COLUMNS: undefined, ...options.env};
	for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
	const stdin = new PassThrough();
	stdin.end();
	const exitCode = await main(args, {
		cwd: options.cwd,
		env,
		stdout: {write: (chunk: string) => (stdout += chunk)},
		stderr: {write: (chunk: string) => (stderr += chunk)},
		stdin,
		interactive: false,
		...(options.limits === undefined ? {} : {limits: options.limits}),
	});
	return {exitCode, stdout, stderr};
}
