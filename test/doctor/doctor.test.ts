// edu doctor and edu check:config, through main() in-process, in temp copies of the 2.3-shaped skeleton:
// what each problem a student meets looks like (missing vendor/, pdo_mysql, an unreachable
// database, a taken port, a silent mock), each with its fix, and a complete setup passing.
// A missing extension is a real PHP started with -n and only the extensions it lists.
import {execFileSync} from 'node:child_process';
import {appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import {createServer as createHttpServer} from 'node:http';
import {createServer, type Server, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {freePort} from '../helpers/free-port.js';
import {hasPhp} from '../helpers/php.js';
import {servePhp} from '../helpers/php-server.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, repoRoot, tempProject} from '../helpers/temp-project.js';

interface Check {
	id: string;
	status: 'ok' | 'warn' | 'fail';
	message: string;
	fix?: string;
}

const servers: Server[] = [];
const sockets: Socket[] = [];
const folders: string[] = [];
afterAll(async () => {
	for (const socket of sockets) socket.destroy();
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	for (const folder of folders) rmSync(folder, {recursive: true, force: true});
});

/** A server on a free loopback port that accepts connections and never says a word; `log` gets `<name>+` as one comes, `<name>-` as the other end closes it, then hears `closed`. */
async function silentServer(log?: {name: string; events: string[]; closed?: () => void}): Promise<number> {
	const server = createServer((socket) => {
		sockets.push(socket);
		log?.events.push(`${log.name}+`);
		socket.on('close', () => {
			log?.events.push(`${log.name}-`);
			log?.closed?.();
		});
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return (server.address() as {port: number}).port;
}

/** The skeleton with the stand-in's vendor/ and a .env; `env` replaces .env's values. */
function project(env: Record<string, string>): string {
	const root = tempProject('skeleton');
	cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
	const values = {DB_HOST_STATUS: 'true', DB_TYPE: 'sqlite', DB_HOST: '127.0.0.1', DB_SOCKET: '3306', DB_USER: 'root', DB_PASSWORD: 'studoo', DB_NAME: 'app_db', ...env};
	writeFileSync(path.join(root, '.env'), Object.entries(values).map(([key, value]) => `${key}=${value}\n`).join(''));
	mkdirSync(path.join(root, 'var/sqlite'), {recursive: true});
	writeFileSync(path.join(root, 'var/sqlite/app_db.sqlite'), '');
	return root;
}

/** A folder whose `php` is the real one started with -n and only these extensions: PATH goes through it first. */
function phpWithOnly(extensions: readonly string[]): Record<string, string> {
	const real = realpathSync(execFileSync('sh', ['-c', 'command -v php'], {encoding: 'utf8'}).trim());
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-php-'));
	folders.push(folder);
	writeFileSync(path.join(folder, 'php'), `#!/bin/sh\nexec ${real} -n ${extensions.map((name) => `-d extension=${name}`).join(' ')} "$@"\n`);
	chmodSync(path.join(folder, 'php'), 0o755);
	return {PATH: `${folder}${path.delimiter}${process.env['PATH'] ?? ''}`};
}

async function doctor(root: string, args: readonly string[] = [], env: Record<string, string> = {}): Promise<{exitCode: number; checks: Check[]; text: string}> {
	const port = args.includes('--port') ? [] : ['--port', String(await freePort())];
	const json = await runMain(['doctor', '--json', ...port, ...args], {cwd: root, env: {PATH: process.env['PATH'] ?? '', ...env}});
	const text = await runMain(['doctor', ...port, ...args], {cwd: root, env: {PATH: process.env['PATH'] ?? '', ...env}});
	expect(text.exitCode).toBe(json.exitCode);
	const report = JSON.parse(json.stdout) as {ok: boolean; checks: Check[]};
	expect(report.ok).toBe(json.exitCode === 0);
	return {exitCode: json.exitCode, checks: report.checks, text: text.stdout};
}

const failed = (checks: readonly Check[]): string[] => checks.filter((check) => check.status === 'fail').map((check) => check.id);

describe.skipIf(!hasPhp)('edu doctor', () => {
	it('passes a complete setup (exit 0), one ✔ line per check', async () => {
		const {exitCode, checks, text} = await doctor(project({}));
		expect(failed(checks)).toEqual([]);
		expect(exitCode).toBe(0);
		expect(checks.map((check) => check.id)).toEqual(['php', 'ext-pdo_sqlite', 'ext-mbstring', 'ext-openssl', 'ext-json', 'vendor', 'framework', 'env', 'database', 'port', 'routes', 'node']);
		expect(text).toMatch(/^✔ PHP 8\.\d+\.\d+ \(.+\) satisfies composer\.json's requirement "php": ">=8\.2"$/m);
		expect(text).toContain('✔ studoo/edu-framework v2.3.0@stable installed\n');
		expect(text).toContain('✔ routes --check: 6 routes, no problems\n');
		expect(text.trimEnd().split('\n').at(-1)).toBe('Nothing blocks.');
	});

	it('names a missing vendor/ with its fix (composer install, or Composer itself first when it is not installed), and exits 1', async () => {
		const root = project({});
		rmSync(path.join(root, 'vendor'), {recursive: true});
		const withComposer = mkdtempSync(path.join(tmpdir(), 'edu-composer-'));
		folders.push(withComposer);
		writeFileSync(path.join(withComposer, 'composer'), '#!/bin/sh\n', {mode: 0o755});
		const pathWithout = (process.env['PATH'] ?? '').split(path.delimiter).filter((folder) => !existsSync(path.join(folder, 'composer'))).join(path.delimiter);
		for (const [where, fix] of [[`${withComposer}${path.delimiter}${pathWithout}`, 'composer install'], [pathWithout, 'install Composer first (sudo apt install composer, or https://getcomposer.org/download/), then run composer install']]) {
			const {exitCode, checks, text} = await doctor(root, [], {PATH: where!});
			expect(exitCode).toBe(1);
			expect(failed(checks)).toEqual(['vendor']);
			expect(text).toContain(`✖ vendor/autoload.php missing: the dependencies are not installed\n    fix: ${fix}\n`);
		}
	});

	it('a missing extension under PHP_INI_SCAN_DIR: the line goes in that folder, where this PHP reads its .ini files', async () => {
		const scan = mkdtempSync(path.join(tmpdir(), 'edu-scan-'));
		folders.push(scan);
		const root = project({DB_TYPE: 'mysql', DB_HOST_STATUS: 'false'});
		const {checks} = await doctor(root, [], {PHP_INI_SCAN_DIR: scan});
		const check = checks.find((candidate) => candidate.id === 'ext-pdo_mysql');
		expect(check?.status).toBe('fail');
		expect(check?.fix).toMatch(new RegExp(`^enable it: add the line "extension=\\S+pdo_mysql\\.so" to ${scan.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pdo_mysql\\.ini$`));
	});

	it('with -q, a failing run still says on stderr which checks failed; a passing one says nothing', async () => {
		const root = project({});
		const port = String(await freePort());
		const env = {PATH: process.env['PATH'] ?? ''};
		expect(await runMain(['-q', 'doctor', '--port', port], {cwd: root, env})).toEqual({exitCode: 0, stdout: '', stderr: ''});
		rmSync(path.join(root, 'vendor'), {recursive: true});
		expect(await runMain(['-q', 'doctor', '--port', port], {cwd: root, env})).toEqual({exitCode: 1, stdout: '', stderr: 'edu doctor: 1 problem to fix (vendor)\n'});
	});

	it('two routes the router cannot tell apart block (every request fails): ✖ with both named and the fix, exit 1; other drift stays a warning', async () => {
		const root = project({});
		appendFileSync(path.join(root, 'app/Config/routes.yaml'), '\nby_id:\n    uri: "/a/{id}"\n    controller: Controller\\HomeController\n    httpMethod: [GET]\nby_code:\n    uri: "/a/{code}"\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n');
		const {exitCode, checks, text} = await doctor(root);
		expect(exitCode).toBe(1);
		expect(failed(checks)).toEqual(['routes']);
		expect(text).toMatch(/^✖ routes --check: by_id: GET \/a\/\{id\} is also served by by_code \(app\/Config\/routes\.yaml:\d+\): the framework's router fails on every request while both are there\n {4}fix: change the URI or the methods of one of the two routes in app\/Config\/routes\.yaml, or remove one\n/m);
		const drift = project({});
		appendFileSync(path.join(drift, 'app/Config/routes.yaml'), '\nlost:\n    uri: /lost\n    controller: Controller\\LostController\n    httpMethod: [GET]\n');
		const drifted = await doctor(drift);
		expect(drifted.exitCode).toBe(0);
		expect(drifted.checks.find((check) => check.id === 'routes')?.status).toBe('warn');
		expect(drifted.text).toContain('! routes --check: 1 problem (lost)\n');
	});

	it('checks port 8042 unless told another', async () => {
		const result = await runMain(['doctor', '--json'], {cwd: project({}), env: {PATH: process.env['PATH'] ?? ''}});
		const port = (JSON.parse(result.stdout) as {checks: Check[]}).checks.find((check) => check.id === 'port');
		expect(port?.message).toMatch(/^port 8042 (free for edu start|is taken|is in use by a PHP development server \(an edu start or php -S already running\))$/);
	});

	it('names a missing pdo_mysql when DB_TYPE=mysql, with the line that enables it', async () => {
		const root = project({DB_TYPE: 'mysql', DB_HOST_STATUS: 'false'});
		const {exitCode, checks, text} = await doctor(root, [], phpWithOnly(['pdo', 'mbstring']));
		expect(exitCode).toBe(1);
		expect(failed(checks)).toEqual(['ext-pdo_mysql']);
		expect(text).toMatch(/^✖ extension pdo_mysql is not loaded, and DB_TYPE=mysql needs it\n {4}fix: (enable it: add the line "extension=\/\S+\/pdo_mysql\.so" to \S+|install it: sudo apt install php8\.\d-mysql .*)$/m);
	});

	it('without DB_TYPE in .env, says where the type the driver is chosen by comes from', async () => {
		const root = project({DB_TYPE: 'mysql', DB_HOST_STATUS: 'false'});
		rmSync(path.join(root, '.env'));
		writeFileSync(path.join(root, '.env.example'), 'DB_TYPE=sqlite\n');
		const fromExample = await doctor(root);
		expect(fromExample.checks.find((check) => check.id === 'ext-pdo_sqlite')?.message).toBe('extension pdo_sqlite loaded (DB_TYPE=sqlite in .env.example: .env does not set it)');
		rmSync(path.join(root, '.env.example'));
		const byDefault = await doctor(root);
		expect(byDefault.checks.find((check) => check.id === 'ext-pdo_mysql')?.message).toBe('extension pdo_mysql loaded (DB_TYPE=mysql, the skeleton\'s default: neither .env nor .env.example sets it)');
	}, 20_000);

	it('names an unreachable database (PDO through PHP) with its fix', async () => {
		const root = project({DB_TYPE: 'mysql', DB_SOCKET: String(await freePort())});
		const {exitCode, checks, text} = await doctor(root);
		expect(exitCode).toBe(1);
		expect(failed(checks)).toEqual(['database']);
		expect(text).toMatch(/^✖ database: mysql root@127\.0\.0\.1:\d+\/app_db unreachable \(SQLSTATE\[HY000\] \[2002\] Connection refused\)\n {4}fix: start the database server/m);
	});

	it.each<[Record<string, string>, string]>([
		[{DB_TYPE: 'MySQL'}, '✖ database: DB_TYPE=MySQL is unknown to the framework, which reads it as written (lower case only)\n    fix: write DB_TYPE=mysql in .env\n'],
		[{DB_TYPE: 'mysql', DB_SOCKET: '/run/mysqld/mysqld.sock'}, '✖ database: DB_SOCKET=/run/mysqld/mysqld.sock is not a port number: the framework puts it in the connection as port=/run/mysqld/mysqld.sock\n    fix: write the server\'s port in DB_SOCKET (3306 by default), not a socket path\n'],
		[{DB_TYPE: 'pgsql'}, '✖ database: DB_TYPE=pgsql has no driver in the framework\n    fix: set DB_TYPE=mysql, mariadb or sqlite in .env\n'],
		[{DB_TYPE: 'sqlite', garbage: 'yes'}, '✖ database: var/sqlite/app_db.sqlite is not an SQLite database (it does not start as one does)\n    fix: remove it and let the framework create it on its first connection, or put the right file there\n'],
	])('names a .env mistake the framework fails on, with its own fix: %j', async ({garbage, ...env}, line) => {
		const root = project(env);
		if (garbage !== undefined) writeFileSync(path.join(root, 'var/sqlite/app_db.sqlite'), 'not a database\n');
		const {exitCode, checks, text} = await doctor(root);
		expect(exitCode).toBe(1);
		expect(failed(checks)).toEqual(['database']);
		expect(text).toContain(line);
	});

	it('DB_HOST=localhost with no server there: the fix says PHP then ignores the port, and to write 127.0.0.1', async () => {
		const port = String(await freePort());
		const {checks, text} = await doctor(project({DB_TYPE: 'mysql', DB_HOST: 'localhost', DB_SOCKET: port}));
		expect(failed(checks)).toEqual(['database']);
		expect(text).toContain(`    fix: write DB_HOST=127.0.0.1 in .env: with localhost, PHP looks for the server's Unix socket and ignores DB_SOCKET=${port}; or start the database server`);
	});

	it('a FIFO named .env is not read (it would wait for a writer forever): doctor ends and says .env cannot be read, and why', async () => {
		const root = project({});
		rmSync(path.join(root, '.env'));
		execFileSync('mkfifo', [path.join(root, '.env')]);
		const {checks, text} = await doctor(root);
		expect(checks.find((check) => check.id === 'database')?.message).toBe('database: not checked (no .env)');
		expect(text).toContain('✖ .env cannot be read (it is a FIFO): the framework reads its settings (DB_TYPE, DB_HOST…) there\n    fix: replace it with a text file');
		expect(text).not.toContain('.env present');
	}, 20_000);

	it('a FIFO as the SQLite file is named and never opened for reading (it would wait for a writer forever): doctor ends', async () => {
		const root = project({});
		rmSync(path.join(root, 'var/sqlite/app_db.sqlite'));
		execFileSync('mkfifo', [path.join(root, 'var/sqlite/app_db.sqlite')]);
		const {checks} = await doctor(root);
		expect(checks.find((check) => check.id === 'database')).toMatchObject({status: 'fail', message: 'database: var/sqlite/app_db.sqlite is a FIFO, not a file: the framework cannot open it as a database'});
	}, 20_000);

	it('a .env past the size limit is said to be too big, not read whole', async () => {
		const root = project({});
		// Sparse: the size is what counts, no bytes need writing.
		truncateSync(path.join(root, '.env'), 65 * 1024 * 1024);
		const {checks} = await doctor(root);
		expect(checks.find((check) => check.id === 'env')).toMatchObject({status: 'fail', message: `.env cannot be read (it is too big (${65 * 1024 * 1024} bytes; at most ${64 * 1024 * 1024} are read)): the framework reads its settings (DB_TYPE, DB_HOST…) there`});
	}, 20_000);

	it('a folder named .env, and a link to nothing: each said as what it is, not as present or missing', async () => {
		for (const [make, why] of [[(file: string) => mkdirSync(file), 'it is a folder'], [(file: string) => symlinkSync('nowhere', file), 'a link to nothing']] as const) {
			const root = project({});
			rmSync(path.join(root, '.env'));
			make(path.join(root, '.env'));
			const {checks} = await doctor(root);
			expect(checks.find((check) => check.id === 'env')).toMatchObject({status: 'fail', message: `.env cannot be read (${why}): the framework reads its settings (DB_TYPE, DB_HOST…) there`});
		}
	}, 20_000);

	it('names a taken port with its fix', async () => {
		const port = await silentServer();
		const {exitCode, checks, text} = await doctor(project({}), ['--port', String(port)]);
		expect(exitCode).toBe(1);
		expect(failed(checks)).toEqual(['port']);
		expect(text).toContain(`✖ port ${port} is taken\n    fix: stop the program using it`);
	});

	it.runIf(hasPhp).each([['php -S', undefined], ['edu start (php -S with its router)', path.join(repoRoot, 'source/start/router.php')]])('a port held by a PHP development server (%s) is a warning that says so, not a problem', async (_what, router) => {
		const root = project({});
		const server = await servePhp(path.join(root, 'public'), router === undefined ? {} : {router});
		try {
			const port = new URL(server.base).port;
			const {exitCode, checks, text} = await doctor(root, ['--port', port]);
			expect(failed(checks)).toEqual([]);
			expect(exitCode).toBe(0);
			expect(text).toContain(`! port ${port} is in use by a PHP development server (an edu start or php -S already running)\n    fix: nothing to do if it serves this project; to run another, stop it (Ctrl+C where it runs) or serve on another port: edu start --port ${Number(port) + 1}`);
		} finally {
			await server.stop();
		}
	});

	/** A server on a free port answering `body` to GET /api/stations (the mock's station list) and 404 elsewhere; a project whose compose.yaml publishes the mock there. */
	async function mockAt(body: string, type = 'application/json'): Promise<{root: string; port: number}> {
		const server = createHttpServer((request, response) => {
			response.writeHead(request.url === '/api/stations' ? 200 : 404, {'content-type': type});
			response.end(body);
		});
		servers.push(server as unknown as Server);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as {port: number}).port;
		const root = project({});
		writeFileSync(path.join(root, 'compose.yaml'), `services:\n  api:\n    image: bfoujols/mock-veliko-api:latest\n    ports:\n      - "${port}:80"\n`);
		return {root, port};
	}

	it('finds the mock API answering its station list at the port compose.yaml publishes', async () => {
		const {root, port} = await mockAt('[{"station_id":1,"stationCode":"16107","name":"Benjamin Godard","lat":"48.8","lon":"2.2","capacity":35}]');
		const {exitCode, checks} = await doctor(root);
		expect(exitCode).toBe(0);
		expect(checks.find((check) => check.id === 'mock')).toEqual({id: 'mock', status: 'ok', message: `mock API (api) answering at http://localhost:${port} (1 station)`});
	});

	it('a mock with no stations yet: a warning whose fix is edu mock:init', async () => {
		const {root, port} = await mockAt('[]');
		const {exitCode, checks} = await doctor(root);
		expect(exitCode).toBe(0);
		expect(checks.find((check) => check.id === 'mock')).toEqual({id: 'mock', status: 'warn', message: `mock API (api) answering at http://localhost:${port}, with no stations yet`, fix: 'edu mock:init'});
	});

	it('another web server on the mock\'s port (a welcome page) is not the mock: a failure that says so', async () => {
		const {root, port} = await mockAt('<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>', 'text/html');
		const {exitCode, checks} = await doctor(root);
		expect(exitCode).toBe(1);
		expect(checks.find((check) => check.id === 'mock')).toEqual({id: 'mock', status: 'fail', message: `something else answers at http://localhost:${port}, where compose.yaml publishes the mock API (api): GET /api/stations gave an HTML page instead of the station list`, fix: 'free that port, or publish the mock on another one in compose.yaml, then docker compose up -d api'});
	});

	it('when the database and the mock API accept connections and never answer: waits on both at once, each cut by its own limit', async () => {
		const events: string[] = [];
		let databaseClosed!: () => void;
		const givenUp = new Promise<void>((resolve) => (databaseClosed = resolve));
		const database = await silentServer({name: 'database', events, closed: databaseClosed});
		const silent = await silentServer({name: 'mock', events});
		const root = project({DB_TYPE: 'mysql', DB_SOCKET: String(database)});
		writeFileSync(path.join(root, 'compose.yaml'), `services:\n  mock-veliko-api:\n    image: bfoujols/mock-veliko-api:latest\n    ports: ["${silent}:80"]\n`);
		const run = await runMain(['doctor', '--json', '--port', String(await freePort())], {cwd: root, env: {PATH: process.env['PATH'] ?? ''}});
		const {checks} = JSON.parse(run.stdout) as {checks: Check[]};
		// Both asked before the database's connection was given up (by PHP's read timeout): the checks wait together, not in turn.
		await givenUp;
		expect(new Set(events.slice(0, events.indexOf('database-')))).toEqual(new Set(['database+', 'mock+']));
		expect(run.exitCode).toBe(1);
		expect(failed(checks)).toEqual(['database', 'mock']);
		expect(checks.find((check) => check.id === 'mock')).toMatchObject({message: `mock API (mock-veliko-api) at http://localhost:${silent}: no answer within 1500 ms`, fix: 'docker compose up -d mock-veliko-api'});
	});
});

describe.skipIf(!hasPhp)('edu check:config', () => {
	it('shows the PHP version against the minimum, PHP_BINARY and the four extensions', async () => {
		const root = project({});
		const version = execFileSync('php', ['-r', 'echo PHP_VERSION;'], {encoding: 'utf8'});
		const result = await runMain(['check:config'], {cwd: root, env: {PATH: process.env['PATH'] ?? ''}});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toMatch(new RegExp(`^\\| OK +\\| PHP +\\| ${version.replaceAll('.', '\\.')} +\\|$`, 'm'));
		expect(result.stdout).toMatch(/^\| INFO +\| PHP +\| \/\S+ +\|$/m);
		for (const name of ['PDO_MYSQL', 'MBSTRING', 'OPENSSL', 'JSON']) expect(result.stdout).toContain(`  [*] ${name} PHP extension est installée.\n`);
	});

	it('runs before there is a project (a student setting up): the same table, against 2.3\'s minimum, said on stderr', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'edu-no-project-'));
		try {
			const result = await runMain(['check:config'], {cwd: folder, env: {PATH: process.env['PATH'] ?? ''}});
			expect(result.exitCode).toBe(0);
			expect(result.stdout).toMatch(/^\| (OK|KO) +\| PHP +\| \S+ +\|$/m);
			expect(result.stderr).toBe('Warning: no Edu Framework project here, so PHP is checked against 8.2, what Edu Framework 2.3 needs.\n');
			expect(readdirSync(folder)).toEqual([]);
			// doctor's checks are the project's: there it still says that a project is needed.
			expect((await runMain(['doctor'], {cwd: folder})).stderr).toMatch(/^No Edu Framework project in /);
		} finally {
			rmSync(folder, {recursive: true});
		}
	});

	it('says where a missing extension is and which line enables it', async () => {
		const result = await runMain(['check:config', '--json'], {cwd: project({}), env: phpWithOnly(['pdo'])});
		const report = JSON.parse(result.stdout) as {extensions: Array<{name: string; loaded: boolean; file: string | null; enable: {line: string} | null}>};
		const missing = report.extensions.find((extension) => extension.name === 'pdo_mysql')!;
		expect(missing.loaded).toBe(false);
		const text = await runMain(['check:config'], {cwd: project({}), env: phpWithOnly(['pdo'])});
		expect(text.stdout).toContain('  [X] PDO_MYSQL PHP extension est recommandée.\n');
		if (missing.file !== null) {
			expect(text.stdout).toContain(`L'extension existe dans : ${missing.file}\n`);
			expect(text.stdout).toContain(`extension=${missing.file}\n`);
		}
	});
});
