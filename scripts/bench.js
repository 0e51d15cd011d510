// npm run bench: how fast edu starts, how its costs grow with the project, and how fast the
// wizard's live preview is. Prints a table of medians, each beside the reference measured in
// the same run, and writes the same figures to bench/results.json (not committed).
// Builds first when dist/ is missing or older than source/.
// Usage: node scripts/bench.js [--quick] [--node 24]
//   --quick: fewer runs, for checking the script itself;
//   --startup: the start-up rows only (cold start, the commands people type, the wizard's first frame);
//   --commands: the rows of the commands people type alone (routes, openapi --stdout, list…);
//   --node N: measure with Node N (scripts/node-versions.js; the running node when absent or N is its major).
import {spawnSync} from 'node:child_process';
import {appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {
	bench, cpuFile, measureInTurns, micros, ms, perRound, row, rows, scale, stats, timeFirstFrame, times,
} from './bench-lib.js';
import {
	projectWithControllers, projectWithRoutes, repoRoot, tempFolders, tempSample,
} from './bench-projects.js';
import {nodeBinary} from './node-versions.js';
import {realProjectRows} from './bench-real-projects.js';

const quick = process.argv.includes('--quick');
const startupOnly = process.argv.includes('--startup');
const commandsOnly = process.argv.includes('--commands');
bench.quick = quick;
const nodeFlag = process.argv.indexOf('--node');
const nodeMajor = nodeFlag === -1 ? undefined : process.argv[nodeFlag + 1];
if (nodeMajor !== undefined && !/^\d+$/.test(nodeMajor)) {
	process.stderr.write(`bench: --node takes a major version (20, 22, 24, 26), not "${nodeMajor ?? ''}"\n`);
	process.exit(2);
}
if (nodeMajor !== undefined && nodeMajor !== process.versions.node.split('.')[0]) bench.node = nodeBinary(nodeMajor);
const bin = path.join(repoRoot, 'dist', 'bin', 'edu.js');
const {node} = bench;
const nodeVersion = spawnSync(node, ['--version'], {encoding: 'utf8'}).stdout.trim();

// ---------------------------------------------------------------- build if needed

function newestMtime(folder) {
	let newest = 0;
	for (const name of readdirSync(folder, {recursive: true})) {
		const stats = statSync(path.join(folder, name));
		if (stats.isFile()) newest = Math.max(newest, stats.mtimeMs);
	}
	return newest;
}

function ensureBuilt() {
	const needed = !existsSync(bin) || statSync(bin).mtimeMs < newestMtime(path.join(repoRoot, 'source'));
	if (!needed) return;
	process.stdout.write('dist/ is missing or older than source/: npm run build\n');
	const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
		cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32',
	});
	if (!existsSync(bin)) {
		process.stderr.write('bench: the build produced no dist/bin/edu.js; cannot measure anything.\n');
		process.exit(1);
	}
	if (built.status !== 0) process.stdout.write('bench: the build reported errors (above); measuring what it emitted.\n');
}

function printTable() {
	const header = ['measure', 'median', 'runs', 'CPU', 'reference (same run)', 'ratio', 'target', ''];
	const lines = rows.map((entry) => [
		entry.label,
		entry.shown,
		entry.runs === undefined ? '' : entry.runsShown ?? String(entry.runs),
		entry.cpuMedian === undefined ? '' : ms(entry.cpuMedian),
		entry.reference ? `${entry.reference.label} ${entry.reference.shown}` : '',
		entry.ratio === undefined ? '' : `${entry.ratioLabel ? `${entry.ratioLabel} ` : ''}${times(entry.ratio)}${entry.perRound === undefined ? '' : ` (per round ${times(entry.perRound)})`}`,
		entry.target ?? '',
		entry.met === undefined ? '' : entry.met ? '✓' : '✗',
	]);
	const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
	const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
	process.stdout.write(`\n${format(header)}\n${format(widths.map((width) => '-'.repeat(Math.max(width, 1))))}\n`);
	for (const line of lines) process.stdout.write(`${format(line)}\n`);
}

// ---------------------------------------------------------------- the measures

// The original tool, Edu Framework 2.3's `php bin/edu make:api ville` (Symfony Console), as
// published in issue 13: hyperfine, 20 runs, fresh project each, on a 2-core machine where
// `node -e 0` took 84 ms. The bench does not run PHP: the row is that fixed figure, and edu is
// compared with it through the floor (edu's ratio to node -e 0 in this run, against PHP's 0.71×
// there), which holds on a busy machine where absolute times do not.
const phpOriginal = {label: 'php bin/edu make:api (published, not re-measured)', ms: 60, floorMs: 84};

/**
 * Node's start on this machine, and edu's beside it, in the environment given: every process
 * started with NODE_EXTRA_CA_CERTS set reads and parses that certificate file before running
 * anything (node -e 0 included), a cost no edu change can touch that most users' machines do not
 * have. `variant` names the environment in the labels and ids ('' for the bench's own).
 */
function coldStart({env = process.env, variant = ''} = {}) {
	const sample = () => tempSample();
	const wrote = (folder) => {
		if (!existsSync(path.join(folder, 'app/Controller/api/XController.php'))) throw new Error('make:api x --yes wrote no controller');
	};
	const [floor, version, help, dryRun, yes] = measureInTurns([
		{args: ['-e', '0'], prepare: () => repoRoot},
		{args: [bin, '--version'], prepare: () => repoRoot},
		{args: [bin, '--help'], prepare: () => repoRoot},
		{args: [bin, 'make:api', 'x', '--yes', '--dry-run'], prepare: sample},
		{args: [bin, 'make:api', 'x', '--yes'], prepare: sample, check: wrote},
	].map((item) => ({...item, env})), {runs: scale(41), budgetMs: 60_000});
	const id = (name) => (variant === '' ? name : `${name}-${variant.replaceAll(/[^a-z\d]+/gi, '-').toLowerCase()}`);
	const label = (text) => (variant === '' ? text : `${text} (${variant})`);
	const reference = {label: 'node -e 0', shown: ms(floor.median), median: floor.median};
	const versus = (entry, limit) => {
		const ratio = entry.median / floor.median;
		return {reference, ratio, perRound: perRound(entry, floor), target: `≤ ${limit}× node`, met: ratio <= limit};
	};
	row({id: id('node-floor'), label: label('node -e 0 (the floor)'), unit: 'ms', ...floor, shown: ms(floor.median)});
	row({id: id('cold-version'), label: label('edu --version'), unit: 'ms', ...version, shown: ms(version.median), ...versus(version, 1.1)});
	row({id: id('cold-help'), label: label('edu --help'), unit: 'ms', ...help, shown: ms(help.median), ...versus(help, 1.1)});
	row({id: id('cold-dry-run'), label: label('edu make:api x --yes --dry-run'), unit: 'ms', ...dryRun, shown: ms(dryRun.median), reference, ratio: dryRun.median / floor.median});
	row({id: id('cold-yes'), label: label('edu make:api x --yes'), unit: 'ms', ...yes, shown: ms(yes.median), ...versus(yes, 1.3)});
	return {floor, yes};
}

/**
 * The commands a person types besides make:api, each run in the sample as a user runs it (none
 * writes), in turns with node -e 0: every one within 1.5× of it. doctor and check:config are not
 * here: their PHP and network probes are measured with them, apart.
 */
const typedCommands = [
	{id: 'routes', args: ['routes']},
	{id: 'routes-check', args: ['routes', '--check']},
	{id: 'openapi-stdout', args: ['openapi', '--stdout']},
	{id: 'template-list', args: ['template:list']},
	{id: 'list', args: ['list']},
	{id: 'help', args: ['help']},
];

function commandRows() {
	const project = tempSample();
	// edu routes keeps what each PHP file said between runs (source/php/kept-facts.ts): the rows
	// above are runs on a project that did not change; this one edits a controller before each
	// run, so that file is parsed again, as on the first run after an edit (no target: the rows
	// above carry it).
	const edited = tempSample();
	let edits = 0;
	const editController = () => {
		appendFileSync(path.join(edited, 'app/Controller/api/HelloController.php'), `// edit ${++edits}\n`);
		return edited;
	};
	const measured = measureInTurns([
		{args: ['-e', '0'], prepare: () => project},
		...typedCommands.map(({args}) => ({args: [bin, ...args], prepare: () => project})),
		{args: [bin, 'routes'], prepare: editController},
	], {runs: scale(31), budgetMs: 90_000});
	const [floor, ...commands] = measured;
	const afterEdit = commands.pop();
	const reference = {label: 'node -e 0', shown: ms(floor.median), median: floor.median};
	row({id: 'commands-floor', label: 'node -e 0 (the floor, measured with these rows)', unit: 'ms', ...floor, shown: ms(floor.median)});
	typedCommands.forEach(({id, args}, index) => {
		const result = commands[index];
		const ratio = result.median / floor.median;
		row({id: `command-${id}`, label: `edu ${args.join(' ')}`, unit: 'ms', ...result, shown: ms(result.median), reference, ratio, perRound: perRound(result, floor), target: '≤ 1.5× node', met: ratio <= 1.5});
	});
	row({id: 'command-routes-after-edit', label: 'edu routes, a controller edited since the last run', unit: 'ms', ...afterEdit, shown: ms(afterEdit.median), reference, ratio: afterEdit.median / floor.median});
}

/** The original tool's published figure, beside edu's make:api as ratios to each one's floor. */
function phpOriginalRows({floor, yes}) {
	const phpRatio = phpOriginal.ms / phpOriginal.floorMs;
	row({
		id: 'php-original', label: phpOriginal.label, unit: 'ms', median: phpOriginal.ms, shown: ms(phpOriginal.ms),
		reference: {label: 'its node -e 0', shown: ms(phpOriginal.floorMs), median: phpOriginal.floorMs}, ratio: phpRatio,
	});
	row({
		id: 'edu-vs-php', label: 'edu make:api x --yes / php original', unit: 'ratio', median: yes.median / floor.median / phpRatio,
		shown: times(yes.median / floor.median / phpRatio),
		reference: {label: 'both as ratios to node -e 0:', shown: `${times(yes.median / floor.median)} vs ${times(phpRatio)}`, median: phpRatio},
	});
}

/**
 * One Tab in a shell with edu's completion loaded: the script runs `edu _complete`, here for
 * make:api's --template on the sample with a template of its own (the candidates include it).
 */
function completionRow() {
	const project = tempSample();
	cpSync(path.join(repoRoot, 'templates', 'default'), path.join(project, '.edu', 'templates', 'mine'), {recursive: true});
	const [floor, tab] = measureInTurns([
		{args: ['-e', '0'], prepare: () => repoRoot},
		{args: [bin, '_complete', '--shell', 'bash', '--current', '4', '--', 'edu', 'make:api', 'x', '--template', ''], prepare: () => project},
	], {runs: scale(41), budgetMs: 30_000});
	const ratio = tab.median / floor.median;
	row({
		id: 'cold-complete-template', label: 'edu _complete, make:api x --template <Tab>', unit: 'ms', ...tab, shown: ms(tab.median),
		reference: {label: 'node -e 0', shown: ms(floor.median), median: floor.median}, ratio, perRound: perRound(tab, floor), target: '≤ 1.5× node', met: ratio <= 1.5,
	});
}

/** The end of a frame Ink draws on a terminal (synchronized output ends): the wizard's and the floor app's first frame. */
const inkFrameEnd = String.raw`\x1b[?2026l`;

/**
 * The wizard's first frame in a real pseudo-terminal, beside bare Node printing one line there and
 * the minimal Ink app (scripts/bench-floor-app.tsx) built by scripts/bundle.js --floor beside the
 * same bin and ui.js and cached the same way: what Ink itself costs. In turns, medians.
 */
function firstFrame() {
	const floorDir = tempSample({empty: true});
	const built = spawnSync(node, [path.join(repoRoot, 'scripts', 'bundle.js'), '--floor', floorDir], {encoding: 'utf8'});
	if (built.status !== 0) throw new Error(`bundle.js --floor failed: ${built.stderr.trim()}`);
	const project = tempSample();
	const cases = [
		{marker: '1', args: ['-e', 'console.log(1)']},
		{marker: inkFrameEnd, args: [path.join(floorDir, 'edu.js')]},
		// Warmed up as a user runs it: a whole session that writes a controller (a name, then Enter
		// through the four screens, typed at once), so the code cache its first frames load holds
		// what a session compiles, as a user's does (a run quit at its first frame leaves a smaller
		// one, replaced by the first session that succeeds).
		{marker: inkFrameEnd, args: [bin, 'make:api'], warmUp: {project: tempSample(), keys: String.raw`BenchWarmUp\r\r\r\r`}},
	];
	// One untimed run each: the code cache of each kind of run is written when its first run ends.
	for (const item of cases) timeFirstFrame(item.marker, item.args, item.warmUp?.project ?? project, process.env, item.warmUp?.keys);
	const samples = cases.map(() => []);
	const cpuSamples = cases.map(() => []);
	// 15 rounds: on a small shared machine, medians of 7 let one bench run's ratio to the Ink app
	// differ from the next by more than the target leaves (git log -p docs/performance.md).
	for (let round = 0; round < scale(15); round++) {
		cases.forEach((item, index) => {
			const {wall, cpu} = timeFirstFrame(item.marker, item.args, project);
			samples[index].push(wall);
			cpuSamples[index].push(cpu);
		});
	}
	const [bare, floor, wizard] = samples.map((values, index) => stats(values, cpuSamples[index]));
	const bareReference = {label: "node -e 'console.log(1)'", shown: ms(bare.median), median: bare.median};
	const floorReference = {label: 'minimal Ink app', shown: ms(floor.median), median: floor.median};
	row({id: 'pty-node', label: "node -e 'console.log(1)' in a pty", unit: 'ms', ...bare, shown: ms(bare.median)});
	row({id: 'pty-floor', label: 'minimal Ink app, first frame (pty)', unit: 'ms', ...floor, shown: ms(floor.median),
		reference: bareReference, ratio: floor.median / bare.median});
	const versusNode = wizard.median / bare.median;
	const versusFloor = wizard.median / floor.median;
	row({id: 'wizard-first-frame', label: 'wizard first frame (edu make:api, pty)', unit: 'ms', ...wizard, shown: ms(wizard.median),
		reference: bareReference, ratio: versusNode, target: '≤ 2× node (Node 20)', met: nodeVersion.startsWith('v20.') ? versusNode <= 2 : undefined});
	row({id: 'wizard-vs-floor', label: 'wizard first frame / minimal Ink app', unit: 'ratio', median: versusFloor, shown: times(versusFloor),
		reference: floorReference, ratio: versusFloor, target: '≤ 1.25×', met: versusFloor <= 1.25});
}

async function routesGrowth(startup) {
	const startupMs = startup.median;
	process.stdout.write('\nmake:api x --yes on a routes.yaml of 1k, 10k and 50k routes (file restored before each run):\n');
	const sizes = [
		{count: 1_000, runs: 9, budgetMs: 12_000},
		{count: 10_000, runs: 11, budgetMs: 15_000},
		{count: 50_000, runs: 9, budgetMs: 25_000},
	];
	const results = {};
	const texts = {};
	const projects = {};
	for (const size of sizes) {
		const project = await projectWithRoutes(size.count);
		const controller = path.join(project.folder, 'app/Controller/api/XController.php');
		const [result] = measureInTurns([{
			args: [bin, 'make:api', 'x', '--yes'],
			prepare() {
				writeFileSync(project.routesPath, project.routesText);
				rmSync(controller, {force: true});
				return project.folder;
			},
			check() {
				if (!existsSync(controller)) throw new Error(`make:api x --yes wrote no controller on ${size.count} routes`);
			},
		}], {runs: scale(size.runs), budgetMs: size.budgetMs});
		results[size.count] = result;
		texts[size.count] = project.routesText;
		projects[size.count] = project;
		process.stdout.write(`  (routes.yaml of ${size.count} routes: ${(project.routesText.length / 1024).toFixed(0)} KiB)\n`);
	}
	const one = results[1_000];
	const ten = results[10_000];
	const fifty = results[50_000];
	row({
		id: 'routes-1k', label: 'make:api, 1k routes', unit: 'ms', ...one, shown: ms(one.median),
		reference: {label: 'sample (2 routes):', shown: ms(startupMs), median: startupMs}, ratio: one.median / startupMs,
	});
	row({
		id: 'routes-10k', label: 'make:api, 10k routes', unit: 'ms', ...ten, shown: ms(ten.median),
		reference: {label: '1k:', shown: ms(one.median), median: one.median}, ratio: ten.median / one.median, ratioLabel: '10k/1k',
		target: '≤ 250 ms', met: ten.median <= 250,
	});
	row({
		id: 'routes-50k', label: 'make:api, 50k routes', unit: 'ms', ...fifty, shown: ms(fifty.median),
		reference: {label: '10k:', shown: ms(ten.median), median: ten.median}, ratio: fifty.median / ten.median, ratioLabel: '50k/10k',
		target: '≤ 1 s', met: fifty.median <= 1000,
	});
	symfonyYamlRows(results, texts);
	snapshotGrowth(projects[10_000].folder, projects[50_000].folder);
}

/**
 * Linear growth, read where the size of routes.yaml matters: readSnapshot (read, scan, index)
 * timed inside a fresh process, the two sizes in turns, so neither process start nor this
 * VM's drift weighs on the ratio. Linear is 5×; the target allows a fifth for noise, and a
 * step that grows with the square of the file (25×) fails it.
 */
function snapshotGrowth(tenFolder, fiftyFolder) {
	const script = path.join(repoRoot, 'scripts', 'bench-plan.js');
	const samples = {ten: [], fifty: []};
	for (let run = 0; run < scale(9); run++) {
		for (const [key, folder] of [['ten', tenFolder], ['fifty', fiftyFolder]]) {
			const result = spawnSync(node, [script, folder, 'Growth', '0', '0'], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
			if (result.status !== 0) throw new Error(`bench-plan.js failed: ${result.stderr.trim()}`);
			samples[key].push(JSON.parse(result.stdout).snapshotMs);
		}
	}
	const ten = stats(samples.ten);
	const fifty = stats(samples.fifty);
	const growth = fifty.median / ten.median;
	row({
		id: 'routes-growth', label: 'readSnapshot, 50k routes (in one process)', unit: 'ms', ...fifty, shown: ms(fifty.median),
		reference: {label: '10k:', shown: ms(ten.median), median: ten.median}, ratio: growth, ratioLabel: '50k/10k',
		target: '≤ 6× (linear: 5×)', met: growth <= 6,
	});
}

const symfonyYamlAutoload = '/usr/share/php/Symfony/Component/Yaml/autoload.php';

/**
 * The PHP original's own cost on the same files: it parses and dumps the whole routes.yaml with
 * Symfony YAML on every make:api (scripts/bench-symfony-yaml.php, run by real PHP). Only that
 * step, not the rest of its console: a floor under what the original takes. Skipped, and said
 * so, without php and php-symfony-yaml.
 */
function symfonyYamlRows(results, texts) {
	const php = spawnSync('php', ['-r', `exit(is_file('${symfonyYamlAutoload}') ? 0 : 3);`], {stdio: 'ignore'});
	if (php.status !== 0) {
		process.stdout.write('  (php with php-symfony-yaml not found: the PHP original\'s routes step is not measured)\n');
		return;
	}
	const script = path.join(repoRoot, 'scripts', 'bench-symfony-yaml.php');
	for (const count of [10_000, 50_000]) {
		const edu = results[count];
		const input = path.join(tempSample({empty: true}), 'routes.yaml');
		writeFileSync(input, texts[count]);
		const output = `${input}.dumped`;
		const samples = [];
		for (let run = 0; run < scale(count === 10_000 ? 5 : 3); run++) {
			const start = process.hrtime.bigint();
			const result = spawnSync('php', [script, input, output], {stdio: ['ignore', 'ignore', 'pipe']});
			samples.push(Number((process.hrtime.bigint() - start) / 1000n) / 1000);
			if (result.status !== 0) throw new Error(`php ${path.basename(script)} exited ${result.status}: ${String(result.stderr).trim()}`);
		}
		const measured = stats(samples);
		const label = count === 10_000 ? '10k' : '50k';
		row({
			id: `symfony-yaml-${label}`, label: `PHP original's routes step, ${label} (php + Symfony YAML)`, unit: 'ms', ...measured, shown: ms(measured.median),
			reference: {label: `edu make:api, ${label}:`, shown: ms(edu.median), median: edu.median}, ratio: edu.median / measured.median, ratioLabel: 'edu/php',
		});
	}
}

async function planPerKeystroke() {
	process.stdout.write('\nplan() per keystroke on a 10k-route snapshot (typing VilleReadController):\n');
	const project = await projectWithRoutes(10_000);
	const result = spawnSync(node, [path.join(repoRoot, 'scripts', 'bench-plan.js'), project.folder, 'VilleReadController', quick ? '2000' : '10000', '40'], {
		encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
	});
	if (result.status !== 0) throw new Error(`bench-plan.js failed: ${result.stderr.trim()}`);
	const measured = JSON.parse(result.stdout);
	const perCall = stats(measured.perCallMicros);
	delete perCall.samples;
	const reference = {label: 'readSnapshot once:', shown: ms(measured.snapshotMs), median: measured.snapshotMs * 1000};
	row({
		id: 'plan-keystroke', label: 'plan() per keystroke, 10k routes', unit: 'µs', ...perCall, rounds: measured.rounds, runsShown: `${perCall.runs} calls`,
		shown: micros(perCall.median), reference, target: '< 1 ms', met: perCall.median < 1000,
	});
}

function openapiAvailable() {
	// Without the command, commander answers `edu openapi --help` with the program's own help (exit 0).
	const help = spawnSync(node, [bin, 'openapi', '--help'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
	return help.status === 0 && /^Usage: edu openapi\b/m.test(help.stdout) ? help.stdout : undefined;
}

async function openapi(floorMs) {
	process.stdout.write('\nedu openapi over 100 and 1,000 controllers written as make:api writes them:\n');
	if (openapiAvailable() === undefined) {
		for (const count of [100, 1000]) {
			rows.push({id: `openapi-${count}`, label: `edu openapi, ${count.toLocaleString('en')} controllers`, unit: 'ms', available: false,
				shown: 'not available (edu openapi not built yet)', target: count === 1000 ? '< 1.5 s' : undefined});
			process.stdout.write(`  edu openapi, ${count} controllers: not available (edu openapi not built yet)\n`);
		}
		return;
	}
	const results = {};
	for (const [count, runs, budgetMs] of [[100, 9, 10_000], [1000, 7, 20_000]]) {
		const folder = await projectWithControllers(count);
		const output = path.join(folder, 'public/openapi.yaml');
		const [result] = measureInTurns([{
			args: [bin, 'openapi'],
			prepare: () => folder,
			check() {
				if (!existsSync(output)) throw new Error('edu openapi wrote no public/openapi.yaml');
			},
		}], {runs: scale(runs), budgetMs});
		results[count] = result;
	}
	const small = results[100];
	const large = results[1000];
	row({id: 'openapi-100', label: 'edu openapi, 100 controllers', unit: 'ms', ...small, shown: ms(small.median),
		reference: {label: 'node -e 0', shown: ms(floorMs), median: floorMs}, ratio: small.median / floorMs});
	row({id: 'openapi-1000', label: 'edu openapi, 1,000 controllers', unit: 'ms', ...large, shown: ms(large.median),
		reference: {label: '100:', shown: ms(small.median), median: small.median}, ratio: large.median / small.median, ratioLabel: '1000/100',
		target: '< 1.5 s', met: large.median < 1500});
}

// ---------------------------------------------------------------- run

ensureBuilt();
const machine = {
	cpus: os.cpus().length,
	cpuModel: os.cpus()[0]?.model ?? 'unknown',
	memoryGiB: Math.round(os.totalmem() / 2 ** 30),
	platform: `${os.platform()} ${os.release()}`,
	node: nodeVersion,
	loadAverageAtStart: os.loadavg().map((value) => Number(value.toFixed(2))),
	extraCaCerts: Boolean(process.env['NODE_EXTRA_CA_CERTS']),
};
process.stdout.write(`edu-scaffold bench on ${machine.cpus} cores (${machine.cpuModel}), ${machine.platform}, Node ${machine.node}; load average ${machine.loadAverageAtStart.join(' ')}${machine.extraCaCerts ? '; NODE_EXTRA_CA_CERTS set' : ''}${quick ? '; --quick: few runs' : ''}\n`);
const started = performance.now();
let offFastPath = [];
try {
	if (commandsOnly) {
		process.stdout.write('\nThe commands people type, in fixtures/sample:\n');
		commandRows();
	} else {
	process.stdout.write('\nCold start (each make:api in a fresh copy of fixtures/sample):\n');
	const cold = coldStart();
	phpOriginalRows(cold);
	completionRow();
	process.stdout.write('\nThe commands people type, in fixtures/sample:\n');
	commandRows();
	process.stdout.write('\nProjects shaped like the real ones (fixtures/skeleton: Edu Framework 2.3\'s skeleton; fixtures/mock-project: mock-veliko-api):\n');
	offFastPath = (await realProjectRows()).failed;
	process.stdout.write('\nThe wizard\'s first frame in a real pseudo-terminal (100×30):\n');
	firstFrame();
	if (machine.extraCaCerts) {
		process.stdout.write(`\nCold start again without NODE_EXTRA_CA_CERTS (set here to ${process.env['NODE_EXTRA_CA_CERTS']}, which every Node process reads before it runs anything, node -e 0 included):\n`);
		const {NODE_EXTRA_CA_CERTS: _ignored, ...env} = process.env;
		coldStart({env, variant: 'no NODE_EXTRA_CA_CERTS'});
	}
	if (!startupOnly) {
		await routesGrowth(cold.yes);
		const floorMs = cold.floor.median;
		await planPerKeystroke();
		await openapi(floorMs);
	}
	}
} finally {
	for (const folder of tempFolders()) rmSync(folder, {recursive: true, force: true});
	rmSync(cpuFile, {force: true});
}
machine.loadAverageAtEnd = os.loadavg().map((value) => Number(value.toFixed(2)));
const totalSeconds = (performance.now() - started) / 1000;

printTable();
const missed = rows.filter((entry) => entry.met === false).map((entry) => entry.label);
const busiest = Math.max(machine.loadAverageAtStart[0], machine.loadAverageAtEnd[0]);
if (busiest > machine.cpus) {
	process.stdout.write(`\nThe machine was busy (load average up to ${busiest} on ${machine.cpus} cores): wall times include waiting for a core; the CPU column is the time the measured process itself used (all its threads).`);
}
process.stdout.write(`\nMedians of the runs shown in bench/results.json; took ${totalSeconds.toFixed(0)} s. ${missed.length === 0 ? 'Every target met.' : `Targets not met: ${missed.join('; ')}.`}\n`);

if (offFastPath.length > 0) {
	process.stderr.write(`bench: off the routes.yaml fast path: ${offFastPath.join(', ')}\n`);
	process.exitCode = 1;
}

mkdirSync(path.join(repoRoot, 'bench'), {recursive: true});
writeFileSync(path.join(repoRoot, 'bench', 'results.json'), `${JSON.stringify({
	date: new Date().toISOString(), quick, machine, totalSeconds: Number(totalSeconds.toFixed(1)),
	rows: rows.map(({shown, ...entry}) => ({...entry, shown})),
}, null, 2)}\n`);
