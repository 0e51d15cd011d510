// Step 3 (API controllers): what the controller does.
import {Text} from 'ink';
import type {TemplateKind} from '../core/request.js';
import {ChoiceList, type Choice} from './choice-list.js';
import {blockingRefusals} from './form.js';
import {Frame, quitKey} from './frame.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from './theme.js';

const choices: ReadonlyArray<Choice<TemplateKind>> = [
	{value: 'default', label: 'default', hint: 'answers JSON; you write the logic'},
	{value: 'resource', label: 'resource', hint: 'reads and writes a database table (next: table, fields)'},
	{value: 'upload', label: 'upload', hint: 'receives a file from a form (next: field, extensions)'},
];

export function TemplateScreen({form, update, plan, screens, next, chrome}: ScreenProps) {
	const blocking = blockingRefusals(plan, 'template', screens);
	return (
		<Frame title={chrome.title} step={chrome.step} keys={[{key: '↑↓', what: 'choose'}, {key: 'Enter', what: 'next'}, {key: 'Esc', what: 'back'}, quitKey]}>
			<Text>{`What should ${plan.names?.className ?? 'the controller'} do?`}</Text>
			<ChoiceList
				choices={choices}
				value={form.template}
				onChange={(template) => update((current) => ({...current, template}))}
				onSubmit={() => {
					if (blocking.length === 0) next();
				}}
			/>
			{blocking.map((refused, index) => (
				<Text key={`${refused.code}-${index}`} wrap="wrap"><Toned tone="error" bold>{`✖ ${refused.message}`}</Toned></Text>
			))}
		</Frame>
	);
}
