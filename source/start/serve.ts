// Runs `php -S host:port -t docroot`, streams its log, prints the URL once it answers, and
// stops it on Ctrl+C / SIGTERM (heard through io.onSignal) so no PHP process is left behind.
import {StringDecoder} from 'node:string_decoder';
import {EduError} from '../core/errors.js';
import type {Io, StopSignal} from '../io.js';

export interface ServeOptions {
	readonly host: string;
	readonly port: number;
	/** Absolute document root. */
	readonly docroot: string;
	/** How to name the document root to the user, e.g. "public/". */
	readonly docrootLabel: string;
	/** Folder PHP runs in (the project root). */
	readonly cwd: string;
	/** Give up when PHP has not answered after this long. */
	readonly readyTimeoutMs?: number;
}

export function serverUrl(host: string, port: number): string {
	return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** PHP says this once it listens: "PHP 8.2.1 Development Server (http://localhost:8042) started". */
const startedLine = /Development Server \(.*\) started/;

function forward(stream: NodeJS.ReadableStream | null, write: (text: string) => void, remember: (line: string) => void): void {
	if (!stream) return;
	const decoder = new StringDecoder('utf8');
	stream.on('data', (chunk: Buffer) => {
		const text = decoder.write(chunk);
		write(text);
		for (const line of text.split(/\r?\n/)) if (line.trim() !== '') remember(line);
	});
}

/** Serves until PHP stops or a stop signal arrives; resolves 0 on a requested stop. */
export async function serve(options: ServeOptions, io: Io): Promise<number> {
	const {execa} = await import('execa');
	const {host, port} = options;
	const url = serverUrl(host, port);
	const child = execa('php', ['-S', `${host.includes(':') ? `[${host}]` : host}:${port}`, '-t', options.docroot], {
		cwd: options.cwd,
		env: io.env,
		extendEnv: false,
		reject: false,
		stdin: 'ignore',
		forceKillAfterDelay: 3000,
	});
	let lastLine = '';
	let markReady: (ready: boolean) => void = () => {};
	const listening = new Promise<boolean>((resolve) => (markReady = resolve));
	const remember = (line: string): void => {
		lastLine = line;
		if (startedLine.test(line)) markReady(true);
	};
	forward(child.stdout, (text) => io.stdout.write(text), remember);
	forward(child.stderr, (text) => io.stderr.write(text), remember);

	let exited = false;
	const finished = child.then((result) => {
		exited = true;
		markReady(false);
		return result;
	});
	let stopRequested: StopSignal | undefined;
	const unsubscribe = io.onSignal?.((signal) => {
		stopRequested = signal;
		child.kill('SIGTERM');
	}) ?? (() => {});

	try {
		const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
		const timer = setTimeout(() => markReady(false), readyTimeoutMs);
		const ready = await listening;
		clearTimeout(timer);
		if (ready) {
			const everywhere = host === '0.0.0.0' || host === '::';
			io.stdout.write(`Serving ${options.docrootLabel} at ${url}${everywhere ? ` (on this computer: ${serverUrl('localhost', port)})` : ''}\nPress Ctrl+C to stop.\n`);
		} else if (!exited && stopRequested === undefined) {
			child.kill('SIGTERM');
			await finished;
			throw new EduError('SERVER_FAILED', `PHP did not start its server on ${url} within ${Math.round(readyTimeoutMs / 1000)} s${lastLine ? ` (${lastLine.trim()})` : ''}.`);
		}
		const result = await finished;
		if (stopRequested === undefined) {
			// Ctrl+C in a terminal reaches PHP and edu together; PHP may be seen to exit before
			// edu's own signal handler runs. Give that signal a moment to arrive.
			await new Promise((resolve) => setTimeout(resolve, 150));
		}
		if (stopRequested !== undefined || result.signal === 'SIGINT' || result.signal === 'SIGTERM') {
			io.stdout.write('Server stopped.\n');
			return 0;
		}
		const how = result.signal ? `was stopped by ${result.signal}` : `stopped with exit code ${result.exitCode}`;
		const said = lastLine.trim().replace(/^\[[^\]]*\]\s*/, '');
		throw new EduError('SERVER_FAILED', `PHP's server ${ready ? '' : `could not start on ${host}:${port}: it `}${how}${said ? ` (${said})` : ''}.`);
	} finally {
		unsubscribe();
		if (!exited) {
			child.kill('SIGTERM');
			await finished;
		}
	}
}
