// The wizard's live preview, measured in its own process: readSnapshot() once on a project,
// then plan() once per keystroke while a user types a name, one character at a time.
// Usage: node scripts/bench-plan.js <project-root> <typed-name> <time-budget-ms> <max-rounds>
// Prints one JSON object: {snapshotMs, rounds, calls, perCallMicros: [...]}.
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const [root, typed = 'VilleReadController', budgetText = '8000', maxRoundsText = '50'] = process.argv.slice(2);
if (root === undefined) {
	process.stderr.write('usage: node scripts/bench-plan.js <project-root> [typed-name] [budget-ms] [max-rounds]\n');
	process.exit(2);
}
const budget = Number(budgetText);
const maxRounds = Number(maxRoundsText);

const {plan} = await import(path.join(repoRoot, 'dist/make/plan.js'));
const {readSnapshot} = await import(path.join(repoRoot, 'dist/make/snapshot.js'));

const snapshotStart = performance.now();
const snapshot = readSnapshot(root);
const snapshotMs = performance.now() - snapshotStart;
if ('code' in snapshot) {
	process.stderr.write(`${snapshot.message}\n`);
	process.exit(1);
}

const prefixes = [];
for (let length = 1; length <= typed.length; length++) prefixes.push(typed.slice(0, length));

/** One user typing the whole name: one plan() per keystroke, each timed. */
function typeOnce(into) {
	for (const name of prefixes) {
		const start = performance.now();
		const planned = plan({kind: 'api', name}, snapshot);
		const micros = (performance.now() - start) * 1000;
		if (planned.refusals.length > 0 && planned.refusals[0].code !== 'INVALID_NAME') {
			throw new Error(`unexpected refusal for ${name}: ${planned.refusals[0].message}`);
		}
		into?.push(micros);
	}
}

typeOnce(); // warm-up: templates read, code optimised
const perCallMicros = [];
const started = performance.now();
let rounds = 0;
while (rounds < maxRounds && (rounds < 3 || performance.now() - started < budget)) {
	typeOnce(perCallMicros);
	rounds++;
}
process.stdout.write(`${JSON.stringify({snapshotMs, rounds, calls: perCallMicros.length, perCallMicros})}\n`);
