// The `edu` bin as CommonJS bundles (esbuild) in dist/bin/, which holds a package.json of
// {"type": "commonjs"}: Node 20 starts a CommonJS file faster than an ES module, and only
// CommonJS can use a code cache there (see source/code-cache.ts).
// - edu.js: source/bin.ts, start-up only (`--version` answered there), a few kilobytes;
// - cli.js: everything else, one file; the modules a command imports lazily stay
//   uninitialised until it does (esbuild's lazy wrappers), and compile from the code cache;
// - parse-worker.js: the openapi parse worker, beside the bin so it is always as fresh;
// - import-esm.js: source/import-esm.ts, the one place the bundle calls import() from (a
//   script run from a code cache cannot); the build fails if cli.js calls import() itself.
// Ink, React, the prompts, php-parser, execa and yaml stay outside: they are loaded only by the
// commands that use them (the wizard, edu openapi, edu start, the mock commands, a routes.yaml
// the scanner leaves to the full parse), and a smaller bundle is read faster at every start.
// Ink is an ES module with top-level await, which CommonJS cannot require(): the screens'
// `import … from 'ink'` resolve to the module source/tui/ink-module.ts imported before the
// wizard's modules load.
// Run after tsc (npm run build): the bundles are built from source/, dist/ keeps tsc's modules
// for the scripts.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(repoRoot, 'dist', 'bin');
const {version} = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const inkModule = path.join(repoRoot, 'source', 'tui', 'ink-module.ts');

/** `import … from 'ink'` in the bundle: the module ink-module.ts holds once the wizard loaded it. */
const loadedInk = {
	name: 'loaded-ink',
	setup(builder) {
		builder.onResolve({filter: /^ink$/}, () => ({path: 'ink', namespace: 'loaded-ink'}));
		builder.onLoad({filter: /.*/, namespace: 'loaded-ink'}, () => ({
			contents: `module.exports = require(${JSON.stringify(inkModule)}).loadedInk();`,
			resolveDir: repoRoot,
			loader: 'js',
		}));
	},
};

/** Every module's import of import-esm.ts: the file beside the bundle, loaded by Node itself. */
const importEsmFile = {
	name: 'import-esm-file',
	setup(builder) {
		builder.onResolve({filter: /\/import-esm\.js$/}, ({importer}) => (importer === ''
			? undefined
			: {path: './import-esm.js', external: true}));
	},
};

/**
 * commander's node:child_process, loaded on first use: commander runs child processes only for
 * stand-alone subcommand executables, which edu has none of, and the module brings net and dgram.
 */
const lazyChildProcess = {
	name: 'lazy-child-process',
	setup(builder) {
		builder.onResolve({filter: /^(node:)?child_process$/}, ({importer}) => (importer.includes(`${path.sep}commander${path.sep}`)
			? {path: 'child_process', namespace: 'lazy-child-process'}
			: undefined));
		builder.onLoad({filter: /.*/, namespace: 'lazy-child-process'}, () => ({
			contents: "module.exports = new Proxy({}, {get: (_, key) => require('node:child_process')[key]});",
			loader: 'js',
		}));
	},
};

/**
 * node:module in the bundles: createRequire(import.meta.url) is the bundle's own require (every
 * module's import.meta.url is the bundle file's), so the bundles never load node:module, which
 * brings Node's ES module loader and source-map support into every run.
 */
const bundleRequire = {
	name: 'bundle-require',
	setup(builder) {
		builder.onResolve({filter: /^(node:)?module$/}, ({importer}) => (importer.startsWith(path.join(repoRoot, 'source'))
			? {path: 'module', namespace: 'bundle-require'}
			: undefined));
		builder.onLoad({filter: /.*/, namespace: 'bundle-require'}, () => ({
			contents: 'export const createRequire = () => require;',
			loader: 'js',
		}));
	},
};

/**
 * esbuild's __toESM(require("node:…"), 1) for a default or namespace import of a Node built-in
 * copies every property of the module into a new object, as getters (process has 79, fs 104),
 * at each module's start. A built-in needs none of it: an object whose prototype is the module
 * and whose `default` is the module reads the same. The build fails if esbuild's output changes
 * so that the replacement no longer applies.
 */
function withBuiltinsUnwrapped(file) {
	const text = readFileSync(file, 'utf8');
	const wrapped = /__toESM\(require\("(node:[a-z_/]+)"\),\s*1\)/g;
	if (!wrapped.test(text)) return;
	const helper = 'var __nodeBuiltin = (mod) => Object.create(mod, {default: {value: mod}});\n';
	const unwrapped = text.replace(wrapped, (_, name) => `__nodeBuiltin(require(${JSON.stringify(name)}))`)
		.replace('"use strict";', `"use strict";${helper}`);
	if (/__toESM\(require\("node:/.test(unwrapped) || !unwrapped.includes(helper)) {
		throw new Error(`${path.relative(repoRoot, file)}: esbuild's __toESM(require("node:…")) output changed: update withBuiltinsUnwrapped() in scripts/bundle.js.`);
	}
	writeFileSync(file, unwrapped);
}

rmSync(outdir, {recursive: true, force: true});
mkdirSync(outdir, {recursive: true});
writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify({type: 'commonjs'}, null, '\t')}\n`);

await build({
	absWorkingDir: repoRoot,
	entryPoints: {
		edu: 'source/bin.ts',
		cli: 'source/cli.ts',
		'parse-worker': 'source/openapi/php/parse-worker.ts',
		'import-esm': 'source/import-esm.ts',
	},
	outdir,
	bundle: true,
	format: 'cjs',
	platform: 'node',
	target: 'node20',
	external: ['react', 'react/*', '@inquirer/prompts', 'php-parser', 'execa', 'yaml'],
	plugins: [loadedInk, importEsmFile, lazyChildProcess, bundleRequire],
	// Read and deserialised at every start: a third smaller without whitespace, names kept for
	// stack traces (DEBUG=1).
	minifyWhitespace: true,
	minifySyntax: true,
	// The sources are ES modules: import.meta.dirname and .filename are the bundle file's, and
	// import.meta.url its URL, made on first use (making it costs a URL parse: only the openapi
	// worker pool asks for it).
	define: {'import.meta.url': 'import_meta.url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename', EDU_BUILD_VERSION: JSON.stringify(version)},
	banner: {js: 'const import_meta = {get url() { return this.href ??= require("node:url").pathToFileURL(__filename).href; }};'},
	logLevel: 'warning',
});

for (const name of ['edu.js', 'cli.js', 'parse-worker.js', 'import-esm.js']) withBuiltinsUnwrapped(path.join(outdir, name));

const dynamicImport = /\bimport\(/.exec(readFileSync(path.join(outdir, 'cli.js'), 'utf8'));
if (dynamicImport) {
	throw new Error('dist/bin/cli.js calls import(), which fails in a script run from the code cache: import ES modules through source/import-esm.ts.');
}
