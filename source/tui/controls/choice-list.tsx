// A vertical list of choices: ↑↓ move (the value follows the cursor), Enter submits. A label or
// hint read from a project's files (a template's name, its description) shows its control characters.
import {Box, Text, useInput} from 'ink';
import {Toned} from './theme.js';
import {visible} from '../../base/visible.js';
import {rowsWindow} from './fit.js';

/** Text on one line of the list, shown and not obeyed by the terminal. */
const oneLine = (text: string): string => visible(text).replace(/[\n\r\t]/g, ' ');

export interface Choice<Value extends string> {
	readonly value: Value;
	readonly label: string;
	readonly hint: string;
}

/** `rows`: the lines it may take; past them, the choices around the cursor show, with a line for those hidden. */
export function ChoiceList<Value extends string>({choices, value, rows = Number.POSITIVE_INFINITY, onChange, onSubmit}: {
	choices: ReadonlyArray<Choice<Value>>;
	rows?: number;
	value: Value;
	onChange: (value: Value) => void;
	onSubmit: (value: Value) => void;
}) {
	const index = Math.max(0, choices.findIndex((choice) => choice.value === value));
	// The wizard's key feed hands one key at a time, each once the last is rendered: `value` is current.
	useInput((_input, key) => {
		if (key.upArrow || key.downArrow) onChange(choices[(index + (key.upArrow ? -1 : 1) + choices.length) % choices.length]!.value);
		else if (key.return) onSubmit(choices[index]!.value);
	});
	const width = Math.max(...choices.map((choice) => [...oneLine(choice.label)].length)) + 2;
	const {first, shown, above, below} = rowsWindow(choices.length, rows, index);
	return (
		<Box flexDirection="column">
			{above > 0 ? <Toned tone="muted">{`  … ${above} more above`}</Toned> : null}
			{choices.slice(first, first + shown).map((choice, at) => ({choice, position: first + at})).map(({choice, position}) => (
				<Box key={choice.value}>
					<Box width={2} flexShrink={0}><Toned tone="accent">{position === index ? '❯' : ' '}</Toned></Box>
					<Box width={width} flexShrink={0}>
						{position === index ? <Toned tone="accent" bold>{oneLine(choice.label)}</Toned> : <Text>{oneLine(choice.label)}</Text>}
					</Box>
					{/* One line each, so that the list can be counted. */}
					<Text wrap="truncate-end"><Toned tone="muted">{oneLine(choice.hint)}</Toned></Text>
				</Box>
			))}
			{below > 0 ? <Toned tone="muted">{`  … ${below} more below`}</Toned> : null}
		</Box>
	);
}
