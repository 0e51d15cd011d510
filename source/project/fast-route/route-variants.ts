// How the framework's router, nikic/fast-route 1.x (RouteParser\Std and
// DataGenerator\RegexBasedAbstract), reads a route URI and when it refuses a route: what decides
// whether a new route would make every request fail. Pure.

/** One concrete route a URI registers: `[/{name}]` tails give one per optional part. */
export interface RouteVariant {
	/** The URI text when it has no placeholder (a static route), undefined otherwise. */
	readonly static: string | undefined;
	/** The regex FastRoute builds for a variable route: literal text quoted, each placeholder `(pattern)`. */
	readonly regex: string;
	/** The literal text before the first placeholder. */
	readonly prefix: string;
}

const defaultPattern = '[^/]+';
const nameStart = /[a-zA-Z_]/;
const nameChar = /[a-zA-Z0-9_-]/;
const space = /\s/;

interface Placeholder {
	readonly end: number;
	readonly name: string;
	readonly pattern: string;
}

/** The placeholder `{name}` or `{name:pattern}` (balanced braces in the pattern) at `at`, if there is one. */
function placeholderAt(uri: string, at: number): Placeholder | undefined {
	let index = at + 1;
	while (index < uri.length && space.test(uri[index]!)) index++;
	if (index >= uri.length || !nameStart.test(uri[index]!)) return undefined;
	const nameAt = index;
	while (index < uri.length && nameChar.test(uri[index]!)) index++;
	const name = uri.slice(nameAt, index);
	while (index < uri.length && space.test(uri[index]!)) index++;
	if (uri[index] === '}') return {end: index + 1, name, pattern: defaultPattern};
	if (uri[index] !== ':') return undefined;
	const start = index + 1;
	let depth = 0;
	for (index = start; index < uri.length; index++) {
		const char = uri[index];
		if (char === '{') depth++;
		else if (char === '}') {
			if (depth === 0) return {end: index + 1, name, pattern: uri.slice(start, index).trim()};
			depth--;
		}
	}
	return undefined;
}

type Part = string | {readonly name: string; readonly pattern: string};

/** The text split into literal text and placeholders, as FastRoute's placeholder regex finds them. */
function parts(uri: string): Part[] {
	const found: Part[] = [];
	let text = '';
	for (let index = 0; index < uri.length;) {
		const placeholder = uri[index] === '{' ? placeholderAt(uri, index) : undefined;
		if (placeholder === undefined) {
			text += uri[index];
			index++;
			continue;
		}
		if (text !== '') found.push(text);
		text = '';
		found.push({name: placeholder.name, pattern: placeholder.pattern});
		index = placeholder.end;
	}
	if (text !== '' || found.length === 0) found.push(text);
	return found;
}

// PHP's preg_quote with `~`, the delimiter FastRoute gives it.
const quoted = /[.\\+*?[^\]$(){}=!<>|:\-#~\0]/g;
function pregQuote(text: string): string {
	return text.replace(quoted, (char) => (char === '\0' ? '\\000' : `\\${char}`));
}

function variant(route: string): RouteVariant {
	const split = parts(route);
	if (split.length === 1 && typeof split[0] === 'string') return {static: split[0], regex: pregQuote(split[0]), prefix: split[0]};
	const regex = split.map((part) => (typeof part === 'string' ? pregQuote(part) : `(${part.pattern})`)).join('');
	return {static: undefined, regex, prefix: typeof split[0] === 'string' ? split[0] : ''};
}

/**
 * The routes a URI registers, or undefined when FastRoute refuses it (as many `[` as trailing
 * `]` or else, no empty optional part, no placeholder name twice).
 */
export function routeVariants(uri: string): RouteVariant[] | undefined {
	if (!/[{[\]]/.test(uri)) return [{static: uri, regex: pregQuote(uri), prefix: uri}];
	const forms = routeForms(uri);
	return forms === undefined || forms.some((form) => repeatedPlaceholder(form) !== undefined) ? undefined : forms.map(variant);
}

/** A placeholder name `route` uses twice (FastRoute: "Cannot use the same placeholder … twice"), if any. */
export function repeatedPlaceholder(route: string): string | undefined {
	const names = parts(route).flatMap((part) => (typeof part === 'string' ? [] : [part.name]));
	return names.find((name, at) => names.indexOf(name) !== at);
}

/**
 * The URIs a route answers as OpenAPI paths: one per optional part (`/a[/{b}]` → `/a`, `/a/{b}`),
 * each placeholder written `{name}` without its pattern. Undefined when FastRoute refuses the URI.
 */
export function openapiPaths(uri: string): string[] | undefined {
	return routeForms(uri)?.map((form) => {
		let plain = '';
		for (let index = 0; index < form.length;) {
			const placeholder = form[index] === '{' ? placeholderAt(form, index) : undefined;
			plain += placeholder === undefined ? form[index] : `{${placeholder.name}}`;
			index = placeholder === undefined ? index + 1 : placeholder.end;
		}
		return plain;
	});
}

/** The URI's text for each of its optional parts: the shortest first. */
function routeForms(uri: string): string[] | undefined {
	const trimmed = uri.replace(/\]+$/, '');
	const optionals = uri.length - trimmed.length;
	// Split on `[` outside placeholders; a `]` left inside is text when the counts agree.
	const segments: string[] = [];
	let current = '';
	for (let index = 0; index < trimmed.length;) {
		const placeholder = trimmed[index] === '{' ? placeholderAt(trimmed, index) : undefined;
		if (placeholder !== undefined) {
			current += trimmed.slice(index, placeholder.end);
			index = placeholder.end;
		} else if (trimmed[index] === '[') {
			segments.push(current);
			current = '';
			index++;
		} else {
			current += trimmed[index];
			index++;
		}
	}
	segments.push(current);
	if (segments.length - 1 !== optionals) return undefined;
	if (segments.some((segment, index) => segment === '' && index !== 0)) return undefined;
	let route = '';
	return segments.map((segment) => (route += segment));
}

const compiled = new Map<string, RegExp | null>();
/** FastRoute's `preg_match('~^' . regex . '$~', uri)`, with JavaScript's regex engine; undefined when it cannot compile it. */
function matches(regex: string, uri: string): boolean | undefined {
	let pattern = compiled.get(regex);
	if (pattern === undefined) {
		try {
			pattern = new RegExp(`^(?:${regex})$`);
		} catch {
			pattern = null;
		}
		compiled.set(regex, pattern);
	}
	return pattern === null ? undefined : pattern.test(uri);
}

/**
 * Whether FastRoute refuses `later` once `earlier` is registered for the same method: two routes
 * matching the same static URI or building the same regex, or a static route that an earlier
 * variable route already matches ("shadowed"). A variable route after a static one it also
 * matches is accepted (static routes are looked up first).
 */
export function refuses(earlier: RouteVariant, later: RouteVariant): boolean {
	if (later.static !== undefined) {
		if (earlier.static !== undefined) return earlier.static === later.static;
		return matches(earlier.regex, later.static) === true;
	}
	return earlier.static === undefined && earlier.regex === later.regex;
}

/** The key two variants share when they clash whatever the order: the static URI or the regex. */
export function variantKey(entry: RouteVariant): string {
	return entry.static === undefined ? `r ${entry.regex}` : `s ${entry.static}`;
}
