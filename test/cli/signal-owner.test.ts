// Ctrl+C and SIGTERM, owned by edu from start-up (source/launch/signal-owner.ts): a signal ends a
// run with 130/143 only before its files began to be placed; once they did, the run finishes,
// prints its report and exits with its own code; a second signal still ends the program, never
// with 130/143. The owner alone with a fake process, then main() in-process with a signal
// delivered at the moment the sink begins placing the files.
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import type {Io, StopSignal} from '../../source/base/io.js';
import {createSignalOwner, type SignalOwner} from '../../source/launch/signal-owner.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

interface FakeProcess {
	readonly owner: SignalOwner;
	/** Delivers `signal` as the process would. */
	send(signal: StopSignal): void;
	readonly exits: number[];
	readonly said: string[];
}

function fakeProcess(): FakeProcess {
	const listeners = new Map<StopSignal, () => void>();
	const exits: number[] = [];
	const said: string[] = [];
	const owner = createSignalOwner({
		listen: (signal, listener) => listeners.set(signal, listener),
		say: (line) => said.push(line),
		exit: (code) => exits.push(code),
	});
	return {owner, send: (signal) => listeners.get(signal)!(), exits, said};
}

describe('the signal owner', () => {
	it.each([['SIGINT', 130], ['SIGTERM', 143]] as const)('%s with no command listening, before any write: the run ends at once with %i', (signal, code) => {
		const proc = fakeProcess();
		proc.send(signal);
		expect(proc.exits).toEqual([code]);
	});

	it('a command listening (a wait for a lock) is told instead, every time, and the run ends its own way', () => {
		const proc = fakeProcess();
		const heard: StopSignal[] = [];
		const unsubscribe = proc.owner.onSignal((signal) => heard.push(signal));
		proc.send('SIGTERM');
		proc.send('SIGINT');
		expect(heard).toEqual(['SIGTERM', 'SIGINT']);
		expect(proc.exits).toEqual([]);
		unsubscribe();
		// Between two listening steps (after a wait, before the write): still nothing written.
		proc.send('SIGINT');
		expect(proc.exits).toEqual([130]);
	});

	it('once the files began to be placed, a signal is kept: the run goes on and no listener is told', () => {
		const proc = fakeProcess();
		const heard: StopSignal[] = [];
		proc.owner.onSignal((signal) => heard.push(signal));
		proc.owner.commitBegan();
		proc.send('SIGTERM');
		expect(heard).toEqual([]);
		expect(proc.exits).toEqual([]);
		expect(proc.said).toEqual([]);
	});

	it.each(['SIGINT', 'SIGTERM'] as const)('a second %s after that still ends the program, with exit 3 (done, report cut short), never 130/143', (signal) => {
		const proc = fakeProcess();
		proc.owner.commitBegan();
		proc.send(signal);
		proc.send(signal);
		expect(proc.exits).toEqual([3]);
		expect(proc.said).toEqual([`edu: ended by a second ${signal} after it began writing: every file is whole, written or left as it was, but the report may be cut short; edu history lists what was written.\n`]);
	});
});

/**
 * An Io whose signals go through a real owner on a fake process; `atCommit` runs the moment the
 * sink says it begins placing the files (as a signal arriving then would be heard).
 */
function signalIo(cwd: string, proc: FakeProcess, atCommit: () => void): Io & {out: () => string; err: () => string; commits: () => number} {
	let out = '';
	let err = '';
	let commits = 0;
	const stdin = new PassThrough();
	stdin.end();
	return {
		cwd,
		env: {NO_COLOR: '1'},
		stdout: {write: (chunk: string) => (out += chunk)},
		stderr: {write: (chunk: string) => (err += chunk)},
		stdin,
		interactive: false,
		onSignal: proc.owner.onSignal,
		commitBegan() {
			commits++;
			proc.owner.commitBegan();
			atCommit();
		},
		out: () => out,
		err: () => err,
		commits: () => commits,
	};
}

describe('main() with a signal as the files begin to be placed', () => {
	it.each(['SIGTERM', 'SIGINT'] as const)('make:api ville --yes, %s: the run finishes, prints its report, exit 0', async (signal) => {
		const root = tempProject('sample');
		const proc = fakeProcess();
		const io = signalIo(root, proc, () => proc.send(signal));
		expect(await main(['make:api', 'ville', '--yes'], io)).toBe(0);
		expect(io.commits()).toBe(1);
		expect(proc.exits).toEqual([]);
		expect(io.err()).toBe('');
		expect(io.out()).toBe('Class : ./app/Controller/api/VilleController\nURI : /api/ville\n[OK] Controller and route successfully generated\n');
		expect(readProjectFile(root, 'app/Controller/api/VilleController.php')).toContain('class VilleController');
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toContain('api_ville:');
	});

	it('template:publish, SIGINT: every template written and the report printed, exit 0', async () => {
		const root = tempProject('sample');
		const proc = fakeProcess();
		const io = signalIo(root, proc, () => proc.send('SIGINT'));
		expect(await main(['template:publish'], io)).toBe(0);
		expect(io.commits()).toBe(1);
		expect(proc.exits).toEqual([]);
		expect(io.out()).toContain('  create  .edu/templates/command/command.php.tpl\n');
		expect(readdirSync(path.join(root, '.edu/templates')).sort()).toEqual(['command', 'default', 'resource', 'upload', 'web']);
	});

	it('make:api ville --yes, SIGTERM just before: the run stops with 143 and the project is as it was', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const proc = fakeProcess();
		const io = signalIo(root, proc, () => {});
		// Heard by the write's own subscription, as a signal during the wait for the lock is.
		const subscribe = io.onSignal!;
		const stopAtOnce: Io = {...io, onSignal(handler) {
			const unsubscribe = subscribe(handler);
			proc.send('SIGTERM');
			return unsubscribe;
		}};
		expect(await main(['make:api', 'ville', '--yes'], stopAtOnce)).toBe(143);
		expect(io.commits()).toBe(0);
		expect(proc.exits).toEqual([]);
		expect(io.err()).toMatch(/^Interrupted \(SIGTERM\)/);
		expect(io.out()).toBe('');
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(false);
		expect(snapshotTree(root)).toEqual(before);
	});
});
