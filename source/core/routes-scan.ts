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
	/** 1-based line of the entry's key (its column is 1). */
	readonly line: number;
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
const unusual = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\uFEFF\u2028\u2029\uFFFE\uFFFF]|\r(?!\n)/;

// A route name at column 1: a plain scalar that the core schema reads as a string.
const keyLine = /^([A-Za-z_][A-Za-z0-9_.-]{0,199}):(?:[ ]+(?:#.*)?)?$/;
// An indented `key: value` line (the value is checked apart).
const fieldLine = /^( +)(uri|controller|httpMethod):(?:[ ]+(.*?))?[ ]*$/;
const blockItem = /^( +)- ([A-Za-z]+)[ ]*(?: #.*)?$/;
const commentOrBlank = /^[ ]*(?:#.*)?$/;

// Plain scalars that start with a letter, `_`, `/` or `\` and hold no YAML indicator that
// matters inside a plain scalar (`: `, ` #`): strings under the core schema unless one of these.
const plainValue = /^([A-Za-z_/\\][A-Za-z0-9_/\\.~{}-]*)(?:[ ]+#.*)?$/;
const singleQuoted = /^'((?:[^']|'')*)'(?:[ ]+#.*)?$/;
const doubleQuoted = /^"([^"\\]*)"(?:[ ]+#.*)?$/;
const flowMethods = /^\[[ ]*((?:[A-Za-z]+[ ]*,[ ]*)*[A-Za-z]+)?[ ]*\](?:[ ]+#.*)?$/;
const notStrings = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

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

/** The routes of a file in the canonical shape, or undefined when the full parse must decide. */
export function scanRoutes(text: string): ScannedRoutes | undefined {
	if (unusual.test(text)) return undefined;
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
		entries.push({name, uri, controller, methods, line, offset});
		draft = undefined;
		return true;
	};

	let offset = 0;
	let lineNumber = 0;
	do {
		lineNumber++;
		const lineOffset = offset;
		const end = text.indexOf('\n', offset);
		offset = end === -1 ? text.length : end + 1;
		let line = text.slice(lineOffset, end === -1 ? text.length : end);
		if (line.endsWith('\r')) line = line.slice(0, -1);

		if (line.length === 0 || line[0] === ' ' || line[0] === '#') {
			if (commentOrBlank.test(line)) continue;
			if (draft === undefined) return undefined;
			if (draft.list !== undefined) {
				const item = blockItem.exec(line);
				const itemIndent = item?.[1]!.length;
				if (item && itemIndent! > draft.indent! && itemIndent === (draft.listIndent ?? itemIndent)) {
					if (notStrings.has(item[2]!)) return undefined;
					draft.listIndent = itemIndent;
					draft.list.push(item[2]!.toUpperCase());
					continue;
				}
				if (!endList(draft)) return undefined;
			}
			const field = fieldLine.exec(line);
			if (!field || field[1]!.length !== (draft.indent ?? field[1]!.length)) return undefined;
			draft.indent = field[1]!.length;
			const key = field[2] as 'uri' | 'controller' | 'httpMethod';
			const raw = field[3];
			if (draft[key === 'httpMethod' ? 'methods' : key] !== undefined) return undefined;
			if (key !== 'httpMethod') {
				const value = raw === undefined ? undefined : scalarValue(raw);
				if (value === undefined) return undefined;
				draft[key] = value;
			} else if (raw === undefined || raw === '' || raw.startsWith('#')) {
				draft.list = [];
				draft.listIndent = undefined;
			} else {
				const one = scalarValue(raw);
				const methods = methodList(raw) ?? (one === undefined ? undefined : [one.toUpperCase()]);
				if (methods === undefined) return undefined;
				draft.methods = methods;
			}
			continue;
		}

		const key = keyLine.exec(line);
		if (!key || notStrings.has(key[1]!) || !close() || names.has(key[1]!)) return undefined;
		names.add(key[1]!);
		draft = {name: key[1]!, line: lineNumber, offset: lineOffset};
	} while (offset < text.length);
	if (!close()) return undefined;
	return {entries, indent};
}
