// Routes registered as the framework's router (FastRoute) registers them, in file order: which
// pairs it refuses, and which route makes it refuse a new one. Pure.
import {refuses, routeVariants, variantKey, type RouteVariant} from './route-variants.js';

interface Route {
	readonly uri: string;
	readonly methods: readonly string[];
}

/** The variants a route registers; none when the router refuses its URI (that file fails anyway). */
export function variantsOf(uri: string): readonly RouteVariant[] {
	return routeVariants(uri) ?? [];
}

/** The literal text up to its last `/`: a variable route can match only URIs that start with it. */
function folderOf(prefix: string): string {
	return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}

/** Every folder a static URI is in, '' first: where the variable routes that could match it are filed. */
function foldersOf(uri: string): string[] {
	const folders = [''];
	for (let at = uri.indexOf('/'); at !== -1; at = uri.indexOf('/', at + 1)) folders.push(uri.slice(0, at + 1));
	return folders;
}

const regexSpecial = /[.*+?^${}()|[\]\\/]/g;

/**
 * A search for the `uri:` values that may clash with a URI without optional parts whose text
 * starts with `head`: those that start with a prefix of it followed by a placeholder or an
 * optional part (a variable route that may match it), or with all of it (the same static URI, or
 * the same literal text before the same placeholders). A superset: each one found is checked exactly.
 */
export function candidatesPattern(head: string): RegExp {
	let rest = '';
	for (let index = head.length - 1; index >= 0; index--) {
		rest = `(?:${head[index]!.replace(regexSpecial, '\\$&')}${rest}|[{\\[\\]])`;
	}
	return new RegExp(String.raw`\n[ ]+uri:[ ]+['"]?${rest}`, 'g');
}

export interface Registered<T extends Route> {
	readonly clashes: ReadonlyArray<readonly [T, T, string]>;
	/** The first route, in file order, because of which the router refuses `variants` for `method` after all routes. */
	refusing(method: string, variants: readonly RouteVariant[]): T | undefined;
}

interface Filed<T> {
	readonly at: number;
	readonly entry: T;
	readonly variant: RouteVariant;
}

export function register<T extends Route>(entries: readonly T[]): Registered<T> {
	// `METHOD key` → the first route registering it; `METHOD folder` → the variable routes filed there.
	const byKey = new Map<string, Filed<T>>();
	const variables = new Map<string, Filed<T>[]>();
	/** The earliest variable route that matches a static URI, for that method. */
	const shadowing = (method: string, variant: RouteVariant): Filed<T> | undefined => {
		let first: Filed<T> | undefined;
		for (const folder of foldersOf(variant.static!)) {
			for (const filed of variables.get(`${method} ${folder}`) ?? []) {
				if ((first === undefined || filed.at < first.at) && refuses(filed.variant, variant)) first = filed;
			}
		}
		return first;
	};
	const clashes: Array<[T, T, string]> = [];
	entries.forEach((entry, at) => {
		for (const method of entry.methods) {
			for (const variant of variantsOf(entry.uri)) {
				const key = `${method} ${variantKey(variant)}`;
				const earlier = byKey.get(key) ?? (variant.static === undefined ? undefined : shadowing(method, variant));
				if (earlier !== undefined && earlier.entry !== entry) clashes.push([earlier.entry, entry, `${method} ${entry.uri}`]);
				if (!byKey.has(key)) byKey.set(key, {at, entry, variant});
				if (variant.static === undefined) {
					const folder = `${method} ${folderOf(variant.prefix)}`;
					const filed = variables.get(folder);
					if (filed === undefined) variables.set(folder, [{at, entry, variant}]);
					else filed.push({at, entry, variant});
				}
			}
		}
	});
	return {
		clashes,
		refusing(method, variants) {
			let first: Filed<T> | undefined;
			for (const variant of variants) {
				const found = [byKey.get(`${method} ${variantKey(variant)}`), variant.static === undefined ? undefined : shadowing(method, variant)];
				for (const filed of found) if (filed !== undefined && (first === undefined || filed.at < first.at)) first = filed;
			}
			return first?.entry;
		},
	};
}

