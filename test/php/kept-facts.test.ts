// What a small project's PHP files said is kept between runs (io.kept): a file whose bytes did not
// change is not parsed again, and a file that changed, appeared or went away is read as it is now.
// The kept text here is an in-memory map, as the bin's files in the user's cache folder are.
import {execFileSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {KeptText} from '../../source/base/io.js';
import {encodeResults} from '../../source/php/facts-json.js';
import {parseAll, type ParseResult} from '../../source/php/parse-pool.js';
import {routesCheck} from '../../source/doctor/project-checks.js';
import {inspectRoutes} from '../../source/routes/report.js';
import {tempProject} from '../helpers/temp-project.js';

const hello = 'app/Controller/api/HelloController.php';
const files = [hello, 'app/Controller/api/openapi.php', 'app/Controller/HomeController.php'];

function memory(): KeptText & {readonly texts: Map<string, string>; writes: number} {
	const texts = new Map<string, string>();
	const kept = {
		texts,
		writes: 0,
		read: (key: string) => texts.get(key),
		write(key: string, text: string) {
			kept.writes++;
			texts.set(key, text);
		},
	};
	return kept;
}

/** The paths of a file's operation attributes (`#[Attributes\Get(path: …)]`), as parsed. */
function paths(result: ParseResult | undefined): string[] {
	if (result === undefined || 'kind' in result) return [];
	return result.classes.flatMap((entry) => entry.methods.flatMap((method) => method.attributes.flatMap((attribute) => attribute.args.map((argument) => JSON.stringify(argument)).filter((text) => text.includes('/api/')))));
}

const options = {workerUrl: undefined};

/** Results as every consumer of a worker's gets them (a syntax node keeps where it starts). */
const read = (results: readonly ParseResult[]): string => encodeResults(results);

describe('parseAll with kept text', () => {
	it('gives what a parse gives, keeps it once, and does not write again when nothing changed', async () => {
		const root = tempProject('sample');
		const kept = memory();
		const fresh = read(await parseAll(root, files, options));
		expect(read(await parseAll(root, files, {...options, kept}))).toBe(fresh);
		expect(kept.writes).toBe(1);
		expect(read(await parseAll(root, files, {...options, kept}))).toBe(fresh);
		expect(kept.writes).toBe(1);
	});

	it('serves an unchanged file from what was kept (not parsed again)', async () => {
		const root = tempProject('sample');
		const kept = memory();
		await parseAll(root, files, {...options, kept});
		// What was kept says another path: an unchanged file is answered from it.
		const [key, text] = [...kept.texts][0]!;
		kept.texts.set(key, text.replaceAll('/api/hello', '/api/kept'));
		const [result] = await parseAll(root, [hello], {...options, kept});
		expect(paths(result).join()).toContain('/api/kept');
	});

	it('reads a file that changed since as it is now, and keeps that', async () => {
		const root = tempProject('sample');
		const kept = memory();
		await parseAll(root, files, {...options, kept});
		const file = path.join(root, hello);
		writeFileSync(file, readFileSync(file, 'utf8').replace('/api/hello', '/api/salut'));
		const [now] = await parseAll(root, [hello], {...options, kept});
		expect(paths(now).join()).toContain('/api/salut');
		expect(paths(now).join()).not.toContain('/api/hello');
		expect(kept.writes).toBe(2);
		const [again] = await parseAll(root, [hello], {...options, kept});
		expect(read([again!])).toBe(read([now!]));
		expect(kept.writes).toBe(2);
	});

	it('keeps what another command read (openapi reads api/, routes every controller), and forgets a file removed since', async () => {
		const root = tempProject('sample');
		const kept = memory();
		await parseAll(root, files, {...options, kept});
		await parseAll(root, files.slice(0, 2), {...options, kept});
		expect(kept.writes).toBe(1);
		rmSync(path.join(root, files[2]!));
		await parseAll(root, files.slice(0, 2), {...options, kept});
		expect(kept.writes).toBe(2);
		expect([...kept.texts.values()][0]).not.toContain('HomeController');
	});

	it('ignores kept text it cannot read, or kept for another project, and parses', async () => {
		const root = tempProject('sample');
		const fresh = read(await parseAll(root, files, options));
		for (const text of ['{not json', JSON.stringify({root: '/elsewhere', files: [[hello, 'x']], results: '[]'}), JSON.stringify({root, files: [[hello, 'x']], results: '[1,2]'})]) {
			const kept = memory();
			kept.read = () => text;
			expect(read(await parseAll(root, files, {...options, kept}))).toBe(fresh);
		}
	});

	it('a file that cannot be read is said so every run, and nothing of it is kept', async () => {
		const root = tempProject('sample');
		const kept = memory();
		rmSync(path.join(root, hello));
		execFileSync('mkfifo', [path.join(root, hello)]);
		const [first] = await parseAll(root, [hello], {...options, kept});
		expect(first).toMatchObject({kind: 'syntax-error', message: 'cannot be read (not a regular file: a FIFO)'});
		expect(kept.writes).toBe(0);
	});

	it('edu routes, through inspectRoutes, reports a controller changed since the last run', async () => {
		const root = tempProject('sample');
		const kept = memory();
		expect((await inspectRoutes(root, {...options, kept})).rows.every((row) => row.problems.length === 0)).toBe(true);
		const file = path.join(root, hello);
		writeFileSync(file, readFileSync(file, 'utf8').replace("path: '/api/hello'", "path: '/api/salut'"));
		const rows = (await inspectRoutes(root, {...options, kept})).rows;
		expect(rows.some((row) => row.problems.length > 0)).toBe(true);
	});

	it('edu doctor\'s routes check keeps what it read too, and sees a controller changed since', async () => {
		const root = tempProject('sample');
		const kept = memory();
		expect(await routesCheck(root, kept)).toMatchObject({status: 'ok'});
		expect(kept.writes).toBe(1);
		const file = path.join(root, hello);
		writeFileSync(file, readFileSync(file, 'utf8').replace("path: '/api/hello'", "path: '/api/salut'"));
		expect((await routesCheck(root, kept)).status).not.toBe('ok');
	});
});
