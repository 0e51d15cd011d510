// Exit codes tell the truth (issue 51): the built edu, sent a signal at many moments of a run,
// exits 130/143 only when nothing was written (the project byte-identical), and otherwise ends
// as done: exit 0, its report printed, its files written. The moments are taken from the run's
// own events (the k-th change in the project while it writes, the first byte of its report) and
// from random delays after the start, so they fall before, during and after the write whatever
// the machine's load; which outcome each moment gets varies, the rule never does.
import {spawn} from 'node:child_process';
import {watch} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {binPath, readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

interface Ending {
	/** The exit code, or 128 + the signal's number for a process the signal ended (as a shell reports it). */
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
	/** The project changes seen while it ran. */
	readonly changes: number;
}

/** When the signal is sent: given the run's events, calls `send` once (or never, if the run ends first). */
type Moment = (events: {change: (count: number) => void; output: () => void}, send: () => void) => void;

function run(root: string, args: readonly string[], signal: NodeJS.Signals | undefined, moment: Moment): Promise<Ending> {
	return new Promise((resolve, reject) => {
		let changes = 0;
		let sent = false;
		const child = spawn(process.execPath, [binPath, ...args], {cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, NO_COLOR: '1'}});
		const send = (): void => {
			if (sent || signal === undefined || child.exitCode !== null || child.signalCode !== null) return;
			sent = true;
			child.kill(signal);
		};
		const listeners = {change: (_count: number) => {}, output: () => {}};
		moment(listeners, send);
		const watcher = watch(root, {recursive: true}, () => listeners.change(++changes));
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			if (stdout === '') listeners.output();
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code, killedBy) => {
			watcher.close();
			resolve({code: code ?? 128 + os.constants.signals[killedBy!], stdout, stderr, changes});
		});
	});
}

/** A moment for round `round` of a run that makes about `changes` project changes and takes about `spanMs`. */
function momentFor(round: number, changes: number, spanMs: number): Moment {
	const pick = (count: number): number => Math.floor(Math.random() * count);
	switch (round % 5) {
		case 0:
			// Any moment from the start, start-up included.
			return (_events, send) => setTimeout(send, Math.random() * spanMs);
		case 1:
			// While it writes: after the k-th change in the project.
			return (events, send) => {
				const k = 1 + pick(Math.max(1, changes));
				events.change = (count) => count >= k && send();
			};
		case 2:
			// Near the commit point and after it: one of the last changes, a few event-loop turns later.
			return (events, send) => {
				const k = Math.max(1, changes - pick(3));
				const turns = pick(4);
				events.change = (count) => {
					if (count < k) return;
					let left = turns;
					const next = (): void => (left-- > 0 ? void setImmediate(next) : send());
					next();
				};
			};
		case 3:
			// As its report is printed.
			return (events, send) => {
				events.output = send;
			};
		default:
			// Early: start-up and planning, before anything is written.
			return (_events, send) => setTimeout(send, Math.random() * spanMs * 0.6);
	}
}

interface Case {
	readonly args: readonly string[];
	readonly signal: NodeJS.Signals;
	readonly rounds: number;
	/** Checks a run that ended as done: its report and its files. */
	readonly done: (root: string, ending: Ending) => void;
}

async function eachMoment({args, signal, rounds, done}: Case): Promise<Record<string, number>> {
	// One run without a signal: how many changes it makes and how long it takes here, now, so the
	// moments spread over the whole run on a machine of any speed.
	const started = performance.now();
	const plain = await run(tempProject('sample'), args, undefined, () => {});
	const spanMs = performance.now() - started;
	expect(plain.code).toBe(0);
	const stopped = 128 + os.constants.signals[signal];
	const outcomes: Record<string, number> = {};
	for (let round = 0; round < rounds; round++) {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const ending = await run(root, args, signal, momentFor(round, plain.changes, spanMs));
		const seen = `round ${round}: exit ${ending.code}, stdout ${JSON.stringify(ending.stdout)}, stderr ${JSON.stringify(ending.stderr)}`;
		expect([0, stopped], seen).toContain(ending.code);
		if (ending.code === stopped) {
			expect(snapshotTree(root), seen).toEqual(before);
			expect(ending.stdout, seen).toBe('');
		} else {
			expect(ending.stderr, seen).toBe('');
			done(root, ending);
		}
		outcomes[ending.code] = (outcomes[ending.code] ?? 0) + 1;
	}
	return outcomes;
}

describe('a signal at any moment of a run: 130/143 only when nothing was written', () => {
	it('make:api ville --yes, SIGTERM at 30 moments', async () => {
		const outcomes = await eachMoment({
			args: ['make:api', 'ville', '--yes'],
			signal: 'SIGTERM',
			rounds: 30,
			done(root, ending) {
				expect(ending.stdout).toBe('Class : ./app/Controller/api/VilleController\nURI : /api/ville\n[OK] Controller and route successfully generated\n');
				expect(readProjectFile(root, 'app/Controller/api/VilleController.php')).toContain('class VilleController');
				expect(readProjectFile(root, 'app/Config/routes.yaml')).toContain('api_ville:');
			},
		});
		expect(Object.values(outcomes).reduce((sum, count) => sum + count, 0)).toBe(30);
	}, 300_000);

	it('template:publish, SIGINT at 10 moments', async () => {
		const templates = ['default', 'resource', 'upload', 'web', 'command'];
		await eachMoment({
			args: ['template:publish'],
			signal: 'SIGINT',
			rounds: 10,
			done(root, ending) {
				expect(ending.stdout).toContain('  create  .edu/templates/command/command.php.tpl\n');
				expect(ending.stdout).toContain('make:* now uses .edu/templates/default/');
				for (const name of templates) expect(readProjectFile(root, path.join('.edu/templates', name, 'template.json'))).toContain('"');
			},
		});
	}, 200_000);
});
