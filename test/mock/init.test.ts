// edu mock:init against real HTTP servers on 127.0.0.1, started here, that record what they get.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {main} from '../../source/main.js';
import {captureIo} from '../helpers/io.js';
import {runEdu, tempProject} from '../helpers/temp-project.js';

interface Recorded {
	readonly method: string;
	readonly url: string;
}

const servers: Server[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
});

/** A mock API stand-in: answers each path with `answers[path]` (default 200 JSON) and records every request. */
async function mockApi(answers: Record<string, {status: number; body: string} | 'hang'> = {}): Promise<{url: string; requests: Recorded[]}> {
	const requests: Recorded[] = [];
	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		requests.push({method: request.method ?? '', url: request.url ?? ''});
		request.resume();
		const answer = answers[request.url ?? ''] ?? {status: 200, body: '{"status":"success"}'};
		if (answer === 'hang') return; // never answers
		response.writeHead(answer.status, {'content-type': 'application/json'});
		response.end(answer.body);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests};
}

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return port;
}

async function init(args: readonly string[]) {
	const io = captureIo(tempProject());
	const exitCode = await main(['mock:init', ...args], io);
	return {exitCode, stdout: io.out(), stderr: io.err()};
}

const step = (url: string, status: string): RegExp => new RegExp(`^POST ${url.replace(/[.]/g, '\\.')} → ${status} \\(\\d+ ms\\)$`);

describe('edu mock:init', () => {
	it('POSTs /api/init/schema, then /api/init/data, and prints each status', async () => {
		const api = await mockApi();
		const result = await init(['--url', `${api.url}/`]);
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}, {method: 'POST', url: '/api/init/data'}]);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(3);
		expect(lines[0]).toMatch(step(`${api.url}/api/init/schema`, '200 OK'));
		expect(lines[1]).toMatch(step(`${api.url}/api/init/data`, '200 OK'));
		expect(lines[2]).toBe('[OK] Mock API initialised: schema and data created.');
	});

	it('stops at a 500 on schema: data is never called, the error shows the status and the body', async () => {
		const api = await mockApi({'/api/init/schema': {status: 500, body: '{"status":"error",\n "message":"SQLSTATE[HY000]: unable to open database file"}'}});
		const result = await init(['--url', api.url]);
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}]);
		expect(result.exitCode).toBe(1);
		expect(result.stdout.trimEnd()).toMatch(step(`${api.url}/api/init/schema`, '500 Internal Server Error'));
		expect(result.stderr).toBe(`POST ${api.url}/api/init/schema failed: 500 Internal Server Error: {"status":"error", "message":"SQLSTATE[HY000]: unable to open database file"}\n`);
	});

	it('stops at a failing data step, and shows only the start of a long body', async () => {
		const api = await mockApi({'/api/init/data': {status: 404, body: `<html>${'x'.repeat(500)}</html>`}});
		const result = await init(['--url', api.url]);
		expect(api.requests.map((request) => request.url)).toEqual(['/api/init/schema', '/api/init/data']);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`POST ${api.url}/api/init/data failed: 404 Not Found: <html>${'x'.repeat(194)}…\n`);
	});

	it('connection refused: names the URL and says how to start the mock API', async () => {
		const url = `http://127.0.0.1:${await closedPort()}`;
		const result = await init(['--url', url]);
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `Cannot reach the mock API at ${url} (connection refused): is it running? Start it with "docker compose up -d" in the project, or pass --url.\n`,
		});
	});

	it('a server that never answers: gives up after --timeout', async () => {
		const api = await mockApi({'/api/init/schema': 'hang'});
		const started = Date.now();
		const result = await init(['--url', api.url, '--timeout', '0.5']);
		const elapsed = Date.now() - started;
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`The mock API at ${api.url} did not answer POST ${api.url}/api/init/schema within 0.5 s: is it running? Start it with "docker compose up -d" in the project, or raise --timeout.\n`);
		expect(api.requests).toEqual([{method: 'POST', url: '/api/init/schema'}]);
		expect(elapsed).toBeGreaterThanOrEqual(450);
		expect(elapsed).toBeLessThan(5000);
	});

	it('--json: the steps, and the error when there is one', async () => {
		const good = await mockApi();
		const ok = await init(['--url', good.url, '--json']);
		expect(ok.exitCode).toBe(0);
		const report = JSON.parse(ok.stdout) as {ok: boolean; url: string; steps: Array<Record<string, unknown>>};
		expect(report).toMatchObject({ok: true, url: good.url});
		expect(report.steps.map(({url, status, ok: done, method}) => ({url, status, ok: done, method}))).toEqual([
			{method: 'POST', url: `${good.url}/api/init/schema`, status: 200, ok: true},
			{method: 'POST', url: `${good.url}/api/init/data`, status: 200, ok: true},
		]);

		const bad = await mockApi({'/api/init/schema': {status: 503, body: 'down'}});
		const failed = await init(['--url', bad.url, '--json']);
		expect(failed.exitCode).toBe(1);
		expect(failed.stderr).toBe('');
		expect(JSON.parse(failed.stdout)).toMatchObject({
			ok: false,
			steps: [{status: 503, ok: false, body: 'down'}],
			error: {code: 'MOCK_FAILED', message: `POST ${bad.url}/api/init/schema failed: 503 Service Unavailable: down`},
		});
	});

	it.each([
		[['--url', 'localhost:9042'], '--url must be an http:// or https:// address such as http://localhost:9042 (got "localhost:9042").\n'],
		[['--timeout', '0'], '--timeout must be a number of seconds above 0 (got "0").\n'],
		[['--timeout', 'soon'], '--timeout must be a number of seconds above 0 (got "soon").\n'],
	])('usage errors: %j', async (args, stderr) => {
		expect(await init(args)).toEqual({exitCode: 2, stdout: '', stderr});
	});

	it('through the built binary', async () => {
		const api = await mockApi();
		const result = await runEdu(['mock:init', '--url', api.url], {cwd: tempProject()});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('[OK] Mock API initialised: schema and data created.');
		expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/init/schema', 'POST /api/init/data']);

		const refused = await runEdu(['mock:init', '--url', `http://127.0.0.1:${await closedPort()}`], {cwd: tempProject()});
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(/^Cannot reach the mock API at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)/);
	});
});
