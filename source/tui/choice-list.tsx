// A vertical list of choices: ↑↓ move (the value follows the cursor), Enter submits.
import {Box, Text, useInput} from 'ink';
import {Toned} from './theme.js';

export interface Choice<Value extends string> {
	readonly value: Value;
	readonly label: string;
	readonly hint: string;
}

export function ChoiceList<Value extends string>({choices, value, onChange, onSubmit}: {
	choices: ReadonlyArray<Choice<Value>>;
	value: Value;
	onChange: (value: Value) => void;
	onSubmit: (value: Value) => void;
}) {
	const index = Math.max(0, choices.findIndex((choice) => choice.value === value));
	useInput((input, key) => {
		if (key.upArrow || key.downArrow) {
			const next = (index + (key.upArrow ? -1 : 1) + choices.length) % choices.length;
			onChange(choices[next]!.value);
		} else if (key.return) {
			onSubmit(choices[index]!.value);
		}
	});
	const width = Math.max(...choices.map((choice) => choice.label.length)) + 2;
	return (
		<Box flexDirection="column">
			{choices.map((choice, position) => (
				<Box key={choice.value}>
					<Box width={2} flexShrink={0}><Toned tone="accent">{position === index ? '❯' : ' '}</Toned></Box>
					<Box width={width} flexShrink={0}>
						{position === index ? <Toned tone="accent" bold>{choice.label}</Toned> : <Text>{choice.label}</Text>}
					</Box>
					<Toned tone="muted">{choice.hint}</Toned>
				</Box>
			))}
		</Box>
	);
}
