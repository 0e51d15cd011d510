// edu doctor and edu start on the shapes of real Edu Framework projects (fixtures/real/, each
// README says which public repository it mimics): the skeleton's app/config/ for app/Config/, a
// project with its own DatabaseService, a mock API's own repository, a SQLite project. Checks run
// as functions on temp copies; commands through main() in-process.
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {limited, local, ok} from '../../source/doctor/check.js';
import {databaseUsers, readDatabaseUse} from '../../source/doctor/database-users.js';
import {mockCheck, mockRole} from '../../source/doctor/mock-check.js';
import {configuredPathProblems, configuredPaths, describePathProblem} from '../../source/start/front-controller.js';
import {freePort} from '../helpers/free-port.js';
import {hasPhp} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

interface Check {
	id: string;
	status: 'ok' | 'warn' | 'fail';
	message: string;
	fix?: string;
}

async function doctor(root: string): Promise<{exitCode: number; checks: Check[]; text: string}> {
	const port = String(await freePort());
	const json = await runMain(['doctor', '--json', '--port', port], {cwd: root});
	const text = await runMain(['doctor', '--port', port], {cwd: root});
	expect(text.exitCode).toBe(json.exitCode);
	return {exitCode: json.exitCode, checks: (JSON.parse(json.stdout) as {checks: Check[]}).checks, text: text.stdout};
}

const skeletonLine = '✖ public/index.php:17: route_config_path is app/config/ but the folder is app/Config/: Windows and macOS ignore the case of file names, so it works there; on Linux the framework does not find routes.yaml and every request answers 500 (ParseException: File ".../app/config/routes.yaml" does not exist)\n'
	+ '    fix: write line 17 of public/index.php as: \'route_config_path\'  => __DIR__ . \'/../app/Config/\'\n';

describe('the folders public/index.php configures (the skeleton\'s app/config/)', () => {
	it('reads each ConfigCore folder with its line, from __DIR__, dirname(__DIR__) and string literals', () => {
		const root = tempProject('real/skeleton-repo');
		expect(configuredPaths(root)).toEqual([
			{key: 'base_path', relative: '', line: 15, literal: '\'/../\''},
			{key: 'twig_path', relative: 'app/Template', line: 16, literal: '\'/../app/Template\''},
			{key: 'route_config_path', relative: 'app/config', line: 17, literal: '\'/../app/config/\''},
		]);
		writeFileSync(path.join(root, 'public/index.php'), '<?php\nnew \\Studoo\\EduFramework\\Core\\ConfigCore([\n  "twig_path" => dirname(__DIR__) . "/app/template",\n]);\n');
		expect(configuredPathProblems(root).map((problem) => describePathProblem(problem))).toEqual([{
			message: 'public/index.php:3: twig_path is app/template/ but the folder is app/Template/: Windows and macOS ignore the case of file names, so it works there; on Linux Twig does not find the views and every page that renders one answers 500',
			fix: 'write line 3 of public/index.php as: "twig_path" => dirname(__DIR__) . "/app/Template",',
		}]);
	});

	it('names nothing where the case is right (the 2.3 skeleton), or where the folder really is app/config/', () => {
		expect(configuredPathProblems(tempProject('skeleton'))).toEqual([]);
		const root = tempProject('real/skeleton-repo');
		renameSync(path.join(root, 'app/Config'), path.join(root, 'app/config'));
		expect(configuredPathProblems(root)).toEqual([]);
	});

	it.skipIf(!hasPhp)('edu doctor: a ✖ naming public/index.php:17, what exists, why only Linux fails, the one-line fix; exit 1', async () => {
		const root = tempProject('real/skeleton-repo');
		const {exitCode, checks, text} = await doctor(root);
		expect(exitCode).toBe(1);
		expect(text).toContain(skeletonLine);
		expect(checks.filter((check) => check.id === 'paths').map((check) => check.status)).toEqual(['fail']);
		expect(text).not.toContain('Nothing blocks');
	});

	it.skipIf(!hasPhp)('edu start says the same before it serves', async () => {
		const root = tempProject('real/skeleton-repo');
		const result = await runMain(['start', '--no-start', '--port', String(await freePort())], {cwd: root});
		expect(result.stderr).toContain(skeletonLine);
		expect(result.stdout).toMatch(/^Ready to serve public\//);
	});
});

describe('the database check counts only the framework\'s DatabaseService', () => {
	it.each([
		['use Studoo\\EduFramework\\Core\\Service\\DatabaseService;', 'DatabaseService::getConnect()', true],
		['use Studoo\\EduFramework\\Core\\Service\\DatabaseService as Db;', 'Db::getConnect()', true],
		['use Studoo\\EduFramework\\Core\\Service;', 'Service\\DatabaseService::getConnect()', true],
		['', '\\Studoo\\EduFramework\\Core\\Service\\DatabaseService::getconnect()', true],
		['use Core\\DatabaseService;', 'DatabaseService::getConnect()', false],
		['use Core\\DatabaseService as Base;', 'Base::getConnect()', false],
		['', 'DatabaseService::getConnect()', false],
		['use Studoo\\EduFramework\\Core\\Service\\DatabaseService;', '// DatabaseService::getConnect() is not called here', false],
	])('%s then %s: %s', (use, call, expected) => {
		expect(readDatabaseUse(`<?php\nnamespace Controller;\n${use}\nclass A { public function execute(): void { $db = ${call}; } }\n`, 'A.php').uses).toBe(expected);
	});

	it.skipIf(!hasPhp)('a project with its own Core\\DatabaseService (mock-ecole-directe-api\'s shape): no ✖ database', async () => {
		const root = tempProject('real/mock-ecole');
		expect(databaseUsers(root)).toEqual([]);
		const {checks} = await doctor(root);
		expect(checks.find((check) => check.id === 'database')).toEqual({id: 'database', status: 'ok', message: 'database: not used (DB_HOST_STATUS is not true in .env)'});
	});
});

describe('the mock check inside the mock\'s own repository', () => {
	it('knows the project is the mock when its compose service builds a folder of it, and names the compose file there', async () => {
		const ecole = mockRole(tempProject('real/mock-ecole'));
		expect(ecole).toMatchObject({kind: 'self', found: {service: 'app', file: 'docker-compose.yml'}});
		expect(await mockCheck(ecole, 1500)).toEqual([ok('mock', 'mock API: this project is the mock itself (docker-compose.yml\'s service app builds ./docker/php, a folder of this project): docker compose up -d app, or edu start, serves it')]);
		expect(mockRole(tempProject('mock-project'))).toMatchObject({kind: 'self', found: {service: 'app', file: 'compose.yaml'}});
	});

	it('knows it when the project\'s routes serve the mock\'s /api/init/schema, whatever builds it', () => {
		const root = tempProject('real/mock-ecole');
		writeFileSync(path.join(root, 'docker-compose.yml'), 'services:\n  app:\n    image: ghcr.io/school/mock-school-api:1.0\n    ports: ["9042:80"]\n');
		expect(mockRole(root).kind).toBe('service');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), 'initSchema:\n    uri: /api/init/schema\n    controller: Controller\\InitController\n    httpMethod: [GET]\n');
		expect(mockRole(root)).toMatchObject({kind: 'self', why: 'its routes serve /api/init/schema'});
	});

	it('a mock built from a clone beside the project (its own composer.json) is another project: still checked', () => {
		const root = tempProject('real/skeleton-repo');
		mkdirSync(path.join(root, 'mock-school-api'));
		writeFileSync(path.join(root, 'mock-school-api/composer.json'), '{}');
		writeFileSync(path.join(root, 'compose.yaml'), 'services:\n  mock:\n    container_name: mock-school-api\n    build: ./mock-school-api\n    ports: ["9042:80"]\n');
		expect(mockRole(root)).toMatchObject({kind: 'service', found: {service: 'mock', file: 'compose.yaml'}});
	});

	it.skipIf(!hasPhp)('edu doctor in mock-ecole-directe-api\'s shape: no ✖ about the mock', async () => {
		const {checks, text} = await doctor(tempProject('real/mock-ecole'));
		expect(checks.filter((check) => check.id === 'mock').map((check) => check.status)).toEqual(['ok']);
		expect(text).not.toMatch(/^✖ .*mock/m);
		expect(text).not.toContain('compose.yaml');
	});
});

describe('time-outs', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('a check that does not answer names itself and what it waited for', async () => {
		vi.useFakeTimers();
		const never = limited('database', 2500, {check: 'database', waitedFor: 'the mysql server at 127.0.0.1:3306 (through php)', fix: 'see what holds it'}, () => new Promise(() => {}));
		await vi.advanceTimersByTimeAsync(2500);
		expect(await never).toEqual([{id: 'database', status: 'fail', message: 'database: the mysql server at 127.0.0.1:3306 (through php) gave no answer within 2500 ms', fix: 'see what holds it'}]);
	});

	it('a check of the project\'s files has no time limit: however long it takes, its own result', async () => {
		vi.useFakeTimers();
		let finish: () => void = () => {};
		const slow = local('routes', () => new Promise((resolve) => (finish = () => resolve(ok('routes', 'routes --check: 1 route, no problems')))));
		await vi.advanceTimersByTimeAsync(60_000);
		finish();
		expect(await slow).toEqual([ok('routes', 'routes --check: 1 route, no problems')]);
	});
});

describe.skipIf(!hasPhp)('a SQLite project (DB_TYPE=sqlite): the missing table named, as on MariaDB', () => {
	it('names the table a resource controller reads, with SQLite\'s CREATE TABLE, until it exists', async () => {
		const root = tempProject('real/sqlite');
		const made = await runMain(['make:api', 'pays', '--template', 'resource', '--fields', 'nom:string:100,code:string:3', '--yes'], {cwd: root});
		expect(made.exitCode, made.stderr).toBe(0);
		const {exitCode, text} = await doctor(root);
		expect(exitCode).toBe(1);
		const create = 'CREATE TABLE pays (id INTEGER PRIMARY KEY AUTOINCREMENT, nom VARCHAR(100) NOT NULL, code VARCHAR(3) NOT NULL);';
		expect(text).toContain(`✖ database: SQLite file var/sqlite/app_db.sqlite has no table pays, which app/Controller/api/PaysByIdController.php and app/Controller/api/PaysController.php read: each of their calls answers 500\n    fix: create it: sqlite3 var/sqlite/app_db.sqlite "${create}"\n`);
		const {execFileSync} = await import('node:child_process');
		execFileSync('php', ['-r', '(new PDO("sqlite:" . $argv[1]))->exec($argv[2]);', path.join(root, 'var/sqlite/app_db.sqlite'), create]);
		expect((await doctor(root)).text).toContain('✔ database: SQLite file var/sqlite/app_db.sqlite present, with the table pays\n');
	});
});
