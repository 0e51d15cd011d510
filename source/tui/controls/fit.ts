// How many lines text takes on the terminal, for the screens that fit a list to its height: Ink
// breaks a line wider than the terminal, and a frame as tall as the terminal makes Ink clear the
// whole screen, the scrollback above it too, on every key.

/** The lines `text` takes at `columns`, each of its lines broken where it is wider (one line more when words are moved whole). */
export function linesAt(text: string, columns: number): number {
	const width = Math.max(10, columns);
	return text.split('\n').reduce((sum, line) => {
		const length = [...line].length;
		return sum + (length <= width ? 1 : Math.ceil(length / width) + (line.includes(' ') ? 1 : 0));
	}, 0);
}
