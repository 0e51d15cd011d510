// The bench's measuring helpers, shared by scripts/bench.js and the scripts it calls: each
// timed run is a fresh process, several commands are measured in turns (a, b, a, b, …) so
// that load from elsewhere on the machine hits them alike, and rows report medians.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {repoRoot} from './bench-projects.js';

/** The node the bench measures (npm run bench -- --node 24); the running node by default. */
export const bench = {node: process.execPath, quick: false};

export const scale = (runs) => (bench.quick ? Math.min(runs, 3) : runs);

const nanosPerMs = 1_000_000n;

const cpuPreload = path.join(repoRoot, 'scripts', 'bench-cpu.cjs');
export const cpuFile = path.join(os.tmpdir(), `edu-bench-cpu-${process.pid}`);

/**
 * Runs `node <args>` once; returns its wall time and the CPU time it used (ms); throws with its
 * stderr if it fails. The CPU figure comes from scripts/bench-cpu.cjs, preloaded with --require.
 */
export function timeRun(args, cwd, env = process.env) {
	rmSync(cpuFile, {force: true});
	const start = process.hrtime.bigint();
	const result = spawnSync(bench.node, ['--require', cpuPreload, ...args], {
		cwd,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {...env, NO_COLOR: '1', EDU_BENCH_CPU_FILE: cpuFile},
		maxBuffer: 64 * 1024 * 1024,
	});
	const wall = Number((process.hrtime.bigint() - start) * 1000n / nanosPerMs) / 1000;
	if (result.status !== 0) {
		const why = String(result.stderr || result.stdout || result.error?.message || '').trim().split('\n').filter((line) => line.trim() !== '').slice(0, 4).join(' | ');
		throw new Error(`node ${args.map((arg) => path.basename(arg)).join(' ')} exited ${result.status}: ${why}`);
	}
	const cpu = existsSync(cpuFile) ? Number(readFileSync(cpuFile, 'utf8')) / 1000 : Number.NaN;
	return {wall, cpu};
}

const firstFrameScript = path.join(repoRoot, 'scripts', 'bench-first-frame.py');

/**
 * Runs `node <args>` once on a real pseudo-terminal (scripts/bench-first-frame.py, python3's pty
 * module): the milliseconds from launch until its output holds `marker` (`wall`), and the CPU
 * time of its whole run (`cpu`: it is sent Ctrl+C once the marker came, or the keys `then`, which
 * must end it with exit code 0). Throws with the reason when the marker never comes.
 */
export function timeFirstFrame(marker, args, cwd, env = process.env, then = undefined) {
	const result = spawnSync('python3', [firstFrameScript, marker, ...(then === undefined ? [] : ['--then', then]), bench.node, ...args], {
		cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: {...env, NO_COLOR: '1'},
	});
	if (result.status !== 0) throw new Error(`first frame of node ${args.map((arg) => path.basename(arg)).join(' ')}: ${String(result.stderr || result.error?.message).trim()}`);
	const [wall, cpu] = result.stdout.trim().split(' ').map(Number);
	return {wall, cpu};
}

export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	if (sorted.length === 0) return Number.NaN;
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Wall-time figures of a row (ms or µs), plus the median CPU time when the runs were processes. */
export function stats(samples, cpuSamples) {
	const sorted = [...samples].sort((a, b) => a - b);
	const p90 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)];
	const figures = {median: median(samples), min: sorted[0], p90, max: sorted.at(-1), runs: samples.length, samples};
	return cpuSamples ? {...figures, cpuMedian: median(cpuSamples), cpuSamples} : figures;
}

/**
 * Several commands measured in turns (a, b, c, a, b, c, …) so that load from elsewhere on the
 * machine hits them all alike. `prepare(i)` runs untimed before each timed run and returns
 * the folder to run in; `check(folder)` runs untimed after it. One untimed warm-up each first.
 * Stops early (after at least `minRuns` rounds, fewer when one round alone exceeds the budget's
 * share) when another round would end past `budgetMs`.
 */
export function measureInTurns(cases, {runs, minRuns = 3, budgetMs}) {
	const samples = cases.map(() => []);
	const cpuSamples = cases.map(() => []);
	let warmUp = 0;
	for (const item of cases) {
		const folder = item.prepare();
		warmUp += timeRun(item.args, folder, item.env).wall;
		item.check?.(folder);
	}
	// A row far slower than its budget gets fewer rounds (at least one) rather than minutes.
	const atLeast = Math.max(1, Math.min(minRuns, Math.floor(budgetMs / warmUp)));
	const started = performance.now();
	for (let round = 0; round < runs; round++) {
		const elapsed = performance.now() - started;
		const roundMs = round === 0 ? warmUp : elapsed / round;
		if (round >= atLeast && elapsed + roundMs > budgetMs) break;
		cases.forEach((item, index) => {
			const folder = item.prepare();
			const {wall, cpu} = timeRun(item.args, folder, item.env);
			samples[index].push(wall);
			cpuSamples[index].push(cpu);
			item.check?.(folder);
		});
	}
	return samples.map((wall, index) => stats(wall, cpuSamples[index]));
}

/**
 * The median of each round's own ratio (`entry` over `reference`, both measured in turns, so
 * round i of one ran beside round i of the other): read beside the ratio of the medians, it shows
 * how much of a ratio near its target the machine's waves make. Information only: the targets
 * stay on the ratio of the medians. Undefined when the two have not the same rounds.
 */
export function perRound(entry, reference) {
	if (entry.samples === undefined || reference.samples === undefined || entry.samples.length !== reference.samples.length) return undefined;
	return median(entry.samples.map((value, round) => value / reference.samples[round]));
}

export function ms(value) {
	if (!Number.isFinite(value)) return '—';
	if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
	return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}

export function micros(value) {
	return value >= 1000 ? `${(value / 1000).toFixed(2)} ms` : `${value.toFixed(0)} µs`;
}

export function times(value) {
	return Number.isFinite(value) ? `${value.toFixed(2)}×` : '—';
}

/** The rows printed so far, in order: bench.js prints them as a table and writes them to bench/results.json. */
export const rows = [];

/** One line of the table (and of results.json). `met` is true, false, or undefined (no target). */
export function row(entry) {
	rows.push(entry);
	const mark = entry.met === undefined ? '' : entry.met ? ' ✓' : ' ✗';
	const cpu = entry.cpuMedian === undefined ? '' : ` (CPU ${ms(entry.cpuMedian)})`;
	const rounds = entry.perRound === undefined ? '' : ` (per round ${times(entry.perRound)})`;
	process.stdout.write(`  ${entry.label}: ${entry.shown}${cpu}${entry.reference ? `  (${entry.reference.label} ${entry.reference.shown})` : ''}${entry.ratio === undefined ? '' : `  ${entry.ratioLabel ?? 'ratio'} ${times(entry.ratio)}${rounds}`}${entry.target ? `  target ${entry.target}${mark}` : ''}\n`);
}
