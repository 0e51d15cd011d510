// Step 2: the controller name, with the plan's preview, warnings and refusals under it as you type.
import {Text, useInput} from 'ink';
import {blockingRefusals, isNameRefusal} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {noteLines, previewLines} from '../preview.js';
import {blank, Clipped, heightOf, type Line} from '../controls/clipped.js';
import {linesAt} from '../controls/fit.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import type {ScreenProps} from './screen-props.js';

const placeholder = 'e.g. ville or MyUserTest';

export function NameScreen({form, update, plan, screens, next, chrome}: ScreenProps) {
	const empty = form.name === '';
	const refusals = blockingRefusals(plan, 'name', screens);
	const blocked = empty || refusals.length > 0;
	// What Enter waits for: the name, or the problem shown under it (a broken project template, say).
	const wait = empty || refusals.some((refused) => isNameRefusal(refused.code)) ? 'fix the name first' : 'fix the problem above first';
	useInput((_input, key) => {
		if (key.return && !blocked) next();
	});
	const keys = [{key: 'Enter', what: blocked ? `next (${wait})` : 'next'}, {key: 'Esc', what: !chrome.first ? 'back' : empty ? 'quit' : 'clear'}, quitKey];
	// The title and the name always show: the preview and the notes under it get the lines left.
	const terminal = useTerminalSize();
	const field = `Controller name: ${empty ? placeholder : form.name}`;
	const room = terminal.rows - frameHeight(titleText(chrome.title, chrome.step), keys, terminal.columns) - linesAt(`${field} `, terminal.columns);
	const preview = previewLines(plan);
	const notes: Line[] = empty ? [blank, {text: 'Letters, digits and _; all lower case (ville) or PascalCase (MyUserTest).', tone: 'muted'}] : noteLines({plan, screen: 'name', screens});
	// What to act on (a refusal, a warning) comes first when not everything fits: the preview it would hide is what gets cut.
	const below = empty || heightOf([...preview, ...notes], terminal.columns) <= room ? [...preview, ...notes] : [...notes, ...preview];
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			<Text>
				{'Controller name: '}
				<TextField value={form.name} placeholder={placeholder} onChange={(name) => update((current) => ({...current, name}))} />
			</Text>
			<Clipped lines={below} rows={room} spare />
		</Frame>
	);
}
