// Fuzzing the PHP reading of edu openapi and edu routes --check: realistic controllers (and every
// attribute form of fixtures/openapi/forms) cut at every byte offset, plus seeded random damage
// (byte flips, deleted brackets, NUL bytes, bytes that are not UTF-8). Every case goes through
// the worker pool under a time budget, then the document builder and the route check: each ends
// within its budget with a result or a located syntax error, never an exception or a timeout.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {parseRoutes, type RoutesFile} from '../../source/project/routes-yaml/routes.js';
import {buildDocument} from '../../source/openapi/document/build-document.js';
import {parseAll, type ParseResult} from '../../source/php/parse-pool.js';
import {checkRoutes} from '../../source/routes/drift.js';
import {hasPhp, phpLint} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, repoRoot, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {execFileSync} from 'node:child_process';
import {readPhpFile} from '../../source/php/php-file.js';
import {symlinkSync} from 'node:fs';

const bundledWorker = pathToFileURL(path.join(repoRoot, 'dist', 'bin', 'parse-worker.js'));
const budgetMs = 2000;

const seeds = [
	'openapi/realistic/app/Controller/api/Commune/CommuneController.php',
	'openapi/realistic/app/Controller/api/openapi.php',
	'openapi/forms/app/Controller/api/VilleController.php',
	'openapi/forms/app/Controller/api/VilleByIdController.php',
	'openapi/forms/app/Controller/api/openapi.php',
	'openapi/forms/app/Controller/api/Schema/Ville.php',
].map((relative) => ({relative, bytes: readFileSync(path.join(fixturesDir, relative))}));

/** mulberry32: the same damage on every run. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let value = Math.imul(state ^ (state >>> 15), 1 | state);
		value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
		return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
	};
}

type Damage = (bytes: Buffer, next: () => number) => Buffer;
const at = (bytes: Buffer, next: () => number): number => Math.floor(next() * bytes.length);
const insert = (bytes: Buffer, offset: number, inserted: number[]): Buffer => Buffer.concat([bytes.subarray(0, offset), Buffer.from(inserted), bytes.subarray(offset)]);
const damages: Record<string, Damage> = {
	'byte flip': (bytes, next) => {
		const copy = Buffer.from(bytes);
		copy[at(bytes, next)] = Math.floor(next() * 256);
		return copy;
	},
	'bracket deleted': (bytes, next) => {
		const brackets = [...bytes.entries()].filter(([, byte]) => '()[]{}'.includes(String.fromCharCode(byte))).map(([offset]) => offset);
		const offset = brackets[Math.floor(next() * brackets.length)]!;
		return Buffer.concat([bytes.subarray(0, offset), bytes.subarray(offset + 1)]);
	},
	'NUL byte': (bytes, next) => insert(bytes, at(bytes, next), [0]),
	'not UTF-8': (bytes, next) => insert(bytes, at(bytes, next), [[0xff], [0xc3], [0xe2, 0x82], [0xc0, 0xaf]][Math.floor(next() * 4)]!),
	'three of them': (bytes, next) => {
		let damaged = bytes;
		for (let count = 0; count < 3; count++) damaged = Object.values(damages)[Math.floor(next() * 4)]!(damaged, next);
		return damaged;
	},
};

interface Case {
	readonly name: string;
	readonly bytes: Buffer;
}

function truncations(): Case[] {
	return seeds.flatMap(({relative, bytes}) => Array.from({length: bytes.length + 1}, (_, offset) => ({name: `${relative} cut at ${offset}`, bytes: bytes.subarray(0, offset)})));
}

function mutations(perKind: number): Case[] {
	const next = random(20_261_123);
	return seeds.flatMap(({relative, bytes}) => Object.entries(damages).flatMap(([kind, damage]) =>
		Array.from({length: perKind}, (_, index) => ({name: `${relative}: ${kind} #${index}`, bytes: damage(bytes, next)}))));
}

const parsedRoutes = parseRoutes(readFileSync(path.join(fixturesDir, 'openapi/realistic/app/Config/routes.yaml'), 'utf8'));
if ('code' in parsedRoutes) throw new Error(parsedRoutes.message);
const routes: RoutesFile = parsedRoutes;

// Some ten thousand small files: in memory where the system offers it.
const scratch = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'edu-fuzz-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** Every case as a file of one project, read as edu openapi and edu routes --check read them. */
async function read(cases: readonly Case[]): Promise<Array<{name: string; outcome: string}>> {
	const root = mkdtempSync(path.join(scratch, 'project-'));
	const folder = path.join(root, 'app/Controller/api');
	mkdirSync(folder, {recursive: true});
	const files = cases.map((_, index) => `app/Controller/api/Case${index}.php`);
	cases.forEach((entry, index) => writeFileSync(path.join(root, files[index]!), entry.bytes));
	const results = await parseAll(root, files, {threads: 2, budgetMs, workerUrl: bundledWorker});
	return results.map((result, index) => ({name: cases[index]!.name, outcome: judge(result)}));
}

/** 'result' or 'syntax error' when the case ended as it should; otherwise what went wrong. */
function judge(result: ParseResult): string {
	if ('kind' in result) {
		const {site, message} = result;
		if (site.line < 1 || site.col < 1) return `not located: ${message}`;
		if (/^cannot be parsed \(/.test(message)) return `exception in php-parser: ${message}`;
		return 'syntax error';
	}
	try {
		const built = buildDocument([result]);
		checkRoutes({routes, operations: built.operations, errors: built.diagnostics.errors, readPhp: () => result, caseVariant: () => undefined});
		return 'result';
	} catch (error) {
		return `exception: ${(error as Error).stack ?? String(error)}`;
	}
}

function failures(outcomes: ReadonlyArray<{name: string; outcome: string}>): string[] {
	return outcomes.filter(({outcome}) => outcome !== 'result' && outcome !== 'syntax error').map(({name, outcome}) => `${name}: ${outcome}`);
}

function count(outcomes: ReadonlyArray<{outcome: string}>, outcome: string): number {
	return outcomes.filter((entry) => entry.outcome === outcome).length;
}

describe('fuzzing the PHP reading', () => {
	it('every byte offset of each seed: a result or a located syntax error, within the budget', async () => {
		const cases = truncations();
		expect(cases.length).toBeGreaterThan(8000);
		const outcomes = await read(cases);
		expect(failures(outcomes)).toEqual([]);
		// Cut at a statement boundary a file can still be complete PHP.
		expect(count(outcomes, 'result')).toBeGreaterThan(10);
		expect(count(outcomes, 'syntax error')).toBeGreaterThan(cases.length * 0.9);
	}, 60_000);

	it('seeded damage: byte flips, deleted brackets, NUL and non-UTF-8 bytes', async () => {
		const cases = mutations(60);
		const outcomes = await read(cases);
		expect(failures(outcomes)).toEqual([]);
		// Some damage leaves valid PHP (a flipped letter in a string), most does not.
		expect(count(outcomes, 'result')).toBeGreaterThan(20);
		expect(count(outcomes, 'syntax error')).toBeGreaterThan(cases.length / 2);
	}, 60_000);

	it('edu openapi on damaged files: exit 1 at once, one located line per file, nothing written', async () => {
		const root = tempProject('openapi/realistic');
		const [realistic] = seeds;
		const damaged = [...truncations().filter((_, index) => index % 97 === 1).slice(0, 40), ...mutations(2).slice(0, 20)];
		damaged.forEach((entry, index) => writeFileSync(path.join(root, `app/Controller/api/Damaged${index}.php`), entry.bytes));
		writeFileSync(path.join(root, 'app/Controller/api/Cut.php'), realistic!.bytes.subarray(0, realistic!.bytes.indexOf('#[OA\\Post(') + 10));
		const before = snapshotTree(root);
		// The built binary: its parse workers, each file under the default budget; a file that ran
		// out of it would be reported "could not be parsed in 10 s", with no line and column.
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(1);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines.at(-1)).toBe('public/openapi.yaml was not written.');
		for (const line of lines.slice(0, -1)) expect(line).toMatch(/^app\/Controller\/api\/[\w/]+\.php:\d+:\d+: \S/);
		expect(lines).toContain('app/Controller/api/Cut.php:43:15: syntax error, unexpected end of file');
		expect(snapshotTree(root)).toEqual(before);
	});
});

/** A controller whose Get attribute carries `args`, after `before` (enums, constants). */
const controller = (args: string, before = ''): string => `<?php
namespace Controller\\api;
use OpenApi\\Attributes as OA;
${before}
class CaseController
{
    #[OA\\Get(path: '/api/case', ${args})]
    #[OA\\Response(response: '200', description: 'ok')]
    public function execute(): ?string { return null; }
}
`;

// Each case judged by real `php -l` (PHP 8.2): edu's parse says "syntax error" exactly when PHP does.
const phpCorpus: Array<[string, string]> = [
	['a named argument spelled \\foo', controller("summary: 'a',\\foo: 'b'")],
	['a named argument spelled \\A\\b', controller("\\A\\b: 'b'")],
	['a named argument spelled \\foo with spaces', controller("summary: 'a', \\foo : 'b'")],
	['a plain named argument', controller("summary: 'a', description: 'b'")],
	['a keyword as a named argument', controller("summary: 'a', class: 'b'")],
	['a backed enum case ->value', controller('summary: E::A->value', "enum E: string { case A = 'a'; }")],
	['a backed enum case ?->value', controller('summary: E::A?->value', "enum E: string { case A = 'a'; }")],
	['an enum case ->name', controller('summary: P::Q->name', 'enum P { case Q; }')],
	['a class constant of an enum case value', controller('summary: K::V', "enum E: string { case A = 'a'; }\nclass K { const V = E::A->value; }")],
	['a static call in an argument', controller("summary: \\strtoupper('a')")],
	// The namespace must be PHP's first statement: text before <?php counts (a Windows editor's byte order mark).
	['a byte order mark before <?php', `\uFEFF${controller("summary: 'a'")}`],
	['a blank line before <?php', `\n${controller("summary: 'a'")}`],
	['a shebang line before <?php', `#!/usr/bin/env php\n${controller("summary: 'a'")}`],
	['declare() before the namespace', controller("summary: 'a'").replace('<?php\n', '<?php\ndeclare(strict_types=1);\n')],
	['a statement before the namespace', controller("summary: 'a'").replace('<?php\n', '<?php\necho 1;\n')],
];

describe.skipIf(!hasPhp)('edu reads PHP as php -l does', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-php-corpus-'));
	afterAll(() => rmSync(folder, {recursive: true, force: true}));
	it.each(phpCorpus)('%s', async (label, text) => {
		const file = path.join(folder, `${label.replaceAll(/\W+/g, '-')}.php`);
		writeFileSync(file, text);
		let phpSays: 'ok' | 'refused';
		try {
			phpLint(file);
			phpSays = 'ok';
		} catch {
			phpSays = 'refused';
		}
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'app/Controller/api/CaseController.php'), text);
		const result = await runMain(['openapi', '--stdout'], {cwd: root});
		expect(result.exitCode === 0 ? 'ok' : 'refused', result.stderr).toBe(phpSays);
		if (result.exitCode !== 0) expect(result.stderr).toMatch(/^app\/Controller\/api\/CaseController\.php:\d+:\d+: /);
		// A parse error is a parse error in edu too, not a warning or a refusal of a value.
		if (/\\\w+ ?:/.test(label)) expect(readPhpFile(text, 'x.php')).toHaveProperty('kind', 'syntax-error');
	});

	it('what PHP 8.2 evaluates from an enum case, edu documents the same', async () => {
		const enums = "enum E: string { case A = 'a' . 'b'; }\nenum P { case Q; }";
		const text = controller("summary: E::A->value, description: P::Q->name, operationId: E::A?->value . '-' . E::A->name", enums);
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'app/Controller/api/CaseController.php'), text);
		const script = `${text.replace(/^<\?php/, '').replace(/#\[[^\n]*\]/g, '')}\necho json_encode([E::A->value, P::Q->name, E::A?->value . '-' . E::A->name]);`;
		const [summary, description, operationId] = JSON.parse(execFileSync('php', ['-r', script], {encoding: 'utf8'})) as string[];
		const result = await runMain(['openapi', '--json', '--stdout'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		const operation = (JSON.parse(result.stdout) as {document: {paths: Record<string, {get: Record<string, unknown>}>}}).document.paths['/api/case']!.get;
		expect(operation).toMatchObject({summary, description, operationId});
	});
});

describe('non-regular *.php files under app/Controller/api', () => {
	it('a FIFO, a link to /dev/zero and a dangling link: edu openapi reports each as routes --check does, at once, nothing written', async () => {
		const root = tempProject('openapi/project');
		const api = path.join(root, 'app/Controller/api');
		execFileSync('mkfifo', [path.join(api, 'Fifo.php')]);
		symlinkSync('/dev/zero', path.join(api, 'Zero.php'));
		symlinkSync('nowhere', path.join(api, 'Gone.php'));
		// Not snapshotTree: reading the FIFO or /dev/zero would never end. The built binary, under a
		// time-out: in this process such a read would block the test run itself.
		const routes = readFileSync(path.join(root, 'app/Config/routes.yaml'));
		const expected = [
			'app/Controller/api/Fifo.php:1:1: cannot be read (not a regular file: a FIFO)',
			'app/Controller/api/Gone.php:1:1: cannot be read (ENOENT)',
			'app/Controller/api/Zero.php:1:1: cannot be read (not a regular file: a device)',
		];
		const openapi = await runEdu(['openapi'], {cwd: root, timeout: 10_000});
		expect(openapi.exitCode).toBe(1);
		expect(openapi.stderr.trimEnd().split('\n')).toEqual([...expected, 'public/openapi.yaml was not written.']);
		const check = await runEdu(['routes', '--check'], {cwd: root, timeout: 10_000});
		expect(check.exitCode).toBe(1);
		for (const line of expected) expect(check.stdout).toContain(`  ${line}`);
		expect(readFileSync(path.join(root, 'app/Config/routes.yaml'))).toEqual(routes);
		expect(existsSync(path.join(root, 'public/openapi.yaml'))).toBe(false);
	});
});
