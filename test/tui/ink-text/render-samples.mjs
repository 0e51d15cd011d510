// `node render-samples.mjs bundle|modules`: draws the same screens with Ink and React from the
// wizard's bundle (dist/bin/ui.js) or from node_modules, and prints, as one JSON object, each
// screen's text (escape codes included) and how many Intl.Segmenter were made by then.
// Used by ink-text.test.ts to prove the bundle's changes to Ink's text packages draw the same.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

let segmenters = 0;
const NativeSegmenter = Intl.Segmenter;
Intl.Segmenter = function (...args) {
	segmenters++;
	return new NativeSegmenter(...args);
};

async function load(from) {
	if (from === 'modules') return {ink: await import('ink'), react: await import('react')};
	const file = path.join(import.meta.dirname, '..', '..', '..', 'dist', 'bin', 'ui.js');
	const bundleModule = {exports: {}};
	vm.runInThisContext(readFileSync(file, 'utf8'), {filename: file})(bundleModule.exports, createRequire(file), bundleModule, file, path.dirname(file));
	return bundleModule.exports;
}

const {ink, react} = await load(process.argv[2]);
const {Box, Text, renderToString} = ink;
const h = react.createElement;

/** Screens of common characters that fit (the wizard's first frame), then screens that need a segmenter: wrapped, cut, emoji, wide. */
const simple = [
	h(Box, {flexDirection: 'column'},
		h(Text, {color: 'cyan', bold: true}, 'edu make:api  Name · step 1 of 4'),
		h(Box, {marginTop: 1}, h(Text, null, 'Controller name: '), h(Text, {dimColor: true}, 'e.g. ville or MyUserTest')),
		h(Box, null, h(Box, {width: 8, flexShrink: 0}, h(Text, {color: 'gray'}, 'File')), h(Text, {wrap: 'truncate-middle'}, 'app/Controller/api/VilleController.php')),
		h(Text, {color: 'red', bold: true}, '✖ Route already exists.'),
		h(Text, null, 'plain ', h(Text, {bold: true}, 'bold'), ' ', h(Text, {italic: true, underline: true}, 'both'), ' → ', h(Text, {inverse: true}, 'Créer'))),
	h(Box, {borderStyle: 'round', paddingX: 1}, h(Text, {color: 'green'}, 'Enter next · Esc quit — ⏎ ≤ ‹›')),
	h(Box, {width: 40}, h(Text, {backgroundColor: 'blue'}, 'blue ground   '), h(Text, {inverse: true}, '  ')),
	h(Box, {flexDirection: 'column', width: 50}, h(Text, null, 'ends in blanks   '), h(Text, null, ''), h(Text, {dimColor: true}, '   ')),
	h(Text, null, h(Text, {color: 'red'}, 'red'), h(Text, {color: 'green'}, 'green'), h(Text, {bold: true}, 'B'), h(Text, {italic: true}, 'I'), h(Text, {color: 'green', bold: true}, 'gb'), h(Text, {color: 'red', bold: true}, 'rb')),
];
const complex = [
	h(Box, null, h(Box, {width: 8, flexShrink: 0}, h(Text, {color: 'gray'}, 'File')), h(Text, {wrap: 'truncate-middle'}, 'app/Controller/api/'.repeat(8))),
	h(Box, {width: 24}, h(Text, {color: 'yellow'}, 'word '.repeat(12))),
	h(Box, {flexDirection: 'column'}, h(Text, {color: 'magenta'}, '👍 日本 e\u0301 🇫🇷 ✔\uFE0F'), h(Box, {width: 10}, h(Text, {wrap: 'truncate-middle'}, '日本語のテキストです👍👍'))),
];

const draw = (screens) => screens.map((screen) => renderToString(screen, {columns: 60}));
const simpleOutput = draw(simple);
const afterSimple = segmenters;
const complexOutput = draw(complex);
process.stdout.write(JSON.stringify({simple: simpleOutput, complex: complexOutput, segmentersAfterSimple: afterSimple}));
