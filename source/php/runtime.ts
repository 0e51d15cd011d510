// Is there a PHP recent enough to serve the project? One clear sentence when there is not.
import {EduError} from '../base/errors.js';
import {platform} from 'node:os';
import process from 'node:process';
import {signalExitCodes, type Io, type StopSignal} from '../base/io.js';

/** Where to get PHP, on each system. */
export const phpPackages = '"sudo apt install php-cli" (Debian, Ubuntu), "brew install php" (macOS), or https://windows.php.net/download (Windows, then add it to PATH)';

/** The way out when there is no PHP that works: `minimum` is the project's framework's (doctor/project-facts.ts). */
export function installPhp(minimum: string): string {
	return `install PHP ${minimum} or newer: ${phpPackages}`;
}

/** The most of php's output read: far more than a version and a warning or two. */
const maxPhpOutput = 64 * 1024;

/** How long `php -r 'echo PHP_VERSION;'` may take to answer: far more than a working PHP needs. */
export const phpAnswerMs = 5000;

/**
 * The version of `php` on PATH, or an EduError saying what to do. The check is bounded: a php
 * that does not answer within `answerMs`, or a stop signal meanwhile, ends it and everything it
 * started (it runs in its own process group, so a wrapper script's children go too).
 */
export async function checkPhp(io: Io, minimum: string, answerMs = phpAnswerMs): Promise<string> {
	const {execa} = await import('execa');
	// Listening before the spawn: a signal that comes as php starts still ends it.
	let pid: number | undefined;
	let timedOut = false;
	let stopped: StopSignal | undefined;
	const endAll = (): void => {
		if (pid === undefined) return;
		try {
			process.kill(platform() === 'win32' ? pid : -pid, 'SIGKILL');
		} catch {
			// Already gone.
		}
	};
	const unsubscribe = io.onSignal?.((signal) => {
		stopped ??= signal;
		endAll();
	}) ?? (() => {});
	// A version is a few characters: a php that floods its output is stopped at the cap, not read whole.
	const child = execa('php', ['-r', 'echo PHP_VERSION;'], {env: io.env, extendEnv: false, reject: false, stdin: 'ignore', detached: platform() !== 'win32', maxBuffer: maxPhpOutput});
	pid = child.pid;
	if (stopped !== undefined) endAll();
	const timer = setTimeout(() => {
		timedOut = true;
		endAll();
	}, answerMs);
	let result: Awaited<typeof child>;
	try {
		result = await child;
	} finally {
		clearTimeout(timer);
		unsubscribe();
		// A php that answered may still have left children in its group (a wrapper script).
		endAll();
	}
	if (stopped !== undefined) {
		throw new EduError('SERVER_FAILED', `Interrupted (${stopped}) while checking the php command; nothing was started.`, signalExitCodes[stopped]);
	}
	if (timedOut) {
		throw new EduError('PHP_MISSING', `The php command on PATH did not answer within ${answerMs / 1000} s (php -r 'echo PHP_VERSION;'), so it was stopped and nothing was started: check which php is first on PATH (command -v php), or ${installPhp(minimum)}.`);
	}
	if ((result as {code?: string}).code === 'ENOENT') {
		throw new EduError('PHP_MISSING', `PHP is not installed (no php command on PATH): ${installPhp(minimum)}.`);
	}
	const version = String(result.stdout).trim();
	const match = /^(\d+)\.(\d+)/.exec(version);
	if (result.exitCode !== 0 || !match) {
		const first = String(result.stderr).trim().split(/\r?\n/, 1)[0] ?? '';
		const said = first.length > 200 ? `${first.slice(0, 199)}…` : first;
		throw new EduError('PHP_MISSING', `The php command on PATH does not work${said ? ` (${said})` : ''}: ${installPhp(minimum)}.`);
	}
	const [major, minor] = [Number(match[1]), Number(match[2])];
	const [needMajor = 0, needMinor = 0] = minimum.split('.').map(Number);
	if (major < needMajor || (major === needMajor && minor < needMinor)) {
		throw new EduError('PHP_TOO_OLD', `PHP ${version} is too old: the Edu Framework needs PHP ${minimum} or newer; install a newer one: ${phpPackages}.`);
	}
	return version;
}
