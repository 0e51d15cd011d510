import {existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';

import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {commit, realFs, type CommitFs} from '../../source/core/commit.js';
import {EduError} from '../../source/core/errors.js';
import {plan} from '../../source/core/plan.js';
import {readSnapshot, type Snapshot} from '../../source/core/project.js';
import type {MakeRequest} from '../../source/core/request.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

function snapshotOf(root: string): Snapshot {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

const ville: MakeRequest = {kind: 'api', name: 'ville'};

describe('commit', () => {
	it('writes every planned file and leaves no temp or lock file behind', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		await commit(planned, snapshot);
		for (const change of planned.changes) {
			expect(readFileSync(path.join(root, change.path), 'utf8')).toBe(change.after);
		}
		const leftovers = [...readdirSync(path.join(root, 'app/Config')), ...readdirSync(path.join(root, 'app/Controller/api'))]
			.filter((name) => name.startsWith('.'));
		expect(leftovers).toEqual([]);
	});

	it('creates missing folders (routes.yaml and views in an almost empty project)', async () => {
		const root = tempProject('empty');
		const snapshot = snapshotOf(root);
		await commit(plan({kind: 'controller', name: 'VilleRead'}, snapshot), snapshot);
		expect(existsSync(path.join(root, 'app/Config/routes.yaml'))).toBe(true);
		expect(existsSync(path.join(root, 'app/Template/ville_read/ville_read.html.twig'))).toBe(true);
	});

	it('re-plans when routes.yaml changed since the snapshot, keeping the other run\'s route', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const routesFile = path.join(root, 'app/Config/routes.yaml');
		const concurrent = `${readFileSync(routesFile, 'utf8')}api_other:\n    uri: /api/other\n    controller: Controller\\api\\OtherController\n    httpMethod: [GET]\n`;
		writeFileSync(routesFile, concurrent);
		await commit(planned, snapshot);
		const text = readFileSync(routesFile, 'utf8');
		expect(text.startsWith(concurrent)).toBe(true);
		expect(text).toContain('api_ville:');
	});

	it('refuses, writing nothing, when another run took the route meanwhile', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const routesFile = path.join(root, 'app/Config/routes.yaml');
		writeFileSync(routesFile, `${readFileSync(routesFile, 'utf8')}api_ville:\n    uri: /api/ville\n    controller: X\n    httpMethod: [GET]\n`);
		const before = snapshotTree(root);
		await expect(commit(planned, snapshot)).rejects.toThrow('Route already exists.');
		expect(snapshotTree(root)).toEqual(before);
	});

	describe('a failure at any step restores the project byte for byte', () => {
		const steps: Array<[string, keyof CommitFs, number]> = [];
		for (const operation of ['mkdirSync', 'writeFileSync', 'fsyncFile', 'renameSync', 'linkSync'] as const) {
			for (const nth of [1, 2, 3]) steps.push([`${operation} #${nth}`, operation, nth]);
		}
		it.each(steps)('%s fails', async (_label, operation, nth) => {
			const root = tempProject('sample');
			const snapshot = snapshotOf(root);
			const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshot);
			const before = snapshotTree(root);
			let calls = 0;
			const failing: CommitFs = {
				...realFs,
				[operation]: (...args: unknown[]) => {
					calls++;
					if (calls === nth) throw Object.assign(new Error('injected failure'), {code: 'EIO'});
					return (realFs[operation] as (...rest: unknown[]) => unknown)(...args);
				},
			};
			const outcome = await commit(planned, snapshot, {fs: failing}).then(() => 'written', (error: unknown) => error);
			if (outcome === 'written') {
				// This step happens fewer than nth times in this plan: the run must simply have succeeded.
				expect(calls).toBeLessThan(nth);
				return;
			}
			expect(outcome).toBeInstanceOf(EduError);
			expect((outcome as EduError).message).toMatch(/^Cannot write the files \(EIO: injected failure\); the project was left as it was\.$/);
			expect(snapshotTree(root)).toEqual(before);
		});
	});

	it('refuses to write through a symlink that leads out of the project', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		mkdirSync(path.join(root, 'app/Template'), {recursive: true});
		symlinkSync(outside, path.join(root, 'app/Template/villeread'));
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'controller', name: 'villeRead'}, snapshot);
		const before = snapshotTree(root);
		await expect(commit(planned, snapshot)).rejects.toThrow(/outside the project/);
		expect(snapshotTree(root)).toEqual(before);
		expect(readdirSync(outside)).toEqual([]);
	});

	it('cleans temp files left by a killed run', async () => {
		const root = tempProject('sample');
		const stale = path.join(root, 'app/Config/.routes.yaml.edu-tmp-999999-abc123');
		writeFileSync(stale, 'half a file');
		const snapshot = snapshotOf(root);
		await commit(plan(ville, snapshot), snapshot);
		expect(existsSync(stale)).toBe(false);
	});
});

