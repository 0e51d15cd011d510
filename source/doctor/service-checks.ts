// The services a project needs running (or free): its database, port 8042, the mock API.
import {closeSync, existsSync, openSync, readSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {judgeStations, stationsPath} from '../mock/init-client.js';
import {checkPortFree} from '../start/port.js';
import {fail, ok, warn, type CheckResult} from './check.js';
import {databaseUsers} from './database-users.js';
import {probeMysql, type PhpProbe} from './php-probe.js';
import type {ProjectFacts} from './project-facts.js';

type Env = Readonly<Record<string, string | undefined>>;

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

function isSqliteFile(file: string): boolean {
	try {
		const descriptor = openSync(file, 'r');
		try {
			const head = Buffer.alloc(sqliteHeader.length);
			const read = readSync(descriptor, head, 0, head.length, 0);
			// An empty file is an empty database to SQLite.
			return read === 0 || (read === head.length && head.equals(sqliteHeader));
		} finally {
			closeSync(descriptor);
		}
	} catch {
		return false;
	}
}

export async function databaseCheck(facts: ProjectFacts, php: PhpProbe, env: Env): Promise<CheckResult | CheckResult[]> {
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
	if (type === 'sqlite') {
		const file = `var/sqlite/${dotenv['DB_NAME'] ?? ''}.sqlite`;
		const absolute = path.join(facts.root, file);
		if (!existsSync(absolute)) return warn(id, `database: SQLite file ${file} does not exist yet`, `create it, or let the framework create it on its first connection`);
		return isSqliteFile(absolute)
			? ok(id, `database: SQLite file ${file} present`)
			: fail(id, `database: ${file} is not an SQLite database (it does not start as one does)`, `remove it and let the framework create it on its first connection, or put the right file there`);
	}
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
	const answer = await probeMysql(target, env, facts.root, [...new Set(tables.map((table) => table.name))]);
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

/** Whether PHP's development server (what edu start runs) answers at `port`: its own page for a file its folder lacks. */
async function phpServerAt(port: number, timeout: number): Promise<boolean> {
	try {
		const response = await fetch(`http://localhost:${port}/edu-doctor-probe.txt`, {signal: AbortSignal.timeout(timeout), redirect: 'manual'});
		const page = await response.text();
		return response.status === 404 && page.includes('<title>404 Not Found</title>') && page.includes('The requested resource <code class="url">/edu-doctor-probe.txt</code> was not found on this server.');
	} catch {
		return false;
	}
}

/**
 * The mock API answers its own station list (GET /api/stations, no token) with a JSON list: any
 * other answer is another server on its port. An empty list means a mock not initialised yet.
 */
export async function mockCheck(found: {service: string; url: string}, timeout: number): Promise<CheckResult> {
	const url = `${found.url}${stationsPath}`;
	let status: number;
	let text: string;
	try {
		const response = await fetch(url, {signal: AbortSignal.timeout(timeout), redirect: 'manual', headers: {accept: 'application/json'}});
		status = response.status;
		text = await response.text();
	} catch (error) {
		const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeout} ms` : 'no answer';
		return fail('mock', `mock API (${found.service}) at ${found.url}: ${why}`, `docker compose up -d ${found.service}`);
	}
	const judged = judgeStations(status, text, false);
	if (judged.outcome === 'success') return ok('mock', `mock API (${found.service}) answering at ${found.url} (${judged.message})`);
	if (judged.count === 0) return warn('mock', `mock API (${found.service}) answering at ${found.url}, with no stations yet`, 'edu mock:init');
	return fail('mock', `something else answers at ${found.url}, where compose.yaml publishes the mock API (${found.service}): GET ${stationsPath} gave ${judged.message.split(':')[0]}`, `free that port, or publish the mock on another one in compose.yaml, then docker compose up -d ${found.service}`);
}
