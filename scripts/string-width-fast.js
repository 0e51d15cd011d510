// Bundled into dist/bin/ui.js by scripts/bundle.js, in front of string-width, which Ink calls to
// measure every piece of text it lays out and draws. string-width answers printable ASCII at once,
// but any other character (the wizard's ·, →, …, ✖, an é typed by the user) sends it through
// Intl.Segmenter and a regular expression of every emoji, whose first use compiles it: tens of
// milliseconds in the wizard's first frame. Text made only of the characters below needs neither:
// each is its own grapheme, visible, not an emoji by default and not Hangul, so string-width
// gives it the East Asian width of each code point, which is what this computes.
// test/tui/string-width-fast.test.ts checks every one of them against string-width itself.
import {eastAsianWidth} from 'get-east-asian-width';

/** Printable ASCII, Latin-1 without the soft hyphen, Latin extended, punctuation, arrows, maths, technical signs, box drawing, shapes, dingbats. */
export const simpleText = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u23FF\u2500-\u25FC\u2700-\u27BF]*$/;

/** The width of `text` in columns when it holds only the characters above; undefined otherwise. */
export function simpleWidth(text, ambiguousIsNarrow = true) {
	if (!simpleText.test(text)) return undefined;
	const options = {ambiguousAsWide: !ambiguousIsNarrow};
	let width = 0;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		width += code < 0x7F ? 1 : eastAsianWidth(code, options);
	}
	return width;
}

/** simpleText's characters, and the controls Ink's output holds (escape, tab, line feed): each its own grapheme. */
const simpleOutput = /^[\t\n\u001B\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u23FF\u2500-\u25FC\u2700-\u27BF]*$/;

/**
 * The graphemes of `text` as Intl.Segmenter gives them ({segment, index, input}, in order) when
 * every character of it is one on its own; undefined otherwise. Ink tokenizes every line it
 * draws into graphemes, and the first Intl.Segmenter of a process costs more than the rest of
 * a first frame: a line made of these characters needs none.
 */
export function simpleSegments(text) {
	if (!simpleOutput.test(text)) return undefined;
	const segments = [];
	for (let index = 0; index < text.length; index++) segments.push({segment: text[index], index, input: text});
	return segments;
}
