// The template screens through ink-testing-library on temp copies of fixtures/sample: the
// project's own templates offered beside the built-ins, and what each screen says and keeps.
import {cpSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

const onScreen = (title: string) => (frame: string): boolean => frame.includes(`${title} · step`);
const builtin = (name: string): string => path.join(import.meta.dirname, '..', '..', 'templates', name);

/** A project with .edu/templates/minimal/, a copy of the default template with a comment line. */
function projectWithMinimal(): string {
	const root = tempProject('sample');
	const folder = path.join(root, '.edu', 'templates', 'minimal');
	cpSync(builtin('default'), folder, {recursive: true});
	const manifest = JSON.parse(readFileSync(path.join(folder, 'template.json'), 'utf8')) as {description: string};
	writeFileSync(path.join(folder, 'template.json'), JSON.stringify({...manifest, description: 'the course house style'}));
	const controller = path.join(folder, 'controller.php.tpl');
	writeFileSync(controller, readFileSync(controller, 'utf8').replace('class <%& className %>', '// Maison: BTS SIO\nclass <%& className %>'));
	return root;
}

async function toTemplateScreen(root: string) {
	const wizard = await renderWizard(root, {kind: 'api'});
	await wizard.press('ville', (frame) => frame.includes('Controller name: ville'));
	await wizard.press(keys.enter, onScreen('Template'));
	return wizard;
}

describe('template screen', () => {
	test('offers the project\'s own template with its description and folder, and writes from it', async () => {
		const root = projectWithMinimal();
		const wizard = await toTemplateScreen(root);
		expect(wizard.frame()).toContain('minimal   the course house style · .edu/templates/minimal');
		await wizard.press(keys.down + keys.down + keys.down, (frame) => frame.includes('❯ minimal'));
		const frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).toContain('[x] GET');
		await wizard.press(keys.enter, onScreen('Review'));
		await wizard.press(keys.enter, (current) => current.includes('✔ Controller and route successfully generated'));
		await wizard.exited;
		expect(readFileSync(path.join(root, 'app/Controller/api/VilleController.php'), 'utf8')).toContain('// Maison: BTS SIO\nclass VilleController');
	});

	test('make:controller: a project\'s own web template brings the template screen, and the one chosen writes the view', async () => {
		// Without one (a broken API template does not count), the name goes straight to the route.
		const other = tempProject('sample');
		cpSync(builtin('default'), path.join(other, '.edu', 'templates', 'casse'), {recursive: true});
		writeFileSync(path.join(other, '.edu', 'templates', 'casse', 'template.json'), '{');
		const plain = await renderWizard(other, {kind: 'controller'});
		await plain.press('Gare', (frame) => frame.includes('Controller name: Gare'));
		await plain.press(keys.enter, onScreen('Route'));
		expect(plain.frame()).toContain('Route · step 2 of 3');
		const root = tempProject('sample');
		const folder = path.join(root, '.edu', 'templates', 'vitrine');
		cpSync(builtin('web'), folder, {recursive: true});
		const manifest = JSON.parse(readFileSync(path.join(folder, 'template.json'), 'utf8')) as {description: string};
		writeFileSync(path.join(folder, 'template.json'), JSON.stringify({...manifest, description: 'page vitrine'}));
		writeFileSync(path.join(folder, 'view.twig.tpl'), readFileSync(path.join(folder, 'view.twig.tpl'), 'utf8').replace('</h1>', '</h1>\n    <p>vitrine</p>'));
		const wizard = await renderWizard(root, {kind: 'controller'});
		await wizard.press('Gare', (frame) => frame.includes('Controller name: Gare'));
		const screen = await wizard.press(keys.enter, onScreen('Template'));
		expect(screen).toContain('Template · step 2 of 4');
		expect(screen).toContain('vitrine  page vitrine · .edu/templates/vitrine');
		await wizard.press(keys.down, (frame) => frame.includes('❯ vitrine'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.enter, onScreen('Review'));
		await wizard.press(keys.enter, (current) => current.includes('successfully generated'));
		await wizard.exited;
		expect(readFileSync(path.join(root, 'app/Template/gare/gare.html.twig'), 'utf8')).toContain('<p>vitrine</p>');
	});

	test('a template whose second controller clashes: each refusal with its place, and Enter says what it waits for', async () => {
		const root = tempProject('sample');
		expect((await runMain(['make:api', 'VilleById', '--yes'], {cwd: root})).exitCode).toBe(0);
		const wizard = await renderWizard(root, {kind: 'api'});
		await wizard.press('Ville', (frame) => frame.includes('Controller name: Ville'));
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.down, (current) => current.includes('❯ resource'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		await wizard.press(keys.down);
		await wizard.press('nom', (current) => current.includes('Route already exists.'));
		const frame = await wizard.press(keys.escape, (current) => onScreen('Template')(current) && current.includes('✖ Route already exists.'));
		expect(frame).toMatch(/✖ Route already exists\.\n\s+app\/Config\/routes\.yaml:\d+: /);
		expect(frame).toMatch(/✖ Controller already exists\.\n\s+app\/Controller\/api\/VilleByIdController\.php/);
		expect(frame.replace(/\s+/g, ' ')).toContain('Enter next (another template, or Esc for another name)');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Template · step');
	});

	test('a broken project template is refused on the template screen with its file:line', async () => {
		const root = projectWithMinimal();
		const controller = path.join(root, '.edu/templates/minimal/controller.php.tpl');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace('<%& className %> implements', '<%& className implements'));
		const wizard = await toTemplateScreen(root);
		expect(wizard.frame()).toContain('minimal   broken: .edu/templates/minimal/controller.php.tpl:10');
		await wizard.press(keys.down + keys.down + keys.down, (frame) => frame.includes('✖ .edu/templates/minimal/controller.php.tpl:10:7: a tag opened with <% is never closed'));
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Template · step');
	});

	test('a broken project copy of the default template: the name screen says how to get the built-in back and goes on; the template screen holds Enter until another template is chosen', async () => {
		const root = tempProject('sample');
		const folder = path.join(root, '.edu', 'templates', 'default');
		cpSync(builtin('default'), folder, {recursive: true});
		writeFileSync(path.join(folder, 'template.json'), readFileSync(path.join(folder, 'template.json'), 'utf8').replace('"engine": "controller",', '"engine": "controller"'));
		const wizard = await renderWizard(root, {kind: 'api'});
		const frame = await wizard.press('Zed', (current) => current.replace(/ *\n */g, ' ').includes('you can choose another template on the next screen'));
		expect(frame.replace(/ *\n */g, ' ')).toContain('(fix it, or remove .edu/templates/default/ to use the built-in default again)');
		const template = await wizard.press(keys.enter, (current) => current.includes('Template · step') && current.includes('✖'));
		expect(template).toContain('Enter next (another template, or the template fixed)');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Template · step');
		const other = await wizard.press(keys.down, (current) => current.includes('❯ resource'));
		expect(other).not.toContain('✖');
	});
});

describe('table and fields screen', () => {
	async function toFields() {
		const wizard = await toTemplateScreen(tempProject('sample'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
		return [wizard, await wizard.press(keys.enter, onScreen('Table and fields'))] as const;
	}

	test('says "at least one field" only once the user tries to go on', async () => {
		const [wizard, frame] = await toFields();
		expect(frame).not.toContain('✖');
		await wizard.press(keys.enter, (current) => current.includes('✖ The resource template needs at least one field'));
	});

	test('typing on "+ add a field" starts a new field with the typed text', async () => {
		const [wizard] = await toFields();
		await wizard.press(keys.down + keys.down, (current) => current.split('\n').some((line) => line.includes('❯') && line.includes('add a field')));
		const frame = await wizard.press('code', (current) => current.includes('code'));
		// The new row holds "code" and has the cursor; "+ add a field" is below it again.
		const lines = frame.split('\n');
		const row = lines.findIndex((line) => line.includes('code'));
		expect(lines[row]).toContain('❯');
		expect(lines.slice(row + 1).some((line) => line.includes('+ add a field') && !line.includes('❯'))).toBe(true);
	});
});

describe('table and fields screen: Space and pasted lengths', () => {
	async function toFirstField() {
		const wizard = await toTemplateScreen(tempProject('sample'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		await wizard.press(keys.down);
		return wizard;
	}
	const fieldRow = (frame: string, name: string): string => frame.split('\n').find((line) => line.includes(name) && line.includes('❯')) ?? '';

	test('Space in the name column puts a _ and leaves the type (code postal is code_postal); on the type column it switches the type', async () => {
		const wizard = await toFirstField();
		await wizard.press('code postal', (frame) => fieldRow(frame, 'code_postal').includes('string'));
		await wizard.press(keys.tab, (frame) => fieldRow(frame, 'code_postal').includes('‹string›'));
		await wizard.press(keys.space, (frame) => fieldRow(frame, 'code_postal').includes('‹int›'));
	});

	test('a space typed in the table name is a _ too', async () => {
		const wizard = await toTemplateScreen(tempProject('sample'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		await wizard.press('ma ville', (frame) => frame.includes('ma_ville'));
	});

	test('a length pasted too long keeps its digits and says the range, where the keys were dropped', async () => {
		const wizard = await toFirstField();
		await wizard.press('nom', (frame) => fieldRow(frame, 'nom').includes('string'));
		await wizard.press(keys.tab + keys.tab);
		const frame = await wizard.press('99999999999', (current) => current.includes('99999999999'));
		expect(frame).toContain('must be a whole number from 1 to 16383');
	});
});

describe('upload and route screens', () => {
	/** The upload screen with the cursor on its extensions (csv, txt by default). */
	async function onExtensions() {
		const wizard = await toTemplateScreen(tempProject('sample'));
		await wizard.press(keys.down + keys.down, (frame) => frame.includes('❯ upload'));
		await wizard.press(keys.enter, onScreen('Upload'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ Extensions'));
		return wizard;
	}

	test('extensions typed with a dot or capitals: the screen says how it reads them', async () => {
		const wizard = await onExtensions();
		const frame = await wizard.press(', .JPG', (current) => current.includes('.JPG'));
		expect(frame.replace(/ *\n */g, ' ')).toContain('Extensions read as csv, txt, jpg: a leading dot is dropped, capitals lowered, as the controller compares them.');
	});

	test('the review repeats the plan\'s warnings: an upload folder under public/', async () => {
		const wizard = await onExtensions();
		await wizard.press(keys.down, (frame) => frame.includes('❯ Folder'));
		await wizard.press('\u0015public/uploads', (frame) => frame.includes('public/uploads'));
		await wizard.press(keys.enter, onScreen('Route'));
		const review = await wizard.press(keys.enter, onScreen('Review'));
		expect(review.replace(/ *\n */g, ' ')).toContain('! Uploads will be stored in public/uploads, under public/: anyone can download them by URL.');
	});

	test('an extension typed twice: the screen says it is kept once, not that a dot was dropped', async () => {
		const wizard = await onExtensions();
		const frame = await wizard.press(', csv', (current) => current.includes('txt, csv'));
		expect(frame.replace(/ *\n */g, ' ')).toContain('Extensions read as csv, txt: each extension kept once, as the controller compares them.');
	});

	test('the footer names the focused control\'s keys: no "Space toggle" on the URI', async () => {
		const wizard = await toTemplateScreen(tempProject('sample'));
		let frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).toContain('Space toggle');
		frame = await wizard.press(keys.tab, (current) => current.includes('❯ URI'));
		expect(frame).not.toContain('Space toggle');
		expect(frame).toContain('Tab methods');
	});
});
