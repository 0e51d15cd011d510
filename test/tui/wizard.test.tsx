// The Ink wizard, screen by screen, through ink-testing-library, on temp copies of fixtures/sample.
// Each test drives the keys a person would press and reads the frames they would see.
import {appendFileSync, existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {diffWindow} from '../../source/tui/screens/review-screen.js';
import {plantKilledRun} from '../helpers/planted-killed-run.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard, type Harness} from './wizard-harness.js';
import {nextStepsLines} from '../../source/present/next-steps.js';
import type {WizardOutcome} from '../../source/tui/wizard.js';

afterEach(cleanupWizards);

/** The frame with Ink's line wrapping undone, for messages longer than a line. */
const oneLine = (frame: string): string => frame.replace(/ *\n */g, ' ');

/** The done screen's frame: the run's ✔ line is on it. */
const done = (frame: string): boolean => /✔ .* successfully generated/.test(frame);

/** The next steps the runner prints below the closed wizard (run-wizard.tsx), as one line. */
function stepsOf(outcome: WizardOutcome): string {
	if (outcome.status !== 'written') throw new Error(`the wizard ended ${outcome.status}, not written`);
	return oneLine(nextStepsLines(outcome.nextSteps).join('\n'));
}

const onScreen = (title: string) => (frame: string): boolean => frame.includes(`${title} · step`);

async function typeName(wizard: Harness, name: string): Promise<string> {
	return wizard.press(name, (frame) => frame.includes(`Controller name: ${name}`));
}

/** `Import` typed, the upload template chosen: the upload screen's frame. */
async function toUpload(wizard: Harness): Promise<string> {
	await typeName(wizard, 'Import');
	await wizard.press(keys.enter, onScreen('Template'));
	await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
	await wizard.press(keys.down, (frame) => frame.includes('❯ upload'));
	return wizard.press(keys.enter, onScreen('Upload'));
}

/** `Ville` typed, then Enter through the template and route screens: the review's frame. */
async function toReview(wizard: Harness): Promise<string> {
	await typeName(wizard, 'Ville');
	await wizard.press(keys.enter, onScreen('Template'));
	await wizard.press(keys.enter, onScreen('Route'));
	return wizard.press(keys.enter, onScreen('Review'));
}

describe('a terminal resized while the wizard is open', () => {
	test('the review shows as much of the routes.yaml diff as the new height allows, at once', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await wizard.resize(100, 16);
		const short = await toReview(wizard);
		expect(short).toMatch(/… \d+ lines above/);
		await wizard.resize(100, 40);
		const tall = await wizard.waitFor((frame) => !frame.includes('lines above'), 'the whole diff');
		expect(tall).toContain('+    uri: /api/ville');
		expect(tall).toContain("     uri: '/api/hello'");
		await wizard.resize(100, 16);
		await wizard.waitFor((frame) => /… \d+ lines above/.test(frame), 'the diff cut again');
	});
});

describe('the review in a short terminal', () => {
	test('a cut diff shows its lines from the new route\'s first (its name), and says how many lines are above and below', () => {
		// `+` alone: the blank line edu adds before the route, which is not where the route starts.
		fc.assert(fc.property(fc.array(fc.constantFrom(' ctx', '+add', '+', '@@ -1 +1 @@'), {maxLength: 30}), fc.integer({min: 4, max: 40}), (hunk, room) => {
			const {above, shown, below} = diffWindow(hunk, room);
			expect([...hunk.slice(0, above), ...shown, ...hunk.slice(hunk.length - below)]).toEqual(hunk);
			expect(shown.length + (above > 0 ? 1 : 0) + (below > 0 ? 1 : 0)).toBeLessThanOrEqual(room);
			const named = hunk.findIndex((line) => line === '+add');
			const firstAdded = named === -1 ? hunk.findIndex((line) => line.startsWith('+')) : named;
			// The route's first line is in the window.
			if (firstAdded !== -1) expect(above <= firstAdded && firstAdded < above + shown.length).toBe(true);
			if (hunk.length <= room) expect(shown).toEqual(hunk);
		}), {numRuns: 2000});
	});

	test('moved anywhere (↑↓), the window still shows the hunk in order, within its room', () => {
		fc.assert(fc.property(fc.array(fc.constantFrom(' ctx', '+add', '@@ -1 +1 @@'), {maxLength: 30}), fc.integer({min: 4, max: 40}), fc.integer({min: 0, max: 40}), (hunk, room, from) => {
			const {above, shown, below, start} = diffWindow(hunk, room, from);
			expect([...hunk.slice(0, above), ...shown, ...hunk.slice(hunk.length - below)]).toEqual(hunk);
			expect(shown.length + (above > 0 ? 1 : 0) + (below > 0 ? 1 : 0)).toBeLessThanOrEqual(room);
			expect(start).toBe(above);
			// The window moves with `from` until it meets an end of the hunk.
			if (hunk.length > room && from > 0 && below > 0) expect(above).toBe(from);
		}), {numRuns: 2000});
	});

	test('15 rows: ↓ scrolls the diff to its last line and ↑ back to its first', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await wizard.resize(100, 15);
		const review = await toReview(wizard);
		expect(review).toContain('↑↓ scroll the diff');
		let frame = review;
		for (let moves = 0; moves < 30 && /lines? below/.test(frame); moves++) frame = await wizard.press(keys.down);
		expect(frame).not.toMatch(/lines? below/);
		expect(frame).toMatch(/\+ {4}httpMethod: \[GET\]\n/);
		for (let moves = 0; moves < 30 && /lines? above/.test(frame); moves++) frame = await wizard.press(keys.up);
		expect(frame).not.toMatch(/lines? above/);
		expect(frame).toMatch(/app\/Config\/routes\.yaml\n@@ /);
	});

	test('15 rows: the review keeps the new route\'s name in sight', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await wizard.resize(100, 15);
		const review = await toReview(wizard);
		expect(review).toContain('+api_ville:');
		expect(review).toMatch(/… \d+ lines? (above|below)/);
	});
});

describe('name screen', () => {
	test('typing updates the preview on every keystroke, before any Enter', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		expect(wizard.frame()).toContain('Class   —');
		let frame = await wizard.press('V', (current) => current.includes('VController'));
		expect(frame).toContain('/api/v');
		frame = await wizard.press('ille', (current) => current.includes('VilleController'));
		expect(frame).toContain('app/Controller/api/VilleController.php');
		expect(frame).toContain('api_ville');
		frame = await wizard.press(keys.backspace, (current) => current.includes('VillController'));
		for (const expected of ['VilController', 'ViController', 'VController']) await wizard.press(keys.backspace, (current) => current.includes(expected));
		frame = await wizard.press(keys.backspace, (current) => current.includes('Class   —'));
		frame = await typeName(wizard, 'MyUserTest');
		expect(frame).toContain('MyUserTestController');
		expect(frame).toContain('app/Controller/api/MyUserTestController.php');
		expect(frame).toContain('api_my-user-test');
		expect(frame).toContain('/api/my-user-test');
		expect(frame).toContain('Name · step 1 of 4');
	});

	test('a web controller previews its view path too', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'controller'});
		const frame = await typeName(wizard, 'VilleRead');
		expect(frame).toContain('VilleReadController');
		expect(frame).toContain('app/Controller/VilleReadController.php');
		expect(frame).toMatch(/Route +ville-read/);
		expect(frame).toMatch(/URI +\/ville-read/);
		expect(frame).toContain('app/Template/ville_read/ville_read.html.twig');
	});

	test('a surprising name shows the warning with the spelling that gives the intended URI', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		const frame = await typeName(wizard, 'myUserTest');
		expect(frame).toContain('/api/user-test');
		expect(frame).toContain('write "MyUserTest" for /api/my-user-test');
	});

	test('an existing route\'s name shows "Route already exists." before Enter, and Enter does nothing', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root, {kind: 'api'});
		const frame = await typeName(wizard, 'hello');
		expect(frame).toContain('✖ Route already exists.');
		expect(frame).toContain('✖ Controller already exists.');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Name · step 1 of 4');
		expect(wizard.frame()).toContain('Route already exists.');
		expect(wizard.outcome()).toBeUndefined();
		expect(snapshotTree(root)).toEqual(before);
	});

	test('an invalid name says why, and Enter does nothing', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		const frame = await typeName(wizard, 'ma-ville');
		expect(frame).toContain('Invalid controller name "ma-ville": the name cannot contain "-"');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Name · step 1 of 4');
	});

	test('a name longer than the line wraps after the label, which stays whole', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		const name = 'Abcdefghij'.repeat(11);
		const frame = await wizard.press(name, (current) => current.includes('110 characters'));
		expect(frame).toContain(`Controller name: ${name.slice(0, 40)}`);
	});

	test('a URI another route serves is a note here, fixed on the route screen', async () => {
		const root = tempProject('sample');
		appendFileSync(path.join(root, 'app/Config/routes.yaml'), 'legacy_ville:\n    uri: /api/ville\n    controller: Controller\\api\\LegacyController\n    httpMethod: [GET]\n');
		const wizard = await renderWizard(root, {kind: 'api'});
		let frame = await typeName(wizard, 'ville');
		// A note (!), not a refusal (✖): Enter goes on from here.
		expect(oneLine(frame)).toContain('! Route "legacy_ville" already serves GET /api/ville. (you can change the methods or the URI on the route screen)');
		expect(frame).not.toContain('✖');
		frame = await wizard.press(keys.enter, onScreen('Template'));
		frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).toContain('✖ Route "legacy_ville" already serves GET /api/ville.');
		expect(oneLine(frame)).toContain('Enter next (fix the URI or methods first)');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Route · step');
		// Serving POST instead clears it.
		await wizard.press(keys.space, (current) => current.includes('[ ] GET'));
		await wizard.press(keys.down, (current) => current.includes('❯ [ ] POST'));
		frame = await wizard.press(keys.space, (current) => current.includes('[x] POST'));
		expect(frame).not.toContain('already serves');
		frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain('httpMethod: [POST]');
	});
});

describe('table and fields screen', () => {
	test('Ctrl+D deletes the row under the cursor and leaves the cursor on the row that takes its place', async () => {
		const field = (name: string) => ({name, type: 'string' as const, length: ''});
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api', initial: {name: 'Ville', template: 'resource', fields: ['a', 'b', 'c', 'd'].map(field)}});
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		const cursorOn = (name: string) => (frame: string): boolean => frame.split('\n').some((line) => /❯ +\S/.test(line) && line.includes(` ${name} `));
		await wizard.press(keys.down + keys.down, cursorOn('b'));
		let frame = await wizard.press(keys.ctrlD, cursorOn('c'));
		expect(frame).not.toMatch(/ b +string/);
		// The last field deleted: the cursor goes to the one now last.
		await wizard.press(keys.down, cursorOn('d'));
		frame = await wizard.press(keys.ctrlD, cursorOn('c'));
		expect(frame).not.toMatch(/ d +string/);
		await wizard.press(keys.up, cursorOn('a'));
		frame = await wizard.press(keys.ctrlD, cursorOn('c'));
		frame = await wizard.press(keys.ctrlD, (current) => current.split('\n').some((line) => line.includes('❯') && line.includes('add a field')));
		expect(frame).not.toMatch(/ [acd] +string/);
	});

	test('twenty fields: the screen keeps to 24 lines, the rows shown follow the cursor and say how many are hidden', async () => {
		const names = Array.from({length: 20}, (_, index) => `col${index + 1}`);
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api', initial: {name: 'Ville', template: 'resource', fields: names.map((name) => ({name, type: 'int' as const, length: ''}))}});
		await wizard.press(keys.enter, onScreen('Template'));
		let frame = await wizard.press(keys.enter, onScreen('Table and fields'));
		const fits = (current: string): void => expect(current.split('\n').length).toBeLessThanOrEqual(24);
		fits(frame);
		expect(frame).toContain('col1 ');
		expect(frame).toMatch(/… \d+ more below/);
		expect(frame).not.toContain('col20');
		const cursorOn = (name: string) => (current: string): boolean => current.split('\n').some((line) => line.includes('❯') && line.includes(`${name} `));
		await wizard.press(keys.down, cursorOn('col1'));
		for (let index = 2; index <= 20; index++) frame = await wizard.press(keys.down, cursorOn(`col${index}`));
		expect(frame).toMatch(/… \d+ more above/);
		fits(frame);
	});
});

describe('route screen', () => {
	async function toRoute(root: string, name = 'ville'): Promise<Harness> {
		const wizard = await renderWizard(root, {kind: 'api'});
		await typeName(wizard, name);
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Route'));
		return wizard;
	}

	test('the methods checklist starts with GET and changes the plan', async () => {
		const wizard = await toRoute(tempProject('sample'));
		let frame = wizard.frame();
		expect(frame).toContain('❯ [x] GET');
		expect(frame).toContain('[ ] POST');
		expect(frame).toContain('api_ville: GET /api/ville');
		await wizard.press(keys.down, (current) => current.includes('❯ [ ] POST'));
		frame = await wizard.press(keys.space, (current) => current.includes('[x] POST'));
		expect(frame).toContain('api_ville: GET, POST /api/ville');
		frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain('+    httpMethod: [GET, POST]');
		// The file-system sink: the review says what the run will do.
		expect(frame).toContain('The run will:');
		expect(frame).toContain('Enter write the files');
	});

	test('no method checked is refused and Enter does nothing', async () => {
		const wizard = await toRoute(tempProject('sample'));
		const frame = await wizard.press(keys.space, (current) => current.includes('[ ] GET'));
		expect(frame).toContain('✖ Choose at least one HTTP method.');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Route · step');
	});

	test('the URI is editable; {param} segments show as parameters and reach the plan', async () => {
		const wizard = await toRoute(tempProject('sample'));
		await wizard.press(keys.tab, (current) => current.includes('❯ URI'));
		let frame = await wizard.press('/{id}', (current) => current.includes('URI   /api/ville/{id}'));
		expect(frame).toMatch(/Params +\{id\} integer/);
		expect(frame).toContain('api_ville: GET /api/ville/{id}');
		await wizard.press(keys.backspace, (current) => current.includes('URI   /api/ville/{id\n'));
		frame = await wizard.press(keys.backspace, (current) => current.includes('URI   /api/ville/{i\n'));
		expect(frame).toContain('Invalid URI "/api/ville/{i"');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Route · step');
		await wizard.press('d}', (current) => current.includes('Params  {id} integer'));
		frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain("+    uri: '/api/ville/{id}'");
	});
	test('an edited URI is marked custom, shown so on the name screen after the name changes, and Ctrl+R resets it', async () => {
		const wizard = await toRoute(tempProject('sample'));
		expect(wizard.frame()).not.toContain('custom URI');
		await wizard.press(keys.tab, (current) => current.includes('❯ URI'));
		let frame = await wizard.press('s', (current) => current.includes('URI   /api/villes'));
		expect(oneLine(frame)).toContain('custom URI: it no longer follows the name (which gives /api/ville); Ctrl+R resets it');
		// Back to the name: the URI stays the typed one, and the preview says so, whole in 80 columns.
		await wizard.press(keys.escape, onScreen('Template'));
		await wizard.press(keys.escape, onScreen('Name'));
		await wizard.resize(80, 24);
		frame = await wizard.press(keys.backspace.repeat(5) + 'commune', (current) => current.includes('CommuneController'));
		expect(frame.split('\n')).toContain('URI     /api/villes (custom; the name gives /api/commune)');
		await wizard.press(keys.enter, onScreen('Template'));
		frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(oneLine(frame)).toContain('which gives /api/commune');
		frame = await wizard.press('\u0012', (current) => current.includes('URI   /api/commune'));
		expect(frame).not.toContain('custom URI');
		expect(frame).toContain('api_commune: GET /api/commune');
		// Reset, it follows the name again.
		await wizard.press(keys.escape, onScreen('Template'));
		await wizard.press(keys.escape, onScreen('Name'));
		frame = await wizard.press(keys.backspace.repeat(7) + 'ville', (current) => current.includes('VilleController'));
		expect(frame).toMatch(/URI +\/api\/ville\n/);
	});
});

describe('moving and quitting', () => {
	test('Esc goes back a step, keeping what was typed; on the first screen Esc clears the name, then quits', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root, {kind: 'api'});
		await typeName(wizard, 'Ville');
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
		await wizard.press(keys.up, (frame) => frame.includes('❯ default'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ [ ] POST'));
		await wizard.press(keys.space, (frame) => frame.includes('[x] POST'));
		await wizard.press(keys.enter, onScreen('Review'));
		let frame = await wizard.press(keys.escape, onScreen('Route'));
		expect(frame).toContain('[x] POST');
		frame = await wizard.press(keys.escape, onScreen('Template'));
		expect(frame).toContain('❯ default');
		frame = await wizard.press(keys.escape, onScreen('Name'));
		expect(frame).toContain('Controller name: Ville');
		expect(frame).toContain('Esc clear');
		frame = await wizard.press(keys.escape, (current) => current.includes('Controller name: e.g. ville'));
		expect(frame).toContain('Esc quit');
		expect(wizard.outcome()).toBeUndefined();
		await wizard.press(keys.escape);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('Ctrl+C on the review screen quits with nothing written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root, {kind: 'api'});
		await toReview(wizard);
		await wizard.press(keys.ctrlC);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('Ctrl+C on the first screen quits too', async () => {
		const wizard = await renderWizard(tempProject('sample'));
		expect(wizard.frame()).toContain('What do you want to create?');
		await wizard.press(keys.ctrlC);
		expect(await wizard.exited).toEqual({status: 'cancelled'});
	});
});

describe('review and writing', () => {
	test('the review lists each file with create/modify and the routes.yaml diff', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await typeName(wizard, 'MyUserTest');
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Route'));
		const frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain('create  app/Controller/api/MyUserTestController.php');
		expect(frame).toContain('modify  app/Config/routes.yaml');
		expect(frame).toContain("     uri: '/api/hello'");
		expect(frame).toContain('+api_my-user-test:');
		expect(frame).toContain('+    uri: /api/my-user-test');
		expect(frame).toContain('+    controller: Controller\\api\\MyUserTestController');
		expect(frame).toContain('Enter write the files');
	});

	test('with the framework installed (vendor/autoload.php), the next steps start at edu start', async () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'vendor'), {recursive: true});
		writeFileSync(path.join(root, 'vendor/autoload.php'), '<?php\n');
		const wizard = await renderWizard(root, {kind: 'api'});
		await toReview(wizard);
		await wizard.press(keys.enter, done);
		const steps = stepsOf(await wizard.exited);
		expect(steps).toContain('edu start');
		expect(steps).not.toContain('composer install');
	});

	test('a full API flow writes files byte-identical to `edu make:api … --yes`', async () => {
		const viaWizard = tempProject('sample');
		const viaFlags = tempProject('sample');
		const wizard = await renderWizard(viaWizard, {kind: 'api'});
		await typeName(wizard, 'Ville');
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ [ ] POST'));
		await wizard.press(keys.space, (frame) => frame.includes('[x] POST'));
		await wizard.press(keys.tab, (frame) => frame.includes('❯ URI'));
		await wizard.press('/{id}', (frame) => frame.includes('URI   /api/ville/{id}'));
		await wizard.press(keys.enter, onScreen('Review'));
		const frame = await wizard.press(keys.enter, done);
		expect(frame).toContain('✔ Controller and route successfully generated');
		const steps = stepsOf(await wizard.exited);
		// The sample project has no vendor/ yet: served requests would fail until composer install.
		expect(steps).toContain('composer install');
		expect(steps).toContain('edu start');
		expect(steps).toContain('curl -i http://localhost:8042/api/ville/1');
		expect(steps).toContain('edu openapi');
		expect(steps).toContain('edu openapi --html');
		expect(steps).toContain('http://localhost:8042/doc/');

		const result = await runMain(['make:api', 'Ville', '--methods', 'GET,POST', '--uri', '/api/ville/{id}', '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaWizard)).toEqual(snapshotTree(viaFlags));
	});

	test('the done screen says what the writer had to tell, as the CLI warns it: here, a killed run undone first', async () => {
		const root = tempProject('sample');
		const ghost = plantKilledRun(root);
		const wizard = await renderWizard(root, {kind: 'api'});
		await toReview(wizard);
		const frame = await wizard.press(keys.enter, done);
		expect(oneLine(frame)).toContain(`! An earlier edu run was killed while writing: removed what it had half-written (${ghost}).`);
		expect(existsSync(path.join(root, ghost))).toBe(false);
	});

	test('`edu` alone: the kind screen, then a web controller byte-identical to `edu make:controller … --yes`', async () => {
		const viaWizard = tempProject('sample');
		const viaFlags = tempProject('sample');
		const wizard = await renderWizard(viaWizard);
		expect(wizard.frame()).toContain('Kind · step 1');
		await wizard.press(keys.down, (frame) => frame.includes('❯ Web controller'));
		let frame = await wizard.press(keys.enter, onScreen('Name'));
		expect(frame).toContain('edu make:controller');
		expect(frame).toContain('View');
		await typeName(wizard, 'VilleRead');
		frame = await wizard.press(keys.enter, onScreen('Route'));
		frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain('create  app/Template/ville_read/ville_read.html.twig');
		frame = await wizard.press(keys.enter, done);
		expect(frame).toContain('✔ Controller successfully generated');
		const steps = stepsOf(await wizard.exited);
		expect(steps).toContain('Open in your browser: http://localhost:8042/ville-read');
		expect(steps).not.toContain('edu openapi');

		const result = await runMain(['make:controller', 'VilleRead', '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaWizard)).toEqual(snapshotTree(viaFlags));
	});

	test('the resource template: table and fields, byte-identical to `--template resource --table --fields --yes`', async () => {
		const viaWizard = tempProject('sample');
		const viaFlags = tempProject('sample');
		const wizard = await renderWizard(viaWizard, {kind: 'api'});
		await typeName(wizard, 'Ville');
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
		let frame = await wizard.press(keys.enter, onScreen('Table and fields'));
		expect(frame).toContain('ville (from the name)');
		// Nothing typed yet is no mistake: the refusal waits until the user tries to go on.
		expect(frame).not.toContain('at least one field');
		expect(frame).not.toContain('✖');
		frame = await wizard.press(keys.enter, (current) => current.includes('at least one field'));
		expect(frame).toContain('Table and fields · step');
		// In the wizard's words: the rows are where fields go, not a flag.
		expect(oneLine(frame)).toContain('type a column name in a row above (e.g. nom), Tab to its type, Space switches string/int');
		expect(frame).not.toContain('--fields');
		await wizard.press('communes', (current) => current.includes('communes'));
		await wizard.press(keys.down, (current) => current.includes('❯ ') && !current.includes('❯ Table'));
		await wizard.press('nom', (current) => current.includes('nom'));
		await wizard.press(keys.tab, (current) => current.includes('‹string›'));
		await wizard.press(keys.tab, (current) => !current.includes('‹string›'));
		await wizard.press('255', (current) => current.includes('255'));
		await wizard.press(keys.down, (current) => current.includes('❯') && current.split('\n').some((line) => line.includes('❯') && line.includes('add a field')));
		// Enter on "+ add a field" adds a row and puts the cursor on its name.
		await wizard.press(keys.enter, (current) => current.split('\n').some((line) => line.includes('❯') && line.includes('column')));
		await wizard.press('nombre_habitant', (current) => current.includes('nombre_habitant'));
		await wizard.press(keys.tab, (current) => current.includes('‹string›'));
		frame = await wizard.press(keys.space, (current) => current.includes('‹int›'));
		expect(frame).not.toContain('✖');
		frame = await wizard.press(keys.enter, onScreen('Route'));
		// The methods it serves, all checked: Enter takes them, as --yes without --methods.
		expect(frame).toContain('HTTP methods the resource template serves (GET always)');
		expect(frame).toMatch(/\[x\] GET \(always\)\n.*\[x\] POST\n.*\[x\] PUT\n.*\[x\] DELETE/);
		expect(frame).toContain('api_ville: GET, POST /api/ville');
		expect(frame).toContain('api_ville-by-id: GET, PUT, DELETE /api/ville/{id}');
		frame = await wizard.press(keys.enter, onScreen('Review'));
		expect(frame).toContain('create  app/Controller/api/VilleByIdController.php');
		await wizard.press(keys.enter, done);
		await wizard.exited;

		const result = await runMain(['make:api', 'Ville', '--template', 'resource', '--table', 'communes', '--fields', 'nom:string:255,nombre_habitant:int', '--yes'], {cwd: viaFlags});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaWizard)).toEqual(snapshotTree(viaFlags));
	});

	test('the resource template\'s methods are narrowed on the route screen, GET staying: byte-identical to `--methods GET,POST,PUT --yes`', async () => {
		const viaWizard = tempProject('sample');
		const viaFlags = tempProject('sample');
		const wizard = await renderWizard(viaWizard, {kind: 'api', initial: {name: 'Ville', template: 'resource', table: 'communes', fields: [{name: 'nom', type: 'string', length: '255'}]}});
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		let frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).not.toContain('Space toggle');
		// Space on GET changes nothing: the list and the row by id always answer GET.
		frame = await wizard.press(keys.space);
		expect(frame).toContain('[x] GET (always)');
		await wizard.press(keys.down, (current) => current.includes('❯ [x] POST'));
		await wizard.press(keys.down, (current) => current.includes('❯ [x] PUT'));
		await wizard.press(keys.down, (current) => current.includes('❯ [x] DELETE'));
		frame = await wizard.press(keys.space, (current) => current.includes('❯ [ ] DELETE'));
		expect(frame).toContain('Space toggle');
		expect(frame).toContain('api_ville-by-id: GET, PUT /api/ville/{id}');
		frame = await wizard.press(keys.enter, onScreen('Review'));
		await wizard.press(keys.enter, done);
		await wizard.exited;

		const result = await runMain(['make:api', 'Ville', '--template', 'resource', '--table', 'communes', '--fields', 'nom:string:255', '--methods', 'GET,POST,PUT', '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaWizard)).toEqual(snapshotTree(viaFlags));
	});

	test('methods narrowed to GET under resource survive a visit to the default template and back', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api', initial: {name: 'Ville', template: 'resource', fields: [{name: 'nom', type: 'string', length: '80'}]}});
		await wizard.press(keys.enter, onScreen('Template'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		await wizard.press(keys.enter, onScreen('Route'));
		for (const method of ['POST', 'PUT', 'DELETE']) {
			await wizard.press(keys.down, (current) => current.includes(`❯ [x] ${method}`));
			await wizard.press(keys.space, (current) => current.includes(`❯ [ ] ${method}`));
		}
		await wizard.press(keys.escape, onScreen('Table and fields'));
		await wizard.press(keys.escape, onScreen('Template'));
		await wizard.press(keys.up, (current) => current.includes('❯ default'));
		await wizard.press(keys.enter, onScreen('Route'));
		await wizard.press(keys.escape, onScreen('Template'));
		await wizard.press(keys.down, (current) => current.includes('❯ resource'));
		await wizard.press(keys.enter, onScreen('Table and fields'));
		const frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).toMatch(/\[ \] POST\n.*\[ \] PUT\n.*\[ \] DELETE/);
		expect(frame).toContain('api_ville-by-id: GET /api/ville/{id}');
	});

	test('the upload screen shows every field that is wrong at once, not the first alone', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await toUpload(wizard);
		await wizard.press(keys.down, (current) => current.includes('❯ Extensions'));
		await wizard.press(', php', (current) => current.includes('csv, txt, php'));
		await wizard.press(keys.down, (current) => current.includes('❯ Folder'));
		const frame = oneLine(await wizard.press('/..', (current) => current.includes('var/uploads/..')));
		expect(frame).toContain('✖ The extension "php" is refused');
		expect(frame).toContain('✖ Invalid upload folder "var/uploads/..": ".." segments are not allowed');
	});

	test('the upload template: its defaults, byte-identical to `--template upload --yes`; a bad extension is refused inline', async () => {
		const viaWizard = tempProject('sample');
		const viaFlags = tempProject('sample');
		const wizard = await renderWizard(viaWizard, {kind: 'api'});
		let frame = await toUpload(wizard);
		expect(frame).toMatch(/Form field +file/);
		expect(frame).toMatch(/Extensions +csv, txt/);
		expect(frame).toMatch(/Folder +var\/uploads/);
		await wizard.press(keys.down, (current) => current.includes('❯ Extensions'));
		frame = await wizard.press(', php', (current) => current.includes('csv, txt, php'));
		expect(frame).toContain('The extension "php" is refused');
		// The footer says Enter waits for the fix, as the name and route screens do.
		expect(oneLine(frame)).toContain('Enter next (fix the fields first)');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Upload · step');
		for (const left of ['csv, txt, ph\n', 'csv, txt, p\n', 'csv, txt,\n', 'csv, txt,\n']) await wizard.press(keys.backspace, (current) => current.includes(left));
		await wizard.press(keys.backspace, (current) => current.includes('csv, txt\n') && !current.includes('✖'));
		frame = await wizard.press(keys.enter, onScreen('Route'));
		expect(frame).toContain('api_import: POST /api/import');
		await wizard.press(keys.enter, onScreen('Review'));
		await wizard.press(keys.enter, done);
		expect(stepsOf(await wizard.exited)).toContain('curl -i -F file=@example.csv http://localhost:8042/api/import');

		const result = await runMain(['make:api', 'Import', '--template', 'upload', '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaWizard)).toEqual(snapshotTree(viaFlags));
	});

	test('a dry run ends on the plan and writes nothing', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const wizard = await renderWizard(root, {kind: 'api', dryRun: true});
		let frame = await toReview(wizard);
		expect(frame).toContain('The run would:');
		expect(frame).toContain('Enter finish (dry run: nothing is written)');
		frame = await wizard.press(keys.enter, (current) => current.includes('Dry run: nothing was written.'));
		expect(frame).not.toContain('Next steps');
		expect((await wizard.exited).status).toBe('dry-run');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('a project changed since the wizard opened: commit re-checks, the review says why, nothing is written', async () => {
		const root = tempProject('sample');
		const wizard = await renderWizard(root, {kind: 'api'});
		await toReview(wizard);
		// Someone else writes the controller meanwhile.
		writeFileSync(path.join(root, 'app/Controller/api/VilleController.php'), '<?php // mine\n');
		const before = snapshotTree(root);
		const frame = await wizard.press(keys.enter, (current) => current.includes('Controller already exists.'));
		expect(frame).toContain('Review · step');
		// Nothing can be written now: no "The run will:" over an empty list, no Enter offered; Esc is.
		expect(frame).not.toContain('The run will:');
		expect(frame).not.toContain('Enter write the files');
		expect(frame).toContain('Esc back');
		expect(wizard.outcome()).toBeUndefined();
		expect(snapshotTree(root)).toEqual(before);
		// The project was read again: behind Esc, the route screen says the name is what to change,
		// the name screen refuses the name too, and another one goes through.
		const route = await wizard.press(keys.escape, onScreen('Route'));
		expect(route).toContain('Enter next (first Esc back to change the name)');
		await wizard.press(keys.escape, onScreen('Template'));
		let back = await wizard.press(keys.escape, onScreen('Name'));
		expect(back).toContain('Controller already exists.');
		await wizard.press(keys.enter);
		expect(wizard.frame()).toContain('Name · step');
		back = await wizard.press('s', (current) => current.includes('VillesController'));
		expect(back).not.toContain('Controller already exists.');
	});
});
