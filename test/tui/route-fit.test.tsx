// The route screen fits the terminal: with a warning, a custom URI and a refusal on an 80×24
// terminal, its seven method rows give way (the rows shown follow the cursor, with a line for
// those hidden) so the frame never grows taller than the terminal, whose top line Ink would lose.
import {afterEach, describe, expect, test} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

const lineCount = (frame: string): number => frame.split('\n').length;

/** The route screen of `Ville`, on a terminal of `columns` × `rows`. */
async function routeScreenAt(columns: number, rows: number): Promise<string> {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
	await wizard.resize(columns, rows);
	await wizard.press('Ville', (frame) => frame.includes('Controller name: Ville'));
	await wizard.press(keys.enter, (frame) => frame.includes('Template'));
	return wizard.press(keys.enter, (current) => current.includes('HTTP methods'));
}

describe('the route screen in a small terminal', () => {
	test('80×24 with notes: the frame fits, the hidden methods are counted, and the cursor is always shown', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await wizard.resize(80, 24);
		await wizard.press('myUserTest', (frame) => frame.includes('Controller name: myUserTest'));
		await wizard.press(keys.enter, (frame) => frame.includes('Template'));
		await wizard.press(keys.enter, (frame) => frame.includes('HTTP methods'));
		await wizard.press(keys.tab, (frame) => frame.includes('❯ URI'));
		const frame = await wizard.press('\u0015/api/hello', (current) => current.includes('already serves GET /api/hello'));
		expect(lineCount(frame)).toBeLessThan(24);
		expect(frame.split('\n')[0]).toContain('Route · step 3 of 4');
		expect(frame).toMatch(/… \d more above/);
		// Back on the methods: the row under the cursor is on screen, whatever the window.
		await wizard.press(keys.tab, (current) => current.includes('❯ ['));
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
			const moved = await wizard.press(keys.down, (current) => current.includes(`❯ [ ] ${method}`));
			expect(lineCount(moved)).toBeLessThan(24);
		}
		// Room again: every method, nothing hidden.
		await wizard.resize(100, 40);
		const roomy = await wizard.waitFor((current) => current.includes('[x] GET') && current.includes('[ ] OPTIONS'), 'every method');
		expect(roomy).not.toContain('more above');
		expect(roomy).not.toContain('more below');
	});

	test('80×24 without notes: the seven methods fit, and none is hidden', async () => {
		const frame = await routeScreenAt(80, 24);
		expect(frame).toContain('[x] GET');
		expect(frame).toContain('[ ] OPTIONS');
		expect(frame).not.toMatch(/more (above|below)/);
		expect(lineCount(frame)).toBeLessThan(24);
	});

	test('a terminal too short for them: the hint goes first, then the rows hidden are said below, and the frame fits', async () => {
		const hintless = await routeScreenAt(80, 17);
		expect(hintless).toContain('[ ] OPTIONS');
		expect(hintless).not.toContain('Write {id}');
		expect(lineCount(hintless)).toBe(16);
		const frame = await routeScreenAt(80, 15);
		expect(frame).toContain('❯ [x] GET');
		expect(frame).toMatch(/… \d more below/);
		expect(frame).toContain('Route   api_ville: GET /api/ville');
		expect(lineCount(frame)).toBe(14);
	});
});
