// Text from a project's files (a template's description, a command's name, a .env value, what
// php printed) is shown to the user, never obeyed by their terminal: every control character but
// a line break or a tab is written in caret notation (ESC as ^[), so no project can clear the
// screen, retitle the window or hide a line behind a carriage return. The colour codes edu writes
// itself, and PHP's built-in server in its log, are kept (keptColour); any other (ESC [ 8 m
// conceals what follows, black on black hides it) is shown too, as is every colour code of a
// text that never holds edu's colours (a run record: visibleAll).

const sgr = /^\u001B\[([\d;]*)m/;

/**
 * The SGR parameters kept: reset, bold, and the red, green and yellow of edu's own marks and of
 * `php -S`'s request log. None of them can hide text on a terminal's own background.
 */
const keptColour = new Set(['', '0', '1', '31', '32', '33']);

/** Whether `text` (from an ESC on) starts with a colour code made of kept parameters only. */
function startsWithKeptColour(text: string): boolean {
	const parameters = sgr.exec(text)?.[1];
	return parameters !== undefined && parameters.split(';').every((parameter) => keptColour.has(parameter));
}

/** `text` with its control characters made visible, edu's own colour codes (keptColour) and CR LF kept. */
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
		if (keepColour && char === '\u001B' && startsWithKeptColour(text.slice(offset, offset + 16))) return char;
		if (char === '\r' && text[offset + 1] === '\n') return char;
		const code = char.charCodeAt(0);
		return code < 0x20 ? `^${String.fromCharCode(code + 0x40)}` : code === 0x7F ? '^?' : `\\u${code.toString(16).padStart(4, '0')}`;
	});
}
