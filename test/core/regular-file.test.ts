// readRegularFile hands back exactly the file's bytes whatever its size, also when the file is
// longer than its size said when it was opened (it reads to the end), and refuses a file past
// its limit with one line.
import {mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {readRegularFile} from '../../source/project/regular-file.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'edu-regular-file-'));

describe('readRegularFile', () => {
	for (const size of [0, 1, 4095, 4096, 8193, (1 << 20) + 1, 3 * (1 << 20)]) {
		test(`a file of ${size} bytes: exactly its bytes`, () => {
			const file = path.join(folder, `file-${size}`);
			const bytes = Buffer.alloc(size);
			for (let index = 0; index < size; index++) bytes[index] = (index * 7 + 3) % 251;
			writeFileSync(file, bytes);
			const read = readRegularFile(file, 'file');
			expect(Buffer.isBuffer(read)).toBe(true);
			expect((read as Buffer).equals(bytes)).toBe(true);
		});
	}

	test('a missing file: null', () => {
		expect(readRegularFile(path.join(folder, 'none'), 'none')).toBeNull();
	});

	test('a file bigger than the limit: refused by its size, with one line', () => {
		const file = path.join(folder, 'big');
		writeFileSync(file, 'x'.repeat(11));
		expect(readRegularFile(file, 'app/big', 10)).toMatchObject({code: 'BAD_PROJECT_FILE', message: 'app/big: too big (11 bytes; at most 10 are read).'});
		expect(readRegularFile(file, 'app/big', 11)).toEqual(Buffer.from('x'.repeat(11)));
	});

	// A file of /proc says it has 0 bytes and has more: the case of a file that grew after it was
	// opened, which only Linux offers without a race.
	test.runIf(process.platform === 'linux')('a file longer than its size said: read to its end', () => {
		expect(statSync('/proc/self/status').size).toBe(0);
		const read = readRegularFile('/proc/self/status', 'status');
		expect(Buffer.isBuffer(read)).toBe(true);
		const text = (read as Buffer).toString('utf8');
		expect(text).toMatch(/^Name:\t/);
		expect(text.endsWith('\n')).toBe(true);
		expect(text.split('\n').length).toBe(readFileSync('/proc/self/status', 'utf8').split('\n').length);
	});

	test.runIf(process.platform === 'linux')('a file that grows past the limit while read: refused', () => {
		expect(readRegularFile('/proc/self/status', 'status', 64)).toMatchObject({code: 'BAD_PROJECT_FILE', message: 'status: too big (more than 64 bytes).'});
	});
});
