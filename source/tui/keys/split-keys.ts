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
	if (next === escape) return 1 + escapeLength(text, start + 1);
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
