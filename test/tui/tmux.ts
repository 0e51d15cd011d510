// A real pseudo-terminal for end-to-end runs: a private tmux server (its own socket, no user
// config) with one 80×24 window running the built binary. Screens are read with capture-pane and
// waited for by polling, never with fixed sleeps.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {binPath} from '../helpers/temp-project.js';

function probe(): boolean {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

export const hasTmux = probe();
if (!hasTmux) {
	process.stderr.write('\n  NOTICE: skipping the real-terminal tests: tmux is not on PATH (CI installs it).\n\n');
}

const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

let sessions = 0;

export interface TerminalOptions {
	readonly cwd: string;
	/** Extra environment, e.g. {NO_COLOR: '1'}. CI is always removed: Ink prints only its last frame under CI. */
	readonly env?: Readonly<Record<string, string>>;
	/** Extra node flags, e.g. ['--import', url]. */
	readonly nodeArgs?: readonly string[];
	/** A shell snippet after the command, e.g. '</dev/null'. */
	readonly redirect?: string;
	/** A shell command run first in the same terminal, e.g. 'echo BEFORE', whose output stays above the program's. */
	readonly before?: string;
	/** The terminal's size (80×24 unless given). */
	readonly columns?: number;
	readonly rows?: number;
}

export class Terminal {
	private constructor(private readonly socket: string, private readonly folder: string) {}

	/** Starts `edu <args>` (the built binary) in a fresh terminal, 80×24 unless `columns` and `rows` say. */
	static async start(args: readonly string[], options: TerminalOptions): Promise<Terminal> {
		const folder = mkdtempSync(path.join(tmpdir(), 'edu-tmux-'));
		const socket = path.join(folder, 'socket');
		const env = Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`);
		// The shell records the exit status (128 + n when a signal ended the program) in a file, then
		// keeps the pane open (tmux may drop the last output of a pane whose process is gone).
		const command = (options.before === undefined ? '' : `${options.before}; `) + ['env', '-u', 'CI', '-u', 'CONTINUOUS_INTEGRATION', ...env, process.execPath, ...(options.nodeArgs ?? []), binPath, ...args]
			.map(quote).join(' ') + (options.redirect ? ` ${options.redirect}` : '') + `; echo $? > ${quote(path.join(folder, 'status'))}; exec sleep 3600`;
		sessions++;
		await execa('tmux', ['-u', '-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', `edu${sessions}`, '-x', String(options.columns ?? 80), '-y', String(options.rows ?? 24), '-c', options.cwd, command]);
		return new Terminal(socket, folder);
	}

	/**
	 * An interactive bash (no rc files, prompt `$ `) in a fresh 80×24 terminal, as a user has it:
	 * the command line typed there is read by readline, which turns the terminal's echo off.
	 * `line` is the command that runs the built binary with `args`, to type at the prompt.
	 */
	static async shell(args: readonly string[], cwd: string): Promise<{terminal: Terminal; line: string}> {
		const folder = mkdtempSync(path.join(tmpdir(), 'edu-tmux-'));
		const socket = path.join(folder, 'socket');
		sessions++;
		await execa('tmux', ['-u', '-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', `edu${sessions}`, '-x', '80', '-y', '24', '-c', cwd, 'env -u CI -u CONTINUOUS_INTEGRATION PS1=\'$ \' bash --norc --noprofile -i']);
		return {terminal: new Terminal(socket, folder), line: [process.execPath, binPath, ...args].map(quote).join(' ')};
	}

	private tmux(...args: string[]): Promise<string> {
		return execa('tmux', ['-u', '-S', this.socket, ...args]).then((result) => String(result.stdout));
	}

	/** The screen as text (with `escapes`, its colour codes too). */
	screen(escapes = false): Promise<string> {
		return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []));
	}

	/**
	 * Everything the pane has shown, scrollback included, with the lines the terminal wrapped
	 * joined back (tmux -J): a line break here is one the program printed.
	 */
	history(): Promise<string> {
		return this.tmux('capture-pane', '-p', '-J', '-S', '-');
	}

	/** Keys by tmux name (Enter, Escape, C-c, Down, Space…). */
	async keys(...names: string[]): Promise<void> {
		await this.tmux('send-keys', ...names);
	}

	/** Text typed as is. */
	async type(text: string): Promise<void> {
		await this.tmux('send-keys', '-l', text);
	}

	/** Polls the screen until `until` holds; fails with the last screen after `timeout` ms. */
	async waitFor(until: (screen: string) => boolean, what: string, timeout = 20_000): Promise<string> {
		const deadline = Date.now() + timeout;
		for (;;) {
			const screen = await this.screen();
			if (until(screen)) return screen;
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Screen:\n${screen}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	/** Waits for the program to exit and returns its exit status. */
	async exitStatus(timeout = 20_000): Promise<number> {
		const file = path.join(this.folder, 'status');
		const deadline = Date.now() + timeout;
		for (;;) {
			const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
			if (text.endsWith('\n')) return Number(text.trim());
			if (Date.now() > deadline) throw new Error(`The program did not exit. Screen:\n${await this.screen()}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	async close(): Promise<void> {
		await this.tmux('kill-server').catch(() => undefined);
		rmSync(this.folder, {recursive: true, force: true});
	}
}
