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
	readonly methods: readonly string[];
	/** 1-based line and column of the entry's key (always column 1). */
	readonly line: number;
	readonly col: 1;
	/** Offset of the entry's key in the text. */
	readonly offset: number;
}

export interface ScannedRoutes {
	readonly entries: readonly ScannedEntry[];
	/** Indentation of the first entry's keys, when there is an entry. */
	readonly indent: number | undefined;
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
// (The scalar forms are shared with the whole-entry match below.)
const plainScalar = String.raw`[A-Za-z_/\\][A-Za-z0-9_/\\.~{}-]*`;
const quotedScalar = String.raw`'[^'\r\n]*'`;
const plainValue = new RegExp(`^(${plainScalar})(?:[ ]+#.*)?$`);
const singleQuoted = /^'((?:[^']|'')*)'(?:[ ]+#.*)?$/;
const doubleQuoted = /^"([^"\\]*)"(?:[ ]+#.*)?$/;
const flowMethods = /^\[[ ]*((?:[A-Za-z]+[ ]*,[ ]*)*[A-Za-z]+)?[ ]*\](?:[ ]+#.*)?$/;
// A whole entry as edu and the framework's skeleton write it, from its name at column 1: uri,
// controller and httpMethod in that order at one indentation, plain or single-quoted values
// (no '' inside), `[GET]` or `[GET, POST]`, nothing else on the lines. Read in one match
// instead of line by line; anything else, and any entry the line reading would not take as
// it stands (a duplicate name, a `null`), goes through the line reading.
const entryValue = `(${plainScalar}|${quotedScalar})`;
const canonicalEntry = new RegExp(String.raw`([A-Za-z_][A-Za-z0-9_.-]*):\r?\n( +)uri: ${entryValue}\r?\n\2controller: ${entryValue}\r?\n\2httpMethod: \[([A-Za-z]+(?:, [A-Za-z]+)*)\](?:\r?\n|$)`, 'y');
const notStrings = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
// One of those among the methods of a `[GET, POST]` list.
const notStringMethod = new RegExp(`(?:^|, )(?:${[...notStrings].join('|')})(?:,|$)`);

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
	return words.some((word) => notStrings.has(word)) ? undefined : words.map((word) => word.toUpperCase());
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
	const entries: ScannedEntry[] = [];
	const names = new Set<string>();
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
		if (entries.length === 0) indent = draft.indent;
		entries.push({name, uri, controller, methods, line, col: 1, offset});
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
			const whole = canonicalEntry.exec(text);
			if (whole && isCanonical(whole, names)) {
				if (!close()) return undefined;
				const [, name, pad, uri, controller, methods] = whole as unknown as [string, string, string, string, string, string];
				names.add(name);
				if (entries.length === 0) indent = pad.length;
				entries.push({name, uri: unquoted(uri), controller: unquoted(controller), methods: methods.toUpperCase().split(', '), line: lineNumber, col: 1, offset: lineOffset});
				offset = canonicalEntry.lastIndex;
				lineNumber += 3;
				continue;
			}
			// A route name at column 1.
			// Far below the parser's 1,024-character limit on an implicit key.
			const key = end - lineOffset > 200 ? null : keyLine.exec(text.slice(lineOffset, end));
			if (!key || notStrings.has(key[1]!) || !close() || names.has(key[1]!)) return undefined;
			names.add(key[1]!);
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
				draft.list.push(item[1]!.toUpperCase());
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
	return {entries, indent};
}

/** Whether the line reading would take the matched entry exactly as matched. */
function isCanonical(match: RegExpExecArray, names: ReadonlySet<string>): boolean {
	const [, name, , uri, controller, methods] = match as unknown as [string, string, string, string, string, string];
	return !names.has(name) && !notStrings.has(name) && !notStrings.has(uri) && !notStrings.has(controller)
		&& !notStringMethod.test(methods);
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
	return one === undefined ? undefined : [one.toUpperCase()];
}
