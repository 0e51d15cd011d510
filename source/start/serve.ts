// Runs `php -S host:port -t docroot router.php`, streams its log, prints the URL once it answers,
// and stops it on Ctrl+C / SIGTERM (heard through io.onSignal) so no PHP process is left behind.
import {platform} from 'node:os';
import path from 'node:path';
import {StringDecoder} from 'node:string_decoder';
import {EduError} from '../base/errors.js';
import type {Io, StopSignal} from '../base/io.js';
import {visible} from '../base/visible.js';

export interface ServeOptions {
	readonly host: string;
	readonly port: number;
	/** Absolute document root. */
	readonly docroot: string;
	/** How to name the document root to the user, e.g. "public/". */
	readonly docrootLabel: string;
	/** Folder PHP runs in (the project root). */
	readonly cwd: string;
	/** URL path of the API documentation page (edu openapi --html), when the document root has one. */
	readonly docPath?: string;
	/** A line about the page when there is none (a specification without it). */
	readonly docHint?: string;
	/** Give up when PHP has not answered after this long. */
	readonly readyTimeoutMs?: number;
}

export function serverUrl(host: string, port: number): string {
	return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Runs `php -S` so that it never outlives edu, however edu ends (Ctrl+C, SIGTERM, SIGHUP, even
 * SIGKILL, which no handler can catch): a shell starts PHP and reads the pipe edu holds on its
 * stdin; when that pipe closes, edu is gone and the shell stops PHP. A signal to the shell stops
 * PHP too. The shell exits with PHP's status (128 + signal number when PHP was stopped by one).
 */
const guard = [
	// PHP keeps the real stderr (4); the shell's own job notices ("Terminated") go nowhere.
	'exec 3<&0 4>&2 2>/dev/null',
	'php -S "$1" -t "$2" "$3" 0</dev/null 2>&4 3<&- 4>&- &',
	'php=$!',
	'trap \'kill -TERM "$php" 2>/dev/null\' INT TERM HUP',
	'{ while read -r _; do :; done; kill -TERM "$php" 2>/dev/null; } <&3 &',
	'watch=$!',
	'exec 3<&-',
	'while :; do wait "$php"; status=$?; kill -0 "$php" 2>/dev/null || break; done',
	'kill "$watch" 2>/dev/null',
	'exit "$status"',
].join('\n');

/** The signal that stopped PHP: execa's own, or the shell guard's 128 + number. */
function stoppedBy(result: {signal?: string | undefined; exitCode?: number | undefined}): string | undefined {
	if (result.signal) return result.signal;
	return ({129: 'SIGHUP', 130: 'SIGINT', 143: 'SIGTERM'} as Record<number, string>)[result.exitCode ?? 0];
}

/**
 * PHP's server sends every path that is not a file to index.php, dots included (without a
 * router it answers /api/ville/1.5 with its own 404); beside this module in source/ and in the bundle.
 */
const router = path.join(import.meta.dirname, 'router.php');

/** PHP says this once it listens: "PHP 8.2.1 Development Server (http://localhost:8042) started". */
const startedLine = /Development Server \(.*\) started/;

function forward(stream: NodeJS.ReadableStream | null, write: (text: string) => void, remember: (line: string) => void): void {
	if (!stream) return;
	const decoder = new StringDecoder('utf8');
	stream.on('data', (chunk: Buffer) => {
		// PHP's log quotes each request's path, which any client chooses: shown, never obeyed by the terminal.
		const text = visible(decoder.write(chunk));
		write(text);
		for (const line of text.split(/\r?\n/)) if (line.trim() !== '') remember(line);
	});
}

/** Serves until PHP stops or a stop signal arrives; resolves 0 on a requested stop. */
export async function serve(options: ServeOptions, io: Io): Promise<number> {
	const {execa} = await import('execa');
	const {host, port} = options;
	const url = serverUrl(host, port);
	const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
	const [command, args] = platform() === 'win32'
		? ['php', ['-S', address, '-t', options.docroot, router]] as const
		: ['/bin/sh', ['-c', guard, 'edu-start', address, options.docroot, router]] as const;
	const child = execa(command, args, {
		cwd: options.cwd,
		env: io.env,
		extendEnv: false,
		reject: false,
		// On POSIX the guard reads this pipe: edu holds its other end, which closes when edu dies.
		stdin: platform() === 'win32' ? 'ignore' : 'pipe',
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
			const here = everywhere ? serverUrl('localhost', port) : url;
			const page = options.docPath === undefined ? (options.docHint === undefined ? '' : `${options.docHint}\n`) : `API documentation (try the API): ${here}${options.docPath}\n`;
			io.stdout.write(`Serving ${options.docrootLabel} at ${url}${everywhere ? ` (on this computer: ${here})` : ''}\n${page}Press Ctrl+C to stop.\n`);
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
		const signal = stoppedBy(result);
		if (stopRequested !== undefined || signal === 'SIGINT' || signal === 'SIGTERM') {
			io.stdout.write('Server stopped.\n');
			return 0;
		}
		const how = signal ? `was stopped by ${signal}` : `stopped with exit code ${result.exitCode}`;
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
