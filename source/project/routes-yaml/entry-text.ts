// One route's entry as text: where it is in routes.yaml, whether it is byte for byte what edu
// writes for it, and the file with it replaced or removed, every other byte kept.
import {renderEntry} from './append.js';
import type {NewRoute, RouteEntry, RoutesFile} from './route-index.js';

/**
 * The entry's text: from the start of its key's line through its last indented line (with its
 * line end); blank lines and comments after it belong to what follows. Offsets in the text.
 */
export function entrySpan(text: string, entry: RouteEntry): {start: number; end: number} {
	const start = entry.offset - (entry.col - 1);
	let end = lineEnd(text, start);
	for (let at = end; at < text.length;) {
		const next = lineEnd(text, at);
		const line = text.slice(at, next);
		if (/^[ \t]+\S/.test(line) && !/^[ \t]+#/.test(line)) end = next;
		else if (!/^[ \t]*(#.*)?(\r\n|\r|\n)?$/.test(line)) break;
		at = next;
	}
	return {start, end};
}

function lineEnd(text: string, from: number): number {
	const match = /\r\n|\r|\n/g;
	match.lastIndex = from;
	const found = match.exec(text);
	return found === null ? text.length : found.index + found[0].length;
}

/** Whether the entry is exactly what edu writes for its values, in this file's indentation and line ends. */
export function isEduEntry(file: RoutesFile, entry: RouteEntry): boolean {
	const {start, end} = entrySpan(file.text, entry);
	const written = file.text.slice(start, end);
	const route: NewRoute = {name: entry.name, uri: entry.uri, controller: entry.controller, methods: entry.methods};
	// Without a final line end, the file's last entry is edu's as well.
	return [', ', ','].some((comma) => {
		const expected = renderEntry(route, file.indent, file.eol, comma);
		return written === expected || (end === file.text.length && written === expected.slice(0, -file.eol.length));
	});
}

/** The text with the entry replaced by `replacement` (the empty string removes it). */
export function replaceEntryText(text: string, entry: RouteEntry, replacement: string): string {
	const {start, end} = entrySpan(text, entry);
	return text.slice(0, start) + replacement + text.slice(end);
}
