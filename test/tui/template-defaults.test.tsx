// The wizard on a project's template: the manifest's defaults fill its screens and its asks label
// them (long ones keep the fields in place), and a broken --template shows on the name screen.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {copyTemplate} from '../helpers/template-copy.js';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

const onScreen = (title: string) => (frame: string): boolean => frame.includes(`${title} · step`);

describe('a project template\'s defaults and asks in the wizard', () => {
	test('upload: the screen offers the manifest\'s defaults under its ask, and writes them', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'upload', 'tpup', (manifest) => {
			manifest.options!.field!.default = 'document';
			manifest.options!.field!.ask = 'Champ (TP)';
			manifest.options!.extensions!.default = 'pdf';
		});
		const wizard = await renderWizard(root, {kind: 'api', initial: {template: 'tpup'}});
		await wizard.press('Doc', (frame) => frame.includes('Controller name: Doc'));
		await wizard.press(keys.enter, onScreen('Template'));
		const frame = await wizard.press(keys.enter, onScreen('Upload'));
		expect(frame).toMatch(/❯ Champ \(TP\) +document\n +Extensions +pdf\n/);
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.enter, onScreen('Review'));
		await wizard.press(keys.enter, (current) => current.includes('successfully generated'));
		await wizard.exited;
		const written = readFileSync(path.join(root, 'app/Controller/api/DocController.php'), 'utf8');
		expect(written).toContain('private const FIELD = \'document\';');
		expect(written).toContain('private const EXTENSIONS = [\'pdf\'];');
	});

	test('upload: a template chosen on the template screen brings its defaults', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'upload', 'tpup', (manifest) => {
			manifest.options!.extensions!.default = 'pdf';
		});
		const wizard = await renderWizard(root, {kind: 'api'});
		await wizard.press('Doc', (frame) => frame.includes('Controller name: Doc'));
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.down.repeat(3), (frame) => frame.includes('❯ tpup'));
		expect(await wizard.press(keys.enter, onScreen('Upload'))).toMatch(/Extensions +pdf\n/);
	});

	test('resource: the manifest\'s asks label the table and fields, its table is the default shown, its fields the rows', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'tpres', (manifest) => {
			manifest.options!.table!.default = 'ville';
			manifest.options!.table!.ask = 'Nom de la table';
			manifest.options!.fields!.default = 'nom:string:80';
			manifest.options!.fields!.ask = 'Colonnes';
		});
		const wizard = await renderWizard(root, {kind: 'api', initial: {template: 'tpres'}});
		await wizard.press('Tr1', (frame) => frame.includes('Controller name: Tr1'));
		await wizard.press(keys.enter, onScreen('Template'));
		const frame = await wizard.press(keys.enter, onScreen('Table and fields'));
		expect(frame).toContain('❯ Nom de la table  ville (the template\'s default)');
		expect(frame).toMatch(/ {2}Colonnes +name +type +length\n +nom +string +80\n/);
		expect(frame).not.toContain('(from the name)');
	});

	test('a label too long for its column goes above its field, which keeps its place', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'upload', 'tpup', (manifest) => {
			manifest.options!.field!.ask = 'Champ du fichier envoyé par le formulaire de la page (TP)';
		});
		const wizard = await renderWizard(root, {kind: 'api', initial: {template: 'tpup'}});
		await wizard.press('Doc', (frame) => frame.includes('Controller name: Doc'));
		await wizard.press(keys.enter, onScreen('Template'));
		const frame = await wizard.press(keys.enter, onScreen('Upload'));
		expect(frame).toContain('❯ Champ du fichier envoyé par le formulaire de la page (TP)\n    file\n  Extensions\n    csv, txt\n');
	});

	test('a broken template given with --template is a note on the name screen', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'upload', 'prof', (manifest) => {
			manifest.options!.extensions!.default = 'php';
		});
		const wizard = await renderWizard(root, {kind: 'api', initial: {template: 'prof'}});
		const frame = await wizard.press('Nx', (current) => current.includes('Controller name: Nx'));
		expect(frame.replaceAll('\n', ' ')).toContain('! .edu/templates/prof/template.json:');
		expect(frame.replaceAll('\n', ' ')).toMatch(/the "default" of extensions is not a value --extensions\s+takes/);
	});
});
