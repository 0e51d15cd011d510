// The fast path for routes.yaml: one pass over the lines of a file in the shape the framework's
// skeleton and edu itself write (route names at column 1, the three keys indented below, plain
// or simply quoted scalars, `[GET, POST]` or `- GET` method lists, comments and blank lines).
// It accepts a file only when every line is in that shape, and then reads exactly what the
// full YAML parse reads (the property tests compare the two on generated and mutated files).
// Anything else, valid or not, is left to the full parse, which alone words the refusals.

export interface ScannedEntry {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	/** As written: the router compares them with the request's method exactly (`get` never matches GET). */
	readonly methods: readonly string[];
	/** 1-based line and column of the entry's key (always column 1). */
	readonly line: number;
	readonly col: 1;
	/** Offset of the entry's key in the text. */
	readonly offset: number;
}

/**
 * What the scanner found: where each route is, and its name. An entry in the one-match shape
 * (nearly all of them) is read from the text only when asked for, so a run that looks up one
 * name reads one route, not ten thousand.
 */
export interface ScannedRoutes {
	readonly count: number;
	/** Indentation of the first entry's keys, when there is an entry. */
	readonly indent: number | undefined;
	/** Route name → index of its entry in file order. */
	readonly names: ReadonlyMap<string, number>;
	/** The entry at `index` (0-based, file order). */
	entry(index: number): ScannedEntry;
	/** The index of the entry whose text holds `offset`, or -1 when the offset is above the first entry. */
	indexAt(offset: number): number;
}

// Characters the YAML parser treats specially or refuses: control characters other than LF
// and CR, DEL and C1 controls, the byte-order mark, Unicode line separators, non-characters,
// and the tab (indentation rules). A file with any of them takes the full parse.
// eslint-disable-next-line no-control-regex
const unusual = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\uFEFF\u2028\u2029\uFFFE\uFFFF]/;
const loneCr = /\r(?!\n)/;

// A route name at column 1: a plain scalar that the core schema reads as a string.
const keyLine = /^([A-Za-z_][A-Za-z0-9_.-]*):(?:[ ]+(?:#.*)?)?$/;
// A `- METHOD` item of a block list, from its dash (trailing spaces already cut).
const blockItem = /^- ([A-Za-z]+)(?:[ ]+#.*)?$/;

// Plain scalars that start with a letter, `_`, `/` or `\` and hold no YAML indicator that
// matters inside a plain scalar (`: `, ` #`): strings under the core schema unless one of these.
// FastRoute's own syntax is in the set (`{id:\d+}`, `[/{name}]`, `(?:a|b)`, `[^/]+`, `\w{2,3}`):
// in a block value these characters are text, and a `:` is text when a scalar character follows.
// (The scalar forms are shared with the whole-entry match below.)
const plainChar = String.raw`\-A-Za-z0-9_/\\.~{}\[\]()+*?|^$,=`;
const plainScalar = String.raw`[A-Za-z_/\\](?:[${plainChar}]|:(?=[${plainChar}:]))*`;
const quotedScalar = String.raw`'[^'\r\n]*'`;
const plainValue = new RegExp(`^(${plainScalar})(?:[ ]+#.*)?$`);
const singleQuoted = /^'((?:[^']|'')*)'(?:[ ]+#.*)?$/;
const doubleQuoted = /^"([^"\\]*)"(?:[ ]+#.*)?$/;
const flowMethods = /^\[[ ]*((?:[A-Za-z]+[ ]*,[ ]*)*[A-Za-z]+)?[ ]*\](?:[ ]+#.*)?$/;
// A whole entry as edu and the framework's skeleton write it, from its name at column 1: uri,
// controller and httpMethod in that order at one indentation, plain or single-quoted values
// (no '' inside), `[GET]`, `[GET, POST]` or `[GET,POST]`, nothing else on the lines, and no null or boolean
// word where a string must be. Checked in one match instead of line by line; anything else,
// and a duplicate name, goes through the line reading.
// Symfony YAML reads null, true and false in any case (`nULL`, `tRUE`) as such, not as strings.
const notStrings = {has: (word: string): boolean => /^(?:null|true|false)$/i.test(word)};
const notStringWord = `(?:${['null', 'true', 'false'].map((word) => [...word].map((char) => `[${char}${char.toUpperCase()}]`).join('')).join('|')})`;
const entryValue = `(?!${notStringWord}\\r?\\n)(${plainScalar}|${quotedScalar})`;
const entryMethod = `(?!${notStringWord}[,\\]])[A-Za-z]+`;
const canonicalEntry = new RegExp(String.raw`(?!${notStringWord}:)([A-Za-z_][A-Za-z0-9_.-]*):\r?\n( +)uri: ${entryValue}\r?\n\2controller: ${entryValue}\r?\n\2httpMethod: \[(${entryMethod}(?:, ?${entryMethod})*)\](?:\r?\n|$)`, 'y');

/** The string a one-line scalar reads as, or undefined when it is not one of the simple forms. */
function scalarValue(raw: string): string | undefined {
	const plain = plainValue.exec(raw);
	if (plain) return notStrings.has(plain[1]!) ? undefined : plain[1];
	const single = singleQuoted.exec(raw);
	if (single) return single[1]!.replace(/''/g, "'");
	const double = doubleQuoted.exec(raw);
	return double ? double[1] : undefined;
}

function methodList(raw: string): string[] | undefined {
	const flow = flowMethods.exec(raw);
	if (!flow) return undefined;
	if (flow[1] === undefined) return [];
	const words = flow[1].split(',').map((word) => word.trim());
	return words.some((word) => notStrings.has(word)) ? undefined : words;
}

interface Draft {
	readonly name: string;
	readonly line: number;
	readonly offset: number;
	indent?: number;
	uri?: string;
	controller?: string;
	methods?: string[];
	/** The `- METHOD` items read so far under a `httpMethod:` with nothing after it. */
	list?: string[];
	/** Their indentation, once the first is read. */
	listIndent?: number;
}

const space = 0x20;
const hash = 0x23;
const cr = 0x0d;

/** The routes of a file in the canonical shape, or undefined when the full parse must decide. */
export function scanRoutes(text: string): ScannedRoutes | undefined {
	if (unusual.test(text) || (text.includes('\r') && loneCr.test(text))) return undefined;
	const offsets: number[] = [];
	const lines: number[] = [];
	// The entries the line reading took, at their index; the others are matched again when asked for.
	const entries: Array<ScannedEntry | undefined> = [];
	const names = new Map<string, number>();
	let indent: number | undefined;
	let draft: Draft | undefined;

	/** Ends the list under `httpMethod:`; false when it is empty (the value is null). */
	const endList = (route: Draft): boolean => {
		if (route.list === undefined) return true;
		if (route.list.length === 0) return false;
		route.methods = route.list;
		route.list = undefined;
		return true;
	};
	const close = (): boolean => {
		if (draft === undefined) return true;
		if (!endList(draft)) return false;
		const {name, line, offset, uri, controller, methods} = draft;
		if (uri === undefined || controller === undefined || methods === undefined) return false;
		if (offsets.length === 0) indent = draft.indent;
		entries[offsets.length] = {name, uri, controller, methods, line, col: 1, offset};
		offsets.push(offset);
		lines.push(line);
		draft = undefined;
		return true;
	};

	const length = text.length;
	let offset = 0;
	let lineNumber = 0;
	do {
		lineNumber++;
		const lineOffset = offset;
		const newline = text.indexOf('\n', offset);
		let end = newline === -1 ? length : newline;
		offset = newline === -1 ? length : newline + 1;
		if (end > lineOffset && text.charCodeAt(end - 1) === cr) end--;
		// Trailing spaces never change what a line holds.
		while (end > lineOffset && text.charCodeAt(end - 1) === space) end--;
		let first = lineOffset;
		while (first < end && text.charCodeAt(first) === space) first++;
		if (first === end || text.charCodeAt(first) === hash) continue; // blank or comment

		if (first === lineOffset) {
			canonicalEntry.lastIndex = lineOffset;
			if (canonicalEntry.test(text)) {
				const name = text.slice(lineOffset, text.indexOf(':', lineOffset));
				if (!names.has(name)) {
					if (!close()) return undefined;
					if (offsets.length === 0) indent = padding(text, text.indexOf('\n', lineOffset) + 1);
					names.set(name, offsets.length);
					offsets.push(lineOffset);
					lines.push(lineNumber);
					offset = canonicalEntry.lastIndex;
					lineNumber += 3;
					continue;
				}
			}
			// A route name at column 1.
			// Far below the parser's 1,024-character limit on an implicit key.
			const key = end - lineOffset > 200 ? null : keyLine.exec(text.slice(lineOffset, end));
			if (!key || notStrings.has(key[1]!) || !close() || names.has(key[1]!)) return undefined;
			names.set(key[1]!, offsets.length);
			draft = {name: key[1]!, line: lineNumber, offset: lineOffset};
			continue;
		}
		if (draft === undefined) return undefined;
		const depth = first - lineOffset;
		if (draft.list !== undefined) {
			if (text.charCodeAt(first) === 0x2d && depth > draft.indent! && depth === (draft.listIndent ?? depth)) {
				const item = blockItem.exec(text.slice(first, end));
				if (!item || notStrings.has(item[1]!)) return undefined;
				draft.listIndent = depth;
				draft.list.push(item[1]!);
				continue;
			}
			if (!endList(draft)) return undefined;
		}
		if (depth !== (draft.indent ?? depth)) return undefined;
		draft.indent = depth;
		const key = fieldKey(text, first);
		if (key === undefined) return undefined;
		let valueStart = first + key.length + 1;
		if (valueStart < end && text.charCodeAt(valueStart) !== space) return undefined;
		while (valueStart < end && text.charCodeAt(valueStart) === space) valueStart++;
		const raw = text.slice(valueStart, end);
		if (draft[key === 'httpMethod' ? 'methods' : key] !== undefined) return undefined;
		if (key !== 'httpMethod') {
			const value = scalarValue(raw);
			if (value === undefined) return undefined;
			draft[key] = value;
		} else if (raw === '' || raw.startsWith('#')) {
			draft.list = [];
			draft.listIndent = undefined;
		} else {
			const methods = methodList(raw) ?? scalarMethod(raw);
			if (methods === undefined) return undefined;
			draft.methods = methods;
		}
	} while (offset < length);
	if (!close()) return undefined;
	entries.length = offsets.length;
	return new Scanned(text, offsets, lines, entries, names, indent);
}

/** A scan's result: entries in the one-match shape are matched again, at their offset, when asked for. */
class Scanned implements ScannedRoutes {
	constructor(
		private readonly text: string,
		private readonly offsets: readonly number[],
		private readonly lines: readonly number[],
		/** The entries read so far, at their index. */
		private readonly entries: Array<ScannedEntry | undefined>,
		readonly names: ReadonlyMap<string, number>,
		readonly indent: number | undefined,
	) {}

	get count(): number {
		return this.offsets.length;
	}

	entry(index: number): ScannedEntry {
		const known = this.entries[index];
		if (known !== undefined) return known;
		const offset = this.offsets[index]!;
		canonicalEntry.lastIndex = offset;
		const [, name, , uri, controller, methods] = canonicalEntry.exec(this.text) as unknown as [string, string, string, string, string, string];
		const entry: ScannedEntry = {
			name, uri: unquoted(uri), controller: unquoted(controller), methods: methods.split(/, ?/),
			line: this.lines[index]!, col: 1, offset,
		};
		this.entries[index] = entry;
		return entry;
	}

	indexAt(offset: number): number {
		// The last entry that starts at or before `offset`.
		let low = 0;
		let high = this.offsets.length - 1;
		let found = -1;
		while (low <= high) {
			const middle = (low + high) >>> 1;
			if (this.offsets[middle]! <= offset) {
				found = middle;
				low = middle + 1;
			} else {
				high = middle - 1;
			}
		}
		return found;
	}
}

/** The number of spaces at `at`. */
function padding(text: string, at: number): number {
	let end = at;
	while (text.charCodeAt(end) === space) end++;
	return end - at;
}

function unquoted(value: string): string {
	return value.startsWith("'") ? value.slice(1, -1) : value;
}

function fieldKey(text: string, at: number): 'uri' | 'controller' | 'httpMethod' | undefined {
	if (text.startsWith('uri:', at)) return 'uri';
	if (text.startsWith('controller:', at)) return 'controller';
	if (text.startsWith('httpMethod:', at)) return 'httpMethod';
	return undefined;
}

function scalarMethod(raw: string): string[] | undefined {
	const one = scalarValue(raw);
	return one === undefined ? undefined : [one];
}
