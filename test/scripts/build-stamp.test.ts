// npm run demo and npm link (prepare) reuse the build npm install made, through the stamp the
// build writes in dist/ (scripts/build-stamp.js): any change to what dist/ is built from, or a
// build that did not finish, means building again.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import {beginStamp, builtFromCurrent, writeStamp} from '../../scripts/build-stamp.js';
import {tempProject} from '../helpers/temp-project.js';

/** A repository shaped as the build reads it, built once. */
function builtRepository(): string {
	const root = tempProject();
	const files: Record<string, string> = {
		'source/cli/main.ts': 'export const a = 1;\n',
		'templates/default/controller.php.mustache': '<?php\n',
		'scripts/bundle.js': '// bundle\n',
		'package.json': '{"version": "0.1.0"}\n',
		'package-lock.json': '{}\n',
		'tsconfig.json': '{}\n',
	};
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
		writeFileSync(path.join(root, file), text);
	}
	beginStamp(root);
	mkdirSync(path.join(root, 'dist', 'bin'), {recursive: true});
	writeFileSync(path.join(root, 'dist', 'bin', 'edu.js'), '// built\n');
	writeStamp(root);
	return root;
}

describe('the build stamp', () => {
	it('a build of the files as they are is reused', () => {
		const root = builtRepository();
		expect(builtFromCurrent(root)).toBe(true);
		writeFileSync(path.join(root, 'readme.md'), 'not an input\n');
		expect(builtFromCurrent(root)).toBe(true);
	});

	it.each([
		['a source file edited', 'source/cli/main.ts', 'export const a = 2;\n'],
		['a source file added', 'source/cli/other.ts', 'export const b = 1;\n'],
		['a template edited', 'templates/default/controller.php.mustache', '<?php // changed\n'],
		['the bundler edited', 'scripts/bundle.js', '// bundle, changed\n'],
		['a dependency changed', 'package-lock.json', '{"lockfileVersion": 3}\n'],
		['the version changed', 'package.json', '{"version": "0.2.0"}\n'],
		['the compiler options changed', 'tsconfig.json', '{"strict": true}\n'],
	])('%s: built again', (_change, file, text) => {
		const root = builtRepository();
		writeFileSync(path.join(root, file), text);
		expect(builtFromCurrent(root)).toBe(false);
	});

	it('a source file removed: built again', () => {
		const root = builtRepository();
		rmSync(path.join(root, 'source/cli/main.ts'));
		expect(builtFromCurrent(root)).toBe(false);
	});

	it('a build that did not finish (no bin, or no stamp) is not reused', () => {
		const root = builtRepository();
		rmSync(path.join(root, 'dist', 'bin', 'edu.js'));
		expect(builtFromCurrent(root)).toBe(false);
		const unstamped = builtRepository();
		rmSync(path.join(unstamped, 'dist', '.build-stamp'));
		expect(builtFromCurrent(unstamped)).toBe(false);
	});

	it('a source edited while the build ran: built again next time', () => {
		const root = builtRepository();
		beginStamp(root);
		writeFileSync(path.join(root, 'source/cli/main.ts'), 'export const a = 3;\n');
		writeStamp(root);
		expect(builtFromCurrent(root)).toBe(false);
	});
});
