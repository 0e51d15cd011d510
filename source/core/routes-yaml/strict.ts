// What Symfony YAML (the framework's reader of routes.yaml) refuses but the `yaml` package reads:
// refused here too, at the same place, so edu never appends to a file the framework cannot load.

const reader = 'Symfony YAML (what the framework reads routes.yaml with)';

export interface StrictProblem {
	readonly offset: number;
	readonly reason: string;
}

/**
 * Symfony YAML replaces every CRLF and every lone CR with LF before it parses; the `yaml`
 * package ends no line on a lone CR. Mapping each lone CR to LF keeps the length (offsets
 * hold) and lets the `yaml` package see the lines Symfony sees.
 */
export function symfonyLines(text: string): string {
	return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Tabs in indentation, directives other than %YAML: linear, no parse. `text` is as symfonyLines returns it. */
export function textProblem(text: string): StrictProblem | undefined {
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
