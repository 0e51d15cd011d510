// The records' hash is SHA-256, a string hashed as its UTF-8 bytes.
import {expect, it} from 'vitest';
import {sha256} from '../../source/sink/sha256.js';

it('is SHA-256 (the standard test vectors)', () => {
	expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
	expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

it('hashes a string as its UTF-8 bytes', () => {
	expect(sha256('é')).toBe(sha256(Buffer.from([0xc3, 0xa9])));
});
