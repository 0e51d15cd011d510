// An evaluated attribute's arguments, read by name: positional arguments put in their
// constructor slot, values checked against what the OpenAPI field needs, leftovers reported.
import {lookupAttribute, type AttributeSpec} from '../../php/evaluate/attribute-set.js';
import type {Diagnostics} from '../../php/diagnostics.js';
import {describeValue, isPhpObject, PhpArray, phpString, shortName, type PhpObject, type PhpValue, type Site} from '../../php/php-value.js';

export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
	[key: string]: Json;
}

/** Arguments edu knows but does not put in the document; reported once as not read. */
export class Args {
	readonly #named: Map<string, PhpValue>;
	readonly #used = new Set<string>();

	constructor(
		readonly object: PhpObject,
		readonly spec: AttributeSpec,
		readonly report: Diagnostics,
	) {
		this.#named = new Map();
		object.positional.forEach((value, index) => {
			const name = spec.parameters[index];
			if (name === undefined || index >= spec.positional) {
				report.warn(object.site, `${spec.name}: positional argument ${index + 1} (${describeValue(value)}) is left out; name it (e.g. description: …), since its position differs between swagger-php versions`);
				return;
			}
			this.#named.set(name, value);
		});
		for (const [name, value] of object.named) {
			if (this.#named.has(name)) {
				report.warn(object.site, `${spec.name}: ${name} is given twice; the named one is kept`);
			}
			this.#named.set(name, value);
		}
	}

	get site(): Site {
		return this.object.site;
	}

	get name(): string {
		return this.spec.name;
	}

	/** The raw value; null counts as not given, as in swagger-php's constructors. */
	value(name: string): PhpValue | undefined {
		this.#used.add(name);
		const value = this.#named.get(name);
		return value === null ? undefined : value;
	}

	has(name: string): boolean {
		const value = this.#named.get(name);
		return value !== undefined && value !== null;
	}

	string(name: string): string | undefined {
		const value = this.value(name);
		if (value === undefined) return undefined;
		if (typeof value === 'object') {
			this.#wrongType(name, value, 'a string');
			return undefined;
		}
		return phpString(value);
	}

	boolean(name: string): boolean | undefined {
		const value = this.value(name);
		if (value === undefined) return undefined;
		if (typeof value === 'boolean') return value;
		if (typeof value === 'number') return value !== 0;
		if (typeof value === 'string') return value !== '' && value !== '0';
		this.#wrongType(name, value, 'true or false');
		return undefined;
	}

	number(name: string, integer = false): number | undefined {
		const value = this.value(name);
		if (value === undefined) return undefined;
		const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
		if (Number.isNaN(number) || (integer && !Number.isInteger(number))) {
			this.#wrongType(name, value, integer ? 'an integer' : 'a number');
			return undefined;
		}
		return number;
	}

	stringList(name: string): string[] | undefined {
		const value = this.value(name);
		if (value === undefined) return undefined;
		if (typeof value === 'string') return [value];
		if (!(value instanceof PhpArray)) {
			this.#wrongType(name, value, 'a list of strings');
			return undefined;
		}
		const strings: string[] = [];
		for (const item of value.values()) {
			if (item === null || typeof item === 'object') this.#wrongType(name, item, 'a string');
			else strings.push(phpString(item));
		}
		return strings;
	}

	/** Any plain value (example, default, enum…), arrays turned into lists or maps; null means not given. */
	json(name: string): Json | undefined {
		const value = this.value(name);
		if (value === undefined) return undefined;
		return toJson(value, this.site, this.report, `${this.spec.name}: ${name}`);
	}

	/** The nested attributes given to `name`: one object, or a list/map of them (keys kept). */
	objects(name: string): Array<{readonly key: string | number | undefined; readonly object: PhpObject}> {
		const value = this.value(name);
		if (value === undefined) return [];
		if (isPhpObject(value)) return [{key: undefined, object: value}];
		if (value instanceof PhpArray) {
			const found: Array<{key: string | number | undefined; object: PhpObject}> = [];
			const list = value.isList();
			for (const [key, item] of value.entries()) {
				if (isPhpObject(item)) found.push({key: list ? undefined : key, object: item});
				else if (item !== null) this.#wrongType(name, item, 'new Attributes\\…(…)');
			}
			return found;
		}
		this.#wrongType(name, value, 'new Attributes\\…(…)');
		return [];
	}

	/** The named arguments the attribute does not have (PHP refuses them: "Unknown named parameter"). */
	unknownNames(): string[] {
		return [...this.#named.keys()].filter((name) => !this.spec.parameters.includes(name));
	}

	/** The attribute is left out as a whole: its other arguments need no report of their own. */
	discard(): void {
		for (const name of this.#named.keys()) this.#used.add(name);
	}

	/** Reports the arguments nobody read. Call once the attribute is converted. */
	finish(): void {
		for (const name of this.#named.keys()) {
			if (this.#used.has(name)) continue;
			if (this.spec.parameters.includes(name)) {
				this.report.warn(this.site, `${this.spec.name}: ${name} is not read by edu; left out of the document`);
			} else {
				this.report.warn(this.site, `${this.spec.name} has no argument named ${name}; left out`);
			}
		}
	}

	#wrongType(name: string, value: PhpValue, expected: string): void {
		this.report.warn(this.site, `${this.spec.name}: ${name} should be ${expected}, not ${describeValue(value)}; left out`);
	}
}

/** Nested arrays may share parts (`const B = [A, A];`): their JSON is cut off past this many values. */
export const maxJsonValues = 200_000;

/** A PHP value as JSON data: list arrays become lists, keyed arrays maps; objects are left out. */
export function toJson(value: PhpValue, site: Site, report: Diagnostics, what: string): Json | undefined {
	const budget = {left: maxJsonValues};
	const converted = jsonOf(value, site, report, what, budget);
	if (budget.left >= 0) return converted;
	report.error(site, `${what}: this value expands to more than ${maxJsonValues} values (nested constants repeat each other); edu stops there`);
	return undefined;
}

function jsonOf(value: PhpValue, site: Site, report: Diagnostics, what: string, budget: {left: number}): Json | undefined {
	if (--budget.left < 0) return undefined;
	if (value === null || typeof value !== 'object') {
		if (typeof value === 'number' && !Number.isFinite(value)) {
			report.warn(site, `${what}: ${phpString(value)} cannot be written in JSON; left out`);
			return undefined;
		}
		return value;
	}
	if (value instanceof PhpArray) {
		if (value.isList()) {
			const list: Json[] = [];
			for (const item of value.values()) {
				const converted = jsonOf(item, site, report, what, budget);
				if (budget.left < 0) return undefined;
				if (converted !== undefined) list.push(converted);
			}
			return list;
		}
		const map: JsonObject = {};
		for (const [key, item] of value.entries()) {
			const converted = jsonOf(item, site, report, what, budget);
			if (budget.left < 0) return undefined;
			if (converted !== undefined) map[String(key)] = converted;
		}
		return map;
	}
	report.warn(value.site, `${what}: new ${shortName(value.className)}(…) is not a plain value; left out`);
	return undefined;
}

/** The spec of a nested `new X(…)` if it is one of the attributes in `roles`, else a warning. */
export function nestedArgs(object: PhpObject, roles: readonly string[], report: Diagnostics, where: string): Args | undefined {
	const found = lookupAttribute(object.className);
	if (found.kind === 'known' && roles.includes(found.spec.role)) return new Args(object, found.spec, report);
	if (found.kind === 'known') {
		report.warn(object.site, `${where}: new ${found.spec.name}(…) does not belong here; left out`);
	} else if (found.kind === 'misresolved') {
		report.warn(object.site, `${where}: new ${shortName(object.className)}(…) resolves to ${object.className}, not OpenApi\\Attributes\\${found.spec.name}; add \`use OpenApi\\Attributes;\` and write Attributes\\${found.spec.name}; left out`);
	} else {
		report.warn(object.site, `${where}: new ${object.className}(…) is not an OpenAPI attribute edu reads; left out`);
	}
	return undefined;
}

/** Adds `x: ['name' => value]` as `x-name` fields. */
export function addExtensions(target: JsonObject, args: Args): void {
	const x = args.json('x');
	if (x === undefined) return;
	if (typeof x !== 'object' || x === null || Array.isArray(x)) {
		args.report.warn(args.site, `${args.name}: x should be a keyed array such as ['name' => 'value']; left out`);
		return;
	}
	for (const [key, value] of Object.entries(x)) target[key.startsWith('x-') ? key : `x-${key}`] = value;
}

/** Sets a field only when it has a value, so the document keeps swagger-php's field order. */
export function put(target: JsonObject, key: string, value: Json | undefined): void {
	if (value !== undefined) target[key] = value;
}
