// Bench rows for projects shaped like the ones students have: `edu make:api x --yes` in fresh
// copies of fixtures/skeleton (Edu Framework 2.3's skeleton) and fixtures/mock-project
// (mock-veliko-api), beside fixtures/sample and `node -e 0`, measured in turns; and, for each
// corpus routes.yaml, whether edu stayed on its fast path: the built core's scanner takes the
// file, and a real run on a copy of the project never loads the YAML parser.
// A corpus file off the fast path makes realProjectRows() report a failure (bench.js exits 1).
// Alone: node scripts/bench-real-projects.js [--quick] [--node 24]
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {bench, measureInTurns, ms, perRound, row, scale} from './bench-lib.js';
import {nodeBinary} from './node-versions.js';
import {settled} from './bench-projects.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const bin = path.join(repoRoot, 'dist', 'bin', 'edu.js');
const routesRelative = 'app/Config/routes.yaml';
/** The fixture projects whose routes.yaml the bench holds to the fast path, and the shape each stands for. */
export const corpus = [
	{fixture: 'sample', label: 'the sample'},
	{fixture: 'skeleton', label: 'the 2.3 skeleton'},
	{fixture: 'mock-project', label: 'mock-veliko-api'},
];
const ratioTarget = 1.35;

/** A fresh copy of fixtures/<name> in a temp folder, removed when `cleanup` runs. */
function copier() {
	const made = [];
	return {
		copy(fixture) {
			const folder = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-real-'));
			made.push(folder);
			cpSync(path.join(repoRoot, 'fixtures', fixture), folder, {recursive: true});
			return settled(folder);
		},
		cleanup() {
			for (const folder of made.splice(0)) rmSync(folder, {recursive: true, force: true});
		},
	};
}

/** Whether a real `make:api x --yes` on a copy of the project loaded the YAML parser (untimed). */
export function runLoadsYaml(folder, node = bench.node) {
	const probe = path.join(os.tmpdir(), `edu-bench-yaml-${process.pid}.json`);
	rmSync(probe, {force: true});
	const result = spawnSync(node, ['--require', path.join(repoRoot, 'scripts', 'bench-yaml-probe.cjs'), bin, 'make:api', 'x', '--yes'], {
		cwd: folder, encoding: 'utf8', env: {...process.env, NO_COLOR: '1', EDU_BENCH_YAML_FILE: probe},
	});
	if (result.status !== 0) throw new Error(`make:api x --yes failed in a copy of the project: ${(result.stderr || result.stdout).trim()}`);
	const {loaded} = JSON.parse(readFileSync(probe, 'utf8'));
	rmSync(probe, {force: true});
	return loaded;
}

/**
 * For each corpus file: the built core's scanner takes it, and a run does not load `yaml`.
 * Returns the labels of the files that fell off the fast path.
 */
export async function fastPathRows({node = bench.node} = {}) {
	const {scanRoutes} = await import(pathToFileURL(path.join(repoRoot, 'dist', 'project', 'routes-yaml', 'scan.js')).href);
	const projects = copier();
	const off = [];
	try {
		for (const {fixture, label} of corpus) {
			const text = readFileSync(path.join(repoRoot, 'fixtures', fixture, routesRelative), 'utf8');
			const scanned = scanRoutes(text) !== undefined;
			const loadsYaml = runLoadsYaml(projects.copy(fixture), node);
			const fast = scanned && !loadsYaml;
			if (!fast) off.push(`fixtures/${fixture}/${routesRelative}`);
			const why = fast ? 'scanner takes it, no YAML parser loaded' : `${scanned ? 'scanner takes it' : 'scanner refuses it'}, ${loadsYaml ? 'the run loaded the YAML parser' : 'no YAML parser loaded'}`;
			row({
				id: `fast-path-${fixture}`, label: `fast path: fixtures/${fixture}/${routesRelative} (${label})`,
				unit: 'bool', median: fast ? 1 : 0, shown: `${fast ? 'yes' : 'NO'} (${why})`, target: 'on the fast path', met: fast,
			});
		}
	} finally {
		projects.cleanup();
	}
	return off;
}

/** `make:api x --yes` on each corpus project beside `node -e 0`, measured in turns. */
export function coldRows() {
	const projects = copier();
	try {
		const wrote = (folder) => {
			if (!existsSync(path.join(folder, 'app/Controller/api/XController.php'))) throw new Error('make:api x --yes wrote no controller');
		};
		const [floor, ...runs] = measureInTurns([
			{args: ['-e', '0'], prepare: () => repoRoot},
			...corpus.map(({fixture}) => ({args: [bin, 'make:api', 'x', '--yes'], prepare: () => projects.copy(fixture), check: wrote})),
		], {runs: scale(31), budgetMs: 60_000});
		const reference = {label: 'node -e 0', shown: ms(floor.median), median: floor.median};
		row({id: 'real-node-floor', label: 'node -e 0 (the floor, measured with these rows)', unit: 'ms', ...floor, shown: ms(floor.median)});
		corpus.forEach(({fixture, label}, index) => {
			const entry = runs[index];
			const ratio = entry.median / floor.median;
			row({
				id: `real-cold-yes-${fixture}`, label: `edu make:api x --yes on ${label} (fixtures/${fixture})`, unit: 'ms', ...entry,
				shown: ms(entry.median), reference, ratio, perRound: perRound(entry, floor), target: `≤ ${ratioTarget}× node`, met: ratio <= ratioTarget,
			});
		});
	} finally {
		projects.cleanup();
	}
}

/**
 * The rows for bench.js: the fast-path check first (cheap, and a failure there is what matters),
 * then the cold runs. Returns {failed}: the corpus files that fell off the fast path.
 */
export async function realProjectRows({node = bench.node} = {}) {
	const off = await fastPathRows({node});
	coldRows();
	return {failed: off};
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	bench.quick = process.argv.includes('--quick');
	const nodeFlag = process.argv.indexOf('--node');
	if (nodeFlag !== -1) bench.node = nodeBinary(process.argv[nodeFlag + 1]);
	if (!existsSync(bin)) {
		process.stderr.write('bench-real-projects: no dist/bin/edu.js: run npm run build first.\n');
		process.exit(1);
	}
	process.stdout.write(`Projects shaped like the real ones (Node ${spawnSync(bench.node, ['--version'], {encoding: 'utf8'}).stdout.trim()}):\n`);
	const {failed} = await realProjectRows();
	if (failed.length > 0) {
		process.stderr.write(`bench-real-projects: off the fast path: ${failed.join(', ')}\n`);
		process.exitCode = 1;
	}
}
