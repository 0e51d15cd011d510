// edu doctor on a project whose resource controllers use the database, against a real MariaDB:
// the framework not told to connect (DB_HOST_STATUS), a missing table, a user without rights on
// the database; each named with the fix that works, which the test then applies.
import {cpSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {freePort} from '../helpers/free-port.js';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {hasPhp} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, tempProject} from '../helpers/temp-project.js';

describe.skipIf(!hasPhp || !hasMariadb)('edu doctor and the database the resource controllers use', () => {
	let server: Mariadb | undefined;
	let root = '';
	beforeAll(async () => {
		server = await startMariadb();
		root = tempProject('skeleton');
		cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		const made = await runMain(['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string:255,code_postal:string:10', '--yes'], {cwd: root});
		expect(made.exitCode, made.stderr).toBe(0);
	}, 60_000);
	afterAll(async () => {
		await server?.stop();
	});

	const env = (values: Record<string, string>): void => {
		const all = {DB_HOST_STATUS: 'true', DB_TYPE: 'mysql', DB_HOST: '127.0.0.1', DB_SOCKET: String(server!.port), DB_NAME: server!.database, DB_USER: server!.user, DB_PASSWORD: server!.password, ...values};
		writeFileSync(path.join(root, '.env'), Object.entries(all).map(([key, value]) => `${key}=${value}\n`).join(''));
	};
	const doctor = async (): Promise<{exitCode: number; text: string}> => {
		const result = await runMain(['doctor', '--port', String(await freePort())], {cwd: root, env: {PATH: process.env['PATH'] ?? ''}});
		return {exitCode: result.exitCode, text: result.stdout};
	};

	it.each(['false', 'TRUE'])('DB_HOST_STATUS=%s with controllers that use the database: a problem, with DB_HOST_STATUS=true as the fix', async (status) => {
		env({DB_HOST_STATUS: status});
		const {exitCode, text} = await doctor();
		expect(exitCode).toBe(1);
		expect(text).toContain(`✖ database: app/Controller/api/VilleByIdController.php and 1 other controller use the database, but .env says DB_HOST_STATUS=${status}: the framework connects only with DB_HOST_STATUS=true, so each call answers 500\n    fix: write DB_HOST_STATUS=true in .env (lower case)`);
		expect(text).not.toContain('Nothing blocks');
	});

	it('a missing table: named, with the CREATE TABLE to run, which makes doctor pass', async () => {
		env({});
		const {exitCode, text} = await doctor();
		expect(exitCode).toBe(1);
		const create = 'CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(255) NOT NULL, code_postal VARCHAR(10) NOT NULL) DEFAULT CHARSET = utf8mb4;';
		expect(text).toContain(`✖ database: mysql edu@127.0.0.1:${server!.port}/app_db reachable, but it has no table ville, which app/Controller/api/VilleByIdController.php and app/Controller/api/VilleController.php read: each of their calls answers 500\n    fix: create it in app_db: ${create}\n`);
		server!.sql(create);
		const after = await doctor();
		expect(after.text).toContain(`✔ database: mysql edu@127.0.0.1:${server!.port}/app_db reachable\n`);
		expect(after.text.trimEnd().split('\n').at(-1)).toMatch(/^Nothing blocks/);
	});

	it('a database the user has no rights on (error 1044): the SQL that creates it and grants access, which works', async () => {
		env({DB_NAME: 'nodb'});
		const {exitCode, text} = await doctor();
		expect(exitCode).toBe(1);
		const fix = /refuses the connection \(SQLSTATE\[HY000\] \[1044\] Access denied .*\)\n {4}fix: the user has no rights on database nodb \(or it does not exist\): as a user that may, e\.g\. root, create it and grant access: mysql -h 127\.0\.0\.1 -P \d+ -u root -p -e "(.*)"\n/.exec(text);
		expect(fix, text).not.toBeNull();
		expect(text).not.toContain('DB_USER and DB_PASSWORD');
		// The statements as the shell passes them (\` is a backquote inside "…"), run as root.
		server!.sql(fix![1]!.replaceAll('\\`', '`'));
		const after = await doctor();
		expect(after.text).toContain(`nodb reachable, but it has no table ville`);
	});
});
