// edu openapi --html: the page's files in public/doc/, written through the sink like the
// specification: only what changed is written, --dry-run and refusals leave the project as it was.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

const pageFiles = ['.edu-page', '.gitignore', 'index.html', 'openapi.yaml', 'swagger-initializer.js', 'swagger-ui-LICENSE.txt', 'swagger-ui-NOTICE.txt', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'swagger-ui.css'];

const past = new Date('2001-01-01T00:00:00Z');

/** Modification times of every file under public/, to see what a run rewrote. */
function times(root: string): Record<string, number> {
	const result: Record<string, number> = {};
	for (const folder of ['public', 'public/doc']) {
		for (const name of readdirSync(path.join(root, folder))) {
			const stat = statSync(path.join(root, folder, name));
			if (stat.isFile()) result[`${folder}/${name}`] = stat.mtimeMs;
		}
	}
	return result;
}

async function freshProject(): Promise<string> {
	const root = tempProject('sample');
	expect((await runMain(['make:api', 'ville', '--yes'], {cwd: root})).exitCode).toBe(0);
	return root;
}

describe('edu openapi --html', () => {
	it('writes the page, Swagger UI and the specification to public/doc/, says once that git ignores the folder, and names the URL', async () => {
		const root = await freshProject();
		const result = await runMain(['openapi', '--html'], {cwd: root});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toBe([
			'File : ./public/openapi.yaml',
			'Page : ./public/doc/index.html',
			'Operations : 2 on 2 paths (3 PHP files read)',
			'[OK] OpenAPI specification and documentation page successfully generated',
			'',
			'Note: public/doc/ is generated (Swagger UI and the page), so git ignores its files (public/doc/.gitignore, written once); every edu openapi keeps the page in step with the attributes.',
			'',
			'Next steps:',
			'  edu start, then open http://localhost:8042/doc/ to see the API and try each of its 2 operations ("Try it out").',
			'',
		].join('\n'));
		expect(readdirSync(path.join(root, 'public/doc')).sort()).toEqual(pageFiles);
		const html = readProjectFile(root, 'public/doc/index.html');
		// Nothing from the network: no absolute or protocol-relative URL at all.
		expect(html).not.toMatch(/https?:|\/\//);
		expect(html).toContain('<title>My First API: API documentation</title>');
		expect(readProjectFile(root, 'public/doc/openapi.yaml')).toBe(readProjectFile(root, 'public/openapi.yaml'));
		expect(readProjectFile(root, 'public/doc/swagger-ui.css')).not.toContain('sourceMappingURL');
		expect(readProjectFile(root, 'public/doc/swagger-initializer.js')).toContain("url: 'openapi.yaml'");
	});

	it('git ignores public/doc/ and nothing else', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		execFileSync('git', ['init', '-q'], {cwd: root});
		const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {cwd: root, encoding: 'utf8'});
		expect(status).toContain('public/openapi.yaml');
		expect(status).not.toContain('public/doc');
	});

	it('a second run writes nothing and says which files were unchanged; the note is not repeated', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		// Every file dated in the past: a file the second run rewrote would carry the time of now.
		for (const file of Object.keys(times(root))) utimesSync(path.join(root, file), past, past);
		const before = times(root);
		const bytes = snapshotTree(root);
		const again = await runMain(['openapi', '--html'], {cwd: root});
		expect(again.exitCode).toBe(0);
		expect(again.stdout).toMatch(/^File : \.\/public\/openapi\.yaml \(unchanged\)\nPage : \.\/public\/doc\/index\.html \(unchanged\)\n/);
		expect(again.stdout).not.toContain('Note:');
		expect(times(root)).toEqual(before);
		expect(snapshotTree(root)).toEqual(bytes);
	});

	it('after a change of the attributes only the specifications are rewritten; a new title rewrites index.html too', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace(/description: '[^']*'/, "description: 'Les villes'"));
		const json = JSON.parse((await runMain(['openapi', '--html', '--json'], {cwd: root})).stdout);
		const modified = json.changes.filter((change: {action: string}) => change.action !== 'unchanged').map((change: {path: string}) => change.path);
		expect(modified).toEqual(['public/doc/openapi.yaml', 'public/doc/.edu-page', 'public/openapi.yaml']);
		expect(json).toMatchObject({ok: true, dryRun: false, page: 'public/doc/index.html', pageUrl: 'http://localhost:8042/doc/'});
		const info = path.join(root, 'app/Controller/api/openapi.php');
		writeFileSync(info, readFileSync(info, 'utf8').replace("'My First API'", "'Villes <de> France'"));
		const titled = JSON.parse((await runMain(['openapi', '--html', '--json'], {cwd: root})).stdout);
		expect(titled.changes.filter((change: {action: string}) => change.action === 'modify').map((change: {path: string}) => change.path)).toEqual(['public/doc/openapi.yaml', 'public/doc/index.html', 'public/doc/.edu-page', 'public/openapi.yaml']);
		expect(readProjectFile(root, 'public/doc/index.html')).toContain('<title>Villes &#60;de&#62; France: API documentation</title>');
	});

	it('a deleted .gitignore is not written again (the user chose to commit the page)', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		rmSync(path.join(root, 'public/doc/.gitignore'));
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		expect(existsSync(path.join(root, 'public/doc/.gitignore'))).toBe(false);
	});

	it('--dry-run lists the files it would write and leaves the project byte-identical', async () => {
		const root = await freshProject();
		const before = snapshotTree(root);
		const result = await runMain(['openapi', '--html', '--dry-run'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout.split('\n').slice(0, 3)).toEqual(['Dry run: nothing was written. The run would:', '  create  public/doc/.gitignore', '  create  public/doc/swagger-ui-bundle.js']);
		expect(result.stdout).toContain('  create  public/doc/index.html\n  create  public/doc/.edu-page\n  create  public/openapi.yaml\n');
		const json = JSON.parse((await runMain(['openapi', '--html', '--dry-run', '--json'], {cwd: root})).stdout);
		expect(json).toMatchObject({ok: true, dryRun: true, written: false});
		expect(json.changes).toHaveLength(pageFiles.length + 1);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a page file it cannot replace: one line, exit 1, and nothing else written (no Swagger UI left behind)', async () => {
		const root = await freshProject();
		mkdirSync(path.join(root, 'public/doc/index.html'), {recursive: true});
		const before = snapshotTree(root);
		const result = await runMain(['openapi', '--html'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('Cannot write public/doc/index.html (EISDIR: it is a folder); it was left as it was.\n');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--out inside public/doc/ is refused with --html, except the page\'s own copy of the specification', async () => {
		const root = await freshProject();
		const before = snapshotTree(root);
		const refused = await runMain(['openapi', '--html', '--out', 'public/doc/index.html'], {cwd: root});
		expect(refused.exitCode).toBe(2);
		expect(refused.stderr).toMatch(/^edu: Refusing to write public\/doc\/index\.html with --html: public\/doc\/ is the page's folder/);
		expect(snapshotTree(root)).toEqual(before);
		const copy = await runMain(['openapi', '--html', '--out', 'public/doc/openapi.yaml', '--json'], {cwd: root});
		expect(copy.exitCode).toBe(0);
		const changes = JSON.parse(copy.stdout).changes.map((change: {path: string}) => change.path);
		expect(changes.filter((file: string) => file === 'public/doc/openapi.yaml')).toHaveLength(1);
		expect(readProjectFile(root, 'public/doc/index.html')).toContain('<!DOCTYPE html>');
	});

	it('once the page is there, --out inside public/doc/ is refused without --html too, --force or not: the page stays whole', async () => {
		const root = await freshProject();
		expect((await runMain(['openapi', '--html'], {cwd: root})).exitCode).toBe(0);
		const before = snapshotTree(root);
		for (const force of [[], ['--force']]) {
			const refused = await runMain(['openapi', '--out', 'public/doc/index.html', ...force], {cwd: root});
			expect(refused.exitCode).toBe(2);
			expect(refused.stderr).toMatch(/^edu: Refusing to write public\/doc\/index\.html: public\/doc\/ is the page's folder, rewritten by each run; choose --out outside it/);
			expect(snapshotTree(root)).toEqual(before);
		}
	});

	it('--stdout with --html is a usage error', async () => {
		const root = await freshProject();
		const result = await runMain(['openapi', '--html', '--stdout'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toBe('edu: --stdout and --html cannot go together: --stdout writes no file, and the page is files.\n');
	});

	it.each([
		[['--out', 'x.yaml'], 'edu: --stdout and --out cannot go together: --stdout prints the YAML instead of writing it to a file.\n'],
		[['--out=public/openapi.yaml'], 'edu: --stdout and --out cannot go together: --stdout prints the YAML instead of writing it to a file.\n'],
		[['--force'], 'edu: --stdout and --force cannot go together: --stdout writes no file, so there is nothing to replace.\n'],
	])('--stdout with %j is a usage error, never silently ignored; nothing written', async (flags, stderr) => {
		const root = await freshProject();
		const before = snapshotTree(root);
		expect(await runMain(['openapi', '--stdout', ...flags], {cwd: root})).toEqual({exitCode: 2, stdout: '', stderr});
		expect(snapshotTree(root)).toEqual(before);
	});
});
