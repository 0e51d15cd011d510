// Colours, or none when NO_COLOR is set: every meaning also has a symbol, so nothing depends on colour.
import {createContext, useContext, type ReactNode} from 'react';
import {Text} from 'ink';

export type Tone = 'accent' | 'error' | 'warning' | 'success' | 'added' | 'removed' | 'muted';

const colours: Record<Tone, string> = {
	accent: 'cyan',
	error: 'red',
	warning: 'yellow',
	success: 'green',
	added: 'green',
	removed: 'red',
	muted: 'gray',
};

const ColourContext = createContext(true);

export function ThemeProvider({color, children}: {color: boolean; children: ReactNode}) {
	return <ColourContext.Provider value={color}>{children}</ColourContext.Provider>;
}

/** Text in a tone's colour when colours are on; plain text otherwise. */
export function Toned({tone, bold, children}: {tone?: Tone; bold?: boolean; children: ReactNode}) {
	const color = useContext(ColourContext);
	return <Text color={color && tone ? colours[tone] : undefined} bold={color && bold}>{children}</Text>;
}
