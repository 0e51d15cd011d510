// scripts/esm-wrappers.js: in a bundle, a CommonJS module imported by several ES modules is
// wrapped once, and every importer still sees every export the module has when it imports it.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a script of the build, plain JavaScript.
import {withSharedEsmWrappers} from '../../scripts/esm-wrappers.js';

const folder = mkdtempSync(path.join(tmpdir(), 'edu-esm-wrappers-'));
afterAll(() => rmSync(folder, {recursive: true, force: true}));

const files: Record<string, string> = {
	'lib.cjs': 'exports.value = 1;\nexports.greet = (name) => `hello ${name}`;\n',
	'one.mjs': "import * as lib from './lib.cjs';\nimport whole from './lib.cjs';\nexport const fromOne = lib;\nexport const wholeOne = whole;\n",
	'two.mjs': "import * as lib from './lib.cjs';\nexport const fromTwo = lib;\n",
	// two.mjs is imported (and wraps lib.cjs) only when load() runs, after an export was added.
	'entry.mjs': "import {fromOne, wholeOne} from './one.mjs';\nwholeOne.added = 'later';\nexport {fromOne, wholeOne};\nexport const load = () => import('./two.mjs');\n",
};

/** entry.mjs bundled as scripts/bundle.js bundles the bin, then `transform`ed, and loaded. */
async function bundled(name: string, transform: (text: string) => string): Promise<{fromOne: Record<string, unknown>; wholeOne: Record<string, unknown>; load: () => Promise<{fromTwo: Record<string, unknown>}>}> {
	for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
	const outfile = path.join(folder, `${name}.cjs`);
	await build({entryPoints: [path.join(folder, 'entry.mjs')], outfile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, logLevel: 'silent'});
	writeFileSync(outfile, transform(readFileSync(outfile, 'utf8')));
	return createRequire(import.meta.url)(outfile);
}

describe('shared __toESM wrappers', () => {
	it('wrap a CommonJS module once for all its importers', async () => {
		const {fromOne, load} = await bundled('shared', (text) => withSharedEsmWrappers(text));
		const {fromTwo} = await load();
		expect(fromTwo).toBe(fromOne);
	});

	it('read as esbuild\'s own wrappers do: named, default and namespace imports', async () => {
		const {fromOne, wholeOne} = await bundled('reads', (text) => withSharedEsmWrappers(text));
		expect(fromOne['value']).toBe(1);
		expect((fromOne['greet'] as (name: string) => string)('Lyon')).toBe('hello Lyon');
		expect(fromOne['default']).toBe(wholeOne);
		expect(wholeOne['value']).toBe(1);
	});

	it('show a later importer the exports added since the first one imported it, as a fresh wrapper would', async () => {
		const plain = await bundled('plain', (text) => text);
		const shared = await bundled('shared-later', (text) => withSharedEsmWrappers(text));
		expect((await plain.load()).fromTwo['added']).toBe('later');
		expect((await shared.load()).fromTwo['added']).toBe('later');
	});

	it('leave a bundle that never calls __toESM as it is, and refuse one whose helper changed', () => {
		expect(withSharedEsmWrappers('var x = 1;')).toBe('var x = 1;');
		expect(() => withSharedEsmWrappers('var __toESM = (mod) => mod; __toESM(require("a"));', 'x.js')).toThrow(/x\.js: esbuild's __toESM helper changed/);
	});

	it('are in every bundle of the bin that wraps CommonJS modules', () => {
		const wrapping = readdirSync(path.join('dist', 'bin')).filter((name) => name.endsWith('.js'))
			.filter((name) => /\b__toESM\(/.test(readFileSync(path.join('dist', 'bin', name), 'utf8')));
		expect(wrapping).toEqual(expect.arrayContaining(['cli.js', 'ui.js', 'execa.js', 'prompts.js']));
		for (const name of wrapping) {
			expect(readFileSync(path.join('dist', 'bin', name), 'utf8').includes('__esmWrappers'), `${name} shares its wrappers`).toBe(true);
		}
	});

	it('never wrap a Node built-in: every bundle of the bin takes node:process and the others as they are', () => {
		for (const name of readdirSync(path.join('dist', 'bin')).filter((file) => file.endsWith('.js'))) {
			const text = readFileSync(path.join('dist', 'bin', name), 'utf8');
			expect(text, name).not.toMatch(/__toESM\(require\("node:/);
		}
		// Ink's modules import node:process a dozen times: ui.js takes it through the helper, defined at its top.
		const ui = readFileSync(path.join('dist', 'bin', 'ui.js'), 'utf8');
		expect(ui.split('__nodeBuiltin(require("node:process"))').length).toBeGreaterThan(10);
		expect(ui.indexOf('var __nodeBuiltin =')).toBeLessThan(200);
	});
});
