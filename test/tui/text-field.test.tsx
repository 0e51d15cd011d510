// The wizard's text field keeps every key, even keys Ink reads together before React renders
// again (fast typing, a busy machine): each edit applies to the latest value.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {act, useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {TextField, typedText, viewStart} from '../../source/tui/controls/text-field.js';

const mounted: Array<{unmount: () => void}> = [];
afterEach(async () => {
	await act(async () => {
		for (const app of mounted.splice(0)) app.unmount();
	});
});

function Field({initial}: {initial: string}) {
	const [value, setValue] = useState(initial);
	return (
		<>
			<TextField value={value} onChange={setValue} />
			<Text>{`value=[${value}]`}</Text>
		</>
	);
}

// act() renders what a key did before it returns: no test waits on a clock.
(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The field showing `initial`. `write` queues keys; `settle` writes those queued since the last
 * one back to back (Ink reads them all before React renders again, as on a busy machine) and
 * returns the value once React has rendered what they did.
 */
async function field(initial: string) {
	let app!: ReturnType<typeof render>;
	await act(async () => {
		app = render(<Field initial={initial} />);
	});
	mounted.push(app);
	const queued: string[] = [];
	const write = (keys: string): void => {
		queued.push(keys);
	};
	const settle = async (): Promise<string> => {
		await act(async () => {
			for (const keys of queued.splice(0)) app.stdin.write(keys);
			// Ink hands a lone Esc on (Alt+B is ESC then b) on the next turn of the event loop.
			await new Promise((resolve) => setImmediate(resolve));
		});
		return /value=\[(.*)\]/.exec(app.lastFrame() ?? '')?.[1] ?? '';
	};
	return {app: {stdin: {write}}, settle};
}

describe('TextField', () => {
	it('ten Backspaces written back to back delete ten characters', async () => {
		const {app, settle} = await field('MyUserTest');
		for (let index = 0; index < 10; index++) app.stdin.write('\u007F');
		expect(await settle()).toBe('');
		app.stdin.write('h');
		app.stdin.write('ello');
		expect(await settle()).toBe('hello');
	});

	it('a run of keys read as one piece applies its Backspaces and drops Enter', async () => {
		const {app, settle} = await field('ville');
		app.stdin.write('\u007F\u007F\u007FRead\r');
		expect(await settle()).toBe('viRead');
	});

	it('inserts at the cursor after arrow keys', async () => {
		const {app, settle} = await field('Vile');
		app.stdin.write('\u001B[D');
		app.stdin.write('\u001B[D');
		app.stdin.write('l');
		expect(await settle()).toBe('Ville');
	});

	// The keys as a terminal sends them: Delete is ESC [ 3 ~, Ctrl+U is 0x15, Ctrl+K 0x0B, Ctrl+W 0x17.
	it.each([
		['Delete deletes the character under the cursor', 'abcde', ['\u001B[D', '\u001B[D', '\u001B[3~'], 'abce'],
		['Delete at the end deletes nothing', 'Ville', ['\u001B[3~'], 'Ville'],
		['Backspace still deletes backwards', 'abcde', ['\u001B[D', '\u001B[D', '\u007F'], 'abde'],
		['Ctrl+U erases from the start to the cursor', 'MyUserTest', ['\u001B[D', '\u001B[D', '\u001B[D', '\u001B[D', '\u0015'], 'Test'],
		['Ctrl+K erases from the cursor to the end', 'MyUserTest', ['\u001B[D', '\u001B[D', '\u001B[D', '\u001B[D', '\u000B'], 'MyUser'],
		['Ctrl+W erases the word before the cursor', 'get ville', ['\u0017'], 'get '],
		['Ctrl+W erases spaces before the word too', 'get ville  ', ['\u0017'], 'get '],
		['Ctrl+W twice erases two words', 'a b c', ['\u0017', '\u0017'], 'a '],
	])('%s', async (_what, initial, keys, expected) => {
		const {app, settle} = await field(initial);
		for (const key of keys) {
			app.stdin.write(key);
			await settle();
		}
		expect(await settle()).toBe(expected);
		app.stdin.write('x');
		expect((await settle()).length).toBe(expected.length + 1);
	});

	// Each terminal's own sequence for the same key: the field acts on it, and types nothing of it.
	it.each([
		['Home as ESC [ H', '\u001B[H'], ['Home as ESC [ 1 ~', '\u001B[1~'], ['Home as ESC O H', '\u001BOH'], ['Home as ESC [ 7 ~ (rxvt)', '\u001B[7~'], ['Home as Ctrl+A', '\u0001'],
	])('%s moves to the start', async (_what, home) => {
		const {app, settle} = await field('ville');
		app.stdin.write(home);
		await settle();
		app.stdin.write('X');
		expect(await settle()).toBe('Xville');
	});

	it.each([
		['End as ESC [ F', '\u001B[F'], ['End as ESC [ 4 ~', '\u001B[4~'], ['End as ESC O F', '\u001BOF'], ['End as ESC [ 8 ~ (rxvt)', '\u001B[8~'], ['End as Ctrl+E', '\u0005'],
	])('%s moves to the end', async (_what, end) => {
		const {app, settle} = await field('ville');
		app.stdin.write('\u0001');
		await settle();
		app.stdin.write(end);
		await settle();
		app.stdin.write('X');
		expect(await settle()).toBe('villeX');
	});

	it.each([
		['Ctrl+← (ESC [ 1 ; 5 D) moves to the start of the word', 'api/ma ville', ['\u001B[1;5D'], 'api/ma Xville'],
		['Ctrl+← twice skips the / between words', 'api/ma ville', ['\u001B[1;5D', '\u001B[1;5D'], 'api/Xma ville'],
		['Alt+← (ESC [ 1 ; 3 D) and Alt+B move by word too', 'ma ville', ['\u001B[1;3D', '\u001Bb'], 'Xma ville'],
		['Ctrl+→ (ESC [ 1 ; 5 C) moves to the end of the word', 'ma ville', ['\u0001', '\u001B[1;5C'], 'maX ville'],
		['Alt+F moves to the end of the word', 'ma ville', ['\u0001', '\u001Bf', '\u001Bf'], 'ma villeX'],
		['Alt+Backspace (ESC DEL) erases the word before the cursor', 'api/ma_ville', ['\u001B\u007F'], 'api/ma_X'],
		['Alt+Backspace in /api/ville erases ville, not the whole URI', '/api/ville', ['\u001B\u007F'], '/api/X'],
	])('%s', async (_what, initial, keys, expected) => {
		const {app, settle} = await field(initial);
		for (const key of keys) {
			app.stdin.write(key);
			await settle();
		}
		app.stdin.write('X');
		expect(await settle()).toBe(expected);
	});

	// Sequences Ink has no name for used to be typed without their Esc: `Ville[200~Paris[201~`.
	it.each([
		['a bracketed paste types only what was pasted', ['\u001B[200~Paris\u001B[201~'], 'VilleParis'],
		['a bracketed paste read in pieces', ['\u001B[200~', 'Paris', '\u001B[201~'], 'VilleParis'],
		['a focus report (ESC [ I, ESC [ O) types nothing', ['\u001B[I', '\u001B[O'], 'Ville'],
		['a function key Ink does not know types nothing', ['\u001B[99~', '\u001B[<0;3;4M'], 'Ville'],
		['accented letters and an emoji are typed whole', ['é€😀'], 'Villeé€😀'],
	])('%s', async (_what, writes, expected) => {
		const {app, settle} = await field('Ville');
		for (const write of writes) {
			app.stdin.write(write);
			await settle();
		}
		expect(await settle()).toBe(expected);
	});

	it('typedText applies Backspaces and drops control characters', () => {
		expect(typedText('ab\u007Fc\td\r', 'x')).toBe('xacd');
	});
});

describe('a value wider than the field', () => {
	it('shows the cursor\'s cell within the width, never under a …, and moves the view only when the cursor would leave it', () => {
		fc.assert(fc.property(fc.integer({min: 0, max: 60}), fc.integer({min: 3, max: 30}), fc.integer({min: 0, max: 60}), fc.integer({min: 0, max: 60}), (length, width, at, before) => {
			const cursor = Math.min(at, length);
			const start = viewStart(length, cursor, width, before);
			// The characters shown from `from`, the cursor's cell past the end counted.
			const cells = (from: number): number => {
				const room = width - (from > 0 ? 1 : 0);
				return length + 1 - from <= room ? length + 1 - from : room - 1;
			};
			expect(cursor).toBeGreaterThanOrEqual(start);
			expect(cursor).toBeLessThan(start + cells(start));
			if (length + 1 <= width) expect(start).toBe(0);
			// A cursor still in the view shown before keeps it.
			if (length + 1 > width && before <= cursor && cursor < before + cells(before)) expect(start).toBe(before);
		}), {numRuns: 2000});
	});
});
