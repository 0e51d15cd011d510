// The services a project needs running (or free): its database, port 8042, the mock API.
import {closeSync, constants, existsSync, fstatSync, openSync, readSync} from 'node:fs';
import {kindOf} from '../base/path-kind.js';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import type {StopSignal} from '../base/io.js';
import {checkPortFree} from '../start/port.js';
import {fail, ok, warn, type CheckResult} from './check.js';
import {databaseUsers} from './database-users.js';
import {probeMysql, probeSqlite, type PhpProbe} from './php-probe.js';
import type {DatabaseUser} from './database-users.js';
import type {ProjectFacts} from './project-facts.js';

type Env = Readonly<Record<string, string | undefined>>;
type OnSignal = (handler: (signal: StopSignal) => void) => () => void;

/** The fix for a MySQL/MariaDB connection error, from its SQLSTATE or driver code. */
function databaseFix(message: string, host: string, port: string, name: string): string {
	const noRights = /\[1044\][^']*('[^']*'@'[^']*')?/.exec(message);
	if (noRights) {
		const who = noRights[1] ?? `'USER'@'%'`;
		return `the user has no rights on database ${name} (or it does not exist): as a user that may, e.g. root, create it and grant access: mysql -h ${host} -P ${port} -u root -p -e "CREATE DATABASE IF NOT EXISTS \\\`${name}\\\`; GRANT ALL ON \\\`${name}\\\`.* TO ${who}"`;
	}
	if (/\[1045\]|Access denied/i.test(message)) return 'fix DB_USER and DB_PASSWORD in .env (the server refused them)';
	if (/\[1049\]|Unknown database/i.test(message)) return `create the database: mysql -h ${host} -P ${port} -u root -p -e 'CREATE DATABASE \`${name}\`'`;
	if (/could not find driver/i.test(message)) return 'enable pdo_mysql (see its line above)';
	// PDO takes host "localhost" as the server's Unix socket, and then ignores the port.
	if (host === 'localhost' && /\[2002\]/.test(message)) return `write DB_HOST=127.0.0.1 in .env: with localhost, PHP looks for the server's Unix socket and ignores DB_SOCKET=${port}; or start the database server (e.g. sudo service mariadb start, or docker compose up -d)`;
	return `start the database server (e.g. sudo service mariadb start, or docker compose up -d), or fix DB_HOST=${host} / DB_SOCKET=${port} in .env`;
}

/** The SQLite file's first bytes, as every SQLite database starts. */
const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Why `file` is no SQLite database, or undefined when it starts as one (or is empty). Opened
 * without waiting and checked on the descriptor: a FIFO or a device there is named, never read.
 */
function sqliteProblem(file: string): string | undefined {
	let descriptor: number;
	try {
		descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error) {
		return `cannot be read (${(error as Error).message})`;
	}
	try {
		const stats = fstatSync(descriptor);
		if (!stats.isFile()) return `is ${kindOf(stats)}, not a file: the framework cannot open it as a database`;
		const head = Buffer.alloc(sqliteHeader.length);
		const read = readSync(descriptor, head, 0, head.length, 0);
		// An empty file is an empty database to SQLite.
		return read === 0 || (read === head.length && head.equals(sqliteHeader)) ? undefined : 'is not an SQLite database (it does not start as one does)';
	} catch (error) {
		return `cannot be read (${(error as Error).message})`;
	} finally {
		closeSync(descriptor);
	}
}

export async function databaseCheck(facts: ProjectFacts, php: PhpProbe, env: Env, onSignal?: OnSignal): Promise<CheckResult | CheckResult[]> {
	const id = 'database';
	if (facts.env === null) return warn(id, 'database: not checked (no .env)', 'create .env first (see above)');
	const dotenv = facts.env;
	const users = databaseUsers(facts.root);
	if (dotenv['DB_HOST_STATUS'] !== 'true') {
		if (users.length === 0) return ok(id, 'database: not used (DB_HOST_STATUS is not true in .env)');
		const status = dotenv['DB_HOST_STATUS'] === undefined ? 'has no DB_HOST_STATUS' : `says DB_HOST_STATUS=${dotenv['DB_HOST_STATUS']}`;
		const named = users.length === 1 ? users[0]!.file : `${users[0]!.file} and ${users.length - 1} other controller${users.length === 2 ? '' : 's'}`;
		return fail(id, `database: ${named} use${users.length === 1 ? 's' : ''} the database, but .env ${status}: the framework connects only with DB_HOST_STATUS=true, so each call answers 500`, 'write DB_HOST_STATUS=true in .env (lower case), with the DB_* values of your database');
	}
	const type = facts.dbType;
	// The framework compares DB_TYPE as written (in_array, strict): MySQL is no type of its own.
	if (type !== type.toLowerCase() && ['mysql', 'mariadb', 'pgsql', 'sqlite'].includes(type.toLowerCase())) {
		return fail(id, `database: DB_TYPE=${type} is unknown to the framework, which reads it as written (lower case only)`, `write DB_TYPE=${type.toLowerCase()} in .env`);
	}
	if (type === 'sqlite') return sqliteCheck(facts, dotenv, users, php, env, onSignal);
	if (type !== 'mysql' && type !== 'mariadb') {
		return fail(id, `database: DB_TYPE=${type} has no driver in the framework`, 'set DB_TYPE=mysql, mariadb or sqlite in .env');
	}
	const port = dotenv['DB_SOCKET'] ?? '';
	if (port !== '' && !/^\d+$/.test(port)) {
		return fail(id, `database: DB_SOCKET=${port} is not a port number: the framework puts it in the connection as port=${port}`, 'write the server\'s port in DB_SOCKET (3306 by default), not a socket path');
	}
	if (!('info' in php)) return fail(id, 'database: not checked (no working php)', 'install PHP first (see above)');
	const target = {host: dotenv['DB_HOST'] ?? '', port: dotenv['DB_SOCKET'] ?? '', name: dotenv['DB_NAME'] ?? '', user: dotenv['DB_USER'] ?? '', password: dotenv['DB_PASSWORD'] ?? ''};
	const where = `${type} ${target.user}@${target.host}:${target.port}/${target.name}`;
	const tables = users.flatMap((user) => (user.table === undefined ? [] : [user.table]));
	const answer = await probeMysql(target, env, facts.root, [...new Set(tables.map((table) => table.name))], undefined, onSignal);
	if (answer.ok) {
		if (answer.missing.length === 0) return ok(id, `database: ${where} reachable`);
		return answer.missing.map((name) => {
			const readers = users.filter((user) => user.table?.name === name).map((user) => user.file);
			const create = tables.find((table) => table.name === name)!.createMysql;
			return fail(id, `database: ${where} reachable, but it has no table ${name}, which ${readers.join(' and ')} read${readers.length === 1 ? 's' : ''}: each of their calls answers 500`, `create it in ${target.name}: ${create}`);
		});
	}
	const said = answer.message.replace(/\s+/g, ' ').trim();
	// The server answered but refused (a user, a database): reachable, yet the framework cannot connect.
	const refused = /\[(1044|1045|1049)\]/.test(said);
	return fail(id, `database: ${where} ${refused ? 'refuses the connection' : 'unreachable'} (${said})`, databaseFix(answer.message, target.host, target.port, target.name));
}

/** The tables the resource controllers read, each once. */
function neededTables(users: readonly DatabaseUser[]): Array<NonNullable<DatabaseUser['table']>> {
	const tables = new Map<string, NonNullable<DatabaseUser['table']>>();
	for (const user of users) if (user.table !== undefined && !tables.has(user.table.name)) tables.set(user.table.name, user.table);
	return [...tables.values()];
}

/** The controllers that read `name`, as a message says them. */
function readersOf(users: readonly DatabaseUser[], name: string): string {
	const readers = users.filter((user) => user.table?.name === name).map((user) => user.file);
	return `${readers.join(' and ')} read${readers.length === 1 ? 's' : ''}`;
}

/** SQLite: the file the framework opens (<sqlite_path><DB_NAME>.sqlite), and the tables the resource controllers read in it. */
async function sqliteCheck(facts: ProjectFacts, dotenv: Readonly<Record<string, string>>, users: readonly DatabaseUser[], php: PhpProbe, env: Env, onSignal?: OnSignal): Promise<CheckResult | CheckResult[]> {
	const id = 'database';
	const file = `var/sqlite/${dotenv['DB_NAME'] ?? ''}.sqlite`;
	const absolute = path.join(facts.root, file);
	const tables = neededTables(users);
	const createLine = (table: NonNullable<DatabaseUser['table']>): string => table.createSqlite ?? table.createMysql.replace(/ DEFAULT CHARSET = \w+;$/, ';');
	const sqlite3 = (table: NonNullable<DatabaseUser['table']>): string => `sqlite3 ${file} "${createLine(table)}"`;
	if (!existsSync(absolute)) {
		if (tables.length === 0) return warn(id, `database: SQLite file ${file} does not exist yet`, `create it, or let the framework create it on its first connection`);
		return tables.map((table) => fail(id, `database: SQLite file ${file} does not exist yet, so it has no table ${table.name}, which ${readersOf(users, table.name)}: each of their calls answers 500`, `create it with the table: mkdir -p var/sqlite && ${sqlite3(table)}`));
	}
	const problem = sqliteProblem(absolute);
	if (problem !== undefined) return fail(id, `database: ${file} ${problem}`, `remove it and let the framework create it on its first connection, or put the right file there`);
	if (tables.length === 0) return ok(id, `database: SQLite file ${file} present`);
	if (!('info' in php)) return ok(id, `database: SQLite file ${file} present (its tables not checked: no working php)`);
	const answer = await probeSqlite(absolute, env, facts.root, tables.map((table) => table.name), undefined, onSignal);
	if (!answer.ok) return fail(id, `database: SQLite file ${file} cannot be read (${answer.message.replace(/\s+/g, ' ').trim()})`, 'enable pdo_sqlite (see its line above), or replace the file');
	if (answer.missing.length === 0) return ok(id, `database: SQLite file ${file} present, with the table${tables.length === 1 ? '' : 's'} ${tables.map((table) => table.name).join(', ')}`);
	return answer.missing.map((name) => {
		const table = tables.find((candidate) => candidate.name === name)!;
		return fail(id, `database: SQLite file ${file} has no table ${name}, which ${readersOf(users, name)}: each of their calls answers 500`, `create it: ${sqlite3(table)}`);
	});
}

export async function portCheck(port: number, timeout = 1000): Promise<CheckResult> {
	try {
		await checkPortFree('localhost', port);
		return ok('port', `port ${port} free for edu start`);
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		if (await phpServerAt(port, timeout)) {
			return warn('port', `port ${port} is in use by a PHP development server (an edu start or php -S already running)`, `nothing to do if it serves this project; to run another, stop it (Ctrl+C where it runs) or serve on another port: edu start --port ${port + 1}`);
		}
		return fail('port', `port ${port} is taken`, `stop the program using it (lsof -i :${port} or ss -ltnp names it), or serve on another port: edu start --port ${port + 1}`);
	}
}

/** Whether PHP's development server (what edu start runs) answers at `port`: its own page for a file its folder lacks (edu start's router leaves this path to it). */
async function phpServerAt(port: number, timeout: number): Promise<boolean> {
	try {
		const response = await fetch(`http://localhost:${port}/edu-doctor-probe.txt`, {signal: AbortSignal.timeout(timeout), redirect: 'manual'});
		const page = await response.text();
		return response.status === 404 && page.includes('<title>404 Not Found</title>') && page.includes('The requested resource <code class="url">/edu-doctor-probe.txt</code> was not found on this server.');
	} catch {
		return false;
	}
}
