// edu mock:init against real HTTP servers on 127.0.0.1, started here, that record what they get.
// (test/mock/sequence.test.ts runs it against the PHP stand-in of the real mock.)
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {execa} from 'execa';
import {afterEach, describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {judgeAnswer} from '../../source/mock/init-client.js';
import {captureIo} from '../helpers/io.js';
import {runMain} from '../helpers/run-main.js';
import {binPath, snapshotTree, tempProject} from '../helpers/temp-project.js';

interface Recorded {
	readonly method: string;
	readonly url: string;
}

interface Answer {
	readonly status: number;
	readonly body: string | Buffer;
	readonly headers?: Record<string, string>;
}

const servers: Server[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
});

const success = (message: string): Answer => ({status: 200, body: JSON.stringify({status: 'success', message})});
/** The real mock's station list (GET /api/stations) after a data step that loaded the open data. */
const twoStations: Answer = {status: 200, body: JSON.stringify([
	{station_id: 213688169, stationCode: '16107', name: 'Benjamin Godard - Victor Hugo', lat: '48.865983', lon: '2.275725', capacity: 35},
	{station_id: 36255, stationCode: '9020', name: 'Toudouze - Clauzel', lat: '48.879295917335', lon: '2.3373600840569', capacity: 21},
])};
/** What the real mock answers a POST on its GET routes: its framework's 405 page, with status 200. */
const page405: Answer = {status: 200, body: '<!DOCTYPE html>\n<html lang="fr">\n<body>\n<div>\n    <h1>Error 405 - METHOD_NOT_ALLOWED</h1>\n</div>\n</body>\n</html>', headers: {'content-type': 'text/html; charset=UTF-8'}};

/** A mock API stand-in: answers "METHOD path" (or "path") from `answers`, default success, and records every request. */
async function mockApi(answers: Record<string, Answer | 'hang' | ((request: IncomingMessage) => Answer | 'hang')> = {}): Promise<{url: string; requests: Recorded[]; answers: typeof answers; received: (method: string, url: string) => Promise<void>; hungUp: Promise<void>[]}> {
	const requests: Recorded[] = [];
	const hungUp: Promise<void>[] = [];
	const waiting: Array<{method: string; url: string; resolve: () => void}> = [];
	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		requests.push({method: request.method ?? '', url: request.url ?? ''});
		for (const waiter of waiting.filter((each) => each.method === request.method && each.url === request.url)) waiter.resolve();
		request.resume();
		const found = answers[`${request.method} ${request.url}`] ?? answers[request.url ?? ''] ?? (request.url === '/api/stations' ? twoStations : success('done'));
		const answer = typeof found === 'function' ? found(request) : found;
		if (answer === 'hang') {
			// Never answers: only the client can end it, by closing the connection.
			hungUp.push(new Promise((resolve) => response.on('close', () => resolve())));
			return;
		}
		response.writeHead(answer.status, {'content-type': 'application/json', ...answer.headers});
		response.end(answer.body);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	/** Resolves once the server has received `method url` (at once if it has already). */
	const received = async (method: string, url: string): Promise<void> => {
		if (requests.some((request) => request.method === method && request.url === url)) return;
		await new Promise<void>((resolve) => waiting.push({method, url, resolve}));
	};
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, answers, received, hungUp};
}

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return port;
}

async function init(args: readonly string[], root = tempProject()) {
	const io = captureIo(root);
	const exitCode = await main(['mock:init', ...args], io);
	return {exitCode, stdout: io.out(), stderr: io.err()};
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const okLine = '[OK] Mock API initialised: schema and data created, 2 stations (database var/api/sqlite/app_db.sqlite with the ./var/api volume of edu mock:persist).';

describe('edu mock:init', () => {
	it('a mock that accepts the seed\'s POST: POST each step, report each message, then [OK]', async () => {
		const api = await mockApi({'/api/init/schema': success('Structure API VELIKO is done'), '/api/init/data': success('API VELIKO is running')});
		const result = await init(['--url', `${api.url}/`]);
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}, {method: 'POST', url: '/api/init/data'}, {method: 'GET', url: '/api/stations'}]);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(new RegExp(`^POST ${escape(api.url)}/api/init/schema → 200 OK success: Structure API VELIKO is done \\(\\d+ ms\\)$`));
		expect(lines[1]).toMatch(new RegExp(`^POST ${escape(api.url)}/api/init/data → 200 OK success: API VELIKO is running \\(\\d+ ms\\)$`));
		expect(lines[2]).toMatch(new RegExp(`^GET ${escape(api.url)}/api/stations → 200 OK success: 2 stations \\(\\d+ ms\\)$`));
		expect(lines[3]).toBe(okLine);
	});

	it.each([
		['the framework\'s "Error 405" page with status 200 (the real mock 0.3.2)', page405],
		['a 405 status', {status: 405, body: 'Method Not Allowed', headers: {'content-type': 'text/plain'}}],
	])('POST refused with %s: says so, then uses GET for each step', async (_label, refusal) => {
		const api = await mockApi({
			'POST /api/init/schema': refusal,
			'POST /api/init/data': refusal,
			'GET /api/init/schema': success('Structure API VELIKO is done'),
			'GET /api/init/data': success('API VELIKO is running'),
		});
		const result = await init(['--url', api.url]);
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/init/schema', 'GET /api/init/schema', 'POST /api/init/data', 'GET /api/init/data', 'GET /api/stations']);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines[0]).toBe(`POST ${api.url}/api/init/schema → ${refusal.status} ${refusal.status === 200 ? 'OK' : 'Method Not Allowed'}: the mock refuses POST ("Error 405 - METHOD_NOT_ALLOWED"); its code declares this route GET, trying GET`);
		expect(lines[1]).toMatch(new RegExp(`^GET ${escape(api.url)}/api/init/schema → 200 OK success: Structure API VELIKO is done`));
		expect(lines[3]).toMatch(/^GET .*\/api\/init\/data → 200 OK success: API VELIKO is running/);
		expect(lines.at(-1)).toBe(okLine);
	});

	it('the data step fails offline (500 {"status": "error"}): exit 1 with the mock\'s message, never [OK]', async () => {
		const message = 'file_get_contents(https://velib-metropole-opendata.smovengo.cloud/…): Failed to open stream';
		const api = await mockApi({'POST /api/init/schema': page405, 'POST /api/init/data': page405, 'GET /api/init/data': {status: 500, body: JSON.stringify({status: 'error', message})}});
		const result = await init(['--url', api.url]);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).not.toContain('[OK]');
		expect(result.stderr).toBe(`GET ${api.url}/api/init/data failed: 500 Internal Server Error: ${message}. The mock could not download the open data: it needs internet access; schema created, no stations. Give the mock's container internet access, then run edu mock:init again.\n`);
	});

	it('a data step that fails for another reason: the mock\'s message alone, no word of internet', async () => {
		const api = await mockApi({'/api/init/data': {status: 500, body: JSON.stringify({status: 'error', message: 'SQLSTATE[HY000]: General error: 8 attempt to write a readonly database'})}});
		const result = await init(['--url', api.url]);
		expect(result.stderr).toBe(`POST ${api.url}/api/init/data failed: 500 Internal Server Error: SQLSTATE[HY000]: General error: 8 attempt to write a readonly database\n`);
	});

	it.each([
		['an HTML page with status 200', {status: 200, body: '<html><h1>Welcome</h1></html>', headers: {'content-type': 'text/html'}}, 'an HTML page instead of the mock\'s JSON: <html><h1>Welcome</h1></html>'],
		['{"status": "error"} with status 200', {status: 200, body: '{"status":"error","message":"SQLSTATE[HY000]: unable to open database file"}'}, 'SQLSTATE[HY000]: unable to open database file'],
		['a body that is not JSON', {status: 200, body: 'done'}, 'a body that is not JSON instead of the mock\'s JSON: done'],
		['an empty body', {status: 200, body: ''}, 'an empty body instead of the mock\'s JSON'],
		['JSON without a status', {status: 200, body: '"Token is not valid"'}, 'unexpected JSON instead of {"status": "success", …}: "Token is not valid"'],
		['a 404 page', {status: 404, body: `<html>${'x'.repeat(500)}</html>`}, `an HTML page instead of the mock's JSON: <html>${'x'.repeat(194)}…`],
	])('schema answered with %s: a failure (exit 1), data never asked, never [OK]', async (_label, answer, reason) => {
		const api = await mockApi({'/api/init/schema': answer});
		const result = await init(['--url', api.url]);
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}]);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).not.toContain('[OK]');
		expect(result.stderr).toBe(`POST ${api.url}/api/init/schema failed: ${answer.status} ${answer.status === 200 ? 'OK' : 'Not Found'}: ${reason}\n`);
	});

	it.each([
		['a 2 MiB body', {status: 200, body: `{"status":"success","message":"${'x'.repeat(2 * 1024 * 1024)}"}`}],
		['a gzip bomb (64 MiB of zeros, 64 KiB on the wire)', {status: 200, body: gzipSync(Buffer.alloc(64 * 1024 * 1024)), headers: {'content-encoding': 'gzip'}}],
	])('%s: read no further than 1 MiB, a failure', async (_label, answer) => {
		const api = await mockApi({'/api/init/schema': answer});
		const before = process.memoryUsage().rss;
		const result = await init(['--url', api.url]);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`POST ${api.url}/api/init/schema failed: 200 OK: the answer is larger than 1 MiB: not the mock API's\n`);
		expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
	});

	it('a port fetch never connects to (1, 6000…): says so, not that the mock may be stopped', async () => {
		expect(await init(['--url', 'http://localhost:1'])).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: 'Cannot reach the mock API at http://localhost:1: Node\'s fetch never connects to port 1 (one of the ports browsers block); publish the mock on another port (9042 by default) and pass that --url.\n',
		});
	});

	it('connection refused: names the URL and says how to start the mock API', async () => {
		const url = `http://127.0.0.1:${await closedPort()}`;
		expect(await init(['--url', url])).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `Cannot reach the mock API at ${url} (connection refused): is it running? Start it with "docker compose up -d" in the project, or pass --url.\n`,
		});
	});

	it.each([
		['a project with no compose file', 'sample', 'The project has no compose file: declare the mock API service in a compose.yaml at its root'],
		['the skeleton, whose compose file has no mock service', 'skeleton', 'compose.yaml has no mock API service: add it'],
	])('connection refused in %s: says to add the service, not only to start it', async (_where, fixture, advice) => {
		const root = tempProject(fixture);
		const before = snapshotTree(root);
		const result = await init(['--timeout', '2'], root);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain(`${advice} (image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]), then start it with "docker compose up -d", or pass --url.`);
		expect(result.stderr).not.toContain('Start it with');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a server that never answers: gives up after --timeout', async () => {
		const api = await mockApi({'/api/init/schema': 'hang'});
		const result = await init(['--url', api.url, '--timeout', '0.5']);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`The mock API at ${api.url} did not answer ${api.url}/api/init/schema within 0.5 s: is it running? Start it with "docker compose up -d" in the project, or raise --timeout.\n`);
		// The server got the request and never answered it: the run itself hung up (its default, 30 s, is the test's own limit).
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}]);
		expect(api.hungUp).toHaveLength(1);
		await api.hungUp[0];
	});

	it('both steps say success but the station list is empty (0.3.2 offline, warnings in its log): exit 1, says why, never [OK]', async () => {
		const api = await mockApi({'POST /api/init/schema': page405, 'POST /api/init/data': page405, '/api/stations': {status: 200, body: '[]'}});
		const result = await init(['--url', api.url]);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).not.toContain('[OK]');
		expect(result.stdout).toMatch(new RegExp(`GET ${escape(api.url)}/api/stations → 200 OK error: no stations \\(\\[\\]\\) \\(\\d+ ms\\)\n$`));
		expect(result.stderr).toBe(`The mock could not download the open data: it needs internet access; schema created, no stations (GET ${api.url}/api/stations answered []). Give the mock's container internet access, then run edu mock:init again.\n`);

		const json = await init(['--url', api.url, '--json']);
		expect(json.exitCode).toBe(1);
		expect(JSON.parse(json.stdout)).toMatchObject({ok: false, error: {code: 'MOCK_NO_DATA'}, steps: [{}, {}, {}, {}, {url: `${api.url}/api/stations`, count: 0, ok: false}]});
	});

	it.each([
		['the framework\'s 404 page', {status: 200, body: '<h1>Error 404 - NOT_FOUND</h1>', headers: {'content-type': 'text/html'}}, '200 OK: an HTML page instead of the station list: <h1>Error 404 - NOT_FOUND</h1>'],
		['a 500 error', {status: 500, body: '{"status":"error","message":"no such table: station"}'}, '500 Internal Server Error: unexpected answer instead of the station list: {"status":"error","message":"no such table: station"}'],
		['a JSON string', {status: 200, body: '"Station not found"'}, '200 OK: unexpected answer instead of the station list: "Station not found"'],
	])('a station list answered with %s: exit 1, the data cannot be confirmed, never [OK]', async (_label, answer, reason) => {
		const api = await mockApi({'/api/stations': answer});
		const result = await init(['--url', api.url]);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).not.toContain('[OK]');
		expect(result.stderr).toBe(`GET ${api.url}/api/stations failed: ${reason}\n`);
	});

	it('--json: the steps (the refused POST included), and the error when there is one', async () => {
		const good = await mockApi({'POST /api/init/schema': page405, 'POST /api/init/data': page405});
		const ok = await init(['--url', good.url, '--json']);
		expect(ok.exitCode).toBe(0);
		const report = JSON.parse(ok.stdout) as {steps: Array<Record<string, unknown>>};
		expect(report).toMatchObject({ok: true, url: good.url, tokensKept: [], database: 'var/api/sqlite/app_db.sqlite'});
		expect(report.steps.map(({method, url, status, outcome}) => `${method} ${url} ${status} ${outcome}`)).toEqual([
			`POST ${good.url}/api/init/schema 200 refused`,
			`GET ${good.url}/api/init/schema 200 success`,
			`POST ${good.url}/api/init/data 200 refused`,
			`GET ${good.url}/api/init/data 200 success`,
			`GET ${good.url}/api/stations 200 success`,
		]);
		expect(report.steps.at(-1)).toMatchObject({count: 2, message: '2 stations'});

		const bad = await mockApi({'/api/init/schema': {status: 503, body: 'down'}});
		const failed = await init(['--url', bad.url, '--json']);
		expect(failed).toMatchObject({exitCode: 1, stderr: ''});
		expect(JSON.parse(failed.stdout)).toMatchObject({
			ok: false,
			steps: [{status: 503, ok: false, outcome: 'error', body: 'down'}],
			error: {code: 'MOCK_FAILED', message: `POST ${bad.url}/api/init/schema failed: 503 Service Unavailable: a body that is not JSON instead of the mock's JSON: down`},
		});
	});

	it.each([
		[['--url', 'localhost:9042'], 'edu: --url must be an http:// or https:// address such as http://localhost:9042 (got "localhost:9042").\n'],
		[['--timeout', '0'], 'edu: --timeout must be a number of seconds above 0 (got "0").\n'],
		[['--timeout', 'soon'], 'edu: --timeout must be a number of seconds above 0 (got "soon").\n'],
	])('usage errors: %j', async (args, stderr) => {
		expect(await init(args)).toEqual({exitCode: 2, stdout: '', stderr});
	});
});

describe('edu mock:init without --url: the address the compose file gives the mock service', () => {
	const port = (url: string): string => new URL(url).port;
	const withCompose = (ports: string): string => {
		const root = tempProject();
		writeFileSync(path.join(root, 'compose.yaml'), `services:\n  mock-veliko-api:\n    image: bfoujols/mock-veliko-api:latest\n    ports:\n${ports}`);
		return root;
	};

	it.each([
		['the short form', (p: string) => `      - "${p}:80"\n`],
		['an address before the port', (p: string) => `      - "127.0.0.1:${p}:80/tcp"\n`],
		['the long form', (p: string) => `      - target: 80\n        published: ${p}\n`],
	])('%s: asks the mock there, where doctor finds it', async (_form, ports) => {
		const api = await mockApi();
		const result = await init([], withCompose(ports(port(api.url))));
		expect(result.exitCode).toBe(0);
		expect(api.requests.map((request) => request.url)).toEqual(['/api/init/schema', '/api/init/data', '/api/stations']);
		expect(result.stdout.split('\n')[0]).toMatch(new RegExp(`^POST http://localhost:${port(api.url)}/api/init/schema → 200 OK`));
	});

	it('a published port where nothing answers: the error says where the address came from', async () => {
		const closed = String(await closedPort());
		const result = await init([], withCompose(`      - "${closed}:80"\n`));
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `Cannot reach the mock API at http://localhost:${closed}, the address compose.yaml gives mock-veliko-api (connection refused): is it running? Start it with "docker compose up -d" in the project, or pass --url.\n`,
		});
	});

	it('--url wins over the compose file', async () => {
		const api = await mockApi();
		const result = await init(['--url', api.url], withCompose(`      - "${await closedPort()}:80"\n`));
		expect(result.exitCode).toBe(0);
		expect(api.requests).toHaveLength(3);
	});
});

describe('edu mock:init keeps the project\'s tokens', () => {
	const tokens = 'var/api/configDataset.json';
	const imageDefault = '{\n  "token" : {\n    "default": "image-default"\n  }\n}';

	/** A project with a compose file and var/api/configDataset.json, and a mock whose data step resets that file as the real one does. */
	async function resettingMock(content: string, data: Answer | 'hang' = success('API VELIKO is running')) {
		const root = tempProject('compose/comments');
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		writeFileSync(path.join(root, tokens), content);
		const api = await mockApi({
			'POST /api/init/schema': page405,
			'POST /api/init/data': page405,
			'GET /api/init/data': () => {
				writeFileSync(path.join(root, tokens), imageDefault);
				return data;
			},
		});
		return {root, api};
	}

	it('tokens added before init are put back after it, the image\'s default kept too, atomically, mode kept', async () => {
		const {root, api} = await resettingMock('{\n  "token": {\n    "teacher": "t-1",\n    "ci": "c-2"\n  }\n}\n');
		const result = await init(['--url', api.url], root);
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(result.stdout).toContain('Kept 2 tokens "teacher", "ci" of var/api/configDataset.json: init/data had replaced the file with the image\'s default.\n');
		expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(okLine);
		expect(readFileSync(path.join(root, tokens), 'utf8')).toBe('{\n  "token" : {\n    "default": "image-default",\n    "teacher": "t-1",\n    "ci": "c-2"\n  }\n}');
		expect(statSync(path.join(root, tokens)).mode & 0o777).toBe(0o644);
		expect(Object.keys(snapshotTree(path.join(root, 'var/api')))).toEqual(['configDataset.json']);
		// Putting them back is a run of edu's, named in its history as the others are.
		const history = JSON.parse((await runMain(['history', '--json'], {cwd: root})).stdout) as {runs: Array<{command: string | null}>};
		expect(history.runs.map((run) => run.command)).toEqual(['mock:init']);
	});

	it('also when the data step then fails (the reset happens first): tokens back, exit 1', async () => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}', {status: 500, body: '{"status":"error","message":"offline"}'});
		const result = await init(['--url', api.url, '--json'], root);
		expect(result.exitCode).toBe(1);
		expect(JSON.parse(result.stdout)).toMatchObject({ok: false, tokensKept: ['teacher'], error: {message: `GET ${api.url}/api/init/data failed: 500 Internal Server Error: offline`}});
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default', teacher: 't-1'}});
	});

	it('also when no station was loaded (success bodies, empty list): tokens back, exit 1', async () => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}');
		api.answers['/api/stations'] = {status: 200, body: '[]'};
		const result = await init(['--url', api.url], root);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toContain('Kept the token "teacher" of var/api/configDataset.json');
		expect(result.stderr).toContain('The mock could not download the open data: it needs internet access; schema created, no stations');
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default', teacher: 't-1'}});
	});

	it('also when the data step gives no answer in time (it resets the file, then downloads): tokens back, exit 1, says to wait longer, and that it waits', async () => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}', 'hang');
		const result = await init(['--url', api.url, '--timeout', '1.5'], root);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toContain('Kept the token "teacher" of var/api/configDataset.json');
		expect(result.stderr).toBe([
			`Waiting for the mock's answer to GET ${api.url}/api/init/data (up to 1.5 s: it downloads the open data; Ctrl+C stops)…`,
			`The mock API did not answer ${api.url}/api/init/data within 1.5 s (it answered the step before): its data step downloads the Paris open data, which can take longer; run edu mock:init again with a longer --timeout, e.g. --timeout 120.`,
			'',
		].join('\n'));
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default', teacher: 't-1'}});
	});

	it('-q: nothing on stdout but what was asked, and no waiting line', async () => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}');
		expect(await init(['--url', api.url, '-q'], root)).toEqual({exitCode: 0, stdout: '', stderr: ''});
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default', teacher: 't-1'}});
	});

	it.each([['SIGINT', 130], ['SIGTERM', 143]] as const)('%s while the data step runs (built binary): the run ends at once with %i, says so, and the tokens are back', async (signal, exitCode) => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}', 'hang');
		const child = execa(process.execPath, [binPath, 'mock:init', '--url', api.url], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		await api.received('GET', '/api/init/data');
		// The mock has reset the file: the stop comes while its data step runs.
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default'}});
		child.kill(signal);
		const result = await child;
		expect(result.exitCode).toBe(exitCode);
		expect(result.stdout).toContain('Kept the token "teacher" of var/api/configDataset.json');
		expect(result.stderr).toBe(`Interrupted (${signal}) while waiting for the mock's answer to GET ${api.url}/api/init/data: it may still be at work; run edu mock:init again to be sure it has its schema and data.`);
		expect(JSON.parse(readFileSync(path.join(root, tokens), 'utf8'))).toEqual({token: {default: 'image-default', teacher: 't-1'}});
	});

	it('an unreadable token file refuses before anything is asked of the mock', async () => {
		const {root, api} = await resettingMock('{"token": {"a": "1", "a": "2"}}');
		const result = await init(['--url', api.url], root);
		expect(result).toEqual({exitCode: 1, stdout: '', stderr: 'var/api/configDataset.json:1:22: the key "a" is given twice: one would silently win; nothing was written.\n'});
		expect(api.requests).toEqual([]);
	});

	it('as a user runs it (runMain: NO_COLOR, no terminal): the token kept, [OK]', async () => {
		const {root, api} = await resettingMock('{"token": {"teacher": "t-1"}}\n');
		const result = await runMain(['mock:init', '--url', api.url], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(result.stdout).toContain('Kept the token "teacher" of var/api/configDataset.json');
		expect(result.stdout).toContain(okLine);
	});
});

describe('judgeAnswer', () => {
	it.each([
		[200, '{"status":"success","message":"m"}', 'success'],
		[201, '{"status":"success"}', 'success'],
		[500, '{"status":"success","message":"m"}', 'error'],
		[200, page405.body as string, 'refused'],
		[405, '', 'refused'],
		[200, '{"status":"error","message":"m"}', 'error'],
		[200, '[]', 'error'],
	])('%i %s → %s', (status, body, outcome) => {
		expect(judgeAnswer(status, body, false).outcome).toBe(outcome);
	});
});
