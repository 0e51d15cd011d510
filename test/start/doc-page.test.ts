// edu start and the page edu openapi --html writes: the URL in its first lines, and PHP's server
// answering /doc/ and /doc with the page while other paths still reach the front controller.
import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa, type ResultPromise} from 'execa';
import {describe, expect, it} from 'vitest';
import {freePort} from '../helpers/free-port.js';
import {hasPhp} from '../helpers/php.js';
import {binPath, fixturesDir, runEdu, tempProject} from '../helpers/temp-project.js';

/** What `edu start` printed up to "Press Ctrl+C to stop." (it failed to start if that never comes). */
async function startedLines(child: ResultPromise): Promise<string> {
	let stdout = '';
	child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	const deadline = Date.now() + 15_000;
	while (!stdout.includes('Press Ctrl+C to stop.')) {
		if (Date.now() > deadline || child.exitCode !== null) throw new Error(`edu start did not start: ${stdout}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	return stdout;
}

describe.skipIf(!hasPhp)('edu start with a documentation page', () => {
	it('names http://host:port/doc/ before "Press Ctrl+C", and PHP serves the page there beside the application', async () => {
		const root = tempProject('sample');
		cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		cpSync(path.join(fixturesDir, 'runtime', 'public'), path.join(root, 'public'), {recursive: true});
		expect((await runEdu(['make:api', 'ville', '--yes'], {cwd: root})).exitCode).toBe(0);
		expect((await runEdu(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		const port = await freePort();
		const base = `http://127.0.0.1:${port}`;
		const child = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		try {
			const stdout = await startedLines(child);
			expect(stdout).toBe(`Serving public/ at ${base}\nAPI documentation (try the API): ${base}/doc/\nPress Ctrl+C to stop.\n`);
			for (const url of [`${base}/doc/`, `${base}/doc`]) {
				const page = await fetch(url);
				expect(page.status).toBe(200);
				expect(await page.text()).toContain('<title>My First API: API documentation</title>');
			}
			const script = await fetch(`${base}/doc/swagger-ui-bundle.js?v=1`);
			expect(script.status).toBe(200);
			expect(script.headers.get('content-type')).toMatch(/javascript/);
			const specification = await fetch(`${base}/doc/openapi.yaml`);
			expect(await specification.text()).toMatch(/^openapi: 3\.0\.0\n/);
			// The application itself is still answered by the front controller.
			const api = await fetch(`${base}/api/ville`);
			expect(await api.json()).toEqual([{nom: 'Dupont', prenom: 'Jean'}, {nom: 'Martin', prenom: 'Alice'}]);
		} finally {
			child.kill('SIGINT');
			await child;
		}
	});

	it('says nothing of a page when public/doc/index.html is missing', async () => {
		const root = tempProject('start');
		mkdirSync(path.join(root, 'public/doc'));
		writeFileSync(path.join(root, 'public/doc/openapi.yaml'), 'openapi: 3.0.0\n');
		const port = await freePort();
		const child = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		try {
			const stdout = await startedLines(child);
			expect(stdout).toBe(`Serving public/ at http://127.0.0.1:${port}\nPress Ctrl+C to stop.\n`);
		} finally {
			child.kill('SIGINT');
			await child;
		}
	});
});
