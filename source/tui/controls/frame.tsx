// The frame every screen sits in: a title line, the screen, and the footer with its keys.
import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {Toned} from './theme.js';

export interface Key {
	readonly key: string;
	readonly what: string;
}

export function Frame({title, step, keys, children}: {title: string; step?: string; keys: readonly Key[]; children: ReactNode}) {
	return (
		<Box flexDirection="column">
			<Text>
				<Toned tone="accent" bold>{title}</Toned>
				{step === undefined ? null : <Toned tone="muted">{`  ${step}`}</Toned>}
			</Text>
			<Box flexDirection="column" marginTop={1}>{children}</Box>
			{keys.length === 0 ? null : <Box marginTop={1}>
				<Text wrap="wrap">
					{keys.map((entry, index) => (
						<Text key={entry.key}>
							{index > 0 ? <Toned tone="muted">{' · '}</Toned> : null}
							<Text bold>{entry.key}</Text>
							<Toned tone="muted">{` ${entry.what}`}</Toned>
						</Text>
					))}
				</Text>
			</Box>}
		</Box>
	);
}

export const quitKey: Key = {key: 'Ctrl+C', what: 'quit'};
