// Keys that arrive in one read (a paste, a fast typist, type-ahead) through ink-testing-library's
// stdin: each acts on the screen or field the key before it left, Enter and Tab included.
import {afterEach, describe, expect, test} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {joinText, splitKeys} from '../../source/tui/keys/split-keys.js';
import {echoLines} from '../../source/tui/keys/type-ahead.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

const onScreen = (title: string) => (frame: string): boolean => frame.includes(`${title} · step`);

describe('keys read together', () => {
	test('a name and Enter in one write reach the next screen with the name', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		const frame = await wizard.pressRaw(`Lyon${keys.enter}`, onScreen('Template'));
		expect(frame).toContain('What should LyonController do?');
	});

	test('on the route screen, Tab and Ctrl+U in one write leave the URI empty', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'controller'});
		await wizard.pressRaw(`Lyon${keys.enter}`, onScreen('Route'));
		const frame = await wizard.pressRaw(`${keys.tab}\u0015`, (current) => current.includes('the URI is empty'));
		expect(frame).toMatch(/❯ URI *\n/);
	});

	test('Backspace, arrows and Ctrl+W mixed with text in one write edit as typed one by one', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		// "hellp", Backspace, "o", Left, Left, "X", End, Ctrl+W then "Ville": the word is gone.
		let frame = await wizard.pressRaw(`hellp${keys.backspace}o\u001B[D\u001B[DX\u001B[F`, (current) => current.includes('HelXloController'));
		expect(frame).toContain('Controller name: helXlo');
		frame = await wizard.pressRaw('\u0017Ville', (current) => current.includes('Controller name: Ville'));
		expect(frame).toContain('VilleController');
	});

	test('keys across screens: Down and Enter on the kind screen, a name, Enter, then the methods', async () => {
		const wizard = await renderWizard(tempProject('sample'));
		// Down then Enter on the kind screen: a web controller; the name and its Enter go on to the route.
		let frame = await wizard.pressRaw(`${keys.down}${keys.enter}Ville${keys.enter}`, onScreen('Route'));
		expect(frame).toContain('edu make:controller');
		expect(frame).toContain('ville: GET /ville');
		// Down, Space, Up, Space (GET off, POST on), Down, Down, Space (PUT on), Enter: the review.
		frame = await wizard.pressRaw(`${keys.down}${keys.space}${keys.up}${keys.space}${keys.down}${keys.down}${keys.space}${keys.enter}`, onScreen('Review'));
		expect(frame).toContain('+    httpMethod: [POST, PUT]');
	});

	test('an Enter typed with a name the plan refuses does not move on; the next key still edits', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		// The sample already has the route api_hello.
		let frame = await wizard.pressRaw(`hello${keys.enter}`, (current) => current.includes('Route already exists.'));
		expect(frame).toContain('Name · step');
		frame = await wizard.pressRaw(`2${keys.enter}`, onScreen('Template'));
		expect(frame).toContain('Hello2Controller');
	});
});

test('Esc alone goes back, and the keys after it reach the screen it went back to', async () => {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
	await wizard.pressRaw(`Lyon${keys.enter}`, onScreen('Template'));
	await wizard.pressRaw(keys.escape, onScreen('Name'));
	const frame = await wizard.pressRaw(`${keys.backspace}s${keys.enter}`, onScreen('Template'));
	expect(frame).toContain('What should LyosController do?');
});

test('Esc Esc in one write goes back two screens, as two Escs typed apart do', async () => {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'controller'});
	await wizard.pressRaw(`Lyon${keys.enter}`, onScreen('Route'));
	await wizard.pressRaw(keys.enter, onScreen('Review'));
	const frame = await wizard.pressRaw('\u001B\u001B', onScreen('Name'));
	expect(frame).toContain('LyonController');
});

describe('splitKeys', () => {
	test('each key on its own, escape sequences whole, LF and CR LF as Enter', () => {
		expect(splitKeys('Lyon\r')).toEqual(['L', 'y', 'o', 'n', '\r']);
		expect(splitKeys('a\nb\r\n')).toEqual(['a', '\r', 'b', '\r']);
		expect(splitKeys('\t\u0015\u001B[A\u001B[3~x\u001BOH\u001B')).toEqual(['\t', '\u0015', '\u001B[A', '\u001B[3~', 'x', '\u001BOH', '\u001B']);
		expect(splitKeys('é😀')).toEqual(['é', '😀']);
		// Two Escs together are two keys; Alt with an arrow is one.
		expect(splitKeys('\u001B\u001B\u001B')).toEqual(['\u001B', '\u001B', '\u001B']);
		expect(splitKeys('\u001B\u001B[Ax')).toEqual(['\u001B\u001B[A', 'x']);
	});

	test('runs of printable keys other than Space are typed in one go; every other key alone', () => {
		expect(joinText(splitKeys('Lyon\r\tab c\u007Fd\u001B[Aé😀'))).toEqual(['Lyon', '\r', '\t', 'ab', ' ', 'c', '\u007F', 'd', '\u001B[A', 'é😀']);
	});

	test('the echo of type-ahead: lines below the first, wrapped at the width', () => {
		expect(echoLines('Lyon', 80)).toBe(0);
		expect(echoLines('Lyon\n', 80)).toBe(1);
		expect(echoLines('x'.repeat(81), 80)).toBe(1);
		expect(echoLines('a\tb\u0015\n', 80)).toBe(1);
	});
});
