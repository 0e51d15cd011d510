// The wizard plans once per change of its form: every screen displays that one plan (URI,
// parameters, table…) and computes nothing of its own. Counted by wrapping the core's plan().
import {afterEach, beforeEach, expect, test, vi} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

const counted = vi.hoisted(() => ({plans: 0}));

vi.mock('../../source/make/plan.js', async (importOriginal) => {
	const actual = await importOriginal<typeof import('../../source/make/plan.js')>();
	return {
		...actual,
		plan: (...args: Parameters<typeof actual.plan>) => {
			counted.plans++;
			return actual.plan(...args);
		},
	};
});

beforeEach(() => {
	counted.plans = 0;
});
afterEach(cleanupWizards);

test('one plan per keystroke: the name, then the resource table', async () => {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
	const typed = async (input: string, until: (frame: string) => boolean): Promise<number> => {
		const before = counted.plans;
		await wizard.press(input, until);
		return counted.plans - before;
	};
	expect(await typed('V', (frame) => frame.includes('VController'))).toBe(1);
	expect(await typed('i', (frame) => frame.includes('ViController'))).toBe(1);
	// Letters read together are typed in one go: one render, one plan.
	expect(await typed('lle', (frame) => frame.includes('VilleController'))).toBe(1);
	await wizard.press(keys.enter, (frame) => frame.includes('Template · step'));
	await wizard.press(keys.down, (frame) => frame.includes('❯ resource'));
	await wizard.press(keys.enter, (frame) => frame.includes('Table and fields · step'));
	expect(await typed('c', (frame) => /❯ Table +c\n/.test(frame))).toBe(1);
	expect(await typed(keys.backspace, (frame) => frame.includes('ville (from the name)'))).toBe(1);
});

test('one plan per keystroke on the route screen\'s URI, which shows the plan\'s parameters', async () => {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'controller'});
	await wizard.press('Ville', (frame) => frame.includes('VilleController'));
	await wizard.press(keys.enter, (frame) => frame.includes('Route · step'));
	await wizard.press(keys.tab, (frame) => frame.includes('❯ URI'));
	const before = counted.plans;
	await wizard.press('/', (frame) => frame.includes('URI   /ville/'));
	expect(counted.plans - before).toBe(1);
	await wizard.press('{', (frame) => frame.includes('URI   /ville/{'));
	await wizard.press('c', (frame) => frame.includes('URI   /ville/{c'));
	await wizard.press('}', (frame) => /Params +\{c\} string/.test(frame));
	expect(counted.plans - before).toBe(4);
});
