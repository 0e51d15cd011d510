// The wizard's text field keeps every key, even keys Ink reads together before React renders
// again (fast typing, a busy machine): each edit applies to the latest value.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {TextField, typedText} from '../../source/tui/controls/text-field.js';

const mounted: Array<{unmount: () => void}> = [];
afterEach(() => {
	for (const app of mounted.splice(0)) app.unmount();
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

async function field(initial: string) {
	const app = render(<Field initial={initial} />);
	mounted.push(app);
	const settle = async (): Promise<string> => {
		await new Promise((resolve) => setTimeout(resolve, 50));
		return /value=\[(.*)\]/.exec(app.lastFrame() ?? '')?.[1] ?? '';
	};
	await settle();
	return {app, settle};
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

	it('typedText applies Backspaces and drops control characters', () => {
		expect(typedText('ab\u007Fc\td\r', 'x')).toBe('xacd');
	});
});
