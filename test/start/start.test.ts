// edu start: a real `php -S` serving fixtures/start on a free port, stopped by SIGINT / SIGTERM /
// Ctrl+C in a real terminal, and the one-line errors (busy port, no PHP, old PHP, no public/), those
// through main() in-process.
import {execFileSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {afterEach, describe, expect, it} from 'vitest';
import type {StopSignal} from '../../source/base/io.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {hasPhp} from '../helpers/php.js';
import {holdConnection, Output, watchStream} from '../helpers/e2e-output.js';
import {runMain} from '../helpers/run-main.js';
import {binPath, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from '../tui/tmux.js';

const posix = process.platform !== 'win32';

/** Resolves with the server once it listens, or with the error (EADDRINUSE…) when it cannot. */
function listen(port: number, host: string): Promise<Server | NodeJS.ErrnoException> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
		server.listen({port, host, exclusive: true}, () => resolve(server));
	});
}

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

async function freePort(): Promise<number> {
	const server = await listen(0, '127.0.0.1');
	if (server instanceof Error) throw server;
	const address = server.address();
	await close(server);
	if (address === null || typeof address === 'string') throw new Error('no port');
	return address.port;
}

/** True when nothing listens on 127.0.0.1:port any more (we can bind it ourselves). */
async function portIsFree(port: number): Promise<boolean> {
	const server = await listen(port, '127.0.0.1');
	if (server instanceof Error) return false;
	await close(server);
	return true;
}

/** PHP built-in servers still running for this port (Linux and macOS). */
function phpServersOn(port: number): string {
	try {
		return execFileSync('pgrep', ['-f', `php -S [^ ]*:${port} `], {encoding: 'utf8'}).trim();
	} catch {
		return '';
	}
}

const held: Server[] = [];
afterEach(async () => {
	for (const server of held.splice(0)) await close(server);
});

describe.skipIf(!hasPhp)('edu start with PHP', () => {
	it('serves public/ over real HTTP, prints the URL, and SIGINT stops PHP and frees the port', async () => {
		const root = tempProject('start');
		const port = await freePort();
		const child = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		const stdout = watchStream(child.stdout);
		const stderr = watchStream(child.stderr);
		try {
			expect(await stdout.until((text) => text.includes('Press Ctrl+C to stop.'), 'the URL')).toBe(`Serving public/ at http://127.0.0.1:${port}\nPress Ctrl+C to stop.\n`);

			const response = await fetch(`http://127.0.0.1:${port}/api/ville?x=1`);
			expect(response.status).toBe(200);
			expect(await response.json()).toMatchObject({served: 'edu-start-fixture', path: '/api/ville'});
			// PHP's own log is streamed.
			await stderr.until((text) => text.includes('[200]: GET /api/ville?x=1'), 'the request in PHP\'s log');
			expect(stderr.text).toContain(`Development Server (http://127.0.0.1:${port}) started`);
			if (posix) expect(phpServersOn(port)).not.toBe('');
		} finally {
			child.kill('SIGINT');
		}
		const result = await child;
		expect(result.exitCode).toBe(0);
		expect(stdout.text).toMatch(/Server stopped\.\n$/);
		expect(await portIsFree(port)).toBe(true);
		if (posix) expect(phpServersOn(port)).toBe('');
	});

	it('a path with a dot (/api/ville/1.5, /api/file/photo.jpg) reaches the index.php php -S runs without the dot, logged; a file that exists is served as it is', async () => {
		const root = tempProject('start');
		mkdirSync(path.join(root, 'public', 'css'));
		writeFileSync(path.join(root, 'public', 'css', 'site.css'), 'body {}\n');
		// A folder with its own front controller: php -S runs it for the paths under it, and so does the router.
		mkdirSync(path.join(root, 'public', 'legacy'));
		writeFileSync(path.join(root, 'public', 'legacy', 'index.php'), '<?php echo json_encode([\'served\' => \'legacy\', \'uri\' => $_SERVER[\'REQUEST_URI\']]);');
		const port = await freePort();
		const child = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		const stdout = watchStream(child.stdout);
		const stderr = watchStream(child.stderr);
		try {
			await stdout.until((text) => text.includes('Press Ctrl+C to stop.'), 'the URL');
			for (const uri of ['/api/ville/1.5', '/api/file/photo.jpg']) {
				const response = await fetch(`http://127.0.0.1:${port}${uri}`, {method: 'POST'});
				expect(response.status).toBe(200);
				expect(await response.json()).toMatchObject({served: 'edu-start-fixture', path: uri});
				await stderr.until((text) => text.includes(`[200]: POST ${uri}\n`), `${uri} in the log`);
			}
			for (const uri of ['/legacy/page', '/legacy/report.pdf']) {
				expect(await (await fetch(`http://127.0.0.1:${port}${uri}`)).json()).toEqual({served: 'legacy', uri});
			}
			const css = await fetch(`http://127.0.0.1:${port}/css/site.css`);
			expect(css.headers.get('content-type')).toMatch(/^text\/css/);
			expect(await css.text()).toBe('body {}\n');
		} finally {
			child.kill('SIGINT');
		}
		expect((await child).exitCode).toBe(0);
	});

	it.skipIf(!posix).each(['SIGKILL', 'SIGHUP'] as const)('edu killed by %s (no handler runs) leaves no php -S behind: the port is freed', async (signal) => {
		const root = tempProject('start');
		const port = await freePort();
		const child = execa(process.execPath, [binPath, 'start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		await watchStream(child.stdout).until((text) => text.includes('Press Ctrl+C to stop.'), 'the URL');
		expect(phpServersOn(port)).not.toBe('');
		// Closed when PHP's process is gone.
		const connection = await holdConnection(port);
		child.kill(signal);
		const result = await child;
		expect(result.signal).toBe(signal);
		await connection.closed;
		expect(phpServersOn(port)).toBe('');
		expect(await portIsFree(port)).toBe(true);
	});

	it('in-process: a stop signal heard through io.onSignal stops PHP (SIGTERM)', async () => {
		const root = tempProject('start');
		const port = await freePort();
		let stop: ((signal: StopSignal) => void) | undefined;
		let unsubscribed = false;
		const out = new Output();
		const io = {
			...captureIo(root, {env: {PATH: process.env['PATH'] ?? ''}}),
			stdout: {write: out.write},
			onSignal(handler: (signal: StopSignal) => void) {
				stop = handler;
				return () => {
					unsubscribed = true;
				};
			},
		};
		const running = main(['start', '--host', '127.0.0.1', '--port', String(port)], io);
		await out.until((text) => text.includes('Press Ctrl+C to stop.'), 'the URL');
		expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
		stop?.('SIGTERM');
		expect(await running).toBe(0);
		expect(out.text).toBe(`Serving public/ at http://127.0.0.1:${port}\nPress Ctrl+C to stop.\nServer stopped.\n`);
		expect(unsubscribed).toBe(true);
		expect(await portIsFree(port)).toBe(true);
	});

	it('refuses a busy port, naming it and suggesting --port, before starting PHP', async () => {
		const root = tempProject('start');
		const port = await freePort();
		const blocker = await listen(port, '127.0.0.1');
		if (blocker instanceof Error) throw blocker;
		held.push(blocker);
		const before = snapshotTree(root);
		for (const host of [[], ['--host', '127.0.0.1']]) {
			const result = await runMain(['start', '--port', String(port), ...host], {cwd: root});
			expect(result).toEqual({
				exitCode: 1,
				stdout: '',
				stderr: `Port ${port} is already in use on ${host[1] ?? 'localhost'}: stop the program using it, or pick another port, e.g. edu start --port ${port + 1}.\n`,
			});
		}
		expect(snapshotTree(root)).toEqual(before);
		if (posix) expect(phpServersOn(port)).toBe('');
	});

	it('-p and --no-start, as php bin/edu start takes them: the checks run, nothing is served', async () => {
		const root = tempProject('start');
		const port = await freePort();
		const ready = await runMain(['start', '-p', String(port), '--host', '127.0.0.1', '--no-start'], {cwd: root});
		expect(ready.exitCode).toBe(0);
		expect(ready.stdout).toMatch(new RegExp(`^Ready to serve public/ at http://127\\.0\\.0\\.1:${port}: PHP \\d+\\.\\d+\\.\\d+, the port is free\\. Not started \\(--no-start\\)\\.\\n$`));
		expect(await portIsFree(port)).toBe(true);
		const everywhere = await runMain(['start', '-p', String(port), '--host', '0.0.0.0', '--no-start'], {cwd: root});
		expect(everywhere.stderr).toBe("");
		expect(everywhere.stdout).toMatch(new RegExp(`^Ready to serve public/ at http://0\\.0\\.0\\.0:${port} \\(on this computer: http://localhost:${port}\\): PHP `));
		expect(await runMain(['start', '-p', String(port), '--no-start', '-q'], {cwd: root})).toEqual({exitCode: 0, stdout: '', stderr: ''});
		const blocker = await listen(port, '127.0.0.1');
		if (blocker instanceof Error) throw blocker;
		held.push(blocker);
		const busy = await runMain(['start', '-p', String(port), '--no-start'], {cwd: root});
		expect(busy.exitCode).toBe(1);
		expect(busy.stderr).toMatch(new RegExp(`^Port ${port} is already in use on localhost`));
	});

	it('the port it suggests is free: with the next one busy too, it names the one after', async () => {
		const root = tempProject('start');
		let port = await freePort();
		// Two ports in a row, both free to take here.
		while (port >= 65_000 || !(await portIsFree(port + 1)) || !(await portIsFree(port + 2))) port = await freePort();
		for (const busy of [port, port + 1]) {
			const blocker = await listen(busy, '127.0.0.1');
			if (blocker instanceof Error) throw blocker;
			held.push(blocker);
		}
		const result = await runMain(['start', '--port', String(port)], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`Port ${port} is already in use on localhost: stop the program using it, or pick another port, e.g. edu start --port ${port + 2}.\n`);
	});

	describe.skipIf(!hasTmux)('in a real terminal', () => {
		let terminal: Terminal | undefined;
		afterEach(async () => {
			await terminal?.close();
			terminal = undefined;
		});

		it('Ctrl+C stops the server and frees the port', async () => {
			const root = tempProject('start');
			const port = await freePort();
			terminal = await Terminal.start(['start', '--host', '127.0.0.1', '--port', String(port)], {cwd: root, env: {NO_COLOR: '1'}});
			await terminal.waitFor((screen) => screen.includes(`Serving public/ at http://127.0.0.1:${port}`), 'the URL');
			expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(0);
			expect(await terminal.screen()).toContain('Server stopped.');
			expect(await portIsFree(port)).toBe(true);
			if (posix) expect(phpServersOn(port)).toBe('');
		});
	});
});

describe('edu start errors', () => {
	it('PHP not installed (PATH without php): says how to install it', async () => {
		const root = tempProject('start');
		const emptyBin = mkdtempSync(path.join(tmpdir(), 'edu-no-php-'));
		const result = await runMain(['start', '--port', String(await freePort())], {cwd: root, env: {PATH: emptyBin}});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: 'PHP is not installed (no php command on PATH): install PHP 8.2 or newer: "sudo apt install php-cli" (Debian, Ubuntu), "brew install php" (macOS), or https://windows.php.net/download (Windows, then add it to PATH).\n',
		});
	});

	it.skipIf(!posix).each([['7.4.33'], ['8.1.27']])('PHP %s, older than the 8.2 Edu Framework 2.3 needs', async (version) => {
		const bin = mkdtempSync(path.join(tmpdir(), 'edu-old-php-'));
		writeFileSync(path.join(bin, 'php'), `#!/bin/sh\n# PHP ${version}, as far as edu can tell\nprintf ${version}\n`);
		chmodSync(path.join(bin, 'php'), 0o755);
		const result = await runMain(['start'], {cwd: tempProject('start'), env: {PATH: bin}});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(new RegExp(`^PHP ${version.replaceAll('.', '\\.')} is too old: the Edu Framework needs PHP 8\\.2 or newer; install a newer one: "sudo apt install php-cli" .*\\n$`));
	});

	it('no public/ folder', async () => {
		const root = tempProject();
		const result = await runMain(['start'], {cwd: root});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `No public/ folder in ${root}: edu start serves the project's public/ folder; run it at the project root, or pass --cwd or --docroot.\n`,
		});
	});

	it('a --docroot outside the project (or, outside any project, the folder it runs in) is refused, and nothing is served', async () => {
		for (const [fixture, what] of [['skeleton', 'the project'], ['start', 'the folder edu start runs in']]) {
			const root = tempProject(fixture);
			for (const docroot of ['..', path.dirname(root)]) {
				expect(await runMain(['start', '--docroot', docroot], {cwd: root})).toEqual({
					exitCode: 2,
					stdout: '',
					stderr: `edu: --docroot ${docroot} is outside ${what} (${root}): edu start serves one of its folders, such as public/.\n`,
				});
			}
		}
		// The project itself as the site root: its .env (and code) would be served.
		const project = tempProject('skeleton');
		writeFileSync(path.join(project, '.env'), 'DB_PASSWORD=studoo\n');
		expect(await runMain(['start', '--docroot', '.'], {cwd: project})).toEqual({
			exitCode: 2,
			stdout: '',
			stderr: 'edu: --docroot . holds .env: edu start would serve it (the database password) to anyone who reaches the port; serve the folder meant for the web, such as public/.\n',
		});
		// A folder of the project's code or data as the site root: every file in it would be served.
		for (const folder of ['app', 'app/Config', 'var']) {
			mkdirSync(path.join(project, folder), {recursive: true});
			expect((await runMain(['start', '--docroot', folder], {cwd: project})).stderr).toBe(`edu: --docroot ${folder} is inside the project's ${folder.split('/')[0]}/ folder: edu start would serve its files (${folder.startsWith('app') ? 'the project\'s code and configuration' : 'its data: the database, uploads, the mock\'s tokens'}) to anyone who reaches the port; serve the folder meant for the web, such as public/.\n`);
		}
		mkdirSync(path.join(project, 'site', 'app'), {recursive: true});
		expect((await runMain(['start', '--docroot', 'site'], {cwd: project})).stderr).toBe('edu: --docroot site holds app/: edu start would serve it (the project\'s code) to anyone who reaches the port; serve the folder meant for the web, such as public/.\n');
		// A folder of the project whose name starts with two dots is inside it: the check goes on to PHP.
		const root = tempProject('skeleton');
		mkdirSync(path.join(root, '..site'));
		const inside = await runMain(['start', '--docroot', '..site'], {cwd: root, env: {PATH: ''}});
		expect(inside.stderr).toMatch(/^PHP is not installed/);
	});

	it.each([
		[['--port', '0'], 'edu: --port must be a number from 1 to 65535 (got "0").\n'],
		[['--port', '80a'], 'edu: --port must be a number from 1 to 65535 (got "80a").\n'],
		[['--host', 'my host'], 'edu: --host must be a host name or an IP address (got "my host").\n'],
	])('usage errors %j', async (args, stderr) => {
		const io = captureIo(tempProject('start'));
		expect(await main(['start', ...args], io)).toBe(2);
		expect(io.err()).toBe(stderr);
	});

	it('--help shows examples', async () => {
		const result = await runMain(['start', '--help'], {cwd: tempProject()});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('$ edu start -p 8080');
	});
});
