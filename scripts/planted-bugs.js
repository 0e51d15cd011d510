// Twelve realistic bugs, planted one at a time in a scratch copy of the repository: each must make
// the tests named beside it fail. The real work tree is never touched.
//   node scripts/planted-bugs.js            every bug; exit 1 if one survives
//   node scripts/planted-bugs.js 4 9        only those bugs
//   node scripts/planted-bugs.js 4 -- test/core/plan.test.ts   bug 4 against other test files
//   node scripts/planted-bugs.js --list     where each bug goes and its tests, nothing run
// A bug is a search/replace on one file, found by its text (not its path, so files may move): the
// script fails loudly when the text is gone or ambiguous, rather than report a bug it never planted.
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * `under`: the folder searched for `search` (source/ unless said); `within`: a part of the path
 * when the text is in several files. `tests`: the files that own the behaviour.
 */
const bugs = [
	{
		name: 'kebab joined with _',
		search: "pieces.length > 1 ? twigFolderName(argument).replaceAll('_', '-') : argument.toLowerCase()",
		replace: 'pieces.length > 1 ? twigFolderName(argument) : argument.toLowerCase()',
		tests: ['test/core/naming.test.ts'],
	},
	{
		name: 'refusal order swapped (controller before route)',
		search: "if (place) found.push(refusal('CONTROLLER_EXISTS'",
		replace: "if (place) found.unshift(refusal('CONTROLLER_EXISTS'",
		tests: ['test/core/plan.test.ts', 'test/core/collisions.test.ts'],
	},
	{
		name: 'no newline before an append to a routes.yaml without a final newline',
		search: 'if (text.length > 0 && !/[\\r\\n]$/.test(text)) text += file.eol;',
		replace: '',
		tests: ['test/core/routes.test.ts'],
	},
	{
		name: 'only the first HTTP method compared in the method+URI collision',
		within: 'plan.ts',
		search: 'for (const method of route.methods) {',
		replace: 'for (const method of route.methods.slice(0, 1)) {',
		tests: ['test/core/collisions.test.ts'],
	},
	{
		name: 'a dry run that writes',
		search: 'return choice.dryRun ? dryRunSink() : fileSystemSink(',
		replace: 'return fileSystemSink(',
		tests: ['test/core/dry-run.test.ts'],
	},
	{
		name: '--json uri ignoring --uri',
		search: "uri: first?.uri ?? '',",
		replace: "uri: plan.names?.uri ?? '',",
		tests: ['test/core/json-report.test.ts'],
	},
	{
		name: 'openapi.php overwritten when present',
		search: 'if (existingFile(snapshot, target) === undefined) changes.push({path: target,',
		replace: 'changes.push({path: target,',
		tests: ['test/core/plan.test.ts'],
	},
	{
		name: 'php allowed as an upload extension',
		search: 'const executable = /^(php[0-9]*|',
		replace: 'const executable = /^(php[0-9]+|',
		tests: ['test/core/upload.test.ts'],
	},
	{
		name: 'INT upper bound off by one on the resource item (PUT)',
		under: 'templates',
		within: 'item.php',
		search: '$value >= self::INT_MIN && $value <= self::INT_MAX',
		replace: '$value >= self::INT_MIN && $value < self::INT_MAX',
		tests: ['test/e2e/resource-db.test.ts'],
	},
	{
		name: '.. allowed in a path (sub/../x stays inside the project)',
		search: "relative.split(/[\\\\/]/).some((part) => part === '..' || part === '')",
		replace: "relative.split(/[\\\\/]/).some((part) => part === '')",
		tests: ['test/core/confinement.test.ts'],
	},
	{
		name: 'a refusal exiting 0',
		search: 'throw new EduError(firstRefusal.code, refusalText(firstRefusal), exitCodeFor(firstRefusal.code), {',
		replace: 'throw new EduError(firstRefusal.code, refusalText(firstRefusal), 0, {',
		tests: ['test/cli/json.test.ts', 'test/cli/force.test.ts'],
	},
	{
		name: "the preview's Class line without Controller",
		search: "{label: 'Class', text: names?.className ?? none},",
		replace: "{label: 'Class', text: names?.className.replace(/Controller$/, '') ?? none},",
		tests: ['test/tui/name-preview.test.tsx'],
	},
];

class Stop extends Error {}

/** Stops the script with a message, the copy removed (exit 2: the script itself cannot run). */
function fail(message) {
	throw new Stop(message);
}

function filesUnder(folder) {
	return readdirSync(folder, {withFileTypes: true, recursive: true})
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath, entry.name));
}

/** The one file under `bug.under` that holds the search text once, relative to `root`. */
function resolveFile(root, bug, number) {
	const under = bug.under ?? 'source';
	const holding = filesUnder(path.join(root, under))
		.filter((file) => bug.within === undefined || file.includes(bug.within))
		.filter((file) => readFileSync(file, 'utf8').includes(bug.search));
	const shown = `bug ${number} (${bug.name}): the text ${JSON.stringify(bug.search)}`;
	if (holding.length === 0) fail(`${shown} is in no file under ${under}/${bug.within ? ` named *${bug.within}*` : ''}: update scripts/planted-bugs.js`);
	if (holding.length > 1) fail(`${shown} is in several files (${holding.map((file) => path.relative(root, file)).join(', ')}): give it a \`within\``);
	const [file] = holding;
	if (readFileSync(file, 'utf8').split(bug.search).length !== 2) fail(`${shown} occurs more than once in ${path.relative(root, file)}: make it longer`);
	return path.relative(root, file);
}

/** Which bugs, and (after --) which test files instead of each bug's own. */
function parseArgs(argv) {
	const end = argv.indexOf('--');
	const numbers = (end === -1 ? argv : argv.slice(0, end)).map(Number);
	const bad = numbers.find((number) => !Number.isInteger(number) || number < 1 || number > bugs.length);
	if (bad !== undefined) fail(`no bug ${bad}: bugs are numbered 1 to ${bugs.length}`);
	return {
		chosen: numbers.length === 0 ? bugs.map((_bug, index) => index + 1) : numbers,
		tests: end === -1 ? undefined : argv.slice(end + 1),
	};
}

/** The repository as it is on disk, node_modules linked entry by entry (vitest's cache then stays in the copy). */
function scratchCopy() {
	const scratch = mkdtempSync(path.join(tmpdir(), 'edu-planted-'));
	const skipped = new Set(['.git', 'node_modules', 'dist', 'test-artifacts', '.cache', '.vitest-tmp']);
	for (const entry of readdirSync(repoRoot)) {
		if (!skipped.has(entry)) cpSync(path.join(repoRoot, entry), path.join(scratch, entry), {recursive: true});
	}
	mkdirSync(path.join(scratch, 'node_modules'));
	for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
		if (entry === '.vite' || entry === '.vitest' || entry === '.cache') continue;
		symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(scratch, 'node_modules', entry));
	}
	return scratch;
}

/** vitest on `files` in the copy: the names of the tests that failed, or why the run itself failed. */
function runTests(scratch, files) {
	const report = path.join(scratch, '.planted-report.json');
	rmSync(report, {force: true});
	const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile=${report}`, ...files], {
		cwd: scratch, encoding: 'utf8', env: {...process.env, CI: 'false'}, maxBuffer: 64 * 1024 * 1024,
	});
	if (!existsSync(report)) return {error: `vitest wrote no report (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n').slice(-5).join(' | ')}`};
	const result = JSON.parse(readFileSync(report, 'utf8'));
	const failed = result.testResults.flatMap((file) => file.assertionResults
		.filter((test) => test.status === 'failed')
		.map((test) => `${path.relative(scratch, file.name)} > ${test.fullName}`));
	// A file that fails to load has no failed test but fails the run: not a catch.
	const broken = result.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'));
	if (broken.length > 0) return {failed, error: `${broken.map((file) => path.relative(scratch, file.name)).join(', ')} failed to run: ${broken[0].message?.split('\n')[0] ?? ''}`};
	// Skipped for want of PHP or MariaDB, a test proves nothing.
	const ran = result.testResults.flatMap((file) => file.assertionResults).filter((test) => test.status === 'passed' || test.status === 'failed');
	if (ran.length === 0) return {failed, error: 'no test ran (all skipped: PHP, MariaDB or tmux missing?)'};
	return {failed};
}

let scratch;
try {
	if (process.argv[2] === '--list') {
		bugs.forEach((bug, index) => process.stdout.write(`${String(index + 1).padStart(2)}. ${bug.name}: ${resolveFile(repoRoot, bug, index + 1)} → ${bug.tests.join(', ')}\n`));
		process.exit(0);
	}
	const {chosen, tests: testsGiven} = parseArgs(process.argv.slice(2));
	scratch = scratchCopy();
	// Every bug resolved and every test file found before anything runs.
	const planned = chosen.map((number) => {
		const bug = bugs[number - 1];
		const tests = testsGiven ?? bug.tests;
		const missing = tests.filter((file) => !existsSync(path.join(scratch, file)));
		if (missing.length > 0) fail(`bug ${number} (${bug.name}): no test file ${missing.join(', ')}: update scripts/planted-bugs.js`);
		return {number, bug, tests, file: resolveFile(scratch, bug, number)};
	});
	const build = spawnSync('npm', ['run', 'build', '--silent'], {cwd: scratch, encoding: 'utf8'});
	if (build.status !== 0) fail(`npm run build failed in the copy:\n${build.stdout}${build.stderr}`);

	// The tests must pass before a bug is planted, or a failure would prove nothing.
	const allTests = [...new Set(planned.flatMap(({tests}) => tests))];
	process.stdout.write(`without a bug: ${allTests.length} test files… `);
	const clean = runTests(scratch, allTests);
	if (clean.error !== undefined || clean.failed.length > 0) {
		process.stdout.write('FAIL\n');
		fail(`the tests fail with no bug planted: ${clean.error ?? ''}\n  ${(clean.failed ?? []).join('\n  ')}`);
	}
	process.stdout.write('pass\n');

	const survivors = [];
	for (const {number, bug, tests, file} of planned) {
		const target = path.join(scratch, file);
		const original = readFileSync(target, 'utf8');
		writeFileSync(target, original.replace(bug.search, () => bug.replace));
		let outcome;
		try {
			outcome = runTests(scratch, tests);
		} finally {
			writeFileSync(target, original);
		}
		const caught = outcome.error === undefined && (outcome.failed ?? []).length > 0;
		if (!caught) survivors.push(number);
		process.stdout.write(`${String(number).padStart(2)}. ${caught ? 'caught    ' : 'NOT CAUGHT'} ${bug.name} (${file})\n`);
		if (outcome.error !== undefined) process.stdout.write(`      ${outcome.error}\n`);
		for (const test of (outcome.failed ?? []).slice(0, 3)) process.stdout.write(`      ✖ ${test}\n`);
		if ((outcome.failed ?? []).length > 3) process.stdout.write(`      … and ${outcome.failed.length - 3} more\n`);
	}
	process.stdout.write(survivors.length === 0
		? `all ${planned.length} planted bugs caught\n`
		: `${survivors.length} of ${planned.length} planted bugs survive: ${survivors.join(', ')}\n`);
	process.exitCode = survivors.length === 0 ? 0 : 1;
} catch (error) {
	if (!(error instanceof Stop)) throw error;
	process.stderr.write(`planted-bugs: ${error.message}\n`);
	process.exitCode = 2;
} finally {
	if (scratch !== undefined) rmSync(scratch, {recursive: true, force: true});
}
