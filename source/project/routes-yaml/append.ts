// New routes appended to routes.yaml as text, every existing byte kept, and the result read
// back and compared before anything is written.
import {refusal, type Refusal} from '../../base/errors.js';
import type {NewRoute, RoutesFile} from './route-index.js';
import {parseRoutes} from './routes.js';

/** The YAML text of one route entry, in the file's indentation, line endings and method lists (`[GET, POST]` or `[GET,POST]`). */
export function renderEntry(route: NewRoute, indent: number, eol: string, comma = ', '): string {
	const pad = ' '.repeat(indent);
	return [
		`${yamlKey(route.name)}:`,
		`${pad}uri: ${yamlString(route.uri)}`,
		`${pad}controller: ${yamlString(route.controller)}`,
		`${pad}httpMethod: [${route.methods.join(comma)}]`,
	].join(eol) + eol;
}

/** How the file's first list of several methods separates them (the skeleton writes `[GET,POST]`); `, ` when it has none. */
export function methodComma(text: string): string {
	const list = /^[ \t]+httpMethod:[ \t]*\[[ \t]*[A-Za-z]+[ \t]*,( ?)[ \t]*[A-Za-z]/m.exec(text);
	return list === null || list[1] === ' ' ? ', ' : ',';
}

function yamlKey(name: string): string {
	return /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name) ? name : yamlQuoted(name);
}

/** Plain when the value is a safe path or class name; single-quoted otherwise (always when it has `{`). */
function yamlString(value: string): string {
	return /^[A-Za-z0-9_/\\.-][A-Za-z0-9_/\\.~-]*$/.test(value) ? value : yamlQuoted(value);
}

function yamlQuoted(value: string): string {
	return `'${value.replace(/'/g, "''")}'`;
}

/**
 * routes.yaml with new entries appended as text. The file was checked once, when parsed, to
 * end where a new top-level entry continues its mapping; the new entries' own text is parsed
 * here and must read as intended. `verifyAppended` re-parses the whole result before writing.
 */
export function appendRoutes(file: RoutesFile, routes: readonly NewRoute[]): string | Refusal {
	if (file.appendProblem !== undefined) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: cannot append a route: ${file.appendProblem}; the file was left unchanged`);
	}
	// Nothing to add (every route is replaced in place): not a byte changes, a final line end included.
	if (routes.length === 0) return file.text;
	let text = file.text;
	// A lone CR ends a line for Symfony YAML as LF and CRLF do.
	if (text.length > 0 && !/[\r\n]$/.test(text)) text += file.eol;
	let added = '';
	for (const route of routes) {
		const hasContent = /[^\s]/.test(text.replace(/^\uFEFF/, ''));
		const separator = file.spaced && hasContent && !endsWithBlankLine(text) ? file.eol : '';
		const entry = renderEntry(route, file.indent, file.eol, methodComma(file.text));
		text += separator + entry;
		added += entry;
	}
	const alone = parseRoutes(added, file.path, true);
	if ('code' in alone || !sameRoutes(alone.entries, routes)) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: the new route would not read back as intended; the file was left unchanged`);
	}
	return text;
}

/**
 * The appended text, re-parsed: the old routes unchanged and the new ones as intended.
 * When the text before the old file's last route is byte-identical, only that route and what
 * follows are parsed again: a route key at column 1 closes every node before it, so the
 * prefix reads as it did in the snapshot's full parse. Otherwise the whole text is parsed.
 */
export function verifyAppended(file: RoutesFile, text: string, routes: readonly NewRoute[]): Refusal | undefined {
	const {last} = file;
	if (last !== undefined && file.appendProblem === undefined) {
		const lineStart = last.offset - (last.col - 1);
		if (text.startsWith(file.text.slice(0, lineStart))) {
			const tail = parseRoutes(text.slice(lineStart), file.path, true);
			if (!('code' in tail) && sameRoutes(tail.entries, [last, ...routes])) return undefined;
		}
	}
	const reread = parseRoutes(text, file.path, true);
	if ('code' in reread) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: cannot append the new route safely (${reread.message}); the file was left unchanged`);
	}
	if (!sameRoutes(reread.entries, [...file.entries, ...routes])) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: appending the new route would change how the file reads; the file was left unchanged`);
	}
	return undefined;
}

/** Whether the text ends with two line ends (LF, CRLF or a lone CR each). Only its tail is read. */
function endsWithBlankLine(text: string): boolean {
	return /\n\n$/.test(text.slice(-8).replace(/\r\n?/g, '\n'));
}

export function sameRoutes(actual: readonly NewRoute[], expected: readonly NewRoute[]): boolean {
	if (actual.length !== expected.length) return false;
	return actual.every((entry, index) => {
		const other = expected[index]!;
		return entry.name === other.name && entry.uri === other.uri && entry.controller === other.controller
			&& entry.methods.length === other.methods.length && entry.methods.every((method, at) => method === other.methods[at]);
	});
}
