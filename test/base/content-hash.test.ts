// The records' hash is MurmurHash3 x86 128 (seed 0), a string hashed as its UTF-8 bytes (the
// SHA-256 of the first builds' records: test/sink/undo.test.ts).
import {expect, it} from 'vitest';
import {contentHash} from '../../source/base/content-hash.js';

it('is MurmurHash3 x86 128 (its published vector, and one input of each tail length)', () => {
	expect(contentHash('The quick brown fox jumps over the lazy dog')).toBe('2f1583c3ecee2c675d7bf66ce5e91d2c');
	expect(contentHash('')).toBe('00000000000000000000000000000000');
	expect(contentHash('hello')).toBe('2b2444a0db91def79adb31b69adb31b6');
	// Computed with murmurhash3js-revisited's x86.hash128: 0 to 17 bytes 0x00, 0x01, … (every tail length, a block and its tail).
	const bytes = (n: number) => Buffer.from(Array.from({length: n}, (_, i) => i));
	expect([1, 4, 5, 8, 9, 12, 13, 15, 16, 17].map((n) => contentHash(bytes(n)))).toEqual(vectors);
});

it('hashes a string as its UTF-8 bytes, and tells one changed byte', () => {
	expect(contentHash('é')).toBe(contentHash(Buffer.from([0xc3, 0xa9])));
	expect(contentHash('<?php\n')).not.toBe(contentHash('<?php \n'));
});

const vectors = [
	'88c4adec54d201b954d201b954d201b9', 'c72c99e74e343ce24e343ce24e343ce2', '90f84e5e4e7ccbd19275e7659275e765',
	'91f4928ab18cd5bc867244ac867244ac', '68213fd95c93cee4d165defe3737caf6', '3f7e3ab4efbbacdb43f77828566fef0e',
	'3fcb34d0c1565a55313cb9b2d05851bd', '757b9c5962a6e4ca61e2db4eca775566', '6c25c825559180eeea53807489a55bef',
	'6ac99cdb359c940bae1673ada275ab51',
];
