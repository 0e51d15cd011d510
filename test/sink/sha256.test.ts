// The records' SHA-256 (written without node:crypto, which a make run would load as it starts) is SHA-256.
import {createHash, randomBytes} from 'node:crypto';
import {expect, it} from 'vitest';
import {sha256} from '../../source/sink/sha256.js';

it.each([0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000, 100_000])('is node:crypto\'s SHA-256 for %i random bytes', (length) => {
	const bytes = randomBytes(length);
	expect(sha256(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
});

it('hashes a string as UTF-8', () => {
	expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
	expect(sha256('é')).toBe(createHash('sha256').update('é', 'utf8').digest('hex'));
});
