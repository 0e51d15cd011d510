// Is there a PHP recent enough to serve the project? One clear sentence when there is not.
import {EduError} from '../core/errors.js';
import type {Io} from '../io.js';

export const minimumPhp = [8, 1] as const;

export const installPhp = 'install PHP 8.1 or newer: "sudo apt install php-cli" (Debian, Ubuntu), "brew install php" (macOS), or https://windows.php.net/download (Windows, then add it to PATH)';

/** The version of `php` on PATH, or an EduError saying what to do. */
export async function checkPhp(io: Io): Promise<string> {
	const {execa} = await import('execa');
	const result = await execa('php', ['-r', 'echo PHP_VERSION;'], {env: io.env, extendEnv: false, reject: false, stdin: 'ignore', timeout: 20_000});
	if ((result as {code?: string}).code === 'ENOENT') {
		throw new EduError('PHP_MISSING', `PHP is not installed (no php command on PATH): ${installPhp}.`);
	}
	const version = String(result.stdout).trim();
	const match = /^(\d+)\.(\d+)/.exec(version);
	if (result.exitCode !== 0 || !match) {
		const said = String(result.stderr).trim().split(/\r?\n/, 1)[0];
		throw new EduError('PHP_MISSING', `The php command on PATH does not work${said ? ` (${said})` : ''}: ${installPhp}.`);
	}
	const [major, minor] = [Number(match[1]), Number(match[2])];
	if (major < minimumPhp[0] || (major === minimumPhp[0] && minor < minimumPhp[1])) {
		throw new EduError('PHP_TOO_OLD', `PHP ${version} is too old: the Edu Framework needs PHP 8.1 or newer; ${installPhp.replace(/^install PHP 8\.1 or newer/, 'install a newer one')}.`);
	}
	return version;
}
