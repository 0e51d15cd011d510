// How the resource screen's fields fit the lines left under its table: in a short terminal the
// blank line above them goes first, then the column headings, then "+ add a field" joins the
// rows' window; the notes get what is left past the least the rows need.
import {rowsWindow, type RowsWindow} from '../controls/fit.js';

export interface FieldsLayout {
	/** The blank line between the table and the fields. */
	readonly gap: boolean;
	/** The column headings (and the fields' label when it has a line of its own). */
	readonly heading: boolean;
	/** Whether "+ add a field" is the window's last item (else it is always shown, under it). */
	readonly compact: boolean;
	/** The rows shown, around the cursor. */
	readonly window: RowsWindow;
	/** The rows hidden above and below said on one line: there is no room for two. */
	readonly together: boolean;
	/** The lines the notes may take (all of theirs when it is theirs). */
	readonly notes: number;
}

/**
 * `room`: the lines under the table; `count` fields; `row` the cursor's (0 the table, 1…count
 * the fields, count + 1 "+ add a field"); `headLines` the headings' lines; `notesLines` the notes'.
 */
export function fieldsLayout(room: number, count: number, row: number, headLines: number, notesLines: number): FieldsLayout {
	// Short of room, the frame may take the line it keeps spare: still one short of the terminal, which Ink would clear on every key.
	const hard = room + 1;
	// The least the rows take: the cursor's row and a line for the others (one line for "+ add a field" alone).
	const least = count === 0 ? 1 : 2;
	const notes = notesLines <= room - least ? notesLines : Math.min(notesLines, Math.max(0, hard - least, Math.min(1, hard - 1)));
	const left = room - notes;
	for (const [gap, heading] of [[true, true], [false, true]] as const) {
		// The rows' room, "+ add a field" and what is kept above them taken.
		const rows = left - (gap ? 1 : 0) - (heading ? headLines : 0) - 1;
		if (rows >= Math.min(count, 3)) return {gap, heading, compact: false, window: rowsWindow(count, rows, row - 1), together: false, notes};
	}
	const rows = Math.max(1, hard - notes);
	const cursor = Math.max(0, row - 1);
	// One line: the cursor's row alone (↓ and ↑ show the others).
	if (rows === 1) return {gap: false, heading: false, compact: true, window: {first: cursor, shown: 1, above: 0, below: 0}, together: false, notes};
	const window = rowsWindow(count + 1, rows, cursor);
	return {gap: false, heading: false, compact: true, window, together: window.above > 0 && window.below > 0 && window.shown + 2 > rows, notes};
}
