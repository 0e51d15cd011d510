// routes.yaml read: validated and indexed by the line scanner when the file has the usual shape,
// by the `yaml` package otherwise, with the same refusals at the same file:line:col. append.ts,
// beside it, is the only code that edits the file.
import type {Document, LineCounter, Node} from 'yaml';
import {refusal, type Refusal} from '../../base/errors.js';
import {routesPath} from '../root.js';
import {documentProblem, firstProblem, flowTail, hasStandIns, keyProblem, plainStart, plainValue, symfonyKey, symfonyString, symfonyText, tagProblem, textProblem, type StrictProblem} from './strict.js';
import {listed, routesFile, type RouteEntry, type RoutesFile} from './route-index.js';
import {scanRoutes} from './scan.js';
import {yaml, yamlReason} from '../../base/yaml-package.js';

export {routesPath};
export type {NewRoute, RouteEntry, RouteIndex, RoutesFile} from './route-index.js';

export function emptyRoutesFile(path = routesPath): RoutesFile {
	return routesFile({path, text: '', exists: false, eol: '\n', indent: 4, spaced: false}, listed([]));
}

function fail(path: string, text: string, offset: number, reason: string, counter?: LineCounter): Refusal {
	// Something the parser missed when the file ended (a `]` never written) is placed at the end of
	// the last line that has text, not on the empty line after the file's final line end.
	const {line, col} = position(text, offset >= text.length ? text.trimEnd().length : offset, counter);
	return refusal('BAD_PROJECT_FILE', `${path}:${line}:${col}: ${reason}`);
}

function position(text: string, offset: number, counter?: LineCounter): {line: number; col: number} {
	if (counter) return counter.linePos(offset);
	const before = text.slice(0, offset);
	const line = before.split('\n').length;
	return {line, col: offset - (before.lastIndexOf('\n') + 1) + 1};
}

/** How many places a file may hold that Symfony YAML reads and the `yaml` package refuses (see composeRoutes). */
export const maxRereads = 32;

/** Parses and indexes routes.yaml, or says where and why it cannot be used. */
export function parseRoutes(text: string, path = routesPath, exists = true): RoutesFile | Refusal {
	// A file the scanner does not take (a NUL byte, a lone CR, a tab or a directive included) goes
	// through the full parse, which words the refusal at the first problem in the text.
	if (text.includes('\r') && /\r(?!\n)/.test(text)) return composeRoutes(text, path, exists);
	if (text.includes('\0') || textProblem(text) !== undefined) return composeRoutes(text, path, exists);
	// A tag is judged by the full parse, which sees which node it belongs to.
	const scanned = text.includes('!') ? undefined : scanRoutes(text);
	if (scanned === undefined) return composeRoutes(text, path, exists);
	return routesFile({path, text, exists, eol: lineEnding(text), indent: scanned.indent ?? 4, spaced: isSpaced(text, scanned.count)}, scanned);
}

/** The file's line-end style, as its first line end has it (new entries are written in it). */
function lineEnding(text: string): RoutesFile['eol'] {
	const at = text.search(/[\r\n]/);
	if (at === -1 || text[at] === '\n') return '\n';
	return text[at + 1] === '\n' ? '\r\n' : '\r';
}

function strictFail(path: string, text: string, problem: StrictProblem & {line?: number}, counter?: LineCounter): Refusal {
	if (problem.line !== undefined) return refusal('BAD_PROJECT_FILE', `${path}:${problem.line}:1: ${problem.reason}`);
	return fail(path, text, problem.offset, problem.reason, counter);
}

/** Every node with an explicit tag, and where it starts. */
function taggedNodes(document: Document.Parsed): Array<{tag: string; start: number}> {
	const found: Array<{tag: string; start: number}> = [];
	yaml().visit(document, {
		Node(_key, node) {
			if (node.tag !== undefined && node.range) found.push({tag: node.tag, start: node.range[0]});
		},
	});
	return found;
}

/**
 * parseRoutes through the full YAML parse, whatever the file's shape: what parseRoutes does
 * for every file the scanner leaves, and the reference its fast path is tested against.
 */
export function composeRoutes(original: string, path = routesPath, exists = true): RoutesFile | Refusal {
	// Read as Symfony reads it (see symfonyText); the file keeps its own bytes.
	let text = symfonyText(original);
	const eol = lineEnding(original);
	const nul = text.indexOf('\0');
	if (nul !== -1) return fail(path, text, nul, 'not a text file (it contains a NUL byte)');
	const {isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument} = yaml();
	let counter = new LineCounter();
	const mayStandIn = !hasStandIns(original);
	let standIns = false;
	const restored = (value: string): string => (standIns ? plainValue(value) : value);
	const options = {uniqueKeys: false, prettyErrors: false, strict: true} as const;
	let document: Document.Parsed;
	try {
		document = parseDocument(text, {...options, lineCounter: counter});
		// Each pass changes one more character (a space, a stand-in) where the first error was: the
		// loop ends. Each pass parses the whole file again, so past maxRereads the file is refused
		// (at the first place left) rather than read in a time that grows with the square of its size.
		const next = (): string | undefined => flowTail(text, document) ?? (mayStandIn ? plainStart(text, document) : undefined);
		let rereads = 0;
		for (let read = next(); read !== undefined; read = next()) {
			if (++rereads > maxRereads) {
				return fail(path, text, document.errors[0]?.pos[0] ?? 0, `more than ${maxRereads} places that Symfony YAML reads past what YAML allows (text after a [list] on its line, a value that starts with ], } or , or ends with :); edu stops at the first one left: write it as YAML allows`, counter);
			}
			text = read;
			counter = new LineCounter();
			document = parseDocument(text, {...options, lineCounter: counter});
		}
	} catch (error) {
		return fail(path, text, 0, `cannot be read as YAML (${error instanceof Error ? error.message : String(error)})`);
	}
	standIns = mayStandIn && hasStandIns(text);
	const [firstError] = document.errors;
	// What Symfony YAML refuses, whether the `yaml` package reads it or not: the first in the text.
	const strict = firstProblem<StrictProblem & {line?: number}>([
		documentProblem(original),
		textProblem(text),
		// A byte-order mark makes the first line text to Symfony, whatever it held (a comment): the
		// error the `yaml` package finds later comes from it.
		firstError && (original.startsWith('\uFEFF')
			? {offset: 0, reason: 'the file starts with a byte-order mark (BOM), which Symfony YAML reads as text of the first line: save it as UTF-8 without BOM'}
			: {offset: firstError.pos[0], reason: shortReason(firstError.message)}),
		tagProblem(text, taggedNodes(document)),
		keyProblem(document.contents),
	]);
	if (strict) return strictFail(path, text, strict, counter);
	const top = document.contents;
	if (top === null || (isScalar(top) && (top.value === null || top.value === ''))) {
		// `~` or `null` alone: no routes to Symfony, but nothing can be appended after it.
		const written = top === null ? '' : text.slice(top.range?.[0] ?? 0, top.range?.[1] ?? 0);
		return routesFile({path, text: original, exists, eol, indent: 4, spaced: false, ...(written === '' ? {} : {appendProblem: emptyValue(written, top!, counter)})}, listed([]));
	}
	if (!isMap(top)) {
		return fail(path, text, top.range?.[0] ?? 0, 'the top level must be a mapping of route names to routes', counter);
	}
	if (top.flow) {
		if (top.items.length === 0) return routesFile({path, text: original, exists, eol, indent: 4, spaced: false, appendProblem: emptyValue('{}', top, counter)}, listed([]));
		return fail(path, text, top.range?.[0] ?? 0, 'the top level is a flow mapping ({…}); write it in block style so routes can be appended', counter);
	}

	// An alias (`*a`) reads as the node it names, as for Symfony.
	const deref = (node: unknown): Node | null => (isAlias(node) ? (node.resolve(document) ?? null) : node as Node | null);
	// The yaml package's own unique-key check is quadratic; names are checked here with a Map.
	const entries: RouteEntry[] = [];
	const seen = new Set<string>();
	let indent: number | undefined;
	for (const pair of top.items) {
		const keyNode = pair.key as Node | null;
		const start = keyNode?.range?.[0] ?? 0;
		if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number')) {
			return fail(path, text, start, 'a route name must be a plain string', counter);
		}
		// A plain name is what Symfony YAML makes of it (`1_000` is 1000), where it can tell.
		const key = keyNode.type === 'PLAIN' && keyNode.source !== undefined ? symfonyKey(keyNode.source) : String(keyNode.value);
		if (key === undefined) return fail(path, text, start, `a route name Symfony YAML reads as a float, null or a boolean (${keyNode.source}); quote it`, counter);
		const name = restored(key);
		if (seen.has(name)) return fail(path, text, start, `duplicate key: ${name}`, counter);
		seen.add(name);
		const value = deref(pair.value);
		if (!isMap(value)) {
			return fail(path, text, value?.range?.[0] ?? start, `route "${name}" must be a mapping with uri, controller and httpMethod`, counter);
		}
		const keys = new Set<unknown>();
		for (const item of value.items) {
			const key = isScalar(item.key) ? item.key.value : item.key;
			if (keys.has(key)) return fail(path, text, (item.key as Node | null)?.range?.[0] ?? start, `route "${name}": duplicate key ${String(key)}`, counter);
			keys.add(key);
		}
		if (indent === undefined && !value.flow && value.items.length > 0) {
			const firstKey = value.items[0]?.key as Node | null;
			if (firstKey?.range) indent = counter.linePos(firstKey.range[0]).col - 1;
		}
		const field = (key: string): Node | null | undefined => {
			const own = value.items.find((item) => isScalar(item.key) && item.key.value === key);
			if (own) return deref(own.value);
			// `<<: *base` (or a list of them) merges another mapping's keys, as for Symfony.
			const merged = deref(value.items.find((item) => isScalar(item.key) && item.key.type === 'PLAIN' && item.key.value === '<<')?.value);
			for (const source of isSeq(merged) ? merged.items.map(deref) : [merged]) {
				const found = isMap(source) ? source.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
				if (found) return deref(found.value);
			}
			return undefined;
		};
		const uri = field('uri');
		const controller = field('controller');
		const httpMethod = field('httpMethod');
		for (const [key, node] of [['uri', uri], ['controller', controller], ['httpMethod', httpMethod]] as const) {
			if (node === undefined) return fail(path, text, start, `route "${name}" has no "${key}"`, counter);
		}
		const uriText = stringOf(uri);
		if (uriText === undefined) {
			return fail(path, text, uri?.range?.[0] ?? start, `route "${name}": uri must be a string`, counter);
		}
		const controllerText = stringOf(controller);
		if (controllerText === undefined) {
			return fail(path, text, controller?.range?.[0] ?? start, `route "${name}": controller must be a string`, counter);
		}
		let methods: string[];
		const listed = isSeq(httpMethod) ? httpMethod.items.map((item) => stringOf(deref(item))) : undefined;
		if (listed?.every((method) => method !== undefined)) {
			methods = listed.map((method) => restored(method!));
		} else if (isMap(httpMethod) && httpMethod.items.length === 0) {
			// `{}` is PHP's empty array to Symfony, as `[]` is.
			methods = [];
		} else if (stringOf(httpMethod) !== undefined) {
			methods = [restored(stringOf(httpMethod)!)];
		} else {
			return fail(path, text, httpMethod?.range?.[0] ?? start, `route "${name}": httpMethod must be a list of methods such as [GET]`, counter);
		}
		const {line, col} = counter.linePos(start);
		entries.push({name, uri: restored(uriText), controller: restored(controllerText), methods, line, col, offset: start});
	}
	return routesFile({
		path, text: original, exists, eol, indent: indent ?? 4, spaced: isSpaced(text, top.items.length),
		appendProblem: appendProblem(original, text, top.range?.[0] ?? 0, top.range?.[2] ?? text.length, counter),
	}, listed(entries));
}

/**
 * The string a node is for Symfony YAML as for the `yaml` package (see symfonyString), a
 * `!!binary` value decoded as Symfony does (when it is UTF-8 text); undefined for anything else.
 */
function stringOf(node: unknown): string | undefined {
	if (!yaml().isScalar(node)) return undefined;
	if (node.value instanceof Uint8Array) {
		try {
			return new TextDecoder('utf-8', {fatal: true}).decode(node.value);
		} catch {
			return undefined;
		}
	}
	if (typeof node.value !== 'string') return undefined;
	return node.type !== 'PLAIN' || symfonyString(node.source ?? node.value) ? node.value : undefined;
}

/**
 * Whether text appended at the end continues the top-level mapping: its keys start at
 * column 1 and nothing but blank lines and comments follows the last entry (no `...` or
 * `---` marker, no second document).
 */
function appendProblem(original: string, read: string, start: number, end: number, counter: LineCounter): string | undefined {
	// A byte-order mark is the first character of the first route's name (see symfonyText).
	if (counter.linePos(start).col !== 1) return 'its routes are indented; routes must start at column 1';
	// Symfony drops a `...` only at the very end (see symfonyText): after a new route it would read it.
	if (/\.\.\.\s*$/.test(original) && !/\.\.\.\s*$/.test(read)) return 'it ends with "...", which Symfony YAML drops only at the very end of the file; remove it';
	// The file as it is: what follows the last route stays before the new one (a final `...`, which Symfony drops, would not be final).
	const rest = original.slice(end);
	if (!/^(?:[ \t]*(?:#[^\n]*)?\r?\n?)*$/.test(rest)) {
		return 'something other than comments follows the last route (a "..." or "---" marker?)';
	}
	return undefined;
}

/** The append problem of a file that holds only an empty value (`~`, `null`, `{}`, as Symfony YAML writes no routes). */
function emptyValue(written: string, node: Node, counter: LineCounter): string {
	const {line, col} = counter.linePos(node.range?.[0] ?? 0);
	return `it holds only ${written} (line ${line}, column ${col}), the empty value that Symfony YAML reads as no routes, and no route can follow it: delete it (an empty file is fine) and run edu again`;
}

function shortReason(message: string): string {
	// The parser's own stack ran out: say what in the file did it.
	if (message.includes('Maximum call stack size exceeded')) return 'nested too deeply to be read (lists or mappings inside one another, thousands deep)';
	return yamlReason(message);
}

/** True when the file's top-level entries are separated by blank lines. */
function isSpaced(text: string, count: number): boolean {
	if (count < 2) return false;
	// The lines up to the second top-level key: the rest of the file is not read.
	const lines: string[] = [];
	let keys = 0;
	for (let start = 0; start < text.length && keys < 2;) {
		const newline = text.indexOf('\n', start);
		const line = text.slice(start, newline === -1 ? text.length : newline).replace(/\r$/, '');
		start = newline === -1 ? text.length : newline + 1;
		lines.push(line);
		if (/^[^\s#]/.test(line) && !line.startsWith('---')) keys++;
	}
	if (keys < 2) return false;
	let above = lines.length - 2;
	// A comment block right above the entry belongs to it: look above that.
	while (above > 0 && /^\s*#/.test(lines[above] ?? '')) above--;
	return above >= 0 && (lines[above] ?? '').trim() === '';
}

