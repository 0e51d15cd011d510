// The wizard says what the CLI says: each inline refusal shows the line the CLI prints under the
// seed's message (the file, routes.yaml:LINE, and the way out), from the same plan data.
import {existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

/** The frame with Ink's line wrapping undone. */
const oneLine = (frame: string): string => frame.replace(/ *\n */g, ' ');

/** What the CLI prints on stderr for the same name. */
async function cliRefusal(root: string, name: string): Promise<string> {
	const result = await runMain(['make:api', name, '--yes'], {cwd: root});
	expect(result.exitCode).toBe(1);
	return result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('Warning:')).join(' ');
}

describe('inline refusals', () => {
	test('an existing route\'s name shows routes.yaml:LINE and the way out, as the CLI does', async () => {
		const root = tempProject('sample');
		const wizard = await renderWizard(root, {kind: 'api'});
		const frame = oneLine(await wizard.press('hello', (current) => current.includes('Route already exists.')));
		expect(frame).toContain('app/Config/routes.yaml:9: the route "api_hello" is already there');
		expect(frame).toContain(await cliRefusal(root, 'hello'));
	});

	test('a controller file with no route: the way out the CLI gives as a flag is said as a command to run again', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Controller/api/LyonController.php'), '<?php\n');
		const wizard = await renderWizard(root, {kind: 'api'});
		const frame = oneLine(await wizard.press('Lyon', (current) => current.includes('Controller already exists.')));
		expect(frame).toContain('app/Controller/api/LyonController.php: delete it or choose another name, or quit and run the command again with --force to replace it.');
		expect(frame).not.toContain('pass --force');
		expect(await cliRefusal(root, 'Lyon')).toBe('Controller already exists. app/Controller/api/LyonController.php: delete it or choose another name, or pass --force to replace it.');
	});

	test('VILLE when VilleController.php exists: the case clash explained, naming the file', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Controller/api/VilleController.php'), '<?php\n');
		const wizard = await renderWizard(root, {kind: 'api'});
		const frame = oneLine(await wizard.press('VILLE', (current) => current.includes('Controller already exists.')));
		expect(frame).toContain('app/Controller/api/VilleController.php: it differs from app/Controller/api/VILLEController.php only in case');
		expect(frame).toContain(await cliRefusal(root, 'VILLE'));
	});
});

describe('a project template that makes PHP which does not parse', () => {
	test('the name screen says so as a note and goes on; the template screen blocks on it, and another template clears it', async () => {
		const root = tempProject('sample');
		expect((await runMain(['template:publish', 'default'], {cwd: root})).exitCode).toBe(0);
		const file = path.join(root, '.edu/templates/default/controller.php.tpl');
		writeFileSync(file, readFileSync(file, 'utf8').replace('return', 'return return'));
		const wizard = await renderWizard(root, {kind: 'api'});
		const named = oneLine(await wizard.press('lyon', (current) => current.includes('PHP syntax error')));
		expect(named).toContain('.edu/templates/default/controller.php.tpl:23:16: the default template makes app/Controller/api/LyonController.php with a PHP syntax error at line 18');
		expect(named).toContain('you can choose another template on the next screen');
		const template = oneLine(await wizard.press(keys.enter, (current) => current.includes('Template · step')));
		expect(template).toContain('✖ .edu/templates/default/controller.php.tpl:23:16: the default template makes');
		const other = oneLine(await wizard.press(keys.down, (current) => current.includes('❯ resource')));
		expect(other).not.toContain('PHP syntax error');
	});

	test('the template fixed on disk while the wizard is open: Enter on it reads it again and goes on', async () => {
		const root = tempProject('sample');
		expect((await runMain(['template:publish', 'default'], {cwd: root})).exitCode).toBe(0);
		const file = path.join(root, '.edu/templates/default/controller.php.tpl');
		const good = readFileSync(file, 'utf8');
		writeFileSync(file, good.replace('return', 'return return'));
		const wizard = await renderWizard(root, {kind: 'api'});
		await wizard.press('lyon', (current) => current.includes('PHP syntax error'));
		await wizard.press(keys.enter, (current) => current.includes('Template · step') && current.includes('✖'));
		writeFileSync(file, good);
		const route = await wizard.press(keys.enter, (current) => current.includes('Route · step'));
		expect(route).not.toContain('PHP syntax error');
	});
});

describe('a write that would fail', () => {
	test('the review says why before Enter (as --dry-run does); Enter tries again, and writes once the cause is gone', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		symlinkSync(outside, path.join(root, 'app/Template/ville'));
		const before = snapshotTree(root);
		const wizard = await renderWizard(root, {kind: 'controller'});
		await wizard.press('ville', (frame) => frame.includes('Controller name: ville'));
		await wizard.press(keys.enter, (frame) => frame.includes('Route · step'));
		const review = oneLine(await wizard.press(keys.enter, (frame) => frame.includes('Review · step') && frame.includes('✖ Refusing to write')));
		expect(review).toContain('✖ Refusing to write app/Template/ville/ville.html.twig: it resolves through the link app/Template/ville');
		expect(review).toContain('Enter try again');
		expect(review).not.toContain('write the files');
		expect(snapshotTree(root)).toEqual(before);
		// Enter with the link still there: refused again, nothing written.
		const again = oneLine(await wizard.press(keys.enter));
		expect(again).toContain('✖ Refusing to write app/Template/ville/ville.html.twig');
		expect(wizard.outcome()).toBeUndefined();
		expect(snapshotTree(root)).toEqual(before);
		expect(readdirSync(outside)).toEqual([]);
		// The link gone, Enter writes.
		rmSync(path.join(root, 'app/Template/ville'));
		await wizard.press(keys.enter, (frame) => frame.includes('successfully generated'));
		await wizard.exited;
		expect(existsSync(path.join(root, 'app/Template/ville/ville.html.twig'))).toBe(true);
	});
});
