// The mock procedure end to end, as a user runs it, against the PHP stand-in of the real mock
// (fixtures/mock-api) under php -S: edu (main() in-process) runs mock:persist, mock:token, mock:init and
// mock:token again in a temp project, and the tokens are then tried over HTTP.
import {mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {hasPhp} from '../helpers/php.js';
import {servePhp, type PhpServer} from '../helpers/php-server.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, tempProject} from '../helpers/temp-project.js';

const running: PhpServer[] = [];
afterEach(async () => {
	for (const server of running.splice(0)) await server.stop();
});

/** The stand-in on a free port, its var/ being the project's var/api (the volume mock:persist adds). */
async function serveMock(root: string, openData: string, offline: 'error' | 'warnings' | 'log' = 'error'): Promise<PhpServer> {
	const server = await servePhp(path.join(fixturesDir, 'mock-api', 'public'), {
		env: {MOCK_VAR_DIR: path.join(root, 'var/api'), MOCK_OPEN_DATA: openData, MOCK_OFFLINE: offline},
	});
	running.push(server);
	return server;
}

/** A project: compose.yaml with the mock service, and an Edu Framework app/ folder. */
function project(): string {
	const root = tempProject('compose/comments');
	mkdirSync(path.join(root, 'app/Controller'), {recursive: true});
	return root;
}

async function rent(url: string, velo: number, authorization?: string): Promise<unknown> {
	const response = await fetch(`${url}/api/velo/${velo}/location`, {method: 'PUT', headers: authorization === undefined ? {} : {Authorization: authorization}});
	expect(response.status).toBe(200);
	return response.json();
}

const tokenOf = (root: string, id: string): string => (JSON.parse(readFileSync(path.join(root, 'var/api/configDataset.json'), 'utf8')) as {token: Record<string, string>}).token[id] ?? '';

describe.skipIf(!hasPhp)('mock:persist → mock:token → mock:init → mock:token, against the stand-in of the real mock', () => {
	it('ends with both tokens accepted by PUT /api/velo/{id}/location, the one added before init kept', async () => {
		const root = project();
		const persisted = await runMain(['mock:persist'], {cwd: root});
		expect(persisted).toMatchObject({exitCode: 0, stderr: ''});
		expect(persisted.stdout).toContain('Created var/api/ and var/api/sqlite/: the mock API keeps its tokens in var/api/configDataset.json and its database in var/api/sqlite/app_db.sqlite.');
		const {base: url} = await serveMock(root, path.join(fixturesDir, 'mock-api', 'data', 'open-data.json'));

		expect(await runMain(['mock:token', 'early'], {cwd: root})).toMatchObject({exitCode: 0, stderr: ''});
		const early = tokenOf(root, 'early');

		const init = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(init, init.stderr).toMatchObject({exitCode: 0, stderr: ''});
		const lines = init.stdout.trimEnd().split('\n');
		expect(lines.map((line) => line.replace(/\(\d+ ms\)/, '(N ms)'))).toEqual([
			`POST ${url}/api/init/schema → 200 OK: the mock refuses POST ("Error 405 - METHOD_NOT_ALLOWED"); its code declares this route GET, trying GET`,
			`GET ${url}/api/init/schema → 200 OK success: Structure API VELIKO is done (N ms)`,
			`POST ${url}/api/init/data → 200 OK: the mock refuses POST ("Error 405 - METHOD_NOT_ALLOWED"); its code declares this route GET, trying GET`,
			`GET ${url}/api/init/data → 200 OK success: API VELIKO is running (N ms)`,
			`GET ${url}/api/stations → 200 OK success: 2 stations (N ms)`,
			'Kept the token "early" of var/api/configDataset.json: init/data had replaced the file with the image\'s default.',
			'[OK] Mock API initialised: schema and data created, 2 stations (database var/api/sqlite/app_db.sqlite with the ./var/api volume of edu mock:persist).',
		]);
		expect(readFileSync(path.join(root, 'var/api/sqlite/app_db.sqlite')).length).toBeGreaterThan(0);

		expect(await runMain(['mock:token', 'late'], {cwd: root})).toMatchObject({exitCode: 0, stderr: ''});
		const late = tokenOf(root, 'late');
		expect(tokenOf(root, 'early')).toBe(early);

		expect(await rent(url, 1)).toBe('Token is not valid');
		expect(await rent(url, 1, `Bearer ${early}`)).toBe('Token is not valid');
		expect(await rent(url, 1, early)).toMatchObject({velo_id: 1, status: 'location'});
		expect(await rent(url, 2, late)).toMatchObject({velo_id: 2, status: 'location'});
	});

	it('a var/api/ without sqlite/ (made by an older edu or by hand): the schema step fails, the error says how to mend it, and mending it works', async () => {
		const root = project();
		expect((await runMain(['mock:persist'], {cwd: root})).exitCode).toBe(0);
		rmSync(path.join(root, 'var/api/sqlite'), {recursive: true});
		const {base: url} = await serveMock(root, path.join(fixturesDir, 'mock-api', 'data', 'open-data.json'));
		const refused = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(new RegExp(`^GET ${url.replaceAll('.', '\\.')}/api/init/schema failed: 500 Internal Server Error: .*\\. var/api/sqlite/ is missing, and the mock needs it for its database: run edu mock:persist \\(which creates it\\), then edu mock:init again\\.\\n$`));
		expect((await runMain(['mock:persist'], {cwd: root})).exitCode).toBe(0);
		const init = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(init, init.stderr).toMatchObject({exitCode: 0, stderr: ''});
	});

	it('a data step that fails (offline): exit 1 with the mock\'s message, never [OK], the token still kept', async () => {
		const root = project();
		expect((await runMain(['mock:persist'], {cwd: root})).exitCode).toBe(0);
		const {base: url} = await serveMock(root, '');
		expect((await runMain(['mock:token', 'early'], {cwd: root})).exitCode).toBe(0);
		const early = tokenOf(root, 'early');

		const init = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(init.exitCode).toBe(1);
		expect(init.stdout).not.toContain('[OK]');
		expect(init.stdout).toContain(`GET ${url}/api/init/schema → 200 OK success: Structure API VELIKO is done`);
		expect(init.stdout).toContain('Kept the token "early" of var/api/configDataset.json');
		expect(init.stderr).toBe(`GET ${url}/api/init/data failed: 500 Internal Server Error: file_get_contents(https://velib-metropole-opendata.smovengo.cloud/opendata/Velib_Metropole/station_information.json): Failed to open stream: php_network_getaddresses: getaddrinfo for velib-metropole-opendata.smovengo.cloud failed: Temporary failure in name resolution. The mock could not download the open data: it needs internet access; schema created, no stations. Give the mock's container internet access, then run edu mock:init again.\n`);
		expect(tokenOf(root, 'early')).toBe(early);
		expect(await rent(url, 1, early)).toBe('Velo not found');
	});

	it('a data step that fails offline with its warnings only in the log and a clean success body (0.3.2): exit 1, says why, the token kept', async () => {
		const root = project();
		expect((await runMain(['mock:persist'], {cwd: root})).exitCode).toBe(0);
		const mock = await serveMock(root, '', 'log');
		const url = mock.base;
		expect((await runMain(['mock:token', 'early'], {cwd: root})).exitCode).toBe(0);
		const early = tokenOf(root, 'early');

		const init = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(init.exitCode).toBe(1);
		expect(init.stdout).not.toContain('[OK]');
		expect(init.stdout).toContain(`GET ${url}/api/init/data → 200 OK success: API VELIKO is running`);
		expect(init.stdout).toContain(`GET ${url}/api/stations → 200 OK error: no stations ([])`);
		expect(init.stdout).toContain('Kept the token "early" of var/api/configDataset.json');
		expect(init.stderr).toBe(`The mock could not download the open data: it needs internet access; schema created, no stations (GET ${url}/api/stations answered []). Give the mock's container internet access, then run edu mock:init again.\n`);
		expect(tokenOf(root, 'early')).toBe(early);
		expect(mock.output()).toContain('PHP Warning:  file_get_contents(): php_network_getaddresses');
		expect(await rent(url, 1, early)).toBe('Velo not found');
	});

	it('a data step that prints PHP warnings before a success JSON (how the mock\'s code fails offline): exit 1, never [OK]', async () => {
		const root = project();
		expect((await runMain(['mock:persist'], {cwd: root})).exitCode).toBe(0);
		const {base: url} = await serveMock(root, '', 'warnings');
		const init = await runMain(['mock:init', '--url', url], {cwd: root});
		expect(init.exitCode).toBe(1);
		expect(init.stdout).not.toContain('[OK]');
		expect(init.stderr).toMatch(new RegExp(`^GET ${url.replace(/[.]/g, '\\.')}/api/init/data failed: 200 OK: an HTML page instead of the mock's JSON: <br /> <b>Warning</b>: file_get_contents\\(\\): php_network_getaddresses`));
		expect(init.stderr).toMatch(/\. The mock could not download the open data: it needs internet access; schema created, no stations\. Give the mock's container internet access, then run edu mock:init again\.\n$/);
	});
});
