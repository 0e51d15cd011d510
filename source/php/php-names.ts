// PHP name resolution: how `Attributes\Get`, `OA\Get`, `Get` or `\OpenApi\Attributes\Get`
// become one fully qualified class name, given the file's namespace and `use` imports.

export interface NameScope {
	/** The current namespace, '' for the global one. */
	readonly namespace: string;
	/** `use` imports of classes and namespaces: lower-cased alias → fully qualified name. */
	readonly classes: ReadonlyMap<string, string>;
	/** `use const` imports: alias → fully qualified name. */
	readonly constants: ReadonlyMap<string, string>;
}

function qualify(namespace: string, name: string): string {
	return namespace === '' ? name : `${namespace}\\${name}`;
}

/** A class name as written → its fully qualified name, without a leading backslash. */
export function resolveClassName(written: string, scope: NameScope): string {
	if (written.startsWith('\\')) return written.slice(1);
	if (/^namespace\\/i.test(written)) return qualify(scope.namespace, written.slice('namespace\\'.length));
	const separator = written.indexOf('\\');
	const first = separator === -1 ? written : written.slice(0, separator);
	const imported = scope.classes.get(first.toLowerCase());
	if (imported !== undefined) return separator === -1 ? imported : `${imported}${written.slice(separator)}`;
	return qualify(scope.namespace, written);
}

/**
 * A constant name as written → the fully qualified names PHP tries, in order
 * (an unqualified name in a namespace falls back to the global constant).
 */
export function constantCandidates(written: string, scope: NameScope): string[] {
	if (written.startsWith('\\')) return [written.slice(1)];
	if (!written.includes('\\')) {
		const imported = scope.constants.get(written);
		if (imported !== undefined) return [imported];
		return scope.namespace === '' ? [written] : [qualify(scope.namespace, written), written];
	}
	return [resolveClassName(written, scope)];
}

/** Class names compare case-insensitively in PHP. */
export function sameClass(a: string, b: string): boolean {
	return a.replace(/^\\/, '').toLowerCase() === b.replace(/^\\/, '').toLowerCase();
}
