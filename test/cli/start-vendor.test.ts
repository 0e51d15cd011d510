// edu start on a project without vendor/autoload.php: one line says requests fail until composer install.
import {mkdirSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {StopSignal} from '../../source/base/io.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {hasPhp} from '../helpers/php.js';
import {tempProject} from '../helpers/temp-project.js';

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

async function startAndStop(root: string): Promise<{out: string; err: string}> {
	let stop: ((signal: StopSignal) => void) | undefined;
	const captured = captureIo(root, {env: {PATH: process.env['PATH'] ?? ''}});
	let ready!: () => void;
	const started = new Promise<void>((resolve) => (ready = resolve));
	const io = {
		...captured,
		// Told as each chunk is written: the server is up once its "Press Ctrl+C" line is out.
		stdout: {...captured.stdout, write(chunk: string) {
			const written = captured.stdout.write(chunk);
			if (captured.out().includes('Press Ctrl+C to stop.')) ready();
			return written;
		}},
		onSignal(handler: (signal: StopSignal) => void) {
			stop = handler;
			return () => undefined;
		},
	};
	const running = main(['start', '--host', '127.0.0.1', '--port', String(await freePort())], io);
	// A run that ends without starting the server says why instead of leaving the wait to the test's limit.
	await Promise.race([started, running.then((code) => Promise.reject(new Error(`the server did not start (exit ${code}): ${io.err()}`)))]);
	stop?.('SIGTERM');
	expect(await running).toBe(0);
	return {out: io.out(), err: io.err()};
}

describe.skipIf(!hasPhp)('edu start and vendor/', () => {
	it('a project without vendor/autoload.php: a one-line warning naming composer install', async () => {
		const root = tempProject('sample');
		const {err} = await startAndStop(root);
		const warnings = err.split('\n').filter((line) => line.startsWith('Warning:'));
		expect(warnings).toEqual([`Warning: no vendor/autoload.php in ${root}: requests will fail (HTTP 500) until you run "composer install" there.`]);
	});

	it('with vendor/autoload.php: no warning', async () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'vendor'));
		writeFileSync(path.join(root, 'vendor/autoload.php'), '<?php\n');
		const {err} = await startAndStop(root);
		expect(err).not.toContain('Warning:');
	});
});
