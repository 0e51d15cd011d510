// The wizard from 40×12 up (ink-testing-library at a fixed size): the title and the footer always
// show, what to act on comes first, the review names every file (its path cut in the middle, the
// file name kept) and scrolls with ↑↓, and no row stays empty while something is hidden.
import {cpSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {shortenPath} from '../../source/tui/controls/fit.js';
import {cleanupWizards, keys, renderWizard, type Harness} from './wizard-harness.js';

afterEach(cleanupWizards);

const sizes = [[40, 12], [60, 15], [80, 24], [200, 50]] as const;
const onScreen = (title: string) => (frame: string): boolean => frame.includes(`${title} · step`);
const hidden = (frame: string): boolean => /… \d+ (more )?(lines?|more)|lines? (above|below)|more (above|below)/.test(frame);

/** The frame fits `rows` with its title first and its footer last; with something hidden it takes every row but the cursor's. */
function expectFits(frame: string, columns: number, rows: number, title: string): void {
	const lines = frame.split('\n');
	expect(lines[0], frame).toContain(title);
	expect(lines.at(-1), frame).toContain('Ctrl+C quit');
	expect(lines.length, frame).toBeLessThanOrEqual(rows - 1);
	if (hidden(frame)) expect(lines.length, frame).toBe(rows - 1);
	expect(lines.every((line) => [...line].length <= columns), frame).toBe(true);
}

async function at(columns: number, rows: number, root = tempProject('sample')): Promise<Harness> {
	const wizard = await renderWizard(root, {kind: 'api'});
	await wizard.resize(columns, rows);
	return wizard;
}

describe.each(sizes)('%i×%i', (columns, rows) => {
	test('the name screen: a refused name shows why first, the title and the footer stay', async () => {
		const wizard = await at(columns, rows);
		const frame = await wizard.press('hello', (current) => current.includes('Controller name: hello'));
		expect(frame).toContain('✖ Route already exists.');
		expectFits(frame, columns, rows, 'edu make:api  Name · step 1 of 4');
	});

	test('the route screen and the review fit; the review names each file and scrolls to the end of the diff', async () => {
		const wizard = await at(columns, rows);
		await wizard.press('lyon', (current) => current.includes('LyonController'));
		await wizard.press(keys.enter, onScreen('Template'));
		const route = await wizard.press(keys.enter, onScreen('Route'));
		expect(route).toContain('❯ [x] GET');
		expect(route).toMatch(/URI +\/api\/lyon/);
		expect(route).toContain('api_lyon: GET /api/lyon');
		expectFits(route, columns, rows, 'edu make:api  Route · step 3 of 4');
		let frame = await wizard.press(keys.enter, onScreen('Review'));
		expectFits(frame, columns, rows, 'edu make:api  Review · step 4 of 4');
		// Every file, one line each, the file name whole.
		expect(frame).toMatch(/ {2}create {2}app\/\S*\/LyonController\.php\n/);
		expect(frame).toContain('  modify  app/Config/routes.yaml');
		// ↓ until nothing is below: the route's last line comes into view, and every frame fits.
		for (let moves = 0; moves < 40 && /lines? below/.test(frame); moves++) {
			const before = frame;
			frame = await wizard.press(keys.down, (current) => current !== before);
			expectFits(frame, columns, rows, 'Review · step 4 of 4');
		}
		expect(frame).toContain('+    httpMethod: [GET]');
		expect(frame).not.toMatch(/lines? below/);
		// And ↑ back to the top shows the files again.
		for (let moves = 0; moves < 40 && /lines? above/.test(frame); moves++) {
			const before = frame;
			frame = await wizard.press(keys.up, (current) => current !== before);
			expectFits(frame, columns, rows, 'Review · step 4 of 4');
		}
		expect(frame).toMatch(/LyonController\.php\n/);
	});

	test('make:command: the name, then the review, each with its step, fit', async () => {
		const wizard = await renderWizard(tempProject('sample'));
		await wizard.resize(columns, rows);
		await wizard.press(keys.up, (current) => current.includes('❯ Console command'));
		await wizard.press(keys.enter, (current) => current.includes('Command name:'));
		const name = await wizard.press('generate', (current) => current.includes('GenerateCommand'));
		expectFits(name, columns, rows, 'edu make:command  Name · step 2 of 3');
		const review = await wizard.press(keys.enter, onScreen('Review'));
		expectFits(review, columns, rows, 'edu make:command  Review · step 3 of 3');
		expect(review).toMatch(/create {2}app\/\S*\/GenerateCommand\.php\n/);
		// The sample has no commands.yaml yet.
		expect(review).toContain('create  app/Config/commands.yaml');
	});
});

describe('40×12', () => {
	test('a refusal on the route screen shows before the route row, the title kept', async () => {
		const wizard = await at(40, 12);
		await wizard.press('lyon', (current) => current.includes('LyonController'));
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.tab, (current) => current.includes('❯ URI'));
		const frame = await wizard.press('\u0015/api/hello', (current) => current.includes('✖'));
		expect(frame).toMatch(/✖ .*already/s);
		expectFits(frame, 40, 12, 'edu make:api  Route · step 3 of 4');
	});

	test('Esc with a name typed clears it instead of quitting; Esc again quits', async () => {
		const wizard = await at(40, 12);
		await wizard.press('Abc', (current) => current.includes('Controller name: Abc'));
		const cleared = await wizard.press(keys.escape, (current) => current.includes('Controller name: e.g.'));
		expect(cleared).toContain('Esc quit');
		expect(wizard.outcome()).toBeUndefined();
		await wizard.press(keys.escape);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
	});
});

describe('the upload template', () => {
	test('its upload screen and its review say how the file is received, as the CLI does', async () => {
		const wizard = await at(200, 50);
		await wizard.press('depot', (current) => current.includes('DepotController'));
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.down + keys.down, (current) => current.includes('❯ upload'));
		const upload = await wizard.press(keys.enter, onScreen('Upload'));
		expect(upload).toContain('Upload : PHP\'s $_FILES and move_uploaded_file()');
		await wizard.press(keys.enter, onScreen('Route'));
		const review = await wizard.press(keys.enter, onScreen('Review'));
		expect(review).toContain('Upload : PHP\'s $_FILES and move_uploaded_file()');
	});
});

describe('text from the project\'s files', () => {
	test('a template\'s description with escape sequences is shown, not obeyed', async () => {
		const root = tempProject('sample');
		const folder = path.join(root, '.edu', 'templates', 'evil');
		cpSync(path.join(import.meta.dirname, '..', '..', 'templates', 'default'), folder, {recursive: true});
		const manifest = JSON.parse(readFileSync(path.join(folder, 'template.json'), 'utf8')) as {description: string};
		writeFileSync(path.join(folder, 'template.json'), JSON.stringify({...manifest, description: 'x\u001B[2J\u001B]0;PWNED\u0007 y'}));
		const wizard = await at(120, 30, root);
		await wizard.press('ville', (current) => current.includes('VilleController'));
		const frame = await wizard.press(keys.enter, onScreen('Template'));
		expect(frame).toContain('x^[[2J^[]0;PWNED^G y');
		// The harness draws without colours: no escape character at all reaches the terminal.
		expect(frame).not.toContain('\u001B');
		expect(frame).not.toContain('\u0007');
	});
});

describe('text from the project\'s routes.yaml', () => {
	test('a route name with escape sequences, quoted by a refusal, is shown, not obeyed', async () => {
		const root = tempProject('sample');
		const routes = path.join(root, 'app', 'Config', 'routes.yaml');
		writeFileSync(routes, `${readFileSync(routes, 'utf8')}\n"evil\\e]0;PWNED\\a":\n    uri: /api/evil\n    controller: Controller\\api\\HelloController\n    httpMethod: [GET]\n`);
		const wizard = await at(120, 30, root);
		await wizard.press('lyon', (current) => current.includes('LyonController'));
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.tab, (current) => current.includes('❯ URI'));
		const frame = await wizard.press('\u0015/api/evil', (current) => current.includes('already serves'));
		expect(frame).toContain('Route "evil^[]0;PWNED^G" already serves GET /api/evil');
		expect(frame).not.toContain('\u001B');
		expect(frame).not.toContain('\u0007');
	});
});

describe('shortenPath', () => {
	test('keeps the file name and cuts the folders in the middle of the path', () => {
		expect(shortenPath('app/Controller/api/LyonController.php', 30)).toBe('app/Contro…/LyonController.php');
		expect(shortenPath('app/Controller/api/LyonController.php', 40)).toBe('app/Controller/api/LyonController.php');
		// A file name too long for the room is cut in its own middle, both ends kept.
		const cut = shortenPath('app/VeryLongResourceNameForTheStudentsController.php', 20);
		expect([...cut]).toHaveLength(20);
		expect(cut.startsWith('app/')).toBe(true);
		expect(cut.endsWith('.php')).toBe(true);
	});
});
