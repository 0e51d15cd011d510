// The full-screen wizard waiting for another edu run's lock: after a second it says whose run
// it waits for and for how long (what the CLI and the plain prompts say on stderr), on its own
// screen instead of a bare "Writing…"; once the lock is free it writes.
import {existsSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {fileSystemSink} from '../../source/sink/fs.js';
import {processHost} from '../../source/sink/host.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard, type Harness} from './wizard-harness.js';

afterEach(cleanupWizards);

const waitLine = (file: string): string => `Waiting for another edu run (pid ${process.pid}) to finish writing ${file}: edu waits up to 30 s, Ctrl+C stops it.`;

/** The frame's text with the lines the terminal's width wrapped joined again. */
const unwrapped = (frame: string): string => frame.split('\n').map((line) => line.trim()).join(' ');

/** `Ville` typed, then Enter through the template and route screens to the review. */
async function toReview(wizard: Harness): Promise<void> {
	await wizard.press('Ville', (frame) => frame.includes('Controller name: Ville'));
	await wizard.press(keys.enter, (frame) => frame.includes('Template'));
	await wizard.press(keys.enter, (frame) => frame.includes('Route'));
	await wizard.press(keys.enter, (frame) => frame.includes('Review'));
}

/** The kind screen's "Console command", `generate` typed, Enter to its review, and Enter to write it. */
async function writeCommand(wizard: Harness): Promise<void> {
	await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
	await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
	await wizard.press('generate', (frame) => frame.includes('GenerateCommand'));
	await wizard.press(keys.enter, (frame) => frame.includes('Review · step'));
	await wizard.press(keys.enter);
}

/**
 * The file-system sink, telling how many of its pauses between tries for the lock are running:
 * once the wizard has quit, none is, so no try comes later to write anything.
 */
function watchedSink(options: Parameters<typeof fileSystemSink>[0] = {}): {sink: ReturnType<typeof fileSystemSink>; pausing: () => number} {
	let pausing = 0;
	const host = {...processHost, async sleep(ms: number) {
		pausing++;
		try {
			await processHost.sleep(ms);
		} finally {
			pausing--;
		}
	}};
	return {sink: fileSystemSink({...options, host}), pausing: () => pausing};
}

/** The other run's lock is its own: left as it was. Its wait over, nothing is written once the lock is gone either. */
function expectNothingWritten(root: string, lock: string, before: Record<string, string>, pausing: () => number): void {
	expect(existsSync(lock)).toBe(true);
	expect(pausing()).toBe(0);
	rmSync(lock);
	expect(snapshotTree(root)).toEqual(before);
}

describe('the wizard waiting for another run\'s lock', () => {
	test('the review says whose run it waits for, then writes when the lock is free', async () => {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		// This test process holds the lock, as another edu run would.
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const wizard = await renderWizard(root, {kind: 'api'});
		await toReview(wizard);
		expect(await wizard.press(keys.enter, (frame) => frame.includes('Writing…'))).not.toContain('Waiting for');
		const waiting = await wizard.waitFor((frame) => unwrapped(frame).includes(waitLine('app/Config/routes.yaml')), 'the wait line');
		expect(waiting).not.toContain('Writing…');
		// Only Ctrl+C counts while it writes, and the footer says so.
		expect(waiting).toContain('Ctrl+C quit');
		expect(waiting).not.toContain('Enter write the files');
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(false);
		rmSync(lock);
		await wizard.waitFor((frame) => frame.includes('Controller and route successfully generated'), 'the written files');
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(true);
	});

	test('a lock held longer than the wait: the refusal, then Enter tries again without it', async () => {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const wizard = await renderWizard(root, {kind: 'api', sink: fileSystemSink({lockWaitMs: 200})});
		await toReview(wizard);
		await wizard.press(keys.enter, (frame) => frame.includes('Cannot lock'));
		const again = await wizard.press(keys.enter, (frame) => frame.includes('Writing…'));
		expect(again).not.toContain('Cannot lock');
		rmSync(lock);
		await wizard.waitFor((frame) => frame.includes('Controller and route successfully generated'), 'the written files');
	});

	test('SIGTERM while it waits (heard by the sink, not read as a key) stops the write and quits too', async () => {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		const before = snapshotTree(root);
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		// The sink's own subscription to signals, as io.onSignal gives it in the program.
		let signal: ((stop: 'SIGINT' | 'SIGTERM') => void) | undefined;
		const {sink, pausing} = watchedSink({onSignal: (handler) => {
			signal = handler;
			return () => {
				signal = undefined;
			};
		}});
		const wizard = await renderWizard(root, {kind: 'api', sink});
		await toReview(wizard);
		await wizard.press(keys.enter, (frame) => frame.includes('Writing…'));
		expect(signal).toBeDefined();
		signal?.('SIGTERM');
		expect(await wizard.exited).toEqual({status: 'cancelled'});
		expect(wizard.exitError()).toMatchObject({message: 'Interrupted (SIGTERM) while waiting for another edu run to finish writing; nothing was written.', exitCode: 143});
		expectNothingWritten(root, lock, before, pausing);
	});

	test('Ctrl+C while it waits stops the write and quits, nothing written', async () => {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		const before = snapshotTree(root);
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const {sink, pausing} = watchedSink();
		const wizard = await renderWizard(root, {kind: 'api', sink});
		await toReview(wizard);
		await wizard.press(keys.enter, (frame) => frame.includes('Writing…'));
		await wizard.press(keys.ctrlC);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
		// It quits with the write's own line and exit code, as the CLI does.
		expect(wizard.exitError()).toMatchObject({message: 'Interrupted (SIGINT) while waiting for another edu run to finish writing; nothing was written.', exitCode: 130});
		expectNothingWritten(root, lock, before, pausing);
	});

	test('the console command\'s screen says it too', async () => {
		const root = tempProject('skeleton');
		const lock = path.join(root, 'app/Config/.commands.yaml.edu-lock');
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const wizard = await renderWizard(root);
		await writeCommand(wizard);
		await wizard.waitFor((frame) => unwrapped(frame).includes(waitLine('app/Config/commands.yaml')), 'the wait line');
		// Typing, Esc and Enter do nothing while it writes, and the footer says only Ctrl+C counts.
		await wizard.press('XY');
		await wizard.press(keys.escape);
		const frozen = wizard.frame();
		expect(unwrapped(frozen)).toContain(waitLine('app/Config/commands.yaml'));
		expect(frozen).toContain('GenerateCommand');
		expect(frozen).not.toContain('GenerateXY');
		expect(frozen).toContain('Ctrl+C quit');
		expect(frozen).not.toContain('Enter write');
		rmSync(lock);
		await wizard.waitFor((frame) => frame.includes('Command successfully generated'), 'the written command');
		expect(existsSync(path.join(root, 'app/Command/GenerateCommand.php'))).toBe(true);
	});

	test('Ctrl+C while the console command waits stops the write and quits, nothing written', async () => {
		const root = tempProject('skeleton');
		const lock = path.join(root, 'app/Config/.commands.yaml.edu-lock');
		const before = snapshotTree(root);
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const {sink, pausing} = watchedSink();
		const wizard = await renderWizard(root, {sink});
		await writeCommand(wizard);
		await wizard.press(keys.ctrlC);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
		expect(wizard.exitError()).toMatchObject({message: 'Interrupted (SIGINT) while waiting for another edu run to finish writing; nothing was written.', exitCode: 130});
		expectNothingWritten(root, lock, before, pausing);
	});
});
