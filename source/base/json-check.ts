// A strict JSON reader (RFC 8259) that keeps where everything is, so the mock's files can be
// edited as text (every byte not meant to change stays) and any problem (in them, or in a
// project's composer.json) is reported as line:col. It refuses what JSON.parse would silently
// change or PHP's json_decode (the mock's reader) would not read: a key given twice, an integer
// beyond 2^53, a number beyond a double, nesting deeper than 512 levels, a byte order mark, a
// lone UTF-16 surrogate escape.
import {isUtf8} from 'node:buffer';

export interface JsonProblem {
	readonly line: number;
	readonly col: number;
	readonly reason: string;
	/** Valid JSON that edu refuses because reading it would change data (or PHP could not read it). */
	readonly unsafe?: true;
}

/** A value and where it stands in the text: [start, end) offsets. */
export type JsonNode =
	| {readonly kind: 'object'; readonly start: number; readonly end: number; readonly entries: readonly JsonEntry[]}
	| {readonly kind: 'array'; readonly start: number; readonly end: number; readonly items: readonly JsonNode[]}
	| {readonly kind: 'string'; readonly start: number; readonly end: number; readonly value: string}
	| {readonly kind: 'other'; readonly start: number; readonly end: number};

export interface JsonEntry {
	readonly key: string;
	readonly keyStart: number;
	readonly keyEnd: number;
	readonly value: JsonNode;
}

/** PHP's json_decode default depth. */
export const maxDepth = 512;

class Stop extends Error {
	constructor(readonly offset: number, readonly reason: string, readonly unsafe = false) {
		super(reason);
	}
}

/** The parsed document, or its first problem. */
export function readJson(text: string): {readonly root: JsonNode} | {readonly problem: JsonProblem} {
	let at = 0;
	const describe = (): string => (at >= text.length ? 'end of file' : JSON.stringify(text[at]));
	const space = (): void => {
		while (at < text.length && ' \t\r\n'.includes(text[at] ?? '')) at++;
	};
	const expect = (what: string): never => {
		throw new Stop(at, `expected ${what}, found ${describe()}`);
	};
	const literal = (word: string): JsonNode => {
		const start = at;
		if (text.startsWith(word, at)) at += word.length;
		else expect('a value');
		return {kind: 'other', start, end: at};
	};
	const trailingComma = (close: string): void => {
		const comma = at++;
		space();
		if (text[at] === close) throw new Stop(comma, `a comma before "${close}": JSON allows no trailing comma`);
	};
	const string = (): JsonNode & {kind: 'string'} => {
		const start = at++;
		for (;;) {
			const char = text[at];
			if (char === undefined) throw new Stop(at, 'unterminated string');
			if (char === '"') {
				at++;
				return {kind: 'string', start, end: at, value: JSON.parse(text.slice(start, at)) as string};
			}
			if (char < ' ') throw new Stop(at, 'control character in a string (write it as an escape such as \\n)');
			if (char === '\\') {
				const next = text[at + 1];
				if (next === 'u') {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) throw new Stop(at, 'bad \\u escape');
					const unit = Number.parseInt(text.slice(at + 2, at + 6), 16);
					// PHP's json_decode refuses the whole file for a surrogate that is not half of a pair.
					const low = /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(text.slice(at + 6, at + 12));
					if ((unit >= 0xdc00 && unit <= 0xdfff) || (unit >= 0xd800 && unit <= 0xdbff && !low)) {
						throw new Stop(at, `a lone UTF-16 surrogate ${text.slice(at, at + 6)}: PHP's json_decode (the mock's reader) refuses the whole file`, true);
					}
					at += low && unit >= 0xd800 && unit <= 0xdbff ? 12 : 6;
				} else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
					at += 2;
				} else {
					throw new Stop(at, 'bad escape in a string');
				}
				continue;
			}
			at++;
		}
	};
	const number = (): JsonNode => {
		const start = at;
		const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
		if (!match) expect('a value');
		at += match![0].length;
		const value = Number(match![0]);
		if (!Number.isFinite(value)) throw new Stop(start, `the number ${match![0]} is too large for a double: it would be rewritten as null`, true);
		if (match![1] === undefined && match![2] === undefined && !Number.isSafeInteger(value)) {
			throw new Stop(start, `the integer ${match![0]} is beyond 2^53: it would be rounded; write it as a string`, true);
		}
		return {kind: 'other', start, end: at};
	};
	const value = (depth: number): JsonNode => {
		space();
		const char = text[at];
		if (char === '{' || char === '[') {
			if (depth >= maxDepth) throw new Stop(at, `nested deeper than ${maxDepth} levels (the most PHP's json_decode reads)`, true);
			return char === '{' ? object(depth + 1) : array(depth + 1);
		}
		if (char === '"') return string();
		if (char === 't') return literal('true');
		if (char === 'f') return literal('false');
		if (char === 'n') return literal('null');
		if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
		return expect('a value');
	};
	const object = (depth: number): JsonNode => {
		const start = at++;
		const entries: JsonEntry[] = [];
		const seen = new Set<string>();
		space();
		if (text[at] === '}') return {kind: 'object', start, end: ++at, entries};
		for (;;) {
			space();
			if (text[at] !== '"') expect('a property name in double quotes');
			const key = string();
			if (seen.has(key.value)) throw new Stop(key.start, `the key ${text.slice(key.start, key.end)} is given twice: one would silently win`, true);
			seen.add(key.value);
			space();
			if (text[at] !== ':') expect('":"');
			at++;
			entries.push({key: key.value, keyStart: key.start, keyEnd: key.end, value: value(depth)});
			space();
			if (text[at] === ',') {
				trailingComma('}');
				continue;
			}
			if (text[at] === '}') return {kind: 'object', start, end: ++at, entries};
			expect('"," or "}"');
		}
	};
	const array = (depth: number): JsonNode => {
		const start = at++;
		const items: JsonNode[] = [];
		space();
		if (text[at] === ']') return {kind: 'array', start, end: ++at, items};
		for (;;) {
			items.push(value(depth));
			space();
			if (text[at] === ',') {
				trailingComma(']');
				continue;
			}
			if (text[at] === ']') return {kind: 'array', start, end: ++at, items};
			expect('"," or "]"');
		}
	};
	try {
		// PHP's json_decode returns null for a file that starts with a BOM: nothing in it is read.
		if (text.startsWith('\uFEFF')) throw new Stop(0, 'a byte order mark (BOM) starts the file: PHP\'s json_decode (the mock\'s reader) refuses the whole file; save it without BOM', true);
		const root = value(0);
		space();
		if (at < text.length) expect('the end of the file');
		return {root};
	} catch (error) {
		if (!(error instanceof Stop)) throw error;
		return {problem: {...position(text, error.offset), reason: error.reason, ...(error.unsafe ? {unsafe: true as const} : {})}};
	}
}

/** undefined when `text` is valid JSON that edu can keep byte for byte, else the first problem. */
export function findJsonProblem(text: string): JsonProblem | undefined {
	const read = readJson(text);
	return 'problem' in read ? read.problem : undefined;
}

export function position(text: string, offset: number): {line: number; col: number} {
	const before = text.slice(0, offset);
	const lines = before.split('\n');
	return {line: lines.length, col: (lines.at(-1) ?? '').length + 1};
}

/** Bytes → text, or the line:col of the first byte that is not UTF-8 (never replaced by U+FFFD). */
export function decodeUtf8At(bytes: Uint8Array): {readonly text: string} | {readonly line: number; readonly col: number} {
	const bad = firstBadByte(bytes);
	if (bad === -1) return {text: utf8Text(bytes)};
	const before = utf8Text(bytes.subarray(0, bad));
	return position(before, before.length);
}

/** The offset of the first byte that does not start a well-formed UTF-8 character, or -1. */
function firstBadByte(bytes: Uint8Array): number {
	for (let at = 0; at < bytes.length;) {
		const lead = bytes[at] ?? 0;
		if (lead < 0x80) {
			at++;
			continue;
		}
		const size = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
		if (size === 0) return at;
		for (let next = 1; next <= size; next++) {
			if (((bytes[at + next] ?? 0) & 0xc0) !== 0x80) return at;
		}
		const second = bytes[at + 1] ?? 0;
		// Overlong forms, UTF-16 surrogates and code points above U+10FFFF.
		if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second >= 0xa0) || (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second >= 0x90)) return at;
		at += size + 1;
	}
	return -1;
}

/**
 * `bytes` as UTF-8 text (a byte order mark kept), or undefined when they are not valid UTF-8.
 * What TextDecoder's fatal mode accepts and returns, without the ICU converter it opens on first
 * use, which every make run paid for.
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
	return isUtf8(bytes) ? utf8Text(bytes) : undefined;
}

/** Valid UTF-8 bytes as text, a byte order mark kept. */
function utf8Text(bytes: Uint8Array): string {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
