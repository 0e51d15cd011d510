// The values a PHP constant expression can have, as PHP holds them: ordered arrays with
// int-or-string keys, and `new X(...)` objects kept as their class and arguments.

/** Where something is written: a project-relative file and a 1-based line and column (line 0: the file as a whole). */
export interface Site {
	readonly file: string;
	readonly line: number;
	readonly col: number;
}

export function siteText(site: Site): string {
	return site.line === 0 ? site.file : `${site.file}:${site.line}:${site.col}`;
}

export type PhpKey = string | number;

export type PhpValue = string | number | boolean | null | PhpArray | PhpObject;

/** `new X(...)`, or an attribute: the class (fully qualified, no leading `\`) and its arguments. */
export interface PhpObject {
	readonly kind: 'object';
	readonly className: string;
	readonly positional: readonly PhpValue[];
	readonly named: ReadonlyMap<string, PhpValue>;
	readonly site: Site;
}

/** A PHP array: insertion-ordered, keys normalised the way PHP does ("1" → 1, true → 1, null → ""). */
export class PhpArray {
	readonly kind = 'array';
	readonly #entries = new Map<PhpKey, PhpValue>();
	#next = 0;

	static list(values: readonly PhpValue[]): PhpArray {
		const array = new PhpArray();
		for (const value of values) array.push(value);
		return array;
	}

	get size(): number {
		return this.#entries.size;
	}

	push(value: PhpValue): void {
		this.set(this.#next, value);
	}

	set(key: PhpKey, value: PhpValue): void {
		this.#entries.set(key, value);
		if (typeof key === 'number' && key >= this.#next) this.#next = key + 1;
	}

	entries(): IterableIterator<[PhpKey, PhpValue]> {
		return this.#entries.entries();
	}

	values(): PhpValue[] {
		return [...this.#entries.values()];
	}

	/** PHP's array_is_list(): keys are 0, 1, 2… in order. */
	isList(): boolean {
		let expected = 0;
		for (const key of this.#entries.keys()) {
			if (key !== expected) return false;
			expected++;
		}
		return true;
	}
}

export function isPhpArray(value: unknown): value is PhpArray {
	return value instanceof PhpArray;
}

export function isPhpObject(value: unknown): value is PhpObject {
	return typeof value === 'object' && value !== null && (value as {kind?: unknown}).kind === 'object' && !(value instanceof PhpArray);
}

/** An array key the way PHP stores it. Floats are truncated, booleans become 0/1, null becomes "". */
export function normalizeKey(key: PhpValue): PhpKey | undefined {
	if (typeof key === 'number') return Number.isFinite(key) ? Math.trunc(key) : undefined;
	if (typeof key === 'boolean') return key ? 1 : 0;
	if (key === null) return '';
	if (typeof key === 'string') {
		if (/^(0|-?[1-9][0-9]*)$/.test(key)) {
			const number = Number(key);
			if (Number.isSafeInteger(number)) return number;
		}
		return key;
	}
	return undefined;
}

/** How PHP turns a scalar into a string (string concatenation, string parameters). */
export function phpString(value: string | number | boolean | null): string {
	if (typeof value === 'string') return value;
	if (value === true) return '1';
	if (value === false || value === null) return '';
	if (Number.isNaN(value)) return 'NAN';
	if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
	if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
	// PHP prints floats with up to 17 significant digits and an upper-case exponent.
	return String(value).replace('e+', 'E+').replace('e-', 'E-');
}

/** PHP truthiness. */
export function phpTruthy(value: PhpValue): boolean {
	if (value === null || value === false) return false;
	if (value === true) return true;
	if (typeof value === 'number') return value !== 0;
	if (typeof value === 'string') return value !== '' && value !== '0';
	if (value instanceof PhpArray) return value.size > 0;
	return true;
}

/** A short description of a value, for messages. */
export function describeValue(value: PhpValue): string {
	if (value === null) return 'null';
	if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 37)}...` : value}'`;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (value instanceof PhpArray) return 'an array';
	return `new ${shortName(value.className)}(...)`;
}

export function shortName(className: string): string {
	const index = className.lastIndexOf('\\');
	return index === -1 ? className : className.slice(index + 1);
}
