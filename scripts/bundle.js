// The `edu` bin as CommonJS bundles (esbuild) in dist/bin/, which holds a package.json of
// {"type": "commonjs"}: Node starts a CommonJS file faster than an ES module, and the bundles
// run from V8's code cache (source/launch/code-cache.ts).
// - edu.js: source/launch/bin.ts, start-up only (`--version` answered there), a few kilobytes;
// - cli.js: everything else, one file; the modules a command imports lazily stay
//   uninitialised until it does (esbuild's lazy wrappers), and compile from the code cache;
// - make.js and make-direct.js: cli.js with the make commands alone, and the same without
//   commander and the wizard (source/launch/bundles.ts says which runs which);
// - ui.js, execa.js, prompts.js: the ES-module packages (vendorBundles below), each bundled
//   apart and loaded, through the code cache, by the first module that imports it; ordinary
//   code imports them as usual, statically or with import();
// - parse-worker.js: the openapi parse worker, beside the bin so it is always as fresh.
// - router.php: edu start's router for PHP's built-in server (source/start/router.php).
// - php-parser.js: php-parser, bundled apart for the programs, which parse in-process only the PHP
//   a project's own template makes (bundleRequire below): from node_modules it is 146 files.
// - yaml.js: yaml, bundled apart as php-parser is: only edu openapi, the mock commands and a
//   routes.yaml the scanner leaves to the full parse load it. The parse worker keeps php-parser
//   from node_modules.
// Run after tsc (npm run build): the bundles are built from source/, dist/ keeps tsc's modules
// for the scripts.
import {copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {bundleWrapper} from '../dist/launch/code-cache.js';
import {main} from '../dist/cli/main.js';
import {knownParse, parseOf} from '../dist/templates/fill.js';
import {builtinFolder, builtinNames, manifestFile} from '../dist/templates/catalog.js';
import {isManifestProblem, readManifest} from '../dist/templates/manifest.js';
import {withSharedEsmWrappers} from './esm-wrappers.js';
import {lazyEntryFor, makeLazy, withSameStylesAtOnce, withSgrOnlyAtOnce, withSharedBlankCells, withSimpleSegments, withoutTrailingBlanks} from './ink-text.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const {version} = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));

/**
 * Packages bundled apart, each into a file of its own beside cli.js (so a run that does not use
 * it never reads it), loaded through the code cache by the first module that imports one of its
 * packages: the file, and for each package the name it is exported under. Ink and React share
 * one file, so the screens and Ink use one React.
 */
const vendorBundles = {
	ui: {ink: 'ink', react: 'react', 'react/jsx-runtime': 'jsxRuntime'},
	execa: {execa: 'execa'},
	prompts: {'@inquirer/prompts': 'prompts'},
	'php-parser': {'php-parser': 'phpParser'},
	yaml: {yaml: 'yaml'},
};
const vendorOf = new Map(Object.entries(vendorBundles).flatMap(([file, packages]) => Object.entries(packages).map(([name, key]) => [name, {file, key}])));
const escape = (text) => text.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const vendorPackages = {
	name: 'vendor-packages',
	setup(builder) {
		const names = new RegExp(`^(${[...vendorOf.keys()].map(escape).join('|')})$`);
		builder.onResolve({filter: names}, ({path: name}) => ({path: name, namespace: 'vendor'}));
		builder.onResolve({filter: /^\.\/[\w-]+\.js$/, namespace: 'vendor'}, ({path: file}) => ({path: file, external: true}));
		builder.onLoad({filter: /.*/, namespace: 'vendor'}, ({path: name}) => ({
			contents: `module.exports = require("./${vendorOf.get(name).file}.js").${vendorOf.get(name).key};`,
			loader: 'js',
		}));
	},
};

/**
 * Yoga (Ink's layout engine) instantiated synchronously from its WebAssembly, where its own entry
 * awaits at top level (which a CommonJS bundle cannot) and fetches the module from a data: URL
 * (which loads Node's fetch). Emscripten's documented Module.instantiateWasm hook receives the
 * instance; the bytes are the ones yoga-layout ships, read from its file at build time.
 */
const syncYoga = {
	name: 'sync-yoga',
	setup(builder) {
		builder.onLoad({filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/}, ({path: file}) => {
			const binaries = readFileSync(path.join(path.dirname(file), '..', 'binaries', 'yoga-wasm-base64-esm.js'), 'utf8');
			const wasm = /"data:application\/octet-stream;base64,([A-Za-z\d+/=]+)"/.exec(binaries)?.[1];
			if (wasm === undefined) throw new Error('yoga-layout no longer ships its WebAssembly as a base64 data: URL: update syncYoga in scripts/bundle.js.');
			return {
				contents: `import loadYoga from '../binaries/yoga-wasm-base64-esm.js';
import wrapAssembly from './wrapAssembly.js';
const yoga = {instantiateWasm(imports, receive) {
	const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(${JSON.stringify(wasm)}, 'base64')), imports);
	receive(instance);
	return instance.exports;
}};
loadYoga(yoga);
if (!yoga.calledRun) throw new Error('Yoga did not start synchronously');
const Yoga = wrapAssembly(yoga);
export default Yoga;
export * from './generated/YGEnums.js';
`,
				resolveDir: path.dirname(file),
				loader: 'js',
			};
		});
	},
};

/**
 * Ink's reconciler awaits at top level only when DEV=true, for React DevTools (not a dependency
 * of edu): the bundle leaves that out, and DEV=true says so as Ink does when they are missing.
 */
const inkWithoutDevtools = {
	name: 'ink-without-devtools',
	setup(builder) {
		builder.onLoad({filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/}, ({path: file}) => {
			const replacements = [
				["await import('./devtools.js');", "throw Object.assign(new Error('React DevTools are not bundled'), {code: 'ERR_MODULE_NOT_FOUND'});"],
				['await loadPackageJson()', '{name: undefined, version: undefined}'],
			];
			let text = readFileSync(file, 'utf8');
			for (const [from, to] of replacements) {
				if (!text.includes(from)) throw new Error(`ink/build/reconciler.js no longer has ${from}: update inkWithoutDevtools in scripts/bundle.js.`);
				text = text.replace(from, to);
			}
			return {contents: text, loader: 'js'};
		});
	},
};

/**
 * Ink's text packages, as scripts/ink-text.js says: their segmenters and Unicode-property
 * expressions made on first use, the tokenizer of Ink's output without a segmenter for lines of
 * common characters, no escape codes worked out between cells of the same styles, no plain
 * blank cells at the end of a line turned into text, and one blank cell shared by the whole grid
 * a frame starts from, and a text node's colours and styles kept without walking them.
 * string-width 8 (Ink measures every text node with it) also answers text
 * made of common non-ASCII characters without its segmenter and emoji expression:
 * scripts/string-width-fast.js says why. The build fails if ui.js ends up without them.
 */
const textPackages = {
	name: 'text-packages',
	setup(builder) {
		const fast = JSON.stringify(path.join(repoRoot, 'scripts', 'string-width-fast.js'));
		builder.onLoad({filter: /[\\/]ink[\\/]build[\\/]output\.js$/}, ({path: file}) => ({contents: withSharedBlankCells(withoutTrailingBlanks(readFileSync(file, 'utf8'))), resolveDir: path.dirname(file), loader: 'js'}));
		builder.onLoad({filter: /[\\/]ansi-tokenize[\\/]build[\\/]diff\.js$/}, ({path: file}) => ({contents: withSameStylesAtOnce(readFileSync(file, 'utf8')), resolveDir: path.dirname(file), loader: 'js'}));
		builder.onLoad({filter: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/}, ({path: file}) => ({contents: withSgrOnlyAtOnce(readFileSync(file, 'utf8')), resolveDir: path.dirname(file), loader: 'js'}));
		builder.onLoad({filter: /[\\/](string-width[\\/]index|ansi-tokenize[\\/]build[\\/]tokenize|slice-ansi[\\/]tokenize-ansi)\.js$/}, ({path: file}) => {
			const entry = lazyEntryFor(file);
			if (entry === undefined) return undefined;
			let text = makeLazy(readFileSync(file, 'utf8'), entry.names, file);
			if (file.includes(`${path.sep}ansi-tokenize${path.sep}`)) text = withSimpleSegments(text, JSON.parse(fast));
			const asciiPath = /if \(\/\^\[\\u0020-\\u007E\]\*\$\/\.test\(string\)\) \{\s*return string\.length;\s*\}/;
			// Older copies (wrap-ansi's string-width 7) count some of these characters as emoji: no fast width there.
			if (asciiPath.test(text)) {
				text = `import {simpleWidth} from ${fast};\n${text.replace(asciiPath, (ascii) => `${ascii}\n\tconst simple = simpleWidth(string, ambiguousIsNarrow);\n\tif (simple !== undefined) return simple;`)}`;
			}
			return {contents: text, resolveDir: path.dirname(file), loader: 'js'};
		});
	},
};

/**
 * Node built-ins that packages load as they start, for a case edu never or rarely meets, given
 * to them as the few functions they call, each loading the built-in on its first call:
 * - commander runs child processes only for stand-alone subcommand executables, which edu has
 *   none of (node:child_process brings net and dgram);
 * - signal-exit 3 (Ink's and restore-cursor's) checks it is handed a function with
 *   node:assert's equal(), which here calls node:assert only when its values differ (so a
 *   failure throws node:assert's own error);
 * - terminal-size runs `tput` through node:child_process when the terminal does not give its size.
 * The two of the wizard's took about 3 ms of every wizard start (Node 24). The build fails if a
 * package calls more of the module than it is given.
 */
const lazyBuiltins = {
	name: 'lazy-builtins',
	setup(builder) {
		const lazy = [
			{
				builtin: 'child_process', importer: `${path.sep}commander${path.sep}`, uses: /\bchildProcess\.(\w+)/g, members: ['spawn'],
				contents: "module.exports = {spawn: (...args) => require('node:child_process').spawn(...args)};",
			},
			{
				builtin: 'assert', importer: `${path.sep}signal-exit${path.sep}`, uses: /\bassert\.(\w+)/g, members: ['equal'],
				contents: "module.exports = {equal(actual, expected, message) { if (actual != expected) require('node:assert').equal(actual, expected, message); }};",
			},
			{
				builtin: 'child_process', importer: `${path.sep}terminal-size${path.sep}`, uses: /import\s*\{([^}]*)\}\s*from\s*'node:child_process'/g, members: ['execFileSync'],
				contents: "export function execFileSync(...args) { return require('node:child_process').execFileSync(...args); }",
			},
		];
		builder.onResolve({filter: /^(node:)?(assert|child_process)$/}, ({path: name, importer}) => {
			const index = lazy.findIndex((entry) => name.replace(/^node:/, '') === entry.builtin && importer.includes(entry.importer));
			if (index === -1) return undefined;
			const found = lazy[index];
			const used = [...readFileSync(importer, 'utf8').matchAll(found.uses)].flatMap((match) => match[1].split(',').map((member) => member.trim()).filter(Boolean));
			const other = [...new Set(used.filter((member) => !found.members.includes(member)))];
			if (used.length === 0 || other.length > 0) {
				throw new Error(`${path.relative(repoRoot, importer)} uses ${other.join(', ') || 'none'} of node:${found.builtin}, where lazyBuiltins in scripts/bundle.js gives ${found.members.join(', ')}: update it.`);
			}
			return {path: String(index), namespace: 'lazy-builtins'};
		});
		builder.onLoad({filter: /.*/, namespace: 'lazy-builtins'}, ({path: index}) => ({contents: lazy[Number(index)].contents, loader: 'js'}));
	},
};

/**
 * A program with one module of source/ (`relative`) replaced by `contents`, chosen by its path:
 * esbuild fails the build ("No matching export") if the replacement lacks a name a module imports.
 */
function replacing(name, relative, contents) {
	const module = path.join(repoRoot, 'source', relative);
	const base = new RegExp(`[\\\\/]${path.basename(relative).replaceAll('.', '\\.')}$`);
	return {
		name,
		setup(builder) {
			builder.onLoad({filter: base}, ({path: file}) => (file === module ? {contents, resolveDir: path.dirname(file), loader: 'ts'} : undefined));
		},
	};
}

/** make.js: the program with the make commands alone (cli/commands/make-only.ts in place of index.ts). */
const makeCommandsOnly = replacing('make-commands-only', 'cli/commands/index.ts', "export * from './make-only.js';");

/** read.js: the program with edu routes and edu openapi alone, which a student runs most after make:api. */
const readCommandsOnly = replacing('read-commands-only', 'cli/commands/index.ts', "export {commandNames, registerCommands} from './read-only.js';");

/**
 * make-direct.js: make.js without commander's program and the wizard's modules, for the make
 * runs that ask nothing (source/launch/bundles.ts): source/cli/on-demand.ts, the one module that
 * loads them, is source/launch/hand-over.ts there, which runs make.js in its place.
 */
const directOnly = replacing('direct-only', 'cli/on-demand.ts', `export * from ${JSON.stringify(path.join(repoRoot, 'source', 'launch', 'hand-over.ts'))};`);

/**
 * node:module in the bundles: createRequire(import.meta.url) is the bundle's own require (every
 * module's import.meta.url is the bundle file's), so the bundles never load node:module, which
 * brings Node's ES module loader and source-map support into every run.
 * In the programs (cli.js, make.js, make-direct.js, read.js; `vendored`), the packages of vendorBundles
 * that source code requires on first use (`requiredOnUse`: php-parser, on the first parse; yaml,
 * on the first full YAML parse) are
 * their bundle beside the program, which the bin loads through the code cache; from node_modules
 * Node resolves, reads and compiles php-parser's 146 files on each run. The parse worker, which
 * Node loads itself, keeps node_modules.
 */
const requiredOnUse = ['php-parser', 'yaml'];
function bundleRequire(vendored) {
	const packages = vendored ? requiredOnUse.map((name) => `${JSON.stringify(name)}: () => require(${JSON.stringify(name)})`) : [];
	return {
		name: 'bundle-require',
		setup(builder) {
			builder.onResolve({filter: /^(node:)?module$/}, ({importer}) => (importer.startsWith(path.join(repoRoot, 'source'))
				? {path: 'module', namespace: 'bundle-require'}
				: undefined));
			builder.onLoad({filter: /.*/, namespace: 'bundle-require'}, () => ({
				contents: packages.length === 0
					? 'export const createRequire = () => require;'
					: `const vendored = {${packages.join(', ')}};
const bundleRequire = Object.assign((id) => (Object.hasOwn(vendored, id) ? vendored[id]() : require(id)), require);
export const createRequire = () => bundleRequire;`,
				loader: 'js',
			}));
		},
	};
}

/**
 * esbuild's __toESM(require("node:…"), 1) for a default or namespace import of a Node built-in
 * copies every property of the module into a new object, as getters, at each module's start
 * (Ink's modules import node:process a dozen times)
 * (git log -p docs/performance.md has what that cost). A built-in needs none of it: an object whose prototype is the module
 * and whose `default` is the module reads the same. The build fails if esbuild's output changes
 * so that the replacement no longer applies.
 */
function withBuiltinsUnwrapped(file) {
	const text = readFileSync(file, 'utf8');
	const wrapped = /__toESM\(require\("(node:[a-z_/]+)"\),\s*1\)/g;
	if (!wrapped.test(text)) return;
	const helper = 'var __nodeBuiltin = (mod) => Object.create(mod, {default: {value: mod}});\n';
	const replaced = text.replace(wrapped, (_, name) => `__nodeBuiltin(require(${JSON.stringify(name)}))`);
	// At the top (after the bin's #! line): a "use strict" further down may be a CommonJS module's own.
	const shebang = /^#!.*\n/.exec(replaced)?.[0] ?? '';
	const unwrapped = `${shebang}${helper}${replaced.slice(shebang.length)}`;
	if (/__toESM\(require\("node:/.test(unwrapped) || !unwrapped.includes(helper)) {
		throw new Error(`${path.relative(repoRoot, file)}: esbuild's __toESM(require("node:…")) output changed: update withBuiltinsUnwrapped() in scripts/bundle.js.`);
	}
	writeFileSync(file, unwrapped);
}

/**
 * The built-in templates compiled for the bundle (source/templates/compiled.ts reads them):
 * `templates/manifests.json` holds every manifest read and checked, and how each `to` path
 * parses; `templates/<name>.json` each file's text and how it parses. The build fails if a
 * manifest is broken or if mustache no longer takes a parse handed to it.
 */
function writeCompiledTemplates(outdir) {
	const folder = path.join(outdir, 'templates');
	mkdirSync(folder, {recursive: true});
	const checked = (text) => {
		const tokens = parseOf(text);
		knownParse(text, tokens);
		if (parseOf(text) !== tokens) throw new Error('mustache no longer takes the parse knownParse() hands it: update knownParse in source/templates/fill.ts.');
		return [text, tokens];
	};
	const manifests = {};
	for (const name of builtinNames) {
		const manifest = readManifest(JSON.parse(readFileSync(path.join(builtinFolder, name, manifestFile), 'utf8')), name);
		if (isManifestProblem(manifest)) throw new Error(`templates/${name}/${manifestFile}: ${manifest.message}`);
		manifests[name] = manifest;
		const texts = Object.fromEntries(manifest.files.map((file) => [file.role, readFileSync(path.join(builtinFolder, name, file.from), 'utf8')]));
		writeFileSync(path.join(folder, `${name}.json`), JSON.stringify({texts, parsed: Object.values(texts).map(checked)}));
	}
	const paths = [...new Set(Object.values(manifests).flatMap((manifest) => manifest.files.map((file) => file.to)))];
	writeFileSync(path.join(folder, 'manifests.json'), JSON.stringify({manifests, parsed: paths.map(checked)}));
}

/**
 * `edu --help` as the program prints it at the widest width it takes (COLUMNS=999999): every entry
 * and paragraph on one line, which the bin wraps at the terminal's width
 * (source/launch/program-help.ts). The build fails if the program does not print it as it should.
 */
async function programHelpText() {
	let text = '';
	let errors = '';
	const stream = (write) => ({isTTY: false, writableLength: 0, write: (chunk) => (write(chunk), true)});
	const io = {
		cwd: repoRoot, env: {COLUMNS: '999999'}, interactive: false, stdin: process.stdin,
		stdout: stream((chunk) => (text += chunk)), stderr: stream((chunk) => (errors += chunk)),
	};
	const code = await main(['--help'], io);
	// eslint-disable-next-line no-control-regex
	if (code !== 0 || errors !== '' || !text.startsWith('Usage: edu') || /[\u0000-\u0009\u000B-\u001F\u007F]/.test(text)) {
		throw new Error(`edu --help, run for the bin, exited ${code} with ${JSON.stringify((errors || text).slice(0, 200))}: fix the program's help first.`);
	}
	return text;
}

/**
 * The bundles into `outdir`. `cli` is the program the bin runs: source/launch/cli.ts for edu, the
 * bench's minimal Ink app for the floor it measures the wizard against (built and cached the
 * same way, beside the same bin and ui.js).
 */
async function buildBin(outdir, cli) {
	rmSync(outdir, {recursive: true, force: true});
	mkdirSync(outdir, {recursive: true});
	writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify({type: 'commonjs'}, null, '\t')}\n`);
	// edu start hands PHP's server its router as a file, found beside the code that starts it.
	copyFileSync(path.join(repoRoot, 'source', 'start', 'router.php'), path.join(outdir, 'router.php'));

	const entryPoints = {edu: 'source/launch/bin.ts', cli};
	const options = {
		absWorkingDir: repoRoot,
		outdir,
		bundle: true,
		format: 'cjs',
		platform: 'node',
		target: 'node20',
		external: ['php-parser', 'yaml'],
		plugins: [vendorPackages, lazyBuiltins],
		// Read and deserialised at every start: a third smaller without whitespace, names kept for
		// stack traces (DEBUG=1).
		minifyWhitespace: true,
		minifySyntax: true,
		// The sources are ES modules: import.meta.dirname and .filename are the bundle file's, and
		// import.meta.url its URL, made on first use (making it costs a URL parse: only the openapi
		// worker pool asks for it).
		define: {
			'import.meta.url': 'import_meta.url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename',
			EDU_BUILD_VERSION: JSON.stringify(version), EDU_COMPILED_TEMPLATES: '"templates"',
			// Only edu's program has a help for the bin to print; the floor app's bin runs it.
			EDU_PROGRAM_HELP: cli === 'source/launch/cli.ts' ? JSON.stringify(await programHelpText()) : 'undefined',
		},
		banner: {js: 'const import_meta = {get url() { return this.href ??= require("node:url").pathToFileURL(__filename).href; }};'},
		logLevel: 'warning',
	};
	const programPlugins = [...options.plugins, bundleRequire(true)];
	await build({...options, entryPoints, plugins: programPlugins});
	// make.js: cli.ts with the make commands alone; make-direct.js: the same without commander and
	// the wizard (the bin runs one of them for those commands).
	if (cli === 'source/launch/cli.ts') {
		await build({...options, entryPoints: {'parse-worker': 'source/php/parse-worker.ts'}, plugins: [...options.plugins, bundleRequire(false)]});
		await build({...options, entryPoints: {make: cli}, plugins: [...programPlugins, makeCommandsOnly]});
		await build({...options, entryPoints: {'make-direct': cli}, plugins: [...programPlugins, makeCommandsOnly, directOnly]});
		await build({...options, entryPoints: {read: cli}, plugins: [...programPlugins, readCommandsOnly]});
		Object.assign(entryPoints, {'parse-worker': 'source/php/parse-worker.ts', make: cli, 'make-direct': cli, read: cli});
	}

	// The vendor bundles; the floor app needs only the wizard's stack (Ink, React's production build, Yoga).
	const vendorFiles = Object.keys(vendorBundles).filter((file) => cli === 'source/launch/cli.ts' || file === 'ui');
	for (const [file, packages] of vendorFiles.map((name) => [name, vendorBundles[name]])) {
		await build({
			absWorkingDir: repoRoot,
			stdin: {
				contents: Object.entries(packages).map(([name, key]) => `export * as ${key} from ${JSON.stringify(name)};`).join('\n'),
				resolveDir: repoRoot,
				sourcefile: `${file}.js`,
			},
			outfile: path.join(outdir, `${file}.js`),
			bundle: true,
			format: 'cjs',
			platform: 'node',
			target: 'node20',
			plugins: [syncYoga, inkWithoutDevtools, textPackages, lazyBuiltins],
			minifyWhitespace: true,
			minifySyntax: true,
			define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'undefined'},
			logLevel: 'warning',
		});
	}

	if (cli === 'source/launch/cli.ts') writeCompiledTemplates(outdir);
	for (const name of [...Object.keys(entryPoints), ...vendorFiles]) withBuiltinsUnwrapped(path.join(outdir, `${name}.js`));
	for (const name of [...Object.keys(entryPoints), ...vendorFiles]) {
		const file = path.join(outdir, `${name}.js`);
		writeFileSync(file, withSharedEsmWrappers(readFileSync(file, 'utf8'), path.relative(repoRoot, file)));
	}
	const ui = readFileSync(path.join(outdir, 'ui.js'), 'utf8');
	if (!ui.includes('simpleWidth(') || !ui.includes('simpleSegments(') || !ui.includes('sgrOnly.test(')) {
		throw new Error('dist/bin/ui.js measures, splits or sanitises text without the changes of scripts/ink-text.js and scripts/string-width-fast.js: one of Ink\'s text packages changed, update textPackages in scripts/bundle.js.');
	}
	if (ui.split(/new Intl\.Segmenter\b/).length !== ui.split(/\?\?=\s*new Intl\.Segmenter\b/).length) {
		throw new Error('dist/bin/ui.js makes an Intl.Segmenter when it loads: a package of Ink\'s changed, add it to scripts/ink-text.js.');
	}

	const programs = ['cli', 'make', 'make-direct', 'read'].filter((name) => name in entryPoints);
	for (const program of programs) {
		if (/\bimport\(/.test(readFileSync(path.join(outdir, `${program}.js`), 'utf8'))) {
			throw new Error(`dist/bin/${program}.js calls import(), which fails in a script run from the code cache: add the ES-module package it imports to vendorBundles in scripts/bundle.js.`);
		}
	}

	if (programs.includes('make-direct')) {
		const direct = readFileSync(path.join(outdir, 'make-direct.js'), 'utf8');
		const left = [/require\("\.\/(ui|prompts)\.js"\)/, /\bcommander\./].filter((pattern) => pattern.test(direct));
		if (left.length > 0) throw new Error(`dist/bin/make-direct.js holds what it should hand over to make.js (${left.join(', ')}): a module it imports brings commander or the wizard in; load it through source/cli/on-demand.ts.`);
	}

	// The bundles the bin runs through the code cache, written as the function it calls (see
	// bundleWrapper in source/launch/code-cache.ts): each run compiles the file's own text, where wrapping
	// it at run time would copy the whole bundle into a new string first.
	const cached = [...programs, ...vendorFiles];
	for (const name of cached) {
		const file = path.join(outdir, `${name}.js`);
		writeFileSync(file, `${bundleWrapper.start}${readFileSync(file, 'utf8')}${bundleWrapper.end}`);
	}
}

// node scripts/bundle.js: dist/bin; node scripts/bundle.js --floor DIR: the bench's floor app in DIR.
const floor = process.argv.indexOf('--floor');
await (floor === -1
	? buildBin(path.join(repoRoot, 'dist', 'bin'), 'source/launch/cli.ts')
	: buildBin(path.resolve(process.argv[floor + 1]), 'scripts/bench-floor-app.tsx'));
