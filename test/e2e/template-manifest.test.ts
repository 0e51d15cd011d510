// A project's template.json with the built edu: its defaults used by --yes and --dry-run, its
// problems refused at template.json:line:col, and every make:* --help listing the project's templates.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {copyTemplate, siteIn} from '../helpers/template-copy.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

describe('a project template\'s manifest, end to end', () => {
	it('make:api --yes takes the manifest\'s default table and fields; --dry-run plans the same', async () => {
		const root = tempProject('skeleton');
		copyTemplate(root, 'resource', 'tpres', (manifest) => {
			manifest.options!.table!.default = 'ville';
			manifest.options!.fields!.default = 'nom:string:80';
		});
		const dry = await runMain(['make:api', 'G1', '--template', 'tpres', '--dry-run', '--json'], {cwd: root});
		expect(JSON.parse(dry.stdout)).toMatchObject({ok: true, dryRun: true});
		const result = await runMain(['make:api', 'G1', '--template', 'tpres', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(readFileSync(path.join(root, 'app/Controller/api/G1Controller.php'), 'utf8')).toContain('CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(80) NOT NULL)');
	});

	it('"once" on the controller is refused at its place before anything is written', async () => {
		const root = tempProject('skeleton');
		const file = copyTemplate(root, 'default', 'z3', (manifest) => {
			manifest.files.controller!.once = true;
		});
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'Z3', '--template', 'z3', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe(`.edu/templates/z3/template.json:${siteIn(file, '"once"')}: the controller file is written for each name, so it cannot be "once" (only openapi is): remove "once" (fix it, or choose another template)\n`);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('template:list shows a bad default as broken, at the value', async () => {
		const root = tempProject('skeleton');
		const file = copyTemplate(root, 'upload', 'prof', (manifest) => {
			manifest.options!.dir!.default = '../../etc';
		});
		const result = await runMain(['template:list'], {cwd: root});
		expect(result.stdout).toContain(`broken: .edu/templates/prof/template.json:${siteIn(file, '"../../etc"')}: the "default" of dir is not a value --dir takes: Invalid upload folder "../../etc"`);
	});

	it('make:controller --help and make:command --help list the project\'s own templates with their folder', async () => {
		const root = tempProject('skeleton');
		copyTemplate(root, 'web', 'vitrine');
		copyTemplate(root, 'command', 'tache');
		const controller = await runMain(['make:controller', '--help'], {cwd: root});
		expect(controller.stdout).toMatch(/Templates \(--template\):\n {2}web {8}an HTML page[^\n]*\n {2}vitrine {4}[^\n]*\(\.edu\/templates\/vitrine\/\)/);
		const command = await runMain(['make:command', '--help'], {cwd: root});
		expect(command.stdout).toMatch(/Templates \(--template\):\n {2}command {4}[\s\S]*\n {2}tache {6}[\s\S]*\(\.edu\/templates\/tache\/\)/);
	});
});
