// A project's own files (its templates, its links) never turn edu against its user: a typed value
// never becomes code, and nothing is written into the project's version control through a link.
// main() in-process: each case is one run, its refusal and the project's bytes.
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {copyTemplate, siteIn} from '../helpers/template-copy.js';

/** A fake repository in `root`: a .git/ with one executable hook. */
function fakeRepository(root: string): string {
	mkdirSync(path.join(root, '.git', 'hooks'), {recursive: true});
	const hook = path.join(root, '.git', 'hooks', 'post-checkout');
	writeFileSync(hook, '#!/bin/sh\nexit 0\n');
	chmodSync(hook, 0o755);
	return hook;
}

describe('a typed value never becomes code through a template', () => {
	it.each([
		['/* <%={{ }}=%>{{description}} */', '<%={{ }}=%>'],
		['// <%=| |=%>|description|', '<%=| |=%>'],
	])('a project template that changes its tags (%s) is refused at the tag, and nothing is written', async (line, tag) => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't2');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace('<?php\n', `<?php\n${line}\n`));
		const before = snapshotTree(root);
		const io = captureIo(root);
		const code = await main(['make:api', 'inj', '--template', 't2', '--yes', '--description', '*/ system("echo ESC"); /*'], io);
		expect(code).toBe(1);
		expect(io.err()).toContain(`.edu/templates/t2/controller.php.tpl:${siteIn(controller, tag)}`);
		expect(io.err()).toContain('changing the tags');
		expect(io.err().trimEnd().split('\n')).toHaveLength(1);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('template:list names the template as broken at the tag', async () => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't2');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace('<?php\n', '<?php\n/* <%={{ }}=%>{{description}} */\n'));
		const io = captureIo(root);
		await main(['template:list'], io);
		expect(io.out() + io.err()).toContain('changing the tags');
	});
});

describe('nothing is written into the project\'s version control through a link', () => {
	it('openapi --html with public/doc a link to .git refuses, naming the link, and writes nothing', async () => {
		const root = tempProject('sample');
		fakeRepository(root);
		symlinkSync('../.git', path.join(root, 'public', 'doc'));
		const gitBefore = readdirSync(path.join(root, '.git')).sort();
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['openapi', '--html'], io)).toBe(1);
		expect(io.err()).toContain('through the link public/doc into .git/');
		expect(readdirSync(path.join(root, '.git')).sort()).toEqual(gitBefore);
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([[[] as string[], 'a new hook'], [['--force'], 'an existing hook, with --force']])('a web template whose view goes through app/Template/hooks -> .git/hooks never writes %s', async (extra) => {
		const root = tempProject('sample');
		const hook = fakeRepository(root);
		if (extra.length === 0) writeFileSync(hook, ''), chmodSync(hook, 0o755);
		const hookBefore = readFileSync(hook);
		mkdirSync(path.join(root, 'app', 'Template'), {recursive: true});
		symlinkSync('../../.git/hooks', path.join(root, 'app', 'Template', 'hooks'));
		copyTemplate(root, 'web', 'gw', (manifest) => {
			manifest.files['view']!['to'] = 'app/Template/hooks/<%& kebab %>';
		});
		const name = extra.length === 0 ? 'Hk' : 'PostCheckout';
		const io = captureIo(root);
		expect(await main(['make:controller', name, '--template', 'gw', '--yes', ...extra], io)).toBe(1);
		expect(io.err()).toContain('through the link app/Template/hooks into .git/');
		expect(readFileSync(hook)).toEqual(hookBefore);
		expect(statSync(hook).mode & 0o777).toBe(0o755);
		expect(readdirSync(path.join(root, '.git', 'hooks'))).toEqual(['post-checkout']);
		expect(existsSync(path.join(root, 'app', 'Controller', `${name}Controller.php`))).toBe(false);
	});
});
