// The wizard's bundle changes Ink's text packages as it is built (scripts/ink-text.js): their
// segmenters and Unicode expressions made on first use, lines of common characters split
// without a segmenter, no escape codes worked out between cells of the same styles. Drawn by
// Ink and React from the bundle and from node_modules, every screen must come out the same,
// escape codes included, and the wizard's kind of screen must make no Intl.Segmenter at all.
import path from 'node:path';
import fc from 'fast-check';
import {execa} from 'execa';
import {describe, expect, test} from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build, without types.
import {simpleSegments} from '../../scripts/string-width-fast.js';

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
});
