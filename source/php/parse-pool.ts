// Parses files in worker threads, each file under a time budget: a file that takes longer is
// reported as not parsed and its worker terminated, the other files still parsed. The main thread
// only waits, so Ctrl+C and SIGTERM are heard at once whatever the files hold. Large projects use
// several workers; the result is the same either way, in the same order. A few small files (a
// project's usual controllers) are parsed on this thread first, where starting a worker would
// take longer than the parse, all within one file's budget: a file still parsing when it runs
// out goes to the workers with the rest, so the results are the workers' own. Run from the TypeScript
// sources, where there is no worker module, files are parsed on this thread.
import {createRequire} from 'node:module';
import {existsSync, statSync} from 'node:fs';
import {availableParallelism, loadavg} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import vm from 'node:vm';
import type {Worker} from 'node:worker_threads';
import type {KeptText} from '../base/io.js';
import {decodeResults, encodeResults, type ParseResult} from './facts-json.js';
import {parseWithKept} from './kept-facts.js';
import type {PhpSyntaxError} from './php-file.js';
import {readProjectPhp} from './read-project-php.js';

export type {ParseResult} from './facts-json.js';

/** Below this many files a second worker's start-up costs more than it saves. */
export const parallelThreshold = 200;
const maxThreads = 4;
/** How long one file may take to parse. */
export const defaultBudgetMs = 10_000;

/** The worker module beside this one: dist/openapi/php/ (tsc) or dist/bin/ (the bundle). */
export function defaultWorkerUrl(): URL | undefined {
	const url = new URL('./parse-worker.js', import.meta.url);
	return existsSync(fileURLToPath(url)) ? url : undefined;
}

function parseHere(root: string, files: readonly string[], parse: (root: string, relative: string) => ParseResult): ParseResult[] {
	return files.map((relative) => parse(root, relative));
}

/**
 * How many workers to use: one per core that is not busy already (a saturated machine gains
 * nothing from more threads, each of which warms its own JIT), more than one only for projects
 * large enough to repay a worker's start-up.
 */
export function threadsFor(fileCount: number): number {
	const spare = Math.floor(availableParallelism() - loadavg()[0]! + 0.5);
	return Math.max(1, Math.min(maxThreads, spare, Math.floor(fileCount / (parallelThreshold / 2))));
}

export interface ParseOptions {
	/** Worker threads (default: threadsFor the file count). */
	readonly threads?: number;
	/** How long one file may take, in milliseconds (default 10 s). */
	readonly budgetMs?: number;
	/** The worker module (default: beside this module; none: parse on this thread). */
	readonly workerUrl?: URL | undefined;
	/**
	 * Files of up to this many bytes in all are parsed on this thread first (default:
	 * onThisThreadBytes with the default worker, none with a worker given).
	 */
	readonly onThisThreadBytes?: number;
	/** How this thread parses one file (default: readProjectPhp, as the worker does). */
	readonly parseHere?: (root: string, relative: string) => ParseResult;
	/**
	 * What the files said in earlier runs (io.kept): a small project's files whose bytes did not
	 * change are not parsed again (php/kept-facts.ts).
	 */
	readonly kept?: KeptText;
}

/** Up to this many bytes of PHP in all, parsing takes less than a worker takes to start. */
export const onThisThreadBytes = 512 * 1024;

/** `file: could not be parsed in N s`: a syntax error value with no line (see siteText). */
export function timedOut(file: string, budgetMs: number): PhpSyntaxError {
	return {kind: 'syntax-error', site: {file, line: 0, col: 0}, message: `could not be parsed in ${budgetMs / 1000} s`};
}

/** Every file parsed once, results in the order of `files`. */
export async function parseAll(root: string, files: readonly string[], options: ParseOptions = {}): Promise<ParseResult[]> {
	// A large project's files go to the workers, which read them themselves: nothing is kept.
	if (options.kept !== undefined && files.length < parallelThreshold) {
		const {kept, ...rest} = options;
		return parseWithKept(root, files, kept, (changed, parse) => parseAll(root, changed, {...rest, parseHere: parse}));
	}
	const url = 'workerUrl' in options ? options.workerUrl : defaultWorkerUrl();
	if (url === undefined || files.length === 0) return parseHere(root, files, options.parseHere ?? readProjectPhp);
	const budgetMs = options.budgetMs ?? defaultBudgetMs;
	const limit = options.onThisThreadBytes ?? ('workerUrl' in options ? 0 : onThisThreadBytes);
	const here = limit > 0 && files.length < parallelThreshold && bytesOf(root, files) <= limit
		? parseOnThisThread(root, files, budgetMs, options.parseHere ?? readProjectPhp)
		: [];
	if (here.length === files.length) return here;
	const rest = files.slice(here.length);
	const threads = Math.max(1, Math.min(options.threads ?? threadsFor(rest.length), rest.length));
	// Contiguous shares keep each worker's files together.
	const size = Math.ceil(rest.length / threads);
	const shares = Array.from({length: threads}, (_, index) => rest.slice(index * size, (index + 1) * size));
	const parsed = await Promise.all(shares.map((share) => parseShare(url, root, share, budgetMs)));
	return [...here, ...parsed.flat()];
}

/** The files' sizes added up (one that cannot be read counts nothing: its parse says why). */
function bytesOf(root: string, files: readonly string[]): number {
	let total = 0;
	for (const file of files) {
		try {
			total += statSync(path.join(root, file)).size;
		} catch {
			// Reported by the parse (cannot be read).
		}
	}
	return total;
}

/** Calls the function in its slot, from a script V8 can stop when the budget runs out. */
const slot = Symbol.for('edu-scaffold.parse-here');
let timed: vm.Script | undefined;

/**
 * The files parsed here, in order, as the workers would return them; it stops at a file still
 * parsing when the budget runs out, or whose parse throws, which the caller gives the workers
 * with the files after it.
 */
function parseOnThisThread(root: string, files: readonly string[], budgetMs: number, parse: (root: string, relative: string) => ParseResult): ParseResult[] {
	const results: ParseResult[] = [];
	const global = globalThis as unknown as Record<symbol, (() => void) | undefined>;
	global[slot] = () => {
		for (const file of files) {
			try {
				results.push(parse(root, file));
			} catch {
				// A parse that throws (a nesting deeper than this thread's stack) is the workers' to report.
				return;
			}
		}
	};
	try {
		timed ??= new vm.Script('globalThis[Symbol.for("edu-scaffold.parse-here")]()');
		timed.runInThisContext({timeout: budgetMs});
	} catch (error) {
		// Stopped in the middle of a parse, as a syntax error stops one: the engine starts afresh on the next.
		if ((error as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
	} finally {
		delete global[slot];
	}
	// Through the workers' own encoding, so each result reads exactly as a worker's.
	return results.length === 0 ? results : decodeResults(encodeResults(results));
}


/** One share in one worker; past a file that runs out of time, a new worker takes the rest. */
async function parseShare(url: URL, root: string, files: readonly string[], budgetMs: number): Promise<ParseResult[]> {
	const results: ParseResult[] = [];
	while (results.length < files.length) {
		const done = results.length;
		const outcome = await runWorker(url, root, files.slice(done), budgetMs, (result) => results.push(result));
		if (outcome === 'done') continue;
		// The file in progress took too long, or broke its worker: it is reported, the rest go on.
		const file = files[results.length]!;
		results.push(outcome === 'timeout' ? timedOut(file, budgetMs) : {kind: 'syntax-error', site: {file, line: 0, col: 0}, message: `could not be parsed (${outcome.message})`});
	}
	return results;
}

/** A worker says `ready` once loaded, then sends one message per file, in order. */
export const readyMessage = 'ready';
/** How long a worker may take to load (a busy machine), before its first file's budget starts. */
const startMs = 30_000;

function runWorker(url: URL, root: string, files: readonly string[], budgetMs: number, take: (result: ParseResult) => void): Promise<'done' | 'timeout' | Error> {
	return new Promise((resolve) => {
		// Loaded only when a worker is needed: most runs parse on this thread alone.
		const {Worker: Thread} = createRequire(import.meta.filename)('node:worker_threads') as {Worker: typeof Worker};
		const worker = new Thread(url, {workerData: {root, files}});
		let received = 0;
		let timer: NodeJS.Timeout | undefined;
		const finish = (outcome: 'done' | 'timeout' | Error): void => {
			clearTimeout(timer);
			worker.removeAllListeners();
			worker.on('error', () => {});
			void worker.terminate();
			resolve(outcome);
		};
		const arm = (ms: number, outcome: 'timeout' | Error): void => {
			clearTimeout(timer);
			timer = setTimeout(() => finish(outcome), ms);
		};
		arm(startMs, new Error(`the parse worker did not start in ${startMs / 1000} s`));
		worker.on('message', (text: string) => {
			if (text !== readyMessage) {
				for (const result of decodeResults(text)) take(result);
				received++;
			}
			if (received === files.length) finish('done');
			else arm(budgetMs, 'timeout');
		});
		worker.once('error', (error) => finish(error));
		worker.once('exit', (code) => finish(new Error(`worker exited with ${code}`)));
	});
}
