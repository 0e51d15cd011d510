// A project file's bytes as text: accepted and decoded exactly as the WHATWG decoder in fatal mode
// (TextDecoder) does, a byte order mark kept, and refused where it refuses.
import fc from 'fast-check';
import {expect, it} from 'vitest';
import {decodeUtf8, decodeUtf8At} from '../../source/base/json-check.js';

const whatwg = (bytes: Uint8Array): string | undefined => {
	try {
		return new TextDecoder('utf-8', {fatal: true, ignoreBOM: true}).decode(bytes);
	} catch {
		return undefined;
	}
};

// Bytes near UTF-8's edges: ASCII, continuation bytes, every lead byte, the BOM, overlong and surrogate forms.
const edgeByte = fc.constantFrom(0x00, 0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xbb, 0xf0, 0xf4, 0xf5, 0xff);
const bytes = fc.oneof(
	fc.uint8Array({maxLength: 24}),
	fc.array(edgeByte, {maxLength: 24}).map((list) => Uint8Array.from(list)),
	fc.string({unit: 'grapheme', maxLength: 12}).map((text) => new Uint8Array(Buffer.from(text, 'utf8'))),
);

it('accepts and decodes what TextDecoder in fatal mode does, and refuses the rest', () => {
	fc.assert(fc.property(bytes, (input) => {
		expect(decodeUtf8(input)).toBe(whatwg(input));
	}), {numRuns: 3000});
});

it('keeps a byte order mark, reads a view into a larger buffer by its own bytes, and refuses the classic bad forms', () => {
	expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('\uFEFFa');
	const larger = Buffer.from('xxhéllo yy', 'utf8');
	expect(decodeUtf8(larger.subarray(2, 8))).toBe('héllo');
	for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xff]]) expect(decodeUtf8(Uint8Array.from(bad))).toBeUndefined();
});

it('says where the first byte that is not UTF-8 is, as line:col', () => {
	expect(decodeUtf8At(Buffer.from('a: 1\nb: é\n', 'utf8'))).toEqual({text: 'a: 1\nb: é\n'});
	expect(decodeUtf8At(Uint8Array.from([0x61, 0x0a, 0x62, 0x63, 0xc3, 0x28]))).toEqual({line: 2, col: 3});
});
