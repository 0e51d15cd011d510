// The frame every screen sits in: a title line, the screen, and the footer with its keys.
import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {Toned} from './theme.js';
import {linesAt} from './fit.js';
import {useTerminalSize} from './terminal-size.js';

export interface Key {
	readonly key: string;
	readonly what: string;
}

const separator = ' · ';

/** The footer's keys, as many on each line as fit in `columns`: a key is never broken across two lines. */
export function footerLines(keys: readonly Key[], columns: number): Key[][] {
	const lines: Key[][] = [];
	let width = 0;
	for (const entry of keys) {
		const length = [...`${entry.key} ${entry.what}`].length;
		const line = lines.at(-1);
		if (line !== undefined && width + separator.length + length <= columns) {
			line.push(entry);
			width += separator.length + length;
		} else {
			lines.push([entry]);
			width = length;
		}
	}
	return lines;
}

/**
 * The lines the frame takes around a screen at `columns` (its blank lines too), and two more: the
 * line the cursor waits on below the frame, and one so that the frame never fills the terminal
 * (Ink would clear the scrollback, and the line above the wizard would scroll away).
 */
export function frameHeight(title: string, keys: readonly Key[], columns: number): number {
	return linesAt(title, columns) + 1 + (keys.length === 0 ? 0 : 1 + footerLines(keys, columns).length) + 2;
}

export function titleText(title: string, step?: string): string {
	return step === undefined ? title : `${title}  ${step}`;
}

export function Frame({title, step, keys, children}: {title: string; step?: string; keys: readonly Key[]; children: ReactNode}) {
	const {columns} = useTerminalSize();
	return (
		<Box flexDirection="column">
			<Text>
				<Toned tone="accent" bold>{title}</Toned>
				{step === undefined ? null : <Toned tone="muted">{`  ${step}`}</Toned>}
			</Text>
			<Box flexDirection="column" marginTop={1}>{children}</Box>
			{keys.length === 0 ? null : <Box marginTop={1} flexDirection="column">
				{footerLines(keys, columns).map((line, row) => (
					<Text key={row} wrap="truncate-end">
						{line.map((entry, index) => (
							<Text key={entry.key}>
								{index > 0 ? <Toned tone="muted">{separator}</Toned> : null}
								<Text bold>{entry.key}</Text>
								<Toned tone="muted">{` ${entry.what}`}</Toned>
							</Text>
						))}
					</Text>
				))}
			</Box>}
		</Box>
	);
}

export const quitKey: Key = {key: 'Ctrl+C', what: 'quit'};
