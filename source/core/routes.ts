// routes.yaml: parsed with the `yaml` package to validate and index it, appended to as text
// (every existing byte kept), re-parsed and compared before anything is written.
// This is the only code that edits routes.yaml.
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node} from 'yaml';
import {refusal, type Refusal} from './errors.js';

export const routesPath = 'app/Config/routes.yaml';

export interface RouteEntry {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	readonly methods: readonly string[];
	/** 1-based position of the entry's key. */
	readonly line: number;
	readonly col: number;
}

export interface RoutesFile {
	readonly path: string;
	/** The file's text as read ('' when the file does not exist). */
	readonly text: string;
	readonly exists: boolean;
	readonly eol: '\n' | '\r\n';
	/** Indentation of an entry's keys, in spaces. */
	readonly indent: number;
	/** Entries are separated by blank lines. */
	readonly spaced: boolean;
	readonly entries: readonly RouteEntry[];
	readonly byName: ReadonlyMap<string, RouteEntry>;
	/** `METHOD uri-pattern` → the route serving it (first one wins). */
	readonly byMethodUri: ReadonlyMap<string, RouteEntry>;
	/** Pairs of routes that already serve the same method and URI. */
	readonly clashes: ReadonlyArray<readonly [RouteEntry, RouteEntry, string]>;
}

export interface NewRoute {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	readonly methods: readonly string[];
}

/** `/api/ville/{id}` and `/api/ville/{code}` are the same route pattern to the router. */
export function uriPattern(uri: string): string {
	return uri.replace(/\{[^}]*\}/g, '{}');
}

export function methodUriKey(method: string, uri: string): string {
	return `${method.toUpperCase()} ${uriPattern(uri)}`;
}

export function emptyRoutesFile(path = routesPath): RoutesFile {
	return indexRoutes(path, '', false, [], 4, false, '\n');
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
	const nul = text.indexOf('\0');
	if (nul !== -1) return fail(path, text, nul, 'not a text file (it contains a NUL byte)');
	const eol: '\n' | '\r\n' = /\r\n/.test(text) ? '\r\n' : '\n';
	const counter = new LineCounter();
	let document: Document.Parsed;
	try {
		document = parseDocument(text, {lineCounter: counter, uniqueKeys: true, prettyErrors: false, strict: true});
	} catch (error) {
		return fail(path, text, 0, `cannot be read as YAML (${error instanceof Error ? error.message : String(error)})`);
	}
	const [firstError] = document.errors;
	if (firstError) {
		const reason = firstError.code === 'DUPLICATE_KEY' ? `duplicate key: ${duplicateKeyName(text, firstError.pos[0])}` : shortReason(firstError.message);
		return fail(path, text, firstError.pos[0], reason, counter);
	}
	const top = document.contents;
	if (top === null || (isScalar(top) && (top.value === null || top.value === ''))) {
		return indexRoutes(path, text, exists, [], 4, false, eol);
	}
	if (!isMap(top)) {
		return fail(path, text, top.range?.[0] ?? 0, 'the top level must be a mapping of route names to routes', counter);
	}
	if (top.flow) {
		return fail(path, text, top.range?.[0] ?? 0, 'the top level is a flow mapping ({…}); write it in block style so routes can be appended', counter);
	}

	const entries: RouteEntry[] = [];
	let indent: number | undefined;
	for (const pair of top.items) {
		const keyNode = pair.key as Node | null;
		const start = keyNode?.range?.[0] ?? 0;
		if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number')) {
			return fail(path, text, start, 'a route name must be a plain string', counter);
		}
		const name = String(keyNode.value);
		const value = pair.value as Node | null;
		if (!isMap(value)) {
			return fail(path, text, value?.range?.[0] ?? start, `route "${name}" must be a mapping with uri, controller and httpMethod`, counter);
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
		entries.push({name, uri: uri.value, controller: controller.value, methods, line, col});
	}
	return indexRoutes(path, text, exists, entries, indent ?? 4, isSpaced(text, top.items.length), eol);
}

function indexRoutes(
	path: string,
	text: string,
	exists: boolean,
	entries: RouteEntry[],
	indent: number,
	spaced: boolean,
	eol: '\n' | '\r\n',
): RoutesFile {
	const byName = new Map<string, RouteEntry>();
	const byMethodUri = new Map<string, RouteEntry>();
	const clashes: Array<[RouteEntry, RouteEntry, string]> = [];
	for (const entry of entries) {
		byName.set(entry.name, entry);
		for (const method of entry.methods) {
			const key = methodUriKey(method, entry.uri);
			const other = byMethodUri.get(key);
			if (other) clashes.push([other, entry, key]);
			else byMethodUri.set(key, entry);
		}
	}
	return {path, text, exists, eol, indent, spaced, entries, byName, byMethodUri, clashes};
}

function shortReason(message: string): string {
	return (message.split('\n', 1)[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
}

function duplicateKeyName(text: string, offset: number): string {
	const match = /^[^\s:#]+|^'[^']*'|^"[^"]*"/.exec(text.slice(offset, offset + 200));
	return match ? match[0] : 'a key appears twice';
}

/** True when the file's top-level entries are separated by blank lines. */
function isSpaced(text: string, count: number): boolean {
	if (count < 2) return false;
	const lines = text.split(/\r?\n/);
	const keyLines: number[] = [];
	for (let index = 0; index < lines.length && keyLines.length < 2; index++) {
		const line = lines[index] ?? '';
		if (/^[^\s#]/.test(line) && !line.startsWith('---')) keyLines.push(index);
	}
	let above = (keyLines[1] ?? 0) - 1;
	// A comment block right above the entry belongs to it: look above that.
	while (above > 0 && /^\s*#/.test(lines[above] ?? '')) above--;
	return keyLines[1] !== undefined && above >= 0 && (lines[above] ?? '').trim() === '';
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
 * routes.yaml with new entries appended as text. The result is re-parsed and must read as
 * the old routes plus the new ones, else the append is refused rather than written.
 */
export function appendRoutes(file: RoutesFile, routes: readonly NewRoute[]): string | Refusal {
	let text = file.text;
	if (text.length > 0 && !text.endsWith('\n')) text += file.eol;
	for (const route of routes) {
		const hasContent = /[^\s]/.test(text.replace(/^\uFEFF/, ''));
		if (file.spaced && hasContent && !/(\r?\n){2}$/.test(text)) text += file.eol;
		text += renderEntry(route, file.indent, file.eol);
	}
	const reread = parseRoutes(text, file.path, true);
	if ('code' in reread) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: cannot append the new route safely (${reread.message}); the file was left unchanged`);
	}
	const expected = [...file.entries.map(stripPosition), ...routes.map((route) => ({...route, methods: [...route.methods]}))];
	const actual = reread.entries.map(stripPosition);
	if (JSON.stringify(actual) !== JSON.stringify(expected)) {
		return refusal('BAD_PROJECT_FILE', `${file.path}: appending the new route would change how the file reads; the file was left unchanged`);
	}
	return text;
}

function stripPosition(entry: RouteEntry | NewRoute): NewRoute {
	return {name: entry.name, uri: entry.uri, controller: entry.controller, methods: [...entry.methods]};
}
