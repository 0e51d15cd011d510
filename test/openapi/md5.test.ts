// swagger-php's default operationId is the MD5 of "METHOD::path::Class::method": edu computes it
// without node:crypto, and must give node:crypto's digest for every text (UTF-8 bytes, every length
// around the 64-byte blocks).
import {createHash} from 'node:crypto';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {md5Hex} from '../../source/openapi/document/md5.js';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('md5Hex', () => {
	it('gives node:crypto\'s MD5 on the lengths around a block and on an operation\'s text', () => {
		for (let length = 0; length <= 130; length++) expect(md5Hex('x'.repeat(length))).toBe(md5('x'.repeat(length)));
		expect(md5Hex('GET::/api/hello::Controller\\api\\HelloController::index')).toBe(md5('GET::/api/hello::Controller\\api\\HelloController::index'));
	});

	it('gives node:crypto\'s MD5 on any text, non-ASCII included', () => {
		fc.assert(fc.property(fc.string({unit: 'binary', maxLength: 300}), (text) => md5Hex(text) === md5(text)), {numRuns: 500});
	});
});
