// Ink's text packages, as the bundle of the wizard's stack is built (scripts/bundle.js).
// They each build an Intl.Segmenter and regular expressions of Unicode properties when they load
// (string-width twice, @alcalzone/ansi-tokenize, slice-ansi). The first Intl.Segmenter of a
// process loads ICU's break rules, and an expression such as /^\p{RGI_Emoji}$/v is built whole:
// together they cost more than the rest of Ink's start, for a wizard whose text needs neither
// (scripts/string-width-fast.js). Here each of them is made on its first use instead, and the
// tokenizer of Ink's output splits lines made of common characters without a segmenter.
// Ink also draws each line cell by cell, across the terminal's whole width, working out the
// escape codes from one cell's styles to the next, then trims the blanks at the end: the plain
// blank cells at the end of a line are left out before, and cells of the same styles need no
// codes, an answer given at once. And the blank cells it starts each frame from are one cell,
// shared, instead of two new objects per cell of the screen. A text node's text, which Ink
// sanitises by walking its escape codes, is taken at once when they are all colours and styles.
import path from 'node:path';

/** The module-level constants made on first use, by package file (a path ending). */
const lazyConstants = [
	{file: ['string-width', 'index.js'], names: ['segmenter', 'visibleCharacterRegex', 'spacingMarkRegex', 'rgiEmojiRegex', 'extendedPictographicRegex']},
	{file: ['ink', 'node_modules', 'wrap-ansi', 'node_modules', 'string-width', 'index.js'], names: ['segmenter', 'defaultIgnorableCodePointRegex']},
	{file: ['@alcalzone', 'ansi-tokenize', 'build', 'tokenize.js'], names: ['segmenter']},
	{file: ['slice-ansi', 'tokenize-ansi.js'], names: ['GRAPHEME_SEGMENTER', 'EMOJI_PRESENTATION_GRAPHEME_REGEX']},
];

/**
 * The entry of lazyConstants for `file`: its path ends so, right under the top node_modules
 * (older copies nested elsewhere, such as string-width 4, have none of these constants); the
 * longest ending first, so the string-width nested in Ink's wrap-ansi is not taken for Ink's.
 */
export function lazyEntryFor(file) {
	const parts = file.split(/[\\/]/);
	return [...lazyConstants].sort((a, b) => b.file.length - a.file.length).find(({file: ending}) => ending.every((part, index) => parts[parts.length - ending.length + index] === part)
		&& parts.lastIndexOf('node_modules', parts.length - ending.length - 1) === parts.length - ending.length - 1
		&& !parts.slice(0, parts.length - ending.length - 1).includes('node_modules'));
}

/**
 * `text` with each `const NAME = …;` of `names` made on first use: the declaration becomes a
 * getter and every other mention of NAME a call to it. Throws when a declaration is not there
 * exactly once, so a new version of the package fails the build instead of loading eagerly.
 */
export function makeLazy(text, names, file) {
	let result = text;
	for (const name of names) {
		const declaration = new RegExp(String.raw`^const ${name} = (.+);$`, 'gm');
		const found = [...result.matchAll(declaration)];
		if (found.length !== 1) throw new Error(`${path.basename(path.dirname(file))}/${path.basename(file)}: "const ${name} = …;" is there ${found.length} times, not once: update scripts/ink-text.js.`);
		const getter = `${name}$lazy`;
		result = result.replace(new RegExp(String.raw`(?<![\w$.])${name}(?![\w$])`, 'g'), `${getter}()`)
			.replace(`const ${getter}() = ${found[0][1]};`, `let ${name}$made;\nconst ${getter} = () => ${name}$made ??= ${found[0][1]};`);
	}
	return result;
}

/** @alcalzone/ansi-tokenize's tokenize(): lines of common characters split without a segmenter. */
export function withSimpleSegments(text, fast) {
	const call = 'segmenter$lazy().segment(str)';
	if (text.split(call).length !== 2) throw new Error(`@alcalzone/ansi-tokenize/build/tokenize.js no longer segments with ${call}: update scripts/ink-text.js.`);
	return `import {simpleSegments} from ${JSON.stringify(fast)};\n${text.replace(call, `(simpleSegments(str) ?? ${call})`)}`;
}

/** @alcalzone/ansi-tokenize's diffAnsiCodes(): no codes between cells of the same styles, without building its sets. */
export function withSameStylesAtOnce(text) {
	const start = 'export function diffAnsiCodes(from, to) {';
	if (text.split(start).length !== 2) throw new Error(`@alcalzone/ansi-tokenize/build/diff.js no longer has ${start}: update scripts/ink-text.js.`);
	return text.replace(start, `${start}\n    if (from.length === to.length && from.every((code, index) => code.code === to[index].code)) return [];`);
}

/**
 * Ink's sanitizeAnsi() (run on every text node when it is measured and when it is drawn): a text
 * whose only control sequences are SGR codes (colours and styles, what chalk writes) is returned
 * as it is, which is what the tokenizer it walks character by character gives back for it.
 */
export function withSgrOnlyAtOnce(text) {
	const start = 'const sanitizeAnsi = (text) => {';
	if (text.split(start).length !== 2) throw new Error(`ink/build/sanitize-ansi.js no longer has ${start}: update scripts/ink-text.js.`);
	return text.replace(start, `const sgrOnly = /^(?:[^\\u001B\\u0080-\\u009F]|\\u001B\\[[\\d:;]*m)*$/;\n${start}\n    if (sgrOnly.test(text)) {\n        return text;\n    }`);
}

/** Ink's Output.get(): the plain blank cells that end a line left out before it is turned into text (trimEnd() drops them after). */
export function withoutTrailingBlanks(text) {
	const line = 'const lineWithoutEmptyItems = line.filter(item => item !== undefined);';
	if (text.split(line).length !== 2) throw new Error(`ink/build/output.js no longer has ${line}: update scripts/ink-text.js.`);
	return text.replace(line, `${line}
            while (lineWithoutEmptyItems.length > 0 && lineWithoutEmptyItems.at(-1).value === ' ' && lineWithoutEmptyItems.at(-1).styles.length === 0) lineWithoutEmptyItems.pop();`);
}

/**
 * Ink's Output.get(): the grid a frame starts from filled with one blank cell, frozen, where Ink
 * makes a cell and its list of styles for each of the width × height cells. Nothing changes a
 * cell in place: get() puts other cells over it, and the cells of text are already shared, from
 * Ink's own cache of each line's cells.
 */
export function withSharedBlankCells(text) {
	const grid = `            const row = [];
            for (let x = 0; x < this.width; x++) {
                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });
            }
            output.push(row);`;
	if (text.split(grid).length !== 2 || text.split('    get() {\n').length !== 2) throw new Error('ink/build/output.js no longer fills its grid cell by cell as scripts/ink-text.js expects: update withSharedBlankCells.');
	const blank = "Object.freeze({type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([])})";
	return text.replace('    get() {\n', `    get() {\n        const blank = ${blank};\n`).replace(grid, '            output.push(new Array(this.width).fill(blank));');
}
