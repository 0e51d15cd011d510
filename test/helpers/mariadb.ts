// A real MariaDB server for the tests, started the way php -S is: its own data folder in a
// temp directory, a free loopback port, its own socket, no system service and no config file
// read; stopped by its PID. Where mariadbd is missing the tests that need it skip with a
// notice; in CI (EDU_REQUIRE_MARIADB=1) a missing server is a failure instead.
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {freePort} from './free-port.js';

/** Debian installs the server in /usr/sbin, which is not on every user's PATH. */
function which(name: string): string | undefined {
	const folders = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
	for (const folder of folders) {
		if (folder !== '' && existsSync(path.join(folder, name))) return path.join(folder, name);
	}
	return undefined;
}

const server = which('mariadbd');
const installDb = which('mariadb-install-db');
const client = which('mariadb');

function probe(): string | undefined {
	if (server === undefined) return 'mariadbd is not installed';
	if (installDb === undefined) return 'mariadb-install-db is not installed';
	if (client === undefined) return 'the mariadb client is not installed';
	try {
		execFileSync('php', ['-r', 'exit(extension_loaded("pdo_mysql") ? 0 : 1);'], {stdio: 'ignore'});
	} catch {
		return 'PHP\'s pdo_mysql is not installed (Debian: php-mysql)';
	}
	return undefined;
}

const missing = probe();

if (missing !== undefined) {
	if (process.env['EDU_REQUIRE_MARIADB']) throw new Error(`EDU_REQUIRE_MARIADB is set but ${missing}`);
	process.stderr.write(`\n  NOTICE: skipping the MariaDB checks: ${missing}. Install mariadb-server and php-mysql to run them.\n\n`);
}

/** True when a MariaDB server can be started for the tests. */
export const hasMariadb: boolean = missing === undefined;

export interface Mariadb {
	readonly port: number;
	readonly socket: string;
	/** The database the application uses, and a user with a password, as a student's .env has them. */
	readonly database: string;
	readonly user: string;
	readonly password: string;
	/** Runs SQL as root through the socket; returns the client's tab-separated output. */
	sql(statements: string): string;
	stop(): Promise<void>;
}

/**
 * A freshly installed data folder, made once per test run (the workers are the children of one
 * vitest process) and copied by each server: mariadb-install-db is most of a server's start.
 * The first worker to finish installing puts its folder in place; the others use it.
 */
function pristineData(installDb: string, asUser: readonly string[]): string {
	const pristine = path.join(tmpdir(), `edu-mariadb-pristine-${process.ppid}`);
	if (existsSync(path.join(pristine, 'mysql'))) return pristine;
	const fresh = mkdtempSync(path.join(tmpdir(), 'edu-mariadb-install-'));
	execFileSync(installDb, ['--no-defaults', `--datadir=${fresh}`, ...asUser, '--auth-root-authentication-method=normal', '--skip-test-db'], {stdio: 'ignore'});
	try {
		renameSync(fresh, pristine);
	} catch {
		// Another worker's install is in place (a rename onto a folder that is not empty fails).
		rmSync(fresh, {recursive: true, force: true});
	}
	return pristine;
}

/** The pristine data folder of the test run whose vitest process is `pid`, removed when the run ends. */
export function removePristineData(pid: number): void {
	rmSync(path.join(tmpdir(), `edu-mariadb-pristine-${pid}`), {recursive: true, force: true});
}

/**
 * Installs a fresh data folder and starts mariadbd on it. Its character set is utf8mb4, as the
 * Debian package's and the official image's configuration set it.
 */
export async function startMariadb(): Promise<Mariadb> {
	if (server === undefined || installDb === undefined || client === undefined) throw new Error(`cannot start MariaDB: ${missing}`);
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-mariadb-'));
	const data = path.join(folder, 'data');
	const socket = path.join(folder, 'mysqld.sock');
	const log = path.join(folder, 'error.log');
	// --user=root: CI runs as root, and mariadbd refuses root without it.
	const asUser = process.getuid?.() === 0 ? ['--user=root'] : [];
	cpSync(pristineData(installDb, asUser), data, {recursive: true});
	const port = await freePort();
	const child: ChildProcess = spawn(server, [
		'--no-defaults', `--datadir=${data}`, ...asUser, `--port=${port}`, '--bind-address=127.0.0.1', `--socket=${socket}`,
		`--pid-file=${path.join(folder, 'mysqld.pid')}`, `--log-error=${log}`, '--skip-log-bin', '--innodb-buffer-pool-size=16M',
		'--character-set-server=utf8mb4', '--collation-server=utf8mb4_general_ci',
	], {stdio: 'ignore'});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	// A test run that ends without its afterAll (a crash, Ctrl+C) still leaves no server behind.
	const orphan = (): void => {
		child.kill('SIGKILL');
	};
	process.once('exit', orphan);
	const sql = (statements: string): string =>
		execFileSync(client, ['--no-defaults', `--socket=${socket}`, '-uroot', '--default-character-set=utf8mb4', '--batch', '--skip-column-names', '-e', statements], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
	const stop = async (): Promise<void> => {
		process.off('exit', orphan);
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
		await exited;
		rmSync(folder, {recursive: true, force: true});
	};

	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			sql('SELECT 1');
			break;
		} catch {
			if (child.exitCode !== null || Date.now() > deadline) {
				const reason = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' | ') : 'no log';
				await stop();
				throw new Error(`mariadbd did not start: ${reason}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}
	const database = 'app_db';
	const user = 'edu';
	const password = 'studoo';
	sql(`CREATE DATABASE ${database}; CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}'; GRANT ALL ON ${database}.* TO '${user}'@'127.0.0.1';`);
	return {port, socket, database, user, password, sql: (statements) => sql(`USE ${database}; ${statements}`), stop};
}
