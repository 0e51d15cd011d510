// Fault injection on the writer every command uses (make:*, openapi, mock:persist, mock:token):
// whatever cleanup step fails (unlink of a temp file, of the lock or of the journal's aside copy,
// rmdir of a new folder, reading the lock back), nothing is left without a word. Every leftover
// is named in the error or the notes with the command that removes it, and running that command
// leaves exactly what the run meant to leave (the project as it was, or as written).
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {commit} from '../../source/make/commit.js';
import type {Changeset} from '../../source/sink/file-change.js';
import {plan} from '../../source/make/plan.js';
import {readSnapshot} from '../../source/make/snapshot.js';
import {fileSystemSink} from '../../source/sink/fs.js';
import {processHost, realFs, type SinkFs} from '../../source/sink/host.js';
import {oneFileChangeset} from '../../source/sink/sink.js';
import {failingFs, type Fault} from '../helpers/failing-fs.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

/** What each command hands the writer, on a fresh copy of its fixture. */
const commands: Record<string, {fixture: string; write: (root: string, fs: SinkFs) => Promise<readonly string[]>}> = {
	'make:api': {
		fixture: 'sample',
		async write(root, fs) {
			const snapshot = readSnapshot(root);
			if ('code' in snapshot) throw new Error(snapshot.message);
			return (await commit(plan({kind: 'api', name: 'ville'}, snapshot), snapshot, fileSystemSink({host: {...processHost, fs}}))).notes;
		},
	},
	openapi: {
		fixture: 'openapi/project',
		write: async (root, fs) => (await fileSystemSink({host: {...processHost, fs}}).write(oneFileChangeset(root, 'public/openapi.yaml', 'openapi: 3.0.0\n', undefined))).notes,
	},
	'mock:persist': {
		fixture: 'compose/comments',
		async write(root, fs) {
			const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
			const changeset: Changeset<undefined> = {root, changes: [{path: 'compose.yaml', action: 'modify', before: compose, after: `${compose}# changed\n`}], folders: ['var/api'], lock: 'compose.yaml', value: undefined};
			return (await fileSystemSink({host: {...processHost, fs}}).write(changeset)).notes;
		},
	},
	'mock:token': {
		fixture: 'empty',
		write: async (root, fs) => (await fileSystemSink({host: {...processHost, fs}}).write(oneFileChangeset(root, 'var/api/configDataset.json', '{"token": {}}\n', undefined, {mode: 0o644}))).notes,
	},
};

const cleanups: Fault[] = [];
for (const operation of ['unlink', 'rmdir', 'read'] as const) {
	for (const nth of [0, 1, 2, 3, 4]) cleanups.push([operation, nth, 'EIO']);
}
const primaries: Array<Fault | undefined> = [undefined, ['write', 1, 'ENOSPC'], ['write', 2, 'ENOSPC'], ['rename', 1, 'EIO'], ['link', 2, 'EIO'], ['fsync', 2, 'EIO']];

describe.each(Object.keys(commands))('%s: zero unreported leftovers', (name) => {
	const command = commands[name]!;
	const cases = primaries.flatMap((primary) => cleanups.map((cleanup) => [primary ? `${primary[0]} #${primary[1]}` : 'no failure', `${cleanup[0]} ${cleanup[1] === 0 ? 'always' : `#${cleanup[1]}`}`, primary, cleanup] as const));
	it.each(cases)('%s, then %s fails', async (_primary, _cleanup, primary, cleanup) => {
		// What a clean run leaves: the goal after a successful run.
		const clean = tempProject(command.fixture);
		await command.write(clean, realFs);
		const written = snapshotTree(clean);

		const root = tempProject(command.fixture);
		const before = snapshotTree(root);
		let said: string;
		let succeeded: boolean;
		try {
			said = (await command.write(root, failingFs(primary ? [primary, cleanup] : [cleanup]))).join('\n');
			succeeded = true;
		} catch (error) {
			said = (error as Error).message;
			succeeded = false;
			expect(error, said).toHaveProperty('code');
		}
		const goal = succeeded ? written : before;
		const after = snapshotTree(root);
		const extra = Object.keys(after).filter((file) => !(file in goal));
		for (const file of extra) expect(said, `${file} left without a word`).toContain(file.replace(/\/$/, ''));
		const removal = /by hand: (rm -f -- .*?|rmdir -- .*?)\.(?:\n|$)/.exec(said)?.[1];
		if (extra.length > 0) expect(removal, said).toBeDefined();
		if (removal !== undefined) execFileSync('sh', ['-c', removal]);
		const files = (tree: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(tree).filter(([file]) => !file.endsWith('/')));
		expect(files(snapshotTree(root)), said).toEqual(files(goal));
	});
});

describe('a --json report names what was left, as the text does', () => {
	// The lock cannot be removed: the run is done, and says so with the command that removes it.
	const sink = () => fileSystemSink({host: {...processHost, fs: failingFs([['unlink', 0, 'EIO']])}});
	const expectNamed = (outcome: {json: object; warnings?: readonly string[]}): void => {
		const {notes} = outcome.json as {notes?: string[]};
		expect(notes).toHaveLength(1);
		expect(notes![0]).toMatch(/^Written, but could not remove .*the lock app\/Config\/\.\w+\.yaml\.edu-lock \(EIO\): remove (?:it|them) by hand: rm -f -- \S+/);
		expect(outcome.warnings).toContain(notes![0]);
	};

	it('make:api', async () => {
		const {generateFromRequest} = await import('../../source/cli/commands/make/generate.js');
		expectNamed(await generateFromRequest({kind: 'api', name: 'ville'}, {root: tempProject('sample')}, sink()));
	});

	it('make:command', async () => {
		const {writeCommand} = await import('../../source/present/command-report.js');
		const {readCommandSnapshot} = await import('../../source/make/command/command-project.js');
		expectNamed(await writeCommand('generate', readCommandSnapshot(tempProject('skeleton')), sink()));
	});

	it('nothing left, no notes', async () => {
		const {generateFromRequest} = await import('../../source/cli/commands/make/generate.js');
		expect((await generateFromRequest({kind: 'api', name: 'ville'}, {root: tempProject('sample')}, fileSystemSink())).json).not.toHaveProperty('notes');
	});
});
