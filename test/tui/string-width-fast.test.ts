// The wizard's bundle measures text made of common characters (scripts/string-width-fast.js)
// without string-width's segmenter and emoji expression: it must give string-width's own answer
// for every character it takes, alone and beside others, or Ink would lay the screens out wrong.
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build, without types.
import {simpleText, simpleWidth} from '../../scripts/string-width-fast.js';

const fast = simpleWidth as (text: string, ambiguousIsNarrow?: boolean) => number | undefined;
const taken: string[] = [];
for (let code = 0; code <= 0xFFFF; code++) {
	const char = String.fromCharCode(code);
	if ((simpleText as RegExp).test(char)) taken.push(char);
}

describe('the fast text width', () => {
	test('takes the characters the wizard draws, and an accented name', () => {
		for (const text of ['Name · step 2 of 6', '→ app/Config/routes.yaml', '✖ …', '✔ ❯ ↑ ↓ — ⏎ ≤ › ‹', 'Créer Ville']) {
			expect(fast(text), text).toBe(stringWidth(text));
		}
	});

	test('gives string-width\'s width for every character it takes, alone and beside others', () => {
		expect(taken.length).toBeGreaterThan(1000);
		const mismatches: string[] = [];
		for (const char of taken) {
			for (const text of [char, `a${char}`, `${char}${char}`, `${char}é→`]) {
				for (const ambiguousIsNarrow of [true, false]) {
					const ours = fast(text, ambiguousIsNarrow);
					const theirs = stringWidth(text, {ambiguousIsNarrow});
					if (ours !== theirs) mismatches.push(`U+${char.codePointAt(0)!.toString(16)} in ${JSON.stringify(text)}: ${ours} ≠ ${theirs}`);
				}
			}
		}
		expect(mismatches).toEqual([]);
	});

	test('leaves to string-width what needs its segmenter: emoji, combining marks, wide and invisible characters', () => {
		for (const text of ['👍', '🇫🇷', 'e\u0301', '✔\uFE0F', '日本', 'a\u200Bb', 'soft\u00ADhyphen', 'tab\t']) {
			expect(fast(text), JSON.stringify(text)).toBeUndefined();
		}
	});
});
