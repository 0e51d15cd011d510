// What Symfony YAML (the framework's reader of routes.yaml) refuses but the `yaml` package reads:
// refused here too, at the same place, so edu never appends to a file the framework cannot load.

const reader = 'Symfony YAML (what the framework reads routes.yaml with)';

export interface StrictProblem {
	readonly offset: number;
	readonly reason: string;
	/** Where Symfony YAML places it, when its line count differs from one per LF (it ends lines on a lone CR too). */
	readonly line?: number;
	readonly col?: number;
}

/** Lone carriage returns, tabs in indentation, directives other than %YAML: linear, no parse. */
export function textProblem(text: string): StrictProblem | undefined {
	for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 1)) {
		// A CR that ends the file (with only blanks after it) is trimmed away by Symfony too.
		if (text[at + 1] !== '\n' && text.slice(at + 1).trim() !== '') {
			// Symfony YAML ends a line on a lone CR, where the yaml package does not: they would read the file differently.
			const lines = text.slice(0, at + 1).split(/\r\n|\r|\n/);
			return {offset: at + 1, line: lines.length, col: 1, reason: `a carriage return without a line feed ends the line before: ${reader} reads it as a line end, YAML 1.2 does not; use LF or CRLF line ends`};
		}
	}
	// Symfony drops a file of comments only; anywhere else a tab before a comment is indentation too.
	const content = text.includes('\t') && /^[ \t]*[^ \t\r\n#]/m.test(text);
	for (let start = text.includes('\t') ? 0 : text.length; start < text.length;) {
		const newline = text.indexOf('\n', start);
		const end = newline === -1 ? text.length : newline;
		const line = text.slice(start, end).replace(/\r$/, '');
		const indent = /^[ \t]*/.exec(line)![0];
		const rest = line.slice(indent.length);
		if (indent.includes('\t') && (content || !rest.startsWith('#'))) {
			return {offset: start + indent.indexOf('\t'), reason: `a tab in the indentation: ${reader} refuses tabs as indentation; indent with spaces`};
		}
		start = end + 1;
	}
	const directive = /^%(?!YAML[ \t])/m.exec(text);
	if (directive) return {offset: directive.index, reason: `a directive (%…): ${reader} reads only %YAML; remove the line`};
	return undefined;
}

/** Tags Symfony YAML reads without flags. */
const readTags = new Set(['tag:yaml.org,2002:str', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:binary']);

/** An explicit tag Symfony YAML refuses (`!route`, `!!map`, `!<…>`), given each tagged node's tag and start. */
export function tagProblem(text: string, tagged: ReadonlyArray<{tag: string; start: number}>): StrictProblem | undefined {
	for (const {tag, start} of tagged) {
		if (readTags.has(tag)) continue;
		const at = text.lastIndexOf('!', start);
		return {offset: at === -1 ? start : at, reason: `a tag (${text.slice(at, start).trim() || tag}): ${reader} refuses tags here; remove it`};
	}
	return undefined;
}
