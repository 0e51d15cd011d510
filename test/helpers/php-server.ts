// php -S on a free loopback port, handed back once it answers: a project served as `edu start`
// serves it (or the mock API's stand-in), for the tests that send it real requests.
import {execa, type ResultPromise} from 'execa';
import {freePort} from './free-port.js';

export interface PhpServer {
	readonly process: ResultPromise;
	/** `http://127.0.0.1:PORT` */
	readonly base: string;
	/** What the server printed so far, stdout and stderr: its log of requests and PHP's warnings. */
	output(): string;
	/** Ends the server (by its process) and waits for it. */
	stop(): Promise<void>;
}

export interface PhpServerOptions {
	readonly cwd?: string;
	/** Added to the test's own environment. */
	readonly env?: Readonly<Record<string, string>>;
	/** `php -d` settings, e.g. `{upload_max_filesize: '4K'}`. */
	readonly ini?: Readonly<Record<string, string>>;
	/** A router script, as edu start gives php -S its own (source/start/router.php). */
	readonly router?: string;
}

export async function servePhp(documentRoot: string, {cwd, env, ini = {}, router}: PhpServerOptions = {}): Promise<PhpServer> {
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const settings = Object.entries(ini).flatMap(([key, value]) => ['-d', `${key}=${value}`]);
	const server = execa('php', [...settings, '-S', `127.0.0.1:${port}`, '-t', documentRoot, ...(router === undefined ? [] : [router])], {cwd, env, reject: false, all: true});
	let output = '';
	server.all?.on('data', (chunk: Buffer) => {
		output += chunk.toString();
	});
	const stop = async (): Promise<void> => {
		server.kill();
		await server;
	};
	for (const deadline = Date.now() + 10_000; ;) {
		try {
			await fetch(`${base}/`);
			return {process: server, base, output: () => output, stop};
		} catch {
			if (Date.now() > deadline || server.exitCode !== null) {
				await stop();
				throw new Error(`php -S did not answer on ${base}: ${output}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}
}
