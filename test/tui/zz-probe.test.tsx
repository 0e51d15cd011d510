import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {useState} from 'react';
import {it} from 'vitest';
import {TextField} from '../../source/tui/controls/text-field.js';

function Field({initial}: {initial: string}) {
	const [value, setValue] = useState(initial);
	return (<><TextField value={value} onChange={setValue} /><Text>{`value=[${value}]`}</Text></>);
}
const seqs: Record<string, string[]> = {
	homeH: ['\x1b[H', 'X'], endF: ['\x1b[H', '\x1b[F', 'X'], home1: ['\x1b[1~', 'X'], end4: ['\x1b[1~', '\x1b[4~', 'X'],
	homeO: ['\x1bOH', 'X'], endO: ['\x1bOH', '\x1bOF', 'X'], home7: ['\x1b[7~', 'X'], end8: ['\x1b[7~', '\x1b[8~', 'X'],
	del: ['\x1b[H', '\x1b[3~'], ctrlLeft: ['\x1b[1;5D', 'X'], ctrlRight: ['\x1b[H', '\x1b[1;5C', 'X'], altLeft: ['\x1b[1;3D', 'X'], altb: ['\x1bb', 'X'],
	altBs: ['\x1b\x7f'], ctrlBs: ['\x08'], ctrlH: ['\x08'], paste: ['\x1b[200~Paris\x1b[201~'], pasteNl: ['\x1b[200~Paris\n\x1b[201~'],
	pasteSplit: ['\x1b[200~', 'Paris', '\x1b[201~'], F5: ['\x1b[15~'], F1: ['\x1bOP'], ins: ['\x1b[2~'], pgup: ['\x1b[5~'], emoji: ['€é😀'], shiftTab: ['\x1b[Z'],
	focusIn: ['\x1b[I'], ctrlDel: ['\x1b[H', '\x1b[3;5~'], shiftLeft: ['\x1b[1;2D', 'X'], ctrlLeftRxvt: ['\x1bOd', 'X'], tab: ['\t'], ctrlY: ['\x19'], altd: ['\x1b[H','\x1bd'],
};
it('probe', async () => {
	for (const [name, keys] of Object.entries(seqs)) {
		const app = render(<Field initial="Ville Lyon" />);
		await new Promise((r) => setTimeout(r, 30));
		for (const k of keys) { app.stdin.write(k); await new Promise((r) => setTimeout(r, 30)); }
		console.log(name.padEnd(12), JSON.stringify(/value=\[(.*)\]/.exec(app.lastFrame() ?? '')?.[1]), JSON.stringify((app.lastFrame()??'').split('\n')[0]));
		app.unmount();
	}
});
