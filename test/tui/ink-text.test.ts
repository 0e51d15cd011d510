// The wizard's bundle changes Ink's text packages as it is built (scripts/ink-text.js): their
// segmenters and Unicode expressions made on first use, lines of common characters split
// without a segmenter, no escape codes worked out between cells of the same styles, a text of
// colours and styles alone taken as it is by Ink's sanitiser. Drawn by
// Ink and React from the bundle and from node_modules, every screen must come out the same,
// escape codes included, and the wizard's kind of screen must make no Intl.Segmenter at all.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import fc from 'fast-check';
import {execa} from 'execa';
import {describe, expect, test} from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build, without types.
import {withSgrOnlyAtOnce} from '../../scripts/ink-text.js';
// @ts-expect-error: a plain JavaScript module of the build, without types.
import {simpleSegments} from '../../scripts/string-width-fast.js';
import {tempProject} from '../helpers/temp-project.js';

interface Drawn {
	simple: string[];
	complex: string[];
	segmentersAfterSimple: number;
}

async function draw(from: 'bundle' | 'modules'): Promise<Drawn> {
	const script = path.join(import.meta.dirname, 'ink-text', 'render-samples.mjs');
	const {stdout} = await execa(process.execPath, [script, from], {env: {FORCE_COLOR: '3'}});
	return JSON.parse(stdout) as Drawn;
}

const segments = simpleSegments as (text: string) => Array<{segment: string; index: number; input: string}> | undefined;
const graphemes = (text: string) => [...new Intl.Segmenter(undefined, {granularity: 'grapheme'}).segment(text)].map(({segment, index, input}) => ({segment, index, input}));

describe('Ink\'s text packages in the wizard\'s bundle', () => {
	test('draw every screen as Ink from node_modules does, and the wizard\'s kind of screen without a segmenter', async () => {
		const [bundle, modules] = await Promise.all([draw('bundle'), draw('modules')]);
		expect(bundle.simple).toEqual(modules.simple);
		expect(bundle.complex).toEqual(modules.complex);
		// The screens hold colours and styles, so the codes between cells were worked out.
		expect(bundle.simple.join('')).toMatch(/\u001B\[1m\u001B\[36medu make:api/);
		expect(modules.segmentersAfterSimple).toBeGreaterThan(0);
		expect(bundle.segmentersAfterSimple).toBe(0);
	});

	test('split a line of common characters into the graphemes Intl.Segmenter gives', () => {
		const common = fc.constantFrom(...'aZ09 ~\t\n\u001B[;méÉçß·—…→✖✔❯↑↓⏎≤›‹│╭─■'.split(''));
		fc.assert(fc.property(fc.array(common, {maxLength: 40}).map((chars) => chars.join('')), (text) => {
			expect(segments(text)).toEqual(graphemes(text));
		}), {seed: 24, numRuns: 500});
	});

	test('leave to Intl.Segmenter what joins characters: CR LF, marks, emoji sequences, flags', () => {
		for (const text of ['a\r\nb', 'e\u0301', '👍🏽', '✔\uFE0F', '🇫🇷', 'a\u200Db', '日本']) {
			expect(segments(text), JSON.stringify(text)).toBeUndefined();
		}
	});

	test('sanitise every text as Ink\'s own sanitizeAnsi does: colours and styles kept, any other control sequence removed', async () => {
		type Sanitize = (text: string) => string;
		const source = path.join('node_modules', 'ink', 'build', 'sanitize-ansi.js');
		const changed = path.join(tempProject(), 'sanitize-ansi.mjs');
		const tokenizer = pathToFileURL(path.resolve('node_modules', 'ink', 'build', 'ansi-tokenizer.js')).href;
		const patched = (withSgrOnlyAtOnce as (text: string) => string)(readFileSync(source, 'utf8')).replace("'./ansi-tokenizer.js'", JSON.stringify(tokenizer))
			.replace(/^\/\/# sourceMappingURL=.*$/m, '');
		writeFileSync(changed, patched);
		const original = (await import(pathToFileURL(path.resolve(source)).href) as {default: Sanitize}).default;
		const fast = (await import(pathToFileURL(changed).href) as {default: Sanitize}).default;
		const pieces = fc.constantFrom('a', 'é', '日', '\n', ' ', '[', 'm', '1', ';', ':', '<', '\u0007', '\u001B', '\u001B[', '\u001B[31m', '\u001B[1;36m', '\u001B[38:5:208m',
			'\u001B[m', '\u001B[<1m', '\u001B[ m', '\u001B[2J', '\u001B[10;5H', '\u001B]8;;https://x\u0007', '\u001B]8;;\u001B\\', '\u001Bc', '\u001B(B', '\u009B31m', '\u0085', '\u009C', '\u009D0;t\u0007');
		fc.assert(fc.property(fc.array(pieces, {maxLength: 30}).map((parts) => parts.join('')), (text) => {
			expect(fast(text)).toBe(original(text));
		}), {seed: 28, numRuns: 3000});
		// Both ways are taken: the fast one for colours alone, Ink's walk for the rest.
		expect(fast('\u001B[1m\u001B[36medu make:api\u001B[39m\u001B[22m')).toBe('\u001B[1m\u001B[36medu make:api\u001B[39m\u001B[22m');
		expect(fast('a\u001B[2Jb\u001B[31mc')).toBe('ab\u001B[31mc');
	});
});
