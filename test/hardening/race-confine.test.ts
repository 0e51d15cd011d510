// The symlink-swap race on the folder that holds routes.yaml, its lock, the lock's temp files and
// the journal: a shell swaps app/Config for a link to a folder outside the project and back, as
// fast as it can, while make:api runs. In 100 tries no file of any kind (lock, temp, journal,
// routes) is left outside, and none that shows up there holds a byte: each is created empty,
// located through its descriptor and removed at once when it landed outside (Node has no openat,
// so the empty file's brief existence is the price), before anything is written to it.
import {existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, watch} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {startSwapper} from '../helpers/swapper.js';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

const tries = 100;

describe.skipIf(process.platform !== 'linux')('app/Config swapped for a link to outside while make:api runs', () => {
	it(`leaves zero files outside the project in ${tries} tries`, async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		const config = path.join(root, 'app/Config');
		const leaked: string[] = [];
		const look = (name: string): void => {
			try {
				const text = readFileSync(path.join(outside, name), 'utf8');
				if (text !== '') leaked.push(`${name}: ${text.slice(0, 200)}`);
			} catch {
				// Gone already.
			}
		};
		const watcher = watch(outside, (_event, name) => name && look(name));
		const left: string[] = [];
		const codes = new Map<number, number>();
		try {
			for (let round = 0; round < tries; round++) {
				symlinkSync(outside, `${config}.link`);
				const swapper = startSwapper(config);
				const run = await runMain(['make:api', `Race${round}`, '--yes'], {cwd: root});
				await swapper.stop();
				for (const link of [config, `${config}.link`]) {
					if (lstatSync(link, {throwIfNoEntry: false})?.isSymbolicLink()) unlinkSync(link);
				}
				if (existsSync(`${config}.real`)) {
					if (existsSync(config)) rmSync(config, {recursive: true});
					renameSync(`${config}.real`, config);
				}
				codes.set(run.exitCode ?? -1, (codes.get(run.exitCode ?? -1) ?? 0) + 1);
				expect([0, 1], run.stderr).toContain(run.exitCode);
				expect(run.stderr).not.toMatch(/\n\s+at /);
				for (const name of readdirSync(outside)) {
					look(name);
					left.push(name);
					rmSync(path.join(outside, name), {force: true});
				}
			}
		} finally {
			watcher.close();
		}
		expect(left).toEqual([]);
		expect(leaked).toEqual([]);
	}, 300_000);
});
