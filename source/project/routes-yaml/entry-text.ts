// One route's entry as text: where it is in routes.yaml, whether it is byte for byte what edu
// writes for it, and the file with it replaced or removed, every other byte kept.
import {refusal, type Refusal} from '../../base/errors.js';
import {methodComma, renderEntry, sameRoutes} from './append.js';
import {parseRoutes} from './routes.js';
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

/** Whether the entry is byte for byte what edu writes for `route`, in this file's indentation and line ends. */
export function isEduEntry(file: RoutesFile, entry: RouteEntry, route: NewRoute): boolean {
	const {start, end} = entrySpan(file.text, entry);
	const written = file.text.slice(start, end);
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

/**
 * `text` (the file with new routes appended) with each of `replaced` put in place of the entry of
 * its name, in the file's style: every other byte kept. The appended routes are after every entry
 * of the file, so the entries' offsets still hold.
 */
export function replaceEntries(file: RoutesFile, text: string, replaced: readonly NewRoute[]): string {
	const entries = replaced.flatMap((route) => {
		const entry = file.named(route.name);
		return entry === undefined ? [] : [{entry, route}];
	}).sort((a, b) => b.entry.offset - a.entry.offset);
	let result = text;
	for (const {entry, route} of entries) {
		const rendered = renderEntry(route, file.indent, file.eol, methodComma(file.text));
		// The file's last entry, without a final line end: it stays without one.
		const last = entrySpan(result, entry).end === result.length && !result.endsWith(file.eol);
		result = replaceEntryText(result, entry, last ? rendered.slice(0, -file.eol.length) : rendered);
	}
	return result;
}

/** The whole new text re-parsed: the file's routes, those of `replaced` as replaced, then the appended ones. */
export function verifyReplaced(file: RoutesFile, text: string, replaced: readonly NewRoute[], appended: readonly NewRoute[]): Refusal | undefined {
	const reread = parseRoutes(text, file.path, true);
	const expected = [...file.entries.map((entry) => replaced.find((route) => route.name === entry.name) ?? entry), ...appended];
	if ('code' in reread || !sameRoutes(reread.entries, expected)) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: replacing the route in place would change how the file reads; the file was left unchanged`);
	}
	return undefined;
}
