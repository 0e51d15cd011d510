// Step 1 (only for `edu` without a command): an API controller or a web controller.
import {Text} from 'ink';
import type {Kind} from '../core/naming.js';
import {ChoiceList, type Choice} from './choice-list.js';
import {Frame, quitKey} from './frame.js';
import type {Chrome} from './screen-props.js';

const choices: ReadonlyArray<Choice<Kind>> = [
	{value: 'api', label: 'API controller', hint: 'answers JSON (app/Controller/api/…)'},
	{value: 'controller', label: 'Web controller', hint: 'renders an HTML page with a Twig view'},
];

export function KindScreen({kind, onChange, onSubmit, chrome}: {
	kind: Kind;
	onChange: (kind: Kind) => void;
	onSubmit: (kind: Kind) => void;
	chrome: Chrome;
}) {
	return (
		<Frame title={chrome.title} step={chrome.step} keys={[{key: '↑↓', what: 'choose'}, {key: 'Enter', what: 'next'}, {key: 'Esc', what: 'quit'}, quitKey]}>
			<Text>What do you want to create?</Text>
			<ChoiceList choices={choices} value={kind} onChange={onChange} onSubmit={onSubmit} />
		</Frame>
	);
}
