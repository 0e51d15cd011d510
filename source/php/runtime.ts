// Is there a PHP recent enough to serve the project? One clear sentence when there is not.
import {EduError} from '../base/errors.js';
import {signalExitCodes, type Io} from '../base/io.js';
import {firstLine, runBounded} from './bounded-child.js';

/** Where to get PHP, on each system. */
export const phpPackages = '"sudo apt install php-cli" (Debian, Ubuntu), "brew install php" (macOS), or https://windows.php.net/download (Windows, then add it to PATH)';

/** The way out when there is no PHP that works: `minimum` is the project's framework's (doctor/project-facts.ts). */
export function installPhp(minimum: string): string {
	return `install PHP ${minimum} or newer: ${phpPackages}`;
}

/** How long `php -r 'echo PHP_VERSION;'` may take to answer: far more than a working PHP needs. */
export const phpAnswerMs = 5000;

/**
 * The version of `php` on PATH, or an EduError saying what to do. The check is bounded
 * (bounded-child.ts): a php that does not answer within `answerMs`, or a stop signal meanwhile,
 * ends it and everything it started, and its output is read up to a cap.
 */
export async function checkPhp(io: Io, minimum: string, answerMs = phpAnswerMs): Promise<string> {
	const result = await runBounded('php', ['-r', 'echo PHP_VERSION;'], {env: io.env, timeout: answerMs, ...(io.onSignal ? {onSignal: io.onSignal} : {})});
	const {stopped, timedOut} = result;
	if (stopped !== undefined) {
		throw new EduError('SERVER_FAILED', `Interrupted (${stopped}) while checking the php command; nothing was started.`, signalExitCodes[stopped]);
	}
	if (timedOut) {
		throw new EduError('PHP_MISSING', `The php command on PATH did not answer within ${answerMs / 1000} s (php -r 'echo PHP_VERSION;'), so it was stopped and nothing was started: check which php is first on PATH (command -v php), or ${installPhp(minimum)}.`);
	}
	if (result.missing) {
		throw new EduError('PHP_MISSING', `PHP is not installed (no php command on PATH): ${installPhp(minimum)}.`);
	}
	const version = result.stdout.trim();
	const match = /^(\d+)\.(\d+)/.exec(version);
	if (result.exitCode !== 0 || !match) {
		const said = firstLine(result.stderr);
		throw new EduError('PHP_MISSING', `The php command on PATH does not work${said ? ` (${said})` : ''}: ${installPhp(minimum)}.`);
	}
	const [major, minor] = [Number(match[1]), Number(match[2])];
	const [needMajor = 0, needMinor = 0] = minimum.split('.').map(Number);
	if (major < needMajor || (major === needMajor && minor < needMinor)) {
		throw new EduError('PHP_TOO_OLD', `PHP ${version} is too old: the Edu Framework needs PHP ${minimum} or newer; install a newer one: ${phpPackages}.`);
	}
	return version;
}
