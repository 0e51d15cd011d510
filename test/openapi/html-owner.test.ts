// edu openapi and public/doc/: a folder or file of the user's is never replaced silently, the
// .gitignore covers only what edu writes, and a page edu made follows every later run.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

async function freshProject(): Promise<string> {
	const root = tempProject('sample');
	expect((await runMain(['make:api', 'ville', '--yes'], {cwd: root})).exitCode).toBe(0);
	return root;
}

function write(root: string, file: string, text: string): void {
	mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
	writeFileSync(path.join(root, file), text);
}

function gitStatus(root: string): string {
	return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {cwd: root, encoding: 'utf8'});
}

describe('a public/doc/ edu did not make', () => {
	it('is refused with one line naming the file and --force, the project byte-identical', async () => {
		const root = await freshProject();
		write(root, 'public/doc/index.html', '<h1>My own page</h1>\n');
		const before = snapshotTree(root);
		const result = await runMain(['openapi', '--html'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stdout: ''});
		expect(result.stderr).toBe('Refusing to replace public/doc/index.html: edu did not write it, or it was changed since; nothing was written. Pass --force to replace it (what it holds is kept in .edu/backups/).\n');
		expect(snapshotTree(root)).toEqual(before);
		// A plain run makes no page where the user has their own.
		expect((await runMain(['openapi'], {cwd: root})).exitCode).toBe(0);
		expect(readProjectFile(root, 'public/doc/index.html')).toBe('<h1>My own page</h1>\n');
	});

	it('--force replaces it, keeps a copy in .edu/backups/, and git ignores Swagger UI but not the user\'s other files', async () => {
		const root = await freshProject();
		write(root, 'public/doc/index.html', '<h1>My own page</h1>\n');
		write(root, 'public/doc/notes.md', 'my notes\n');
		const result = await runMain(['openapi', '--html', '--force'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toMatch(/^Warning: --force replaced public\/doc\/index\.html; what it held is kept in \.edu\/backups\/[^/]+\/public\/doc\/index\.html\.\n$/);
		const [stamp] = readdirSync(path.join(root, '.edu/backups'));
		expect(readProjectFile(root, `.edu/backups/${stamp}/public/doc/index.html`)).toBe('<h1>My own page</h1>\n');
		expect(readProjectFile(root, 'public/doc/index.html')).toContain('<!DOCTYPE html>');
		expect(result.stdout).toContain('git ignores its files (public/doc/.gitignore, written once)');
		execFileSync('git', ['init', '-q'], {cwd: root});
		const status = gitStatus(root);
		expect(status).toContain('public/doc/notes.md');
		expect(status).not.toMatch(/^\?\? public\/doc\/(swagger|index|openapi|\.edu-page|\.gitignore)/m);
	});

	it('a page folder holding only the user\'s other files gets the page and a .gitignore of edu\'s files only', async () => {
		const root = await freshProject();
		write(root, 'public/doc/notes.md', 'my notes\n');
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		expect(readProjectFile(root, 'public/doc/notes.md')).toBe('my notes\n');
		execFileSync('git', ['init', '-q'], {cwd: root});
		expect(gitStatus(root).split('\n').filter((line) => line.includes('public/doc'))).toEqual(['?? public/doc/notes.md']);
	});

	it('a .gitignore of the user\'s in the folder is left as it is, never refused', async () => {
		const root = await freshProject();
		write(root, 'public/doc/.gitignore', 'swagger-ui-bundle.js\n');
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		expect(readProjectFile(root, 'public/doc/.gitignore')).toBe('swagger-ui-bundle.js\n');
		expect(existsSync(path.join(root, 'public/doc/index.html'))).toBe(true);
	});
});

describe('a page edu made', () => {
	it('one of its files changed since: --html refuses, plain edu openapi writes the specification and says the page was not updated', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		const initializer = path.join(root, 'public/doc/swagger-initializer.js');
		writeFileSync(initializer, `${readFileSync(initializer, 'utf8')}// mine\n`);
		expect((await runMain(['make:api', 'Region', '--yes'], {cwd: root})).exitCode).toBe(0);
		const before = snapshotTree(root);
		const refused = await runMain(['openapi', '--html'], {cwd: root});
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(/^Refusing to replace public\/doc\/swagger-initializer\.js: /);
		expect(snapshotTree(root)).toEqual(before);
		const plain = await runMain(['openapi'], {cwd: root});
		expect(plain.exitCode).toBe(0);
		expect(plain.stderr).toBe('Warning: public/doc/ was not updated, so /doc/ shows the API as it was: public/doc/swagger-initializer.js was changed since edu wrote it. Run edu openapi --html --force to replace it (what it holds is kept in .edu/backups/).\n');
		expect(readProjectFile(root, 'public/openapi.yaml')).toContain('/api/region');
		expect(readProjectFile(root, 'public/doc/openapi.yaml')).not.toContain('/api/region');
	});

	it('is kept in step by a plain edu openapi after make:api, which says what it rewrote', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		expect((await runMain(['make:api', 'Region', '--yes'], {cwd: root})).exitCode).toBe(0);
		const result = await runMain(['openapi'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(result.stdout).toBe([
			'File : ./public/openapi.yaml',
			'Page : ./public/doc/index.html (index.html unchanged; openapi.yaml updated)',
			'Operations : 3 on 3 paths (4 PHP files read)',
			'[OK] OpenAPI specification successfully generated, and the page in public/doc/ kept in step',
			'',
		].join('\n'));
		expect(readProjectFile(root, 'public/doc/openapi.yaml')).toBe(readProjectFile(root, 'public/openapi.yaml'));
		expect(readProjectFile(root, 'public/doc/openapi.yaml')).toContain('/api/region');
	});

	it('made by an earlier release (no list of its files, a .gitignore of *) is updated, not refused', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		rmSync(path.join(root, 'public/doc/.edu-page'));
		write(root, 'public/doc/.gitignore', '# Written by edu openapi --html, which writes this folder again from the controllers\' attributes.\n*\n');
		const bundle = path.join(root, 'public/doc/swagger-ui-bundle.js');
		writeFileSync(bundle, '/* Swagger UI of an older edu */\n');
		const result = await runMain(['openapi', '--html'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(readFileSync(bundle, 'utf8')).not.toContain('older edu');
		expect(readProjectFile(root, 'public/doc/.gitignore')).toContain('/swagger-ui-bundle.js\n');
		expect(existsSync(path.join(root, 'public/doc/.edu-page'))).toBe(true);
	});

	it('a PHP syntax error: neither the specification nor the page is written, and the run says both', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		write(root, 'app/Controller/api/Broken.php', '<?php class Broken { #[\n');
		const before = snapshotTree(root);
		for (const flags of [['--html'], []]) {
			const result = await runMain(['openapi', ...flags], {cwd: root});
			expect(result.exitCode).toBe(1);
			expect(result.stderr.split('\n').at(-2)).toBe('public/openapi.yaml was not written, nor the page in public/doc/ (it still shows the API as it was).');
		}
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('the report of --html', () => {
	it('with no operation, the next steps say to create one instead of trying each', async () => {
		const root = tempProject('sample');
		rmSync(path.join(root, 'app/Controller/api/HelloController.php'));
		const result = await runMain(['openapi', '--html'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('Next steps:\n  the API has no operation yet: edu make:api <name>, then edu openapi; the page at http://localhost:8042/doc/ (edu start) will show it.\n');
		expect(result.stdout).not.toContain('try each');
	});

	it('a warning about the folder itself names it without a line and column', async () => {
		const root = tempProject('sample');
		for (const name of readdirSync(path.join(root, 'app/Controller/api'))) rmSync(path.join(root, 'app/Controller/api', name));
		const result = await runMain(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toContain('Warning: app/Controller/api: no #[Attributes\\Info] found');
		expect(result.stderr).not.toMatch(/app\/Controller\/api:\d/);
	});
});
