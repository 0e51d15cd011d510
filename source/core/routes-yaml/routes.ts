// routes.yaml: validated and indexed (by the line scanner when the file has the usual shape,
// by the `yaml` package otherwise), appended to as text (every existing byte kept), re-parsed
// and compared before anything is written. This is the only code that edits routes.yaml.
import {createRequire} from 'node:module';
import type {Document, LineCounter, Node} from 'yaml';
import {candidatesPattern, register, variantsOf, type Registered} from '../../fast-route/registry.js';
import {refuses, routeVariants, type RouteVariant} from '../../fast-route/route-variants.js';
import {refusal, type Refusal} from '../errors.js';
import {routesPath} from '../project/root.js';
import {tagProblem, textProblem, type StrictProblem} from './strict.js';
import {scanRoutes} from './scan.js';

export {routesPath};

export interface RouteEntry {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	readonly methods: readonly string[];
	/** 1-based position of the entry's key. */
	readonly line: number;
	readonly col: number;
	/** Offset of the entry's key in the text. */
	readonly offset: number;
}

export interface RoutesFile extends RouteIndex {
	readonly path: string;
	/** The file's text as read ('' when the file does not exist). */
	readonly text: string;
	readonly exists: boolean;
	readonly eol: '\n' | '\r\n';
	/** Indentation of an entry's keys, in spaces. */
	readonly indent: number;
	/** Entries are separated by blank lines. */
	readonly spaced: boolean;
	/** Why a new top-level entry cannot be appended as text, if it cannot. */
	readonly appendProblem?: string;
}

/** A file's routes, read as they are asked for. */
export interface RouteIndex {
	/** The number of routes. */
	readonly count: number;
	/** Every route, in file order. */
	readonly entries: readonly RouteEntry[];
	/** The last route in the file. */
	readonly last: RouteEntry | undefined;
	/** Pairs of routes the router refuses together (the later one fails every request), with `METHOD uri` of the later. */
	readonly clashes: ReadonlyArray<readonly [RouteEntry, RouteEntry, string]>;
	/** The route of that name. */
	named(name: string): RouteEntry | undefined;
	/**
	 * The first route because of which the router (FastRoute) would refuse a route serving
	 * `method` at `uri` added after every route of the file: one matching the same static URI or
	 * building the same regex (`/a/{id}` and `/a/{code}`, not `/a/{id:\d+}`), or a variable
	 * route that already matches the new static URI (`/user/{id}` before `/user/list`).
	 */
	serving(method: string, uri: string): RouteEntry | undefined;
}

export interface NewRoute {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	readonly methods: readonly string[];
}

export function emptyRoutesFile(path = routesPath): RoutesFile {
	return routesFile({path, text: '', exists: false, eol: '\n', indent: 4, spaced: false}, listed([]));
}

function fail(path: string, text: string, offset: number, reason: string, counter?: LineCounter): Refusal {
	const {line, col} = position(text, offset, counter);
	return refusal('BAD_PROJECT_FILE', `${path}:${line}:${col}: ${reason}`);
}

function position(text: string, offset: number, counter?: LineCounter): {line: number; col: number} {
	if (counter) return counter.linePos(offset);
	const before = text.slice(0, offset);
	const line = before.split('\n').length;
	return {line, col: offset - (before.lastIndexOf('\n') + 1) + 1};
}

/** Parses and indexes routes.yaml, or says where and why it cannot be used. */
export function parseRoutes(text: string, path = routesPath, exists = true): RoutesFile | Refusal {
	// A file the scanner does not take (a NUL byte included) goes through the full parse, which words the refusal.
	// A NUL is worded by the full parse, before anything else.
	const strict = text.includes('\0') ? undefined : textProblem(text);
	if (strict) return strictFail(path, text, strict);
	// A tag is judged by the full parse, which sees which node it belongs to.
	const scanned = text.includes('!') ? undefined : scanRoutes(text);
	if (scanned === undefined) return composeRoutes(text, path, exists);
	return routesFile({path, text, exists, eol: lineEnding(text), indent: scanned.indent ?? 4, spaced: isSpaced(text, scanned.count)}, scanned);
}

function lineEnding(text: string): '\n' | '\r\n' {
	return text.includes('\r\n') ? '\r\n' : '\n';
}

function strictFail(path: string, text: string, problem: StrictProblem): Refusal {
	if (problem.line === undefined) return fail(path, text, problem.offset, problem.reason);
	return refusal('BAD_PROJECT_FILE', `${path}:${problem.line}:${problem.col ?? 1}: ${problem.reason}`);
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

// The `yaml` package (some 260 KB of code) is loaded only when a file needs the full parse.
let yamlModule: typeof import('yaml') | undefined;
function yaml(): typeof import('yaml') {
	yamlModule ??= createRequire(import.meta.filename)('yaml') as typeof import('yaml');
	return yamlModule;
}

/**
 * parseRoutes through the full YAML parse, whatever the file's shape: what parseRoutes does
 * for every file the scanner leaves, and the reference its fast path is tested against.
 */
export function composeRoutes(text: string, path = routesPath, exists = true): RoutesFile | Refusal {
	const nul = text.indexOf('\0');
	if (nul !== -1) return fail(path, text, nul, 'not a text file (it contains a NUL byte)');
	const strictText = textProblem(text);
	if (strictText) return strictFail(path, text, strictText);
	const eol = lineEnding(text);
	const {isMap, isScalar, isSeq, LineCounter, parseDocument} = yaml();
	const counter = new LineCounter();
	let document: Document.Parsed;
	try {
		document = parseDocument(text, {lineCounter: counter, uniqueKeys: false, prettyErrors: false, strict: true});
	} catch (error) {
		return fail(path, text, 0, `cannot be read as YAML (${error instanceof Error ? error.message : String(error)})`);
	}
	const [firstError] = document.errors;
	if (firstError) {
		return fail(path, text, firstError.pos[0], shortReason(firstError.message), counter);
	}
	const strict = tagProblem(text, taggedNodes(document));
	if (strict) return strictFail(path, text, strict);
	const top = document.contents;
	if (top === null || (isScalar(top) && (top.value === null || top.value === ''))) {
		return routesFile({path, text, exists, eol, indent: 4, spaced: false}, listed([]));
	}
	if (!isMap(top)) {
		return fail(path, text, top.range?.[0] ?? 0, 'the top level must be a mapping of route names to routes', counter);
	}
	if (top.flow) {
		return fail(path, text, top.range?.[0] ?? 0, 'the top level is a flow mapping ({…}); write it in block style so routes can be appended', counter);
	}

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
		const name = String(keyNode.value);
		if (seen.has(name)) return fail(path, text, start, `duplicate key: ${name}`, counter);
		seen.add(name);
		const value = pair.value as Node | null;
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
			const found = value.items.find((item) => isScalar(item.key) && item.key.value === key);
			return found ? (found.value as Node | null) : undefined;
		};
		const uri = field('uri');
		const controller = field('controller');
		const httpMethod = field('httpMethod');
		for (const [key, node] of [['uri', uri], ['controller', controller], ['httpMethod', httpMethod]] as const) {
			if (node === undefined) return fail(path, text, start, `route "${name}" has no "${key}"`, counter);
		}
		if (!isScalar(uri) || typeof uri.value !== 'string') {
			return fail(path, text, uri?.range?.[0] ?? start, `route "${name}": uri must be a string`, counter);
		}
		if (!isScalar(controller) || typeof controller.value !== 'string') {
			return fail(path, text, controller?.range?.[0] ?? start, `route "${name}": controller must be a string`, counter);
		}
		let methods: string[];
		if (isSeq(httpMethod) && httpMethod.items.every((item) => isScalar(item) && typeof item.value === 'string')) {
			methods = httpMethod.items.map((item) => String((item as {value: unknown}).value).toUpperCase());
		} else if (isScalar(httpMethod) && typeof httpMethod.value === 'string') {
			methods = [httpMethod.value.toUpperCase()];
		} else {
			return fail(path, text, httpMethod?.range?.[0] ?? start, `route "${name}": httpMethod must be a list of methods such as [GET]`, counter);
		}
		const {line, col} = counter.linePos(start);
		entries.push({name, uri: uri.value, controller: controller.value, methods, line, col, offset: start});
	}
	return routesFile({
		path, text, exists, eol, indent: indent ?? 4, spaced: isSpaced(text, top.items.length),
		appendProblem: appendProblem(text, top.range?.[0] ?? 0, top.range?.[2] ?? text.length, counter),
	}, listed(entries));
}

/**
 * Whether text appended at the end continues the top-level mapping: its keys start at
 * column 1 and nothing but blank lines and comments follows the last entry (no `...` or
 * `---` marker, no second document).
 */
function appendProblem(text: string, start: number, end: number, counter: LineCounter): string | undefined {
	const {line, col} = counter.linePos(start);
	// A byte-order mark before the first route is not indentation.
	const bom = line === 1 && text.startsWith('\uFEFF') ? 1 : 0;
	if (col - bom !== 1) return 'its routes are indented; routes must start at column 1';
	const rest = text.slice(end);
	if (!/^(?:[ \t]*(?:#[^\n]*)?\r?\n?)*$/.test(rest)) {
		return 'something other than comments follows the last route (a "..." or "---" marker?)';
	}
	return undefined;
}

/** Where a file's entries come from: the full parse's list, or the scanner, which reads one from the text when asked. */
interface RouteSource {
	readonly count: number;
	/** Route name → index of its entry. */
	readonly names: ReadonlyMap<string, number>;
	entry(index: number): RouteEntry;
	/**
	 * The index of the entry whose text holds `offset` (-1 above the first). Only for a source whose
	 * values all stand in the text as they read (plain, or quoted without escapes but '').
	 */
	indexAt?(offset: number): number;
}

function listed(entries: readonly RouteEntry[]): RouteSource {
	const names = new Map<string, number>();
	for (const [index, entry] of entries.entries()) names.set(entry.name, index);
	return {count: entries.length, names, entry: (index) => entries[index]!};
}

// A run of make:* makes a few URI lookups, each a search of the text; the wizard makes some at
// every keystroke, and past this many every route is indexed once instead.
const searchesBeforeIndex = 16;
// A search reads at most this many of the routes it finds before it indexes them all.
const searchLimit = 32;

/** The file as read, with the index of its routes. */
function routesFile(file: Omit<RoutesFile, keyof RouteIndex>, source: RouteSource): RoutesFile {
	return Object.assign(new LazyIndex(file.text, source), file);
}

/**
 * An index built as it is needed: a run that adds one route to a file of 10,000 looks up one
 * name and one URI, and reads only the routes those lookups find.
 */
class LazyIndex implements RouteIndex {
	readonly #text: string;
	readonly #source: RouteSource;
	#entries: readonly RouteEntry[] | undefined;
	#registered: Registered<RouteEntry> | undefined;
	#searches = 0;

	constructor(text: string, source: RouteSource) {
		this.#text = text;
		this.#source = source;
	}

	get count(): number {
		return this.#source.count;
	}

	get entries(): readonly RouteEntry[] {
		this.#entries ??= Array.from({length: this.#source.count}, (_, index) => this.#source.entry(index));
		return this.#entries;
	}

	get last(): RouteEntry | undefined {
		return this.#source.count === 0 ? undefined : this.#source.entry(this.#source.count - 1);
	}

	get clashes(): ReadonlyArray<readonly [RouteEntry, RouteEntry, string]> {
		return this.#index().clashes;
	}

	named(name: string): RouteEntry | undefined {
		const index = this.#source.names.get(name);
		return index === undefined ? undefined : this.#source.entry(index);
	}

	serving(method: string, uri: string): RouteEntry | undefined {
		const variants = routeVariants(uri);
		if (variants === undefined) return undefined;
		const wanted = method.toUpperCase();
		if (this.#registered === undefined && ++this.#searches <= searchesBeforeIndex) {
			const found = this.#search(wanted, uri, variants);
			if (found !== 'index') return found;
		}
		return this.#index().refusing(wanted, variants);
	}

	/**
	 * The first route that makes the router refuse `variants` for `method`, among those whose
	 * `uri:` text may (see candidatesPattern). 'index' when the routes were not scanned from the
	 * text, the URI has optional parts, or too many routes may clash.
	 */
	#search(method: string, uri: string, variants: readonly RouteVariant[]): RouteEntry | undefined | 'index' {
		const source = this.#source;
		if (source.indexAt === undefined || /[[\]]/.test(uri)) return 'index';
		const stop = uri.search(/[{'"]/);
		const pattern = candidatesPattern(stop === -1 ? uri : uri.slice(0, stop));
		let read = 0;
		let previous = -1;
		for (const match of this.#text.matchAll(pattern)) {
			const index = source.indexAt(match.index + 1);
			if (index === -1 || index === previous) continue;
			previous = index;
			if (++read > searchLimit) return 'index';
			const entry = source.entry(index);
			if (!entry.methods.includes(method)) continue;
			const theirs = variantsOf(entry.uri);
			if (variants.some((mine) => theirs.some((their) => refuses(their, mine)))) return entry;
		}
		return undefined;
	}

	/** Every route registered as the router does, in file order, and the pairs it refuses. */
	#index(): Registered<RouteEntry> {
		this.#registered ??= register(this.entries);
		return this.#registered;
	}
}

function shortReason(message: string): string {
	return (message.split('\n', 1)[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
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

/** The YAML text of one route entry, in the file's indentation and line endings. */
export function renderEntry(route: NewRoute, indent: number, eol: string): string {
	const pad = ' '.repeat(indent);
	return [
		`${yamlKey(route.name)}:`,
		`${pad}uri: ${yamlString(route.uri)}`,
		`${pad}controller: ${yamlString(route.controller)}`,
		`${pad}httpMethod: [${route.methods.join(', ')}]`,
	].join(eol) + eol;
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
	let text = file.text;
	if (text.length > 0 && !text.endsWith('\n')) text += file.eol;
	let added = '';
	for (const route of routes) {
		const hasContent = /[^\s]/.test(text.replace(/^\uFEFF/, ''));
		const separator = file.spaced && hasContent && !/(\r?\n){2}$/.test(text) ? file.eol : '';
		const entry = renderEntry(route, file.indent, file.eol);
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

function sameRoutes(actual: readonly NewRoute[], expected: readonly NewRoute[]): boolean {
	if (actual.length !== expected.length) return false;
	return actual.every((entry, index) => {
		const other = expected[index]!;
		return entry.name === other.name && entry.uri === other.uri && entry.controller === other.controller
			&& entry.methods.length === other.methods.length && entry.methods.every((method, at) => method === other.methods[at]);
	});
}
