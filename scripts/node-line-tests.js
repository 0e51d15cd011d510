#!/usr/bin/env node
// The test files CI runs again on the other Node lines (22, 24, 26): those where the Node
// version can change the outcome because a test starts a Node process of its own (the built
// bin, its bundles and code cache, the terminal, signals, edu start), read from the files'
// own imports so the list follows the tests as they move to in-process runs.
// The full suite runs once, on the machine's Node (`npm test`).
//
// A test file is selected when it
//   - imports runEdu or binPath (test/helpers/temp-project.ts: the built bin),
//   - or imports a module of test/ that does (test/tui/tmux.ts, the terminal's helper),
//   - or names process.execPath in its code, not in a comment or string (it starts another node).
//
//   node scripts/node-line-tests.js         the selected files, one per line
//   node scripts/node-line-tests.js --why   each with the reason, then the count
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const testFile = /\.test\.tsx?$/;
const binNames = ['runEdu', 'binPath'];

// A comment, or a string on one line, or a template literal (a regex literal may confuse it for
// the rest of its line: harmless here).
const token = /\/\*[\s\S]*?\*\/|\/\/.*$|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/gm;

/** The text without its comments, and without the contents of its strings unless `keepStrings`. */
function code(text, keepStrings = false) {
	return text.replace(token, (match) => (match.startsWith('/') ? '' : keepStrings ? match : "''"));
}

/** The value imports of a module: {from, names}; `import type` and `type X` specifiers left out. */
function importsOf(text) {
	const found = [];
	const declaration = /^\s*import\s+(type\s+)?([\w$*\s,{}]*?)\s*from\s*['"]([^'"]+)['"]/gm;
	for (const [, typeOnly, clause, from] of code(text, true).matchAll(declaration)) {
		if (typeOnly) continue;
		const braces = /\{([^}]*)\}/.exec(clause);
		const names = (braces?.[1] ?? '').split(',')
			.map((specifier) => specifier.trim())
			.filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
			.map((specifier) => specifier.split(/\s+as\s+/)[0]);
		found.push({from, names});
	}
	return found;
}

/** The file of `files` a relative import names (`./tmux.js` → `./tmux.ts`), or undefined. */
function resolve(importer, from, files) {
	if (!from.startsWith('.')) return undefined;
	const base = path.posix.join(path.posix.dirname(importer), from).replace(/\.js$/, '');
	return ['.ts', '.tsx', '.js'].map((extension) => base + extension).find((candidate) => candidate in files);
}

/**
 * The test files to run on every Node line, each with why.
 * @param {Record<string, string>} files  repo-relative posix path → text: the test files and the modules of test/ they import
 * @returns {Array<{file: string, why: string}>}
 */
export function selectNodeLineTests(files) {
	const verdicts = new Map();
	// Why `file` starts the bin, or undefined; a module being looked at counts as not (import cycles).
	const startsBin = (file) => {
		if (verdicts.has(file)) return verdicts.get(file);
		verdicts.set(file, undefined);
		let why;
		for (const {from, names} of importsOf(files[file])) {
			const bin = names.find((name) => binNames.includes(name));
			if (bin !== undefined) {
				why = `imports ${bin}`;
				break;
			}
			const local = resolve(file, from, files);
			if (local !== undefined && !testFile.test(local) && startsBin(local) !== undefined) {
				why = `imports ${local}, which ${startsBin(local)}`;
				break;
			}
		}
		verdicts.set(file, why);
		return why;
	};
	const selected = [];
	for (const file of Object.keys(files).filter((name) => testFile.test(name)).sort()) {
		const why = startsBin(file) ?? (/\bprocess\.execPath\b/.test(code(files[file])) ? 'starts process.execPath' : undefined);
		if (why !== undefined) selected.push({file, why});
	}
	return selected;
}

/** Every .ts/.tsx/.js file under test/ of `root`, as selectNodeLineTests reads them. */
export function readTestTree(root = repoRoot) {
	const files = {};
	for (const name of readdirSync(path.join(root, 'test'), {recursive: true})) {
		const relative = path.posix.join('test', String(name).split(path.sep).join('/'));
		if (/\.(tsx?|js)$/.test(relative) && !relative.includes('/node_modules/')) {
			files[relative] = readFileSync(path.join(root, relative), 'utf8');
		}
	}
	return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const selected = selectNodeLineTests(readTestTree());
	if (process.argv.includes('--why')) {
		for (const {file, why} of selected) console.log(`${file}  (${why})`);
		console.log(`${selected.length} test files`);
	} else {
		for (const {file} of selected) console.log(file);
	}
}
