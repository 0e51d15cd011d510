// Step 1 (only for `edu` without a command): an API controller, a web controller or a console command.
import {Text} from 'ink';
import {ChoiceList, type Choice} from '../controls/choice-list.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import type {Chrome} from './screen-props.js';

import type {Choosable} from '../wizard-state.js';

const choices: ReadonlyArray<Choice<Choosable>> = [
	{value: 'api', label: 'API controller', hint: 'answers JSON (app/Controller/api/…)'},
	{value: 'controller', label: 'Web controller', hint: 'renders an HTML page with a Twig view'},
	{value: 'command', label: 'Console command', hint: 'runs with php bin/edu <name> (app/Command/…)'},
];

export function KindScreen({kind, onChange, onSubmit, chrome}: {
	kind: Choosable;
	onChange: (kind: Choosable) => void;
	onSubmit: (kind: Choosable) => void;
	chrome: Chrome;
}) {
	const keys = [{key: '↑↓', what: 'choose'}, {key: 'Enter', what: 'next'}, {key: 'Esc', what: 'quit'}, quitKey];
	const terminal = useTerminalSize();
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			<Text>What do you want to create?</Text>
			<ChoiceList choices={choices} rows={terminal.rows - frameHeight(titleText(chrome.title, chrome.step), keys, terminal.columns) - 1} value={kind} onChange={onChange} onSubmit={onSubmit} />
		</Frame>
	);
}
