// The wizard's third kind, a console command: chosen on the kind screen (ink-testing-library),
// and `edu make:command` without a name in a real terminal (tmux). Both write what
// `edu make:command NAME --yes` writes, and show a refusal before anything is written.
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {plantKilledRun} from '../helpers/planted-killed-run.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from './tmux.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

async function viaFlags(name: string): Promise<Record<string, string>> {
	const root = tempProject('skeleton');
	expect((await runMain(['make:command', name, '--yes'], {cwd: root})).exitCode).toBe(0);
	return snapshotTree(root);
}

describe('the kind screen\'s "Console command"', () => {
	it('previews the class and command as you type, and Enter writes what --yes writes', async () => {
		const root = tempProject('skeleton');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root);
		expect(wizard.frame()).toContain('Console command');
		expect(wizard.frame()).toContain('Kind · step 1 of 5');
		expect(await wizard.press(keys.down, (frame) => frame.includes('❯ Web controller'))).toContain('Kind · step 1 of 4');
		// Reached from either side, the console command counts its own steps: the kind, its name, its review.
		expect(await wizard.press(keys.down, (frame) => frame.includes('❯ Console command'))).toContain('Kind · step 1 of 3');
		await wizard.press(keys.up, (frame) => frame.includes('❯ Web controller'));
		await wizard.press(keys.up, (frame) => frame.includes('❯ API controller'));
		expect(await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'))).toContain('Kind · step 1 of 3');
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		const preview = await wizard.press('generate', (frame) => frame.includes('GenerateCommand'));
		expect(preview).toContain('Name · step 2 of 3');
		expect(preview).toContain('php bin/edu generate');
		expect(preview).toContain('app/Command/GenerateCommand.php');
		// Enter on the name goes to the review, as make:api's: the files it will write, and nothing written yet.
		const review = await wizard.press(keys.enter, (frame) => frame.includes('Review · step 3 of 3'));
		expect(review).toContain('create  app/Command/GenerateCommand.php');
		expect(review).toContain('modify  app/Config/commands.yaml');
		expect(review).toContain('Enter write the files');
		expect(snapshotTree(root)).toEqual(before);
		// Esc goes back to the name, kept.
		expect(await wizard.press(keys.escape, (frame) => frame.includes('Name · step 2 of 3'))).toContain('Command name: generate');
		await wizard.press(keys.enter, (frame) => frame.includes('Review · step 3 of 3'));
		expect(snapshotTree(root)).toEqual(before);
		const done = await wizard.press(keys.enter, (frame) => frame.includes('Command successfully generated'));
		// The skeleton has no vendor/ yet: php bin/edu would stop at once without it.
		// Worded as the controllers' next steps are.
		expect(done).toContain('Next steps:');
		expect(done).toMatch(/Install the framework first[^\n]*\n\s+composer install\n[^\n]*run it:\n\s+php bin\/edu generate/);
		expect(await wizard.exited).toMatchObject({status: 'command', command: {names: {className: 'GenerateCommand'}}});
		expect(snapshotTree(root)).toEqual(await viaFlags('generate'));
	});

	it('the done screen says what the writer had to tell: here, a killed make:command run undone first', async () => {
		const root = tempProject('skeleton');
		mkdirSync(path.join(root, 'app/Command'), {recursive: true});
		const ghost = plantKilledRun(root, {ghost: 'app/Command/GhostCommand.php', locked: 'app/Config/commands.yaml'});
		const wizard = await renderWizard(root);
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		await wizard.press('generate', (frame) => frame.includes('GenerateCommand'));
		await wizard.press(keys.enter, (frame) => frame.includes('Review · step'));
		const done = await wizard.press(keys.enter, (frame) => frame.includes('Command successfully generated'));
		expect(done.replace(/ *\n */g, ' ')).toContain(`! An earlier edu run was killed while writing: removed what it had half-written (${ghost}).`);
	});

	it('the name typed is still there after Esc to the kinds and Enter again, as a controller\'s is', async () => {
		const wizard = await renderWizard(tempProject('skeleton'));
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		await wizard.press('Export', (frame) => frame.includes('ExportCommand'));
		await wizard.press(keys.escape, (frame) => frame.includes('What do you want to create?'));
		const again = await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		expect(again).toContain('Command name: Export');
		expect(again).toContain('ExportCommand');
	});

	it('the template chosen with Tab is still the one after Esc to the kinds and Enter again, as the name is', async () => {
		const root = tempProject('skeleton');
		expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
		cpSync(path.join(root, '.edu/templates/command'), path.join(root, '.edu/templates/cron'), {recursive: true});
		const wizard = await renderWizard(root);
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		await wizard.press('rapport', (frame) => /Template +command/.test(frame));
		await wizard.press(keys.tab, (frame) => /Template +cron/.test(frame));
		await wizard.press(keys.escape, (frame) => frame.includes('What do you want to create?'));
		const again = await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		expect(again).toContain('Command name: rapport');
		expect(again).toMatch(/Template +cron/);
	});

	it('a template that cannot be used says so in the footer: the name is not what to fix', async () => {
		const root = tempProject('skeleton');
		expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
		const text = path.join(root, '.edu/templates/command/command.php.tpl');
		writeFileSync(text, readFileSync(text, 'utf8').replace('namespace Command;', 'namespace Command'));
		const wizard = await renderWizard(root);
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		const refused = await wizard.press('rapport', (frame) => frame.includes('the command template makes'));
		expect(refused).toContain('next (fix the template first)');
		expect(refused).not.toContain('fix the name first');
	});

	it('a name longer than the line wraps after the label, which stays whole', async () => {
		const wizard = await renderWizard(tempProject('skeleton'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ Web controller'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		const name = 'abcdefghij'.repeat(11);
		const frame = await wizard.press(name, (current) => current.includes(name.slice(-20)));
		expect(frame).toContain(`Command name: ${name.slice(0, 40)}`);
	});

	it('shows "Command already exists." for a registered name, writes nothing on Enter, and Esc goes back to the kinds', async () => {
		const root = tempProject('skeleton');
		writeFileSync(path.join(root, 'app/Config/commands.yaml'), 'generate: Command\\GenerateCommand\n');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root);
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		const refused = await wizard.press('generate', (frame) => frame.includes('Command already exists.'));
		expect(refused).toContain('next (fix the name first)');
		// Where, and the way out, on the line below, as the make:api screens show it.
		expect(refused).toMatch(/✖ Command already exists\.\n {2}app\/Config\/commands\.yaml:1: /);
		await wizard.press(keys.enter);
		expect(wizard.outcome()).toBeUndefined();
		expect(snapshotTree(root)).toEqual(before);
		await wizard.press(keys.escape, (frame) => frame.includes('What do you want to create?'));
	});

	it('a write that would fail says why on the review before Enter, and Enter tries it again', async () => {
		const root = tempProject('skeleton');
		const outside = tempProject();
		symlinkSync(outside, path.join(root, 'app/Command'));
		const before = snapshotTree(root);
		const wizard = await renderWizard(root);
		await wizard.press(keys.up, (frame) => frame.includes('❯ Console command'));
		await wizard.press(keys.enter, (frame) => frame.includes('Command name:'));
		await wizard.press('generate', (frame) => frame.includes('GenerateCommand'));
		const failed = (await wizard.press(keys.enter, (frame) => frame.includes('Review · step') && frame.includes('✖ Refusing to write'))).replace(/ *\n */g, ' ');
		expect(failed).toContain('✖ Refusing to write app/Command/GenerateCommand.php: it resolves through the link app/Command');
		expect(failed).toContain('Enter try again');
		expect(failed).not.toContain('write the files');
		expect(snapshotTree(root)).toEqual(before);
		expect(readdirSync(outside)).toEqual([]);
		rmSync(path.join(root, 'app/Command'));
		await wizard.press(keys.enter, (frame) => frame.includes('successfully generated'));
		expect(existsSync(path.join(root, 'app/Command/GenerateCommand.php'))).toBe(true);
	});
});

describe.skipIf(!hasTmux)('edu make:command in a real terminal', () => {
	it('asks the name, previews it, and Enter writes what --yes writes (exit 0)', async () => {
		const root = tempProject('skeleton');
		const terminal = await Terminal.start(['make:command'], {cwd: root});
		try {
			await terminal.waitFor((screen) => screen.includes('Command name:'), 'the name screen');
			await terminal.type('generate');
			const preview = await terminal.waitFor((screen) => screen.includes('php bin/edu generate'), 'the preview');
			expect(preview.split('\n')[0]).toContain('edu make:command');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Review · step 2 of 2'), 'the review');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Command successfully generated'), 'the done screen');
			expect(await terminal.exitStatus()).toBe(0);
		} finally {
			await terminal.close();
		}
		expect(snapshotTree(root)).toEqual(await viaFlags('generate'));
	});

	it('run from another folder (--cwd): the next steps start with cd to the project', async () => {
		const root = tempProject('skeleton');
		const terminal = await Terminal.start(['make:command', '--cwd', root], {cwd: path.dirname(root)});
		try {
			await terminal.waitFor((screen) => screen.includes('Command name:'), 'the name screen');
			await terminal.type('generate');
			await terminal.waitFor((screen) => screen.includes('php bin/edu generate'), 'the preview');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Review · step 2 of 2'), 'the review');
			await terminal.keys('Enter');
			const done = await terminal.waitFor((screen) => screen.includes('Command successfully generated') && screen.includes('php bin/edu generate\n'), 'the done screen');
			const steps = done.split('\n').map((row) => row.trimEnd());
			const cd = steps.indexOf(`    cd ${root}`);
			expect(cd, done).toBeGreaterThan(steps.indexOf('Next steps:'));
			expect(steps.indexOf('    php bin/edu generate')).toBeGreaterThan(cd);
			expect(await terminal.exitStatus()).toBe(0);
		} finally {
			await terminal.close();
		}
	});

	it('with a command template of the project\'s own, Tab goes through the templates and Enter writes with the one shown', async () => {
		const root = tempProject('skeleton');
		expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
		const cron = path.join(root, '.edu', 'templates', 'cron');
		cpSync(path.join(root, '.edu', 'templates', 'command'), cron, {recursive: true});
		writeFileSync(path.join(cron, 'command.php.tpl'), readFileSync(path.join(cron, 'command.php.tpl'), 'utf8').replace('// Ajouter votre code ici', '// cron job'));
		const terminal = await Terminal.start(['make:command'], {cwd: root});
		try {
			await terminal.waitFor((screen) => screen.includes('Command name:'), 'the name screen');
			await terminal.type('nightly');
			const first = await terminal.waitFor((screen) => screen.includes('php bin/edu nightly'), 'the preview');
			expect(first).toMatch(/Template +command +\(Tab: command, cron\)/);
			expect(first).toContain('Tab next template');
			await terminal.keys('Tab');
			await terminal.waitFor((screen) => /Template +cron +\(Tab/.test(screen), 'the cron template');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Review · step 2 of 2'), 'the review');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Command successfully generated'), 'the done screen');
			expect(await terminal.exitStatus()).toBe(0);
		} finally {
			await terminal.close();
		}
		expect(readFileSync(path.join(root, 'app/Command/NightlyCommand.php'), 'utf8')).toContain('// cron job');
	});

	it('--template names a project\'s own command template: the preview shows the class file, and Enter writes that template\'s text there', async () => {
		const root = tempProject('skeleton');
		expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
		const cron = path.join(root, '.edu', 'templates', 'cron');
		cpSync(path.join(root, '.edu', 'templates', 'command'), cron, {recursive: true});
		writeFileSync(path.join(cron, 'command.php.tpl'), readFileSync(path.join(cron, 'command.php.tpl'), 'utf8').replace('// Ajouter votre code ici', '// nightly job'));
		const terminal = await Terminal.start(['make:command', '--template', 'cron'], {cwd: root});
		try {
			await terminal.waitFor((screen) => screen.includes('Command name:'), 'the name screen');
			await terminal.type('nightly');
			const preview = await terminal.waitFor((screen) => screen.includes('php bin/edu nightly'), 'the preview');
			expect(preview).toMatch(/File +app\/Command\/NightlyCommand\.php/);
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Review · step 2 of 2'), 'the review');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Command successfully generated'), 'the done screen');
			expect(await terminal.exitStatus()).toBe(0);
		} finally {
			await terminal.close();
		}
		expect(readFileSync(path.join(root, 'app/Command/NightlyCommand.php'), 'utf8')).toContain('// nightly job');
	});
});
