// Step 2: the controller name, with the plan's preview, warnings and refusals under it as you type.
import {Box, Text, useInput} from 'ink';
import {blockingRefusals, isNameRefusal} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, quitKey} from '../controls/frame.js';
import {NamePreview, Notes} from '../preview.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from '../controls/theme.js';
import {useLatest} from '../use-latest.js';

export function NameScreen({form, update, plan, screens, next, chrome}: ScreenProps) {
	const empty = form.name === '';
	const refusals = blockingRefusals(plan, 'name', screens);
	const blocked = empty || refusals.length > 0;
	// What Enter waits for: the name, or the problem shown under it (a broken project template, say).
	const wait = empty || refusals.some((refused) => isNameRefusal(refused.code)) ? 'fix the name first' : 'fix the problem above first';
	const latest = useLatest({blocked, next});
	useInput((_input, key) => {
		if (key.return && !latest.current.blocked) latest.current.next();
	});
	return (
		<Frame
			title={chrome.title}
			step={chrome.step}
			keys={[{key: 'Enter', what: blocked ? `next (${wait})` : 'next'}, {key: 'Esc', what: chrome.first ? 'quit' : 'back'}, quitKey]}
		>
			<Text>
				{'Controller name: '}
				<TextField value={form.name} placeholder="e.g. ville or MyUserTest" onChange={(name) => update((current) => ({...current, name}))} />
			</Text>
			<NamePreview plan={plan} />
			{empty
				? <Box marginTop={1}><Toned tone="muted">Letters, digits and _; all lower case (ville) or PascalCase (MyUserTest).</Toned></Box>
				: <Notes plan={plan} screen="name" screens={screens} />}
		</Frame>
	);
}
