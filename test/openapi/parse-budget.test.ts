// Parsing runs in worker threads, each file under a time budget: a file that takes too long is
// reported (`file: could not be parsed in N s`), its worker ended, the other files still read, and
// edu openapi writes nothing. The main thread stays free, so SIGTERM ends a long run at once.
// A few small files are parsed on the main thread first, under the budget too: what it cannot
// finish goes to the workers, so the results are always theirs.
import {execFileSync, spawn} from 'node:child_process';
import {rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {writeOpenApi, GenerateError} from '../../source/openapi/generate.js';
import {parseAll, type ParseResult} from '../../source/php/parse-pool.js';
import {listPhpFiles} from '../../source/php/scan.js';
import {binPath, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const hangingWorker = new URL('./workers/hanging-worker.mjs', import.meta.url);
/** The parse worker edu runs, built beside the bin. */
const builtWorker = pathToFileURL(path.join(path.dirname(binPath), 'parse-worker.js'));
/** Where no worker can start: a run that used one would fail. */
const noWorker = new URL('./workers/no-such-worker.mjs', import.meta.url);

/**
 * A module to preload into the built edu: it writes "parsing" to stderr when a parse worker sends
 * its first message (ready: it is about to parse), the moment to send a signal.
 */
function announceParsing(): string {
	const preload = path.join(tempProject(), 'announce-parsing.cjs');
	writeFileSync(preload, `const threads = require('node:worker_threads');
const {writeSync} = require('node:fs');
if (threads.isMainThread) {
	const Worker = threads.Worker;
	threads.Worker = class extends Worker {
		constructor(...args) {
			super(...args);
			this.once('message', () => writeSync(2, 'parsing\\n'));
		}
	};
}
`);
	return preload;
}

describe('the time budget per file', () => {
	it.each([1, 2])('a file over budget is reported, the files after it still parsed (%i workers)', async (threads) => {
		const files = ['A.php', 'HangOne.php', 'B.php', 'C.php', 'HangTwo.php', 'D.php'];
		// Without the budget the hanging files never end: the results below come only through it.
		const results = await parseAll('/nowhere', files, {threads, budgetMs: 300, workerUrl: hangingWorker});
		expect(results).toEqual(files.map((file) => (file.includes('Hang')
			? {kind: 'syntax-error', site: {file, line: 0, col: 0}, message: 'could not be parsed in 0.3 s'}
			: {file, classes: [], constants: []})));
	});

	it('a few small files are parsed on the main thread, each result the worker\'s own', async () => {
		for (const fixture of ['openapi/mock-api', 'openapi/realistic', 'openapi/syntax-error', 'openapi/warnings', 'drift/php-error', 'drift/clash']) {
			const root = tempProject(fixture);
			const files = [...listPhpFiles(root) ?? [], 'app/Controller/HomeController.php', 'app/Controller/Missing.php'];
			const here = await parseAll(root, files, {workerUrl: noWorker, onThisThreadBytes: 1024 * 1024});
			expect(here, fixture).toEqual(await parseAll(root, files, {workerUrl: builtWorker}));
		}
	});

	it('on the main thread, a file still parsing when the budget runs out goes to the workers with the rest: the workers\' results', async () => {
		const files = ['A.php', 'B.php', 'HangOne.php', 'C.php', 'HangTwo.php', 'D.php'];
		const seen: string[] = [];
		const parseHere = (_root: string, file: string): ParseResult => {
			seen.push(file);
			if (file.includes('Hang')) for (;;);
			return {file, classes: [], constants: []} as unknown as ParseResult;
		};
		const results = await parseAll('/nowhere', files, {budgetMs: 300, workerUrl: hangingWorker, onThisThreadBytes: 1024, parseHere});
		expect(seen).toEqual(['A.php', 'B.php', 'HangOne.php']);
		expect(results).toEqual(files.map((file) => (file.includes('Hang')
			? {kind: 'syntax-error', site: {file, line: 0, col: 0}, message: 'could not be parsed in 0.3 s'}
			: {file, classes: [], constants: []})));
	});

	it('on the main thread, a parse that throws (a stack too small for the file) goes to the workers with the rest', async () => {
		const files = ['A.php', 'Deep.php', 'B.php'];
		const parseHere = (_root: string, file: string): ParseResult => {
			if (file === 'Deep.php') throw new RangeError('Maximum call stack size exceeded');
			return {file, classes: [], constants: []} as unknown as ParseResult;
		};
		const results = await parseAll('/nowhere', files, {workerUrl: hangingWorker, onThisThreadBytes: 1024, parseHere});
		expect(results).toEqual(files.map((file) => ({file, classes: [], constants: []})));
	});

	it('edu openapi: exit 1 naming the file, nothing written', async () => {
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'app/Controller/api/HangController.php'), '<?php\n');
		const before = snapshotTree(root);
		const run = writeOpenApi({root, write: true, parse: {budgetMs: 300, workerUrl: hangingWorker}});
		await expect(run).rejects.toThrow(GenerateError);
		await expect(run).rejects.toThrow('app/Controller/api/HangController.php: could not be parsed in 0.3 s\npublic/openapi.yaml was not written.');
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('signals during a long run', () => {
	it.each(['SIGTERM', 'SIGINT'] as const)('%s ends edu openapi (write mode) while a worker parses, nothing written', async (signal) => {
		const root = tempProject('openapi/project');
		// Each about a second of parsing.
		const constants = Array.from({length: 40_000}, (_, index) => `    const C${index} = ${index};`).join('\n');
		for (let index = 0; index < 6; index++) {
			writeFileSync(path.join(root, `app/Controller/api/Big${index}.php`), `<?php\nnamespace Controller\\api;\nclass Big${index} {\n${constants}\n}\n`);
		}
		const before = snapshotTree(root);
		const child = spawn(process.execPath, [binPath, 'openapi'], {cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, NODE_OPTIONS: `--require ${announceParsing()}`}});
		const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) => child.once('exit', (code, stopped) => resolve({code, signal: stopped})));
		let stderr = '';
		await new Promise<void>((resolve, reject) => {
			child.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString();
				if (stderr.includes('parsing\n')) resolve();
			});
			child.once('exit', () => reject(new Error(`edu openapi ended before its worker parsed: ${stderr}`)));
		});
		child.kill(signal);
		// Stopped by the signal (killed by it, or exiting with 128 + its number), not a run gone on to the end.
		const {code, signal: stopped} = await exited;
		expect(stopped ?? ({130: 'SIGINT', 143: 'SIGTERM'} as Record<number, string>)[code ?? 0] ?? `exit code ${code}`).toBe(signal);
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('controller files that are not regular files', () => {
	it('a FIFO and a link to /dev/zero: reported by edu routes --check at once, never read', async () => {
		const root = tempProject('openapi/project');
		const fifo = path.join(root, 'app/Controller/api/VilleController.php');
		const device = path.join(root, 'app/Controller/api/VilleByIdController.php');
		rmSync(fifo);
		rmSync(device);
		execFileSync('mkfifo', [fifo]);
		symlinkSync('/dev/zero', device);
		// The built binary, under a time-out: a read of the FIFO would block forever, in this process too.
		const result = await runEdu(['routes', '--check'], {cwd: root, timeout: 20_000});
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toContain('app/Controller/api/VilleController.php:1:1: cannot be read (not a regular file: a FIFO)');
		expect(result.stdout).toContain('app/Controller/api/VilleByIdController.php:1:1: cannot be read (not a regular file: a device)');
	});
});
