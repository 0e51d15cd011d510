// Parses many files on several cores: the main thread takes one share, worker threads the others.
// Small projects, single-core machines and runs from the TypeScript sources (tests) stay on one
// thread; the result is the same either way, in the same order.
import {existsSync} from 'node:fs';
import {availableParallelism, loadavg} from 'node:os';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import type {PhpFileFacts, PhpSyntaxError} from './php-file.js';
import type {NameScope} from './php-names.js';
import {readProjectPhp} from './scan.js';

export type ParseResult = PhpFileFacts | PhpSyntaxError;

/** Below this many files a worker's start-up costs more than it saves. */
export const parallelThreshold = 200;
const maxThreads = 4;

/** Facts as JSON text: maps become entry lists, syntax nodes keep only where they start. */
export function encodeResults(results: readonly ParseResult[]): string {
	const plain = results.map((result) => ('kind' in result ? result : {
		...result,
		classes: result.classes.map((entry) => ({...entry, scope: scopeOut(entry.scope), constants: [...entry.constants]})),
		constants: result.constants.map((constant) => ({...constant, scope: scopeOut(constant.scope)})),
	}));
	return JSON.stringify(plain, (key, value: unknown) => {
		if (key === 'loc' && value && typeof value === 'object') {
			const start = (value as {start?: {line: number; column: number}}).start;
			return start ? {start: {line: start.line, column: start.column}} : null;
		}
		return value;
	});
}

/** The inverse of encodeResults. A plain JSON.parse (a reviver would cost more than the parsing saved). */
export function decodeResults(text: string): ParseResult[] {
	const plain = JSON.parse(text) as Array<Record<string, any>>;
	return plain.map((result) => ('kind' in result ? result as PhpSyntaxError : {
		...result,
		classes: (result['classes'] as Array<Record<string, any>>).map((entry) => ({...entry, scope: scopeIn(entry['scope']), constants: new Map(entry['constants'])})),
		constants: (result['constants'] as Array<Record<string, any>>).map((constant) => ({...constant, scope: scopeIn(constant['scope'])})),
	} as unknown as PhpFileFacts));
}

function scopeOut(scope: NameScope): object {
	return {namespace: scope.namespace, classes: [...scope.classes], constants: [...scope.constants]};
}

function scopeIn(plain: {namespace: string; classes: Array<[string, string]>; constants: Array<[string, string]>}): NameScope {
	return {namespace: plain.namespace, classes: new Map(plain.classes), constants: new Map(plain.constants)};
}

function workerUrl(): URL | undefined {
	// From dist/openapi/php/ (tsc's modules) and from the bundle in dist/bin/ alike.
	const candidates = [new URL('./parse-worker.js', import.meta.url), new URL('../openapi/php/parse-worker.js', import.meta.url)];
	return candidates.find((url) => existsSync(fileURLToPath(url)));
}

function parseHere(root: string, files: readonly string[]): ParseResult[] {
	return files.map((relative) => readProjectPhp(root, relative));
}

/**
 * How many threads to use: one per core that is not busy already (a saturated machine gains
 * nothing from more threads, each of which warms its own JIT), and only for projects large
 * enough to repay a worker's start-up.
 */
export function threadsFor(fileCount: number): number {
	const spare = Math.floor(availableParallelism() - loadavg()[0]! + 0.5);
	return Math.max(1, Math.min(maxThreads, spare, Math.floor(fileCount / (parallelThreshold / 2))));
}

/** Every file parsed once, results in the order of `files`. */
export async function parseAll(root: string, files: readonly string[]): Promise<ParseResult[]> {
	return parseWithThreads(root, files, threadsFor(files.length));
}

/** The same with a given number of threads (1: all on this one). */
export async function parseWithThreads(root: string, files: readonly string[], threads: number): Promise<ParseResult[]> {
	const url = workerUrl();
	if (threads < 2 || url === undefined) return parseHere(root, files);
	// Contiguous shares keep each thread's files together; the main thread takes the first.
	const size = Math.ceil(files.length / threads);
	const shares = Array.from({length: threads}, (_, index) => files.slice(index * size, (index + 1) * size));
	const pending = shares.slice(1).map((share) => runWorker(url, root, share).catch(() => parseHere(root, share)));
	const first = parseHere(root, shares[0] ?? []);
	const rest = await Promise.all(pending);
	return [...first, ...rest.flat()];
}

function runWorker(url: URL, root: string, files: readonly string[]): Promise<ParseResult[]> {
	return new Promise((resolve, reject) => {
		const worker = new Worker(url, {workerData: {root, files}});
		worker.once('message', (text: string) => {
			resolve(decodeResults(text));
			void worker.terminate();
		});
		worker.once('error', reject);
		worker.once('exit', (code) => {
			if (code !== 0) reject(new Error(`parse worker exited with ${code}`));
		});
	});
}
