// Flags shared by the commands, and how a command's options become an Io-relative root.
import path from 'node:path';
import type {Command} from 'commander';
import type {Io} from '../io.js';

export interface CommonOptions {
	readonly yes?: boolean;
	readonly dryRun?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
	readonly plain?: boolean;
}

export function addCommonOptions(command: Command, which: {dryRun?: boolean; plain?: boolean} = {}): Command {
	command.option('-y, --yes', 'never prompt; fail on a missing value instead');
	if (which.dryRun !== false) command.option('--dry-run', 'print the plan and the routes.yaml diff, write nothing');
	command.option('--json', 'print one JSON object on stdout');
	command.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)');
	if (which.plain) command.option('--plain', 'line prompts instead of the full-screen wizard');
	return command;
}

export function startFolder(io: Io, options: CommonOptions): string {
	return options.cwd === undefined ? io.cwd : path.resolve(io.cwd, options.cwd);
}

export function writeJson(io: Io, value: unknown): void {
	io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** "GET,POST", "get post" → ["GET", "POST"]. */
export function splitList(value: string): string[] {
	return value.split(/[\s,]+/).filter((item) => item !== '');
}
