// Route URIs given with --uri or typed in the wizard: validated, and their {params} read. Pure.

export interface PathParameter {
	readonly name: string;
	readonly type: 'integer' | 'string';
}

const segment = /^[A-Za-z0-9._~-]+$/;
const parameter = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Why a URI cannot be a route URI, or undefined when it can. */
export function uriProblem(uri: string): string | undefined {
	if (uri.length === 0) return 'the URI is empty';
	if (!uri.startsWith('/')) return 'the URI must start with /';
	if (uri.length > 200) return 'the URI is longer than 200 characters';
	if (uri === '/') return undefined;
	if (/[[\]]/.test(uri)) return 'the URI has an optional part ([…], FastRoute\'s syntax), which edu does not write: make one route per form of the URI';
	const parts = uri.slice(1).split('/');
	const seen = new Set<string>();
	for (const [index, part] of parts.entries()) {
		if (part === '') {
			if (index === parts.length - 1) return 'the URI must not end with /';
			return 'the URI must not contain an empty segment (//)';
		}
		if (part === '.' || part === '..') return `the URI must not contain a "${part}" segment`;
		const match = parameter.exec(part);
		if (match) {
			const name = match[1] ?? '';
			if (seen.has(name)) return `the path parameter {${name}} appears twice`;
			seen.add(name);
			continue;
		}
		// FastRoute's own syntax, which the framework's router reads (the skeleton's routes.yaml has both).
		const pattern = /^\{([A-Za-z_][A-Za-z0-9_]*):.*\}$/.exec(part);
		if (pattern) return `"${part}" is a FastRoute pattern, which edu does not write (the controller's OpenAPI path could not say it): write {${pattern[1]}} and check the value in the controller`;
		if (part.includes('{') || part.includes('}')) return `"${part}" is not a path parameter: write a whole segment such as {id}`;
		if (!segment.test(part)) {
			const bad = [...part].find((char) => !/[A-Za-z0-9._~-]/.test(char)) ?? part;
			return `the URI cannot contain ${JSON.stringify(bad)} (letters, digits, - . _ ~ and {params} only)`;
		}
	}
	return undefined;
}

/** The {params} of a URI, in order; `id`-like names are integers. */
export function pathParameters(uri: string): PathParameter[] {
	const found: PathParameter[] = [];
	for (const match of uri.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
		const name = match[1] ?? '';
		found.push({name, type: isIdLike(name) ? 'integer' : 'string'});
	}
	return found;
}

function isIdLike(name: string): boolean {
	return name === 'id' || /(_id|Id|ID)$/.test(name);
}
