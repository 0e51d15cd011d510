// How many lines text takes on the terminal, for the screens that fit themselves to its height: a
// frame as tall as the terminal makes Ink clear the whole screen, the scrollback above it too, on
// every key, and one taller loses its top (the title, the field being typed).

/** The lines `text` takes at `columns` when Ink wraps it, each of its lines broken where it is wider (one line more when words are moved whole). */
export function linesAt(text: string, columns: number): number {
	const width = Math.max(10, columns);
	return text.split('\n').reduce((sum, line) => {
		const length = [...line].length;
		return sum + (length <= width ? 1 : Math.ceil(length / width) + (line.includes(' ') ? 1 : 0));
	}, 0);
}

/**
 * `text` broken into lines of at most `columns` characters, between words where it can: the
 * space a line is broken at is dropped, so no line starts with one (Ink's own wrapping keeps it);
 * a line's own indent is kept, and given to the lines it wraps to.
 */
export function wrapText(text: string, columns: number): string[] {
	return text.split('\n').flatMap((paragraph) => {
		const indent = /^ */.exec(paragraph)![0];
		const width = Math.max(1, columns - indent.length);
		const lines: string[] = [];
		let line = '';
		for (const word of paragraph.slice(indent.length).split(' ')) {
			const joined = line === '' ? word : `${line} ${word}`;
			if ([...joined].length <= width) {
				line = joined;
				continue;
			}
			if (line !== '') lines.push(line);
			// A word wider than the line is cut where the line ends.
			let rest = [...word];
			while (rest.length > width) {
				lines.push(rest.slice(0, width).join(''));
				rest = rest.slice(width);
			}
			line = rest.join('');
		}
		lines.push(line);
		return lines.map((each) => indent + each);
	});
}

export interface RowsWindow {
	/** The first item shown, and how many are. */
	readonly first: number;
	readonly shown: number;
	/** The items hidden above and below, each said on a line of its own. */
	readonly above: number;
	readonly below: number;
}

/**
 * The items of a list of `count` that `room` lines show with `cursor`'s in sight: all of them when
 * they fit, else a window around the cursor, with a line for the items hidden above and one for
 * those below (each only when there are some), all within `room` (at least one item is shown).
 */
export function rowsWindow(count: number, room: number, cursor: number): RowsWindow {
	if (count === 0 || count <= room) return {first: 0, shown: count, above: 0, below: 0};
	const at = Math.min(Math.max(0, cursor), count - 1);
	const edge = Math.max(1, room - 1);
	if (at < edge) return {first: 0, shown: edge, above: 0, below: count - edge};
	if (at >= count - edge) return {first: count - edge, shown: edge, above: count - edge, below: 0};
	const shown = Math.max(1, room - 2);
	const first = Math.min(Math.max(0, at - Math.floor(shown / 2)), count - shown);
	return {first, shown, above: first, below: count - first - shown};
}

/**
 * The width of a column of labels before their fields: the longest label and a margin, at least
 * `least`; undefined when that would take more than half the terminal (each label then goes on
 * its own line above its field, which keeps its place).
 */
export function labelColumn(labels: readonly string[], columns: number, least: number): number | undefined {
	const width = Math.max(least, ...labels.map((label) => label.length + 2));
	return width <= Math.floor(columns / 2) ? width : undefined;
}

/** `text` cut in its middle to `width` columns with a `…`, its start and end kept (one cell per code point). */
export function middleCut(text: string, width: number): string {
	const chars = [...text];
	if (chars.length <= width) return text;
	if (width <= 1) return '…'.slice(0, Math.max(0, width));
	const head = Math.ceil((width - 1) / 2);
	return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (width - 1 - head)).join('')}`;
}

/**
 * A path (or any text) in `width` columns: whole when it fits, else its folders cut in the
 * middle and its file name kept (`app/Con…/LyonController.php`): the name is what tells the
 * files apart. A name too long even alone is cut in its own middle.
 */
export function shortenPath(text: string, width: number): string {
	const chars = [...text];
	if (chars.length <= width) return text;
	const slash = text.lastIndexOf('/');
	const name = [...text.slice(slash + 1)];
	// The folder keeps at least a character and the `…/` before the name.
	if (slash <= 0 || name.length + 3 > width) return middleCut(text, width);
	const folder = [...text.slice(0, slash)];
	return `${folder.slice(0, width - name.length - 2).join('')}…/${name.join('')}`;
}

/**
 * The items of a list of `count` that `room` lines show from `from` on, scrolled: all of them
 * when they fit, else a window with a line for the items hidden above and one for those below
 * (each only when there are some), kept within the list. `first` is where the next move starts.
 */
export function scrollWindow(count: number, room: number, from: number): RowsWindow {
	if (count <= room) return {first: 0, shown: count, above: 0, below: 0};
	const edge = Math.max(1, room - 1);
	const tail = count - edge;
	if (from <= 0) return {first: 0, shown: edge, above: 0, below: tail};
	if (from >= tail) return {first: tail, shown: edge, above: tail, below: 0};
	const shown = Math.max(1, room - 2);
	const first = Math.min(from, count - shown);
	return {first, shown, above: first, below: count - first - shown};
}
