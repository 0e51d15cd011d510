// sinkFor, the one place a dry run is decided: --dry-run's sink reports what would be written and
// writes nothing; without it the file system sink writes.
import path from 'node:path';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {commit} from '../../source/make/commit.js';
import {oneFileChangeset, sinkFor} from '../../source/sink/sink.js';
import {plan} from '../../source/make/plan.js';
import {readSnapshot} from '../../source/make/snapshot.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

function snapshotOf(root: string) {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

describe('sinkFor', () => {
	it.each([['api', 'ville'], ['controller', 'accueil']] as const)('--dry-run: make:%s %s is planned in full, reported as a dry run, and the project is byte-identical', async (kind, name) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const snapshot = snapshotOf(root);
		const planned = plan({kind, name}, snapshot);
		expect(planned.changes.length).toBeGreaterThan(1);
		const sink = sinkFor({dryRun: true});
		expect(sink.mode).toBe('dry-run');
		const result = await commit(planned, snapshot, sink);
		expect(result.mode).toBe('dry-run');
		expect(result.plan.changes).toEqual(planned.changes);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--dry-run: one file (the sink other commands use) is not written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const written = await sinkFor({dryRun: true}).write(oneFileChangeset(root, 'compose.yaml', 'services: {}\n', 'value'));
		expect(written).toEqual({value: 'value', mode: 'dry-run', notes: []});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('without --dry-run: written', async () => {
		const root = tempProject('sample');
		const written = await sinkFor({}).write(oneFileChangeset(root, 'compose.yaml', 'services: {}\n', 'value'));
		expect(written.mode).toBe('write');
		expect(readFileSync(path.join(root, 'compose.yaml'), 'utf8')).toBe('services: {}\n');
	});
});
