// The wizard's text field keeps every key, even keys Ink reads together before React renders
// again (fast typing, a busy machine): each edit applies to the latest value.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {TextField, typedText} from '../../source/tui/text-field.js';

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

	it('typedText applies Backspaces and drops control characters', () => {
		expect(typedText('ab\u007Fc\td\r', 'x')).toBe('xacd');
	});
});
