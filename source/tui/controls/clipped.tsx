// Text under a screen's fields (the preview, notes, hints) as lines the screen can count: each
// wrapped here, not by Ink, so that a screen knows its height before it is drawn and cuts what
// does not fit with a line saying how much is hidden.
import {Box, Text} from 'ink';
import {Toned, type Tone} from './theme.js';
import {visible} from '../../base/visible.js';
import {rowsWindow, shortenPath, wrapText} from './fit.js';
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
	/** One line, cut at its end with `…` where it is too long (a diff's line: its start says what it is). */
	readonly cut?: boolean;
}

export const blank: Line = {text: ''};

/**
 * `lines` as the terminal shows them at `columns`: one entry per line on screen. A labelled line
 * stays one line, its text (a path, a name) cut in the middle with its file name kept. Text from
 * the project's files (a template's description, a route's name) has its control characters
 * shown, not obeyed by the terminal.
 */
export function screenLines(lines: readonly Line[], columns: number): Line[] {
	return lines.flatMap((line) => (line.label !== undefined
		? [{...line, text: shortenPath(visible(line.text), Math.max(1, columns - (line.indent ?? 0) - Math.max(line.label.length, line.labelWidth ?? 8)))}]
		: line.cut === true ? [{...line, text: endCut(visible(line.text), columns - (line.indent ?? 0))}]
			: wrapText(visible(line.text), columns - (line.indent ?? 0)).map((text) => ({...line, text}))));
}

const endCut = (text: string, width: number): string => ([...text].length <= width ? text : `${[...text].slice(0, Math.max(0, width - 1)).join('')}…`);

/** One line of screenLines() drawn. */
export function ScreenLine({line}: {line: Line}) {
	return (
		<Box marginLeft={line.indent ?? 0}>
			<Text wrap="truncate-middle">
				{line.label === undefined ? null : <Toned tone="muted">{line.label.padEnd(line.labelWidth ?? 8)}</Toned>}
				<Toned tone={line.tone} bold={line.bold}>{line.text === '' ? ' ' : line.text}</Toned>
			</Text>
		</Box>
	);
}

/** The lines `lines` take on screen at `columns`. */
export function heightOf(lines: readonly Line[], columns: number): number {
	return screenLines(lines, columns).length;
}

/**
 * `lines`, cut to `rows` (all of them without it), the last one then saying how many are hidden.
 * `spare`: once something is cut, the line the frame keeps spare is taken too (a frame one line
 * short of the terminal is still drawn in place): no row stays empty while lines are hidden.
 */
export function Clipped({lines, rows = Number.POSITIVE_INFINITY, spare = false}: {lines: readonly Line[]; rows?: number; spare?: boolean}) {
	const {columns} = useTerminalSize();
	const all = screenLines(lines, columns);
	const limit = all.length > rows && spare ? rows + 1 : rows;
	// One line only: the first, with no room to say what follows.
	const {shown, below} = limit === 1 && all.length > 1 ? {shown: 1, below: 0} : rowsWindow(all.length, limit, 0);
	return (
		<Box flexDirection="column">
			{/* Lines repeat (blank ones); their position is their identity. */}
			{all.slice(0, shown).map((line, index) => <ScreenLine key={index} line={line} />)}
			{below > 0 ? <Toned tone="muted">{`… ${below} more ${below === 1 ? 'line' : 'lines'}`}</Toned> : null}
		</Box>
	);
}
