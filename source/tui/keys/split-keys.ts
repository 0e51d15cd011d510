// A chunk read from a terminal as the keys that made it. A terminal hands over whatever
// arrived since the last read: a paste, a fast typist's keys, type-ahead from before the
// program was ready. Each key must reach the screen that is current when it is its turn.

const escape = '\u001B';

/** The length of the escape sequence at `start` (CSI `ESC [ … final`, SS3 `ESC O x`, Alt+key), or 1 for a lone Esc. */
function escapeLength(text: string, start: number): number {
	const next = text[start + 1];
	if (next === undefined) return 1;
	if (next === '[') {
		let index = start + 2;
		// Legacy function keys: ESC [ [ A.
		if (text[index] === '[') index++;
		while (index < text.length && /[\u0020-\u003F]/.test(text[index]!)) index++;
		return index < text.length ? index - start + 1 : text.length - start;
	}
	if (next === 'O') return Math.min(3, text.length - start);
	// Alt with an arrow or a function key (ESC ESC [ A); two Escs pressed together are two keys.
	if (next === escape) return text[start + 2] === '[' || text[start + 2] === 'O' ? 1 + escapeLength(text, start + 1) : 1;
	return 1 + [...text.slice(start + 1, start + 3)][0]!.length;
}

/**
 * `text` as single keys, in order. Enter arrives as CR in raw mode, but as LF when it was typed
 * before the terminal left line mode (type-ahead): both are Enter, and CR LF is one.
 */
export function splitKeys(text: string): string[] {
	const keys: string[] = [];
	let index = 0;
	while (index < text.length) {
		const char = text[index]!;
		if (char === escape) {
			const length = escapeLength(text, index);
			keys.push(text.slice(index, index + length));
			index += length;
		} else if (char === '\r' || char === '\n') {
			keys.push('\r');
			index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
		} else {
			const point = String.fromCodePoint(text.codePointAt(index)!);
			keys.push(point);
			index += point.length;
		}
	}
	return keys;
}

/** Printable keys other than Space (one, or a run of them): they only ever type themselves, in whatever has the focus. */
const typesItself = (key: string): boolean => !key.startsWith(escape) && !/[\u0000-\u0020\u007F-\u009F]/.test(key);

/**
 * Keys with each run of printable ones (no Space) joined: such a run cannot move the focus, so
 * it is typed in one go (one render for a pasted name, not one per letter). Space, Enter, Tab,
 * Backspace, controls and escape sequences stay keys of their own.
 */
export function joinText(keys: readonly string[]): string[] {
	const joined: string[] = [];
	for (const key of keys) {
		const last = joined.at(-1);
		if (last !== undefined && typesItself(key) && typesItself(last)) joined[joined.length - 1] = last + key;
		else joined.push(key);
	}
	return joined;
}
