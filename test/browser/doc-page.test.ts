// The page edu openapi --html writes, in real Chromium, served by `edu start` (a real `php -S`)
// with the runtime stand-in: the API's title from openapi.php and every operation shown, "Try it
// out" on GET /api/ville answered by the controller, nothing fetched from elsewhere, no console
// error. A screenshot is kept in test-artifacts/.
import {cpSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa, type ResultPromise} from 'execa';
import type {Page} from 'playwright-core';
import {parse} from 'yaml';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hasBrowser, openBrowser, type OpenBrowser} from '../helpers/browser.js';
import {freePort} from '../helpers/free-port.js';
import {hasPhp} from '../helpers/php.js';
import {binPath, fixturesDir, repoRoot, runEdu, tempProject} from '../helpers/temp-project.js';

const artifacts = path.join(repoRoot, 'test-artifacts');
const title = 'Villes de France';

/** The operations of a specification as Swagger UI lists them: "GET /api/ville". */
function operationsOf(specification: string): string[] {
	const document = parse(specification) as {paths: Record<string, Record<string, unknown>>};
	return Object.entries(document.paths).flatMap(([uri, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${uri}`)).sort();
}

describe.skipIf(!hasPhp || !hasBrowser)('the documentation page in Chromium, served by edu start', () => {
	let root: string;
	let base: string;
	let server: ResultPromise | undefined;
	let serverOut = '';
	let serverStdout = '';
	let browser: OpenBrowser;
	const problems: string[] = [];
	const elsewhere: string[] = [];

	beforeAll(async () => {
		root = tempProject('sample');
		cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		cpSync(path.join(fixturesDir, 'runtime', 'public'), path.join(root, 'public'), {recursive: true});
		expect((await runEdu(['make:api', 'ville', '--yes'], {cwd: root})).exitCode).toBe(0);
		// The title the page must show comes from openapi.php.
		const info = path.join(root, 'app/Controller/api/openapi.php');
		writeFileSync(info, readFileSync(info, 'utf8').replace("title: 'My First API'", `title: '${title}'`));
		const written = await runEdu(['openapi', '--html'], {cwd: root});
		expect(written.exitCode, written.stderr).toBe(0);

		const port = await freePort();
		base = `http://127.0.0.1:${port}`;
		server = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, all: true, env: {NO_COLOR: '1'}});
		server.stdout?.on('data', (chunk: Buffer) => (serverStdout += chunk.toString()));
		// Ready when it says so; an edu start that ends first fails the set-up with what it said.
		const started = server;
		await new Promise<void>((resolve, reject) => {
			started.all?.on('data', (chunk: Buffer) => {
				serverOut += chunk.toString();
				if (serverOut.includes('Press Ctrl+C to stop.')) resolve();
			});
			void started.then(() => reject(new Error(`edu start did not start: ${serverOut}`)));
		});
		browser = await openBrowser();
	}, 120_000);

	afterAll(async () => {
		await browser?.close();
		if (server !== undefined) {
			server.kill('SIGINT');
			await server;
		}
	});

	async function openPage(url: string): Promise<Page> {
		const page = await browser.context.newPage();
		page.on('console', (message) => {
			if (message.type() === 'error') problems.push(`console: ${message.text()}`);
		});
		page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
		page.on('requestfailed', (request) => {
			// The page at /doc moves itself to /doc/ at once: the browser may abort the rest of that
			// first document, by design. Every other failed request is a problem.
			const movedOn = request.isNavigationRequest() && request.url() === `${base}/doc` && request.failure()?.errorText === 'net::ERR_ABORTED';
			if (!movedOn) problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
		});
		page.on('request', (request) => {
			if (!request.url().startsWith(`${base}/`) && !request.url().startsWith('data:')) elsewhere.push(request.url());
		});
		page.on('response', (response) => {
			if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
		});
		await page.goto(url);
		await page.locator('.information-container .title').waitFor({timeout: 30_000});
		return page;
	}

	it('edu start names the page in its first lines', () => {
		expect(serverStdout).toMatch(new RegExp(`^Serving public/ at ${base}\\nAPI documentation \\(try the API\\): ${base}/doc/\\nPress Ctrl\\+C to stop\\.\\n`));
	});

	it('index.html loads nothing by an absolute or protocol-relative URL', () => {
		const html = readFileSync(path.join(root, 'public/doc/index.html'), 'utf8');
		expect(html).not.toMatch(/https?:|\/\//);
	});

	it('shows the title from openapi.php and every operation of the specification', async () => {
		const page = await openPage(`${base}/doc/`);
		await expect.poll(() => page.locator('.information-container .title').innerText()).toContain(title);
		const shown: string[] = [];
		for (const block of await page.locator('.opblock').all()) {
			shown.push(`${await block.locator('.opblock-summary-method').innerText()} ${await block.locator('.opblock-summary-path').getAttribute('data-path')}`);
		}
		const specification = readFileSync(path.join(root, 'public/doc/openapi.yaml'), 'utf8');
		expect(shown.sort()).toEqual(operationsOf(specification));
		expect(shown).toContain('GET /api/ville');
		mkdirSync(artifacts, {recursive: true});
		await page.screenshot({path: path.join(artifacts, 'doc-page.png'), fullPage: true});
		await page.close();
	});

	it('"Try it out" on GET /api/ville shows HTTP 200 and the controller\'s JSON', async () => {
		const expected = await (await fetch(`${base}/api/ville`)).json();
		const page = await openPage(`${base}/doc/`);
		const operation = page.locator('.opblock-get', {has: page.locator('.opblock-summary-path[data-path="/api/ville"]')});
		await operation.locator('.opblock-summary').click();
		await operation.getByRole('button', {name: 'Try it out'}).click();
		await operation.getByRole('button', {name: 'Execute'}).click();
		const live = operation.locator('.live-responses-table .response');
		await live.first().waitFor({timeout: 30_000});
		expect((await live.locator('.response-col_status').first().innerText()).trim()).toBe('200');
		const body = await live.locator('.response-col_description .microlight, .response-col_description pre').first().innerText();
		expect(JSON.parse(body)).toEqual(expected);
		expect(await operation.locator('.request-url pre').innerText()).toBe(`${base}/api/ville`);
		mkdirSync(artifacts, {recursive: true});
		await page.screenshot({path: path.join(artifacts, 'doc-page-try-it.png'), fullPage: true});
		await page.close();
	});

	it('opened from its file (double-clicked), the page says to serve it with edu start, not only "Failed to fetch"', async () => {
		const page = await browser.context.newPage();
		await page.goto(`file://${path.join(root, 'public/doc/index.html')}`);
		const note = page.locator('#served-only');
		await note.waitFor({timeout: 30_000});
		expect(await note.textContent()).toBe('This page shows the API once it is served: run edu start in the project, then open http://localhost:8042/doc/. A page opened from its file cannot read openapi.yaml beside it (browsers forbid it).');
		mkdirSync(artifacts, {recursive: true});
		await page.screenshot({path: path.join(artifacts, 'doc-page-from-file.png')});
		await page.close();
	});

	it('/doc without its final slash moves to /doc/ and shows the page', async () => {
		const page = await openPage(`${base}/doc`);
		expect(page.url()).toBe(`${base}/doc/`);
		await page.close();
	});

	it('no console error, no failed request, nothing fetched from another address, no PHP warning', () => {
		expect(problems).toEqual([]);
		expect(elsewhere).toEqual([]);
		expect(serverOut).not.toMatch(/PHP (Warning|Notice|Deprecated|Fatal|Parse)/);
	});
});
