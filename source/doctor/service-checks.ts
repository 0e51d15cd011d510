// The services a project needs running (or free): its database, port 8042, the mock API.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../core/errors.js';
import {checkPortFree} from '../start/port.js';
import {fail, ok, warn, type CheckResult} from './check.js';
import {probeMysql, type PhpProbe} from './php-probe.js';
import type {ProjectFacts} from './project-facts.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The fix for a MySQL/MariaDB connection error, from its SQLSTATE or driver code. */
function databaseFix(message: string, host: string, port: string, name: string): string {
	if (/\[1045\]|Access denied/i.test(message)) return 'fix DB_USER and DB_PASSWORD in .env (the server refused them)';
	if (/\[1049\]|Unknown database/i.test(message)) return `create the database: mysql -h ${host} -P ${port} -u root -p -e 'CREATE DATABASE \`${name}\`'`;
	if (/could not find driver/i.test(message)) return 'enable pdo_mysql (see its line above)';
	return `start the database server (e.g. sudo service mariadb start, or docker compose up -d), or fix DB_HOST=${host} / DB_SOCKET=${port} in .env`;
}

export async function databaseCheck(facts: ProjectFacts, php: PhpProbe, env: Env): Promise<CheckResult> {
	const id = 'database';
	if (facts.env === null) return warn(id, 'database: not checked (no .env)', 'create .env first (see above)');
	const dotenv = facts.env;
	if (dotenv['DB_HOST_STATUS'] !== 'true') return ok(id, 'database: not used (DB_HOST_STATUS is not true in .env)');
	const type = facts.dbType;
	if (type === 'sqlite') {
		const file = `var/sqlite/${dotenv['DB_NAME'] ?? ''}.sqlite`;
		return existsSync(path.join(facts.root, file))
			? ok(id, `database: SQLite file ${file} present`)
			: warn(id, `database: SQLite file ${file} does not exist yet`, `create it, or let the framework create it on its first connection`);
	}
	if (type !== 'mysql' && type !== 'mariadb') {
		return fail(id, `database: DB_TYPE=${type} has no driver in the framework`, 'set DB_TYPE=mysql, mariadb or sqlite in .env');
	}
	if (!('info' in php)) return fail(id, 'database: not checked (no working php)', 'install PHP first (see above)');
	const target = {host: dotenv['DB_HOST'] ?? '', port: dotenv['DB_SOCKET'] ?? '', name: dotenv['DB_NAME'] ?? '', user: dotenv['DB_USER'] ?? '', password: dotenv['DB_PASSWORD'] ?? ''};
	const where = `${type} ${target.user}@${target.host}:${target.port}/${target.name}`;
	const answer = await probeMysql(target, env, facts.root);
	if (answer.ok) return ok(id, `database: ${where} reachable`);
	const said = answer.message.replace(/\s+/g, ' ').trim();
	// The server answered but refused (a user, a database): reachable, yet the framework cannot connect.
	const refused = /\[(1044|1045|1049)\]/.test(said);
	return fail(id, `database: ${where} ${refused ? 'refuses the connection' : 'unreachable'} (${said})`, databaseFix(answer.message, target.host, target.port, target.name));
}

export async function portCheck(port: number): Promise<CheckResult> {
	try {
		await checkPortFree('localhost', port);
		return ok('port', `port ${port} free for edu start`);
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		return fail('port', `port ${port} is taken`, `stop the program using it (lsof -i :${port} or ss -ltnp names it), or serve on another port: edu start --port ${port + 1}`);
	}
}

export async function mockCheck(found: {service: string; url: string}, timeout: number): Promise<CheckResult> {
	try {
		const response = await fetch(found.url, {signal: AbortSignal.timeout(timeout), redirect: 'manual'});
		await response.body?.cancel();
		return ok('mock', `mock API (${found.service}) answering at ${found.url} (HTTP ${response.status})`);
	} catch (error) {
		const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeout} ms` : 'no answer';
		return fail('mock', `mock API (${found.service}) at ${found.url}: ${why}`, `docker compose up -d ${found.service}`);
	}
}
