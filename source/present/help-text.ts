// Help that fits the terminal: every line longer than the width is broken between words, the
// rest indented under the line's second column (or its own indentation), never inside a word.
// So help texts are written with one line per paragraph, and wrapped here at the real width.

/**
 * The width help and tables are laid out at: the terminal's columns; without a terminal (a pipe,
 * a file), COLUMNS when it is set to a width, as shells and many tools read it; else 80.
 */
export function terminalWidth(stream: {readonly isTTY?: boolean; readonly columns?: number}, env: Readonly<Record<string, string | undefined>> = {}): number {
	if (stream.isTTY && stream.columns !== undefined && stream.columns > 0) return stream.columns;
	const columns = /^[1-9][0-9]{0,5}$/.test(env['COLUMNS'] ?? '') ? Number(env['COLUMNS']) : undefined;
	return columns ?? 80;
}

function hangingIndent(line: string, width: number): number {
	const leading = /^ */.exec(line)?.[0].length ?? 0;
	// "  --flag <x>     description" and "  $ edu …     what it does": continue under the description.
	const column = /^( *\S.*?\S {2,})\S/.exec(line)?.[1]?.length;
	if (column !== undefined) return column <= width - 20 ? column : leading + 4;
	// Prose at the margin stays there; an indented line (a command) continues a little further in.
	return Math.min(leading === 0 ? 0 : leading + 4, Math.floor(width / 2));
}

/** `line` broken between words to `width`, the rest at `indent` (by default under the line's second column, or its own indentation). */
export function wrapLine(line: string, width: number, indent = hangingIndent(line, width)): string[] {
	if (line.length <= width) return [line];
	const lines: string[] = [];
	let rest = line;
	let start = /^ */.exec(line)?.[0].length ?? 0;
	while (rest.length > width) {
		let cut = rest.lastIndexOf(' ', width);
		if (cut <= start) cut = rest.indexOf(' ', width);
		if (cut <= start || cut === -1) break;
		lines.push(rest.slice(0, cut).trimEnd());
		rest = `${' '.repeat(indent)}${rest.slice(cut).trimStart()}`;
		start = indent;
	}
	lines.push(rest);
	return lines;
}

export function wrapHelp(text: string, width: number): string {
	return text.split('\n').flatMap((line) => wrapLine(line, width)).join('\n');
}
