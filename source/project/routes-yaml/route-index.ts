// The routes of a routes.yaml as read: their types, and an index built only as far as lookups
// need it (a run that adds one route to a long file reads only the routes its lookups find).
import {candidatesPattern, register, variantsOf, type Registered} from '../fast-route/registry.js';
import {refuses, routeVariants, type RouteVariant} from '../fast-route/route-variants.js';

export interface RouteEntry {
	readonly name: string;
	readonly uri: string;
	readonly controller: string;
	/** As written: the router compares them with the request's method exactly (`get` never matches GET). */
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
	readonly eol: '\n' | '\r\n' | '\r';
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

/** Where a file's entries come from: the full parse's list, or the scanner, which reads one from the text when asked. */
export interface RouteSource {
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

export function listed(entries: readonly RouteEntry[]): RouteSource {
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
export function routesFile(file: Omit<RoutesFile, keyof RouteIndex>, source: RouteSource): RoutesFile {
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
