// Text under a screen's fields (the preview, notes, hints) as lines the screen can count: each
// wrapped here, not by Ink, so that a screen knows its height before it is drawn and cuts what
// does not fit with a line saying how much is hidden.
import {Box, Text} from 'ink';
import {Toned, type Tone} from './theme.js';
import {rowsWindow, wrapText} from './fit.js';
import {useTerminalSize} from './terminal-size.js';

export interface Line {
	readonly text: string;
	readonly tone?: Tone;
	readonly bold?: boolean;
	/** Columns left blank before it (and before each line it wraps to). */
	readonly indent?: number;
	/** A label in a column (of 8 unless said) before the text, on one line shortened in the middle: the preview's rows. */
	readonly label?: string;
	readonly labelWidth?: number;
}

export const blank: Line = {text: ''};

/** `lines` as the terminal shows them at `columns`: one entry per line on screen. */
export function screenLines(lines: readonly Line[], columns: number): Line[] {
	return lines.flatMap((line) => (line.label !== undefined ? [line]
		: wrapText(line.text, columns - (line.indent ?? 0)).map((text) => ({...line, text}))));
}

/** The lines `lines` take on screen at `columns`. */
export function heightOf(lines: readonly Line[], columns: number): number {
	return screenLines(lines, columns).length;
}

/** `lines`, cut to `rows` (all of them without it), the last one then saying how many are hidden. */
export function Clipped({lines, rows = Number.POSITIVE_INFINITY}: {lines: readonly Line[]; rows?: number}) {
	const {columns} = useTerminalSize();
	const all = screenLines(lines, columns);
	const {shown, below} = rowsWindow(all.length, rows, 0);
	return (
		<Box flexDirection="column">
			{all.slice(0, shown).map((line, index) => (
				// Lines repeat (blank ones); their position is their identity.
				<Box key={index} marginLeft={line.indent ?? 0}>
					<Text wrap="truncate-middle">
						{line.label === undefined ? null : <Toned tone="muted">{line.label.padEnd(line.labelWidth ?? 8)}</Toned>}
						<Toned tone={line.tone} bold={line.bold}>{line.text === '' ? ' ' : line.text}</Toned>
					</Text>
				</Box>
			))}
			{below > 0 ? <Toned tone="muted">{`… ${below} more ${below === 1 ? 'line' : 'lines'}`}</Toned> : null}
		</Box>
	);
}
