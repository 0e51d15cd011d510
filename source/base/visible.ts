// Text from a project's files (a template's description, a command's name, a .env value, what
// php printed) is shown to the user, never obeyed by their terminal: every control character but
// a line break or a tab is written in caret notation (ESC as ^[), so no project can clear the
// screen, retitle the window or hide a line behind a carriage return. Colour codes edu writes
// itself (SGR: ESC [ … m) are kept; text that never holds edu's colours (a run record) shows
// them too (visibleAll).

const sgr = /^\u001B\[[\d;]*m/;

/** `text` with its control characters made visible, edu's own colour codes and CR LF kept. */
export function visible(text: string): string {
	return caretNotation(text, true);
}

/**
 * `text` with every control character made visible, colour codes too: for text that is a
 * project's alone and never holds edu's own colours (a run record), so no record can hide a line
 * (ESC [ 8 m) or paint it over.
 */
export function visibleAll(text: string): string {
	return caretNotation(text, false);
}

function caretNotation(text: string, keepColour: boolean): string {
	// eslint-disable-next-line no-control-regex
	return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F\u0080-\u009F]/g, (char, offset: number) => {
		if (keepColour && char === '\u001B' && sgr.test(text.slice(offset, offset + 16))) return char;
		if (char === '\r' && text[offset + 1] === '\n') return char;
		const code = char.charCodeAt(0);
		return code < 0x20 ? `^${String.fromCharCode(code + 0x40)}` : code === 0x7F ? '^?' : `\\u${code.toString(16).padStart(4, '0')}`;
	});
}
