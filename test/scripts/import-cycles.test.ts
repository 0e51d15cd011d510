// scripts/import-cycles.js over source/ (no module may import itself back, type imports
// included) and over small folders where the answer is known.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

const script = path.resolve('scripts/import-cycles.js');
const folders: string[] = [];

function check(folder: string): {status: number | null; stdout: string} {
	const run = spawnSync(process.execPath, [script, folder], {encoding: 'utf8'});
	return {status: run.status, stdout: run.stdout};
}

function project(files: Record<string, string>): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-cycles-'));
	folders.push(folder);
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(folder, name)), {recursive: true});
		writeFileSync(path.join(folder, name), text);
	}
	return folder;
}

afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true});
});

describe('import cycles', () => {
	it('finds none in source/', () => {
		const {status, stdout} = check('source');
		expect(stdout).toBe('No import cycle in source\n');
		expect(status).toBe(0);
	});

	it.each([
		['a value import', {'a.ts': "import {b} from './b.js';\nexport const a = b;\n", 'b.ts': "import {a} from './a.js';\nexport const b = 1;\n"}, 'a.ts → b.ts → a.ts'],
		['a type-only import', {'a.ts': "import type {B} from './b.js';\nexport type A = B;\n", 'b.ts': "import {x} from './c.js';\nexport type B = string;\n", 'c.ts': "import type {A} from './a.js';\nexport const x = 1;\n"}, 'a.ts → b.ts → c.ts → a.ts'],
		['an export-from', {'a.ts': "export {b} from './sub/b.js';\n", 'sub/b.ts': "import {a} from '../a.js';\nexport const b = a;\n"}, 'a.ts → sub/b.ts → a.ts'],
		['a lazy import() in a .tsx', {'a.ts': "export const a = 1;\nexport const load = () => import('./b.js');\n", 'b.tsx': "import {a} from './a.js';\nexport const b = a;\n"}, 'a.ts → b.tsx → a.ts'],
	])('reports a cycle through %s and exits 1', (_what, files, cycle) => {
		const {status, stdout} = check(project(files));
		expect(stdout.split('\n')[0]).toBe(cycle);
		expect(stdout).toContain('1 import cycle in');
		expect(status).toBe(1);
	});

	it('does not count an import quoted in a comment, or a chain that does not come back', () => {
		const folder = project({
			'a.ts': "// import {b} from './b.js';\nexport const a = 1;\n",
			'b.ts': "import {a} from './a.js';\nimport {c} from './c.js';\nexport const b = a + c;\n",
			'c.ts': 'export const c = 2;\n',
		});
		expect(check(folder)).toEqual({status: 0, stdout: expect.stringMatching(/^No import cycle in /)});
	});
});
