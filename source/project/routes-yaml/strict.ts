// Where Symfony YAML (the framework's reader of routes.yaml) and the `yaml` package part: what
// Symfony refuses is refused here too, at the same place, so edu never appends to a file the
// framework cannot load; what Symfony reads otherwise (a lone CR, a dropped line or tail, a
// scalar's type) the text or the reading is brought to, so edu reads the routes the framework reads.

import type {Document, Node} from 'yaml';
import {yaml} from '../../base/yaml-package.js';

const reader = 'Symfony YAML (what the framework reads routes.yaml with)';

export interface StrictProblem {
	readonly offset: number;
	readonly reason: string;
}

/**
 * The text as Symfony YAML reads it, in the same length (offsets and line numbers hold):
 * - it replaces every CRLF and every lone CR with LF before it parses, where the `yaml` package
 *   ends no line on a lone CR: each lone CR becomes LF;
 * - it drops a first `%YAML …` line, so the `yaml` package never reads YAML 1.1 (where `y` is
 *   true), and the first `---` line (after that and leading comments) whole when a line end
 *   follows it, where the `yaml` package reads what follows the marker, and then a `...` that
 *   ends the file, wherever it stands (`uri: /a...` is /a): those are blanked;
 * - it keeps a byte-order mark as the first character of the first line (the first route's name
 *   is "\uFEFFhome"), where the `yaml` package drops it: it becomes a stand-in (see plainValue).
 */
export function symfonyText(text: string): string {
	let read = lineEnds(text);
	const marker = firstMarker(read);
	if (marker?.end !== undefined) {
		read = blank(read, marker.start + 3, marker.end);
		const end = /\.\.\.\s*$/.exec(read);
		if (end) read = blank(read, end.index, end.index + 3);
	}
	const header = headerLength(read);
	if (header > 0) read = blank(read, 0, read[header - 2] === '\r' ? header - 2 : header - 1);
	if (read.startsWith('\uFEFF') && !hasStandIns(read)) read = `${standIns[4]!}${read.slice(1)}`;
	return read;
}

function lineEnds(text: string): string {
	return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

function blank(text: string, from: number, to: number): string {
	return text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);
}

function headerLength(text: string): number {
	return text.startsWith('%') ? /^%YAML[: ][\d.]+[^\n]*\n/.exec(text)?.[0].length ?? 0 : 0;
}

/** Where the first `---` line Symfony looks at starts, and where its line end is (undefined when none follows). */
function firstMarker(text: string): {start: number; end: number | undefined} | undefined {
	const header = headerLength(text);
	const start = header + (/^(?:#[^\n]*\n)+/.exec(text.slice(header))?.[0].length ?? 0);
	if (!text.startsWith('---', start)) return undefined;
	const end = text.indexOf('\n', start);
	return {start, end: end === -1 ? undefined : (text[end - 1] === '\r' ? end - 1 : end)};
}

/**
 * Lines Symfony YAML refuses where the `yaml` package reads them: a `---` that ends the file, where
 * it looks for the document start (it drops a `---` line only when a line end follows, and refuses
 * this one as a second document, at line 1 of what follows the %YAML line and comments it
 * dropped); a `...` line, unless it ends a file that opened with `---`; an explicit key (`? a`).
 * `text` is the file as it is; the first in the text.
 */
export function documentProblem(text: string): (StrictProblem & {line?: number}) | undefined {
	const read = lineEnds(text);
	const marker = firstMarker(read);
	if (marker !== undefined && marker.end === undefined) {
		return {offset: marker.start, line: 1, reason: `a document marker (---) that ends the file: ${reader} reads it as a second document; remove it`};
	}
	const end = /(?:^|\n)(\.\.\.)(?=[ \t\r\n]|$)/.exec(read);
	const endAt = end === null ? -1 : end.index + end[0].length - 3;
	const kept = endAt !== -1 && !(marker !== undefined && /^\.\.\.\s*$/.test(read.slice(endAt)));
	const key = /(?:^|\n)( *)\?(?=[ \t\r\n]|$)/.exec(read);
	const keyAt = key === null ? -1 : key.index + key[0].length - 1;
	if (kept && (keyAt === -1 || endAt < keyAt)) return {offset: endAt, reason: `a document end marker (...): ${reader} cannot read it there; remove it`};
	if (keyAt !== -1) return {offset: keyAt, reason: `an explicit key (? …): ${reader} refuses complex mappings; write the key before its colon`};
	return undefined;
}

/**
 * Symfony YAML reads a flow list or mapping written as a value (`httpMethod: [GET]`) up to its
 * closing bracket and drops what follows on that line (`[GET]x` is [GET]), and reads `#` right
 * after a quoted value as a comment; the `yaml` package refuses both. When the parse's first error is in such a tail, the text with that tail blanked;
 * undefined otherwise. Only a flow on one line without `#` (where both readers end it at the same
 * bracket) is taken.
 */
export function flowTail(text: string, document: Document.Parsed): string | undefined {
	const at = document.errors[0]?.pos[0];
	if (at === undefined) return undefined;
	const {isMap, isPair, isSeq, visit} = yaml();
	let blanked: string | undefined;
	const lineEndAfter = (end: number): number => {
		const newline = text.indexOf('\n', end);
		return newline === -1 ? text.length : newline - (text[newline - 1] === '\r' ? 1 : 0);
	};
	visit(document, {
		// A quoted value followed by `#` right away: a comment to Symfony.
		Scalar(_key, node) {
			const end = node.range?.[1] ?? -1;
			if (at !== end || text[end] !== '#' || (node.type !== 'QUOTE_SINGLE' && node.type !== 'QUOTE_DOUBLE')) return undefined;
			blanked = blank(text, end, lineEndAfter(end));
			return visit.BREAK;
		},
		Collection(_key, node, path) {
			if (!node.flow) return undefined;
			const parent = path.at(-1);
			const holder = isPair(parent) ? path.at(-2) : parent;
			if ((isMap(holder) || isSeq(holder)) && holder.flow) return visit.SKIP;
			const [start, end] = node.range ?? [0, 0];
			const lineEnd = lineEndAfter(end);
			const flow = text.slice(start, end);
			if (at < end || at >= lineEnd || flow.includes('\n') || flow.includes('#') || !/\S/.test(text.slice(end, lineEnd))) return visit.SKIP;
			blanked = blank(text, end, lineEnd);
			return visit.BREAK;
		},
	});
	return blanked;
}

// Stand-ins for `]`, `}` and `,` where Symfony YAML starts a plain scalar with them, for the `:`
// that ends one, and for a byte-order mark: private-use characters, one UTF-16 unit each like
// the characters they stand for, so offsets hold.
const replaced = ']},:\uFEFF-?';
const standIns = '\uE000\uE001\uE002\uE003\uE004\uE005\uE006';
const anyStandIn = /[\uE000-\uE006]/;

/**
 * Symfony YAML reads a plain scalar that starts with `]`, `}` or `,` (`uri: ,x`, `]a:`, `- }z`),
 * a mapping value that starts with `- ` or `? ` (`uri: - x`) and one that ends with `:`
 * (`controller: A:`) as that string; the `yaml` package refuses them. When the parse's first error is such a scalar, the text with that character
 * replaced by its stand-in (see plainValue); undefined otherwise. Only for a file that holds no
 * stand-in of its own (see hasStandIns).
 */
export function plainStart(text: string, document: Document.Parsed): string | undefined {
	const error = document.errors[0];
	if (error === undefined) return undefined;
	const at = error.pos[0];
	const lineStart = text.lastIndexOf('\n', at - 1) + 1;
	const before = text.slice(lineStart, at);
	const afterKey = /^ *[^ #'"[{\]},-][^#]*?: +$/.test(before);
	// `uri: - x` and `uri: ? x` are those strings to Symfony.
	if (afterKey && '-?'.includes(text[at] ?? ':') && text[at + 1] === ' ') return replace(text, at);
	if (['UNEXPECTED_TOKEN', 'BAD_SCALAR_START'].includes(error.code) && replaced.slice(0, 3).includes(text[at] ?? ':')) {
		// At the start of a line's content, after `key: ` or after `- `.
		if (!afterKey && !/^ *(?:- +)*$/.test(before)) return undefined;
		return replace(text, at);
	}
	if (error.code !== 'BLOCK_AS_IMPLICIT_KEY' || !afterKey) return undefined;
	const newline = text.indexOf('\n', at);
	const value = /^([^#]*?:)[ \r]*(?: #.*)?$/.exec(text.slice(at, newline === -1 ? text.length : newline));
	// `a: b: c` Symfony refuses too.
	if (value === null || /: /.test(value[1]!)) return undefined;
	return replace(text, at + value[1]!.length - 1);
}

function replace(text: string, at: number): string {
	return text.slice(0, at) + standIns[replaced.indexOf(text[at]!)]! + text.slice(at + 1);
}

export function hasStandIns(text: string): boolean {
	return anyStandIn.test(text);
}

/** A string read from a text plainStart changed, with each stand-in back to what it stands for. */
export function plainValue(value: string): string {
	return value.replace(/[\uE000-\uE006]/g, (standIn) => replaced[standIns.indexOf(standIn)]!);
}

/** Tabs in indentation, directives other than %YAML, whichever comes first: linear, no parse. `text` is as symfonyText returns it. */
export function textProblem(text: string): StrictProblem | undefined {
	let tab: StrictProblem | undefined;
	// Symfony drops a file of comments only; anywhere else a tab before a comment is indentation too.
	const content = text.includes('\t') && /^[ \t]*[^ \t\r\n#]/m.test(text);
	for (let start = text.includes('\t') ? 0 : text.length; start < text.length;) {
		const newline = text.indexOf('\n', start);
		const end = newline === -1 ? text.length : newline;
		const line = text.slice(start, end).replace(/\r$/, '');
		const indent = /^[ \t]*/.exec(line)![0];
		const rest = line.slice(indent.length);
		if (indent.includes('\t') && (content || !rest.startsWith('#'))) {
			tab = {offset: start + indent.indexOf('\t'), reason: `a tab in the indentation: ${reader} refuses tabs as indentation; indent with spaces`};
			break;
		}
		start = end + 1;
	}
	// Only LF ends a line here (a JavaScript `^` would start one after U+2028 too).
	const directive = /(?:^|\n)%(?!YAML[ \t])/.exec(text);
	const at = directive ? directive.index + (directive[0].startsWith('\n') ? 1 : 0) : -1;
	if (at !== -1 && (tab === undefined || at < tab.offset)) return {offset: at, reason: `a directive (%…): ${reader} reads only %YAML; remove the line`};
	return tab;
}

/** Tags Symfony YAML reads without flags. */
const readTags = new Set(['tag:yaml.org,2002:str', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:binary']);

/** An explicit tag Symfony YAML refuses (`!route`, `!!map`, `!<…>`), given each tagged node's tag and start. */
export function tagProblem(text: string, tagged: ReadonlyArray<{tag: string; start: number}>): StrictProblem | undefined {
	for (const {tag, start} of tagged) {
		if (readTags.has(tag)) continue;
		const at = text.lastIndexOf('!', start);
		return {offset: at === -1 ? start : at, reason: `a tag (${text.slice(at, start).trim() || tag}): ${reader} refuses tags here; remove it`};
	}
	return undefined;
}

/**
 * The first key Symfony YAML refuses, anywhere in the document: null, true or false, a number
 * with a fraction, or a key twice in one mapping (1 and '1' are one key to PHP).
 */
export function keyProblem(node: unknown, route?: string, inList = false): StrictProblem | undefined {
	const {isMap, isScalar, isSeq} = yaml();
	if (isSeq(node)) {
		for (const item of node.items) {
			const found = keyProblem(item, route, true);
			if (found) return found;
		}
	}
	if (!isMap(node)) return undefined;
	const seen = new Set<string>();
	for (const pair of node.items) {
		const key = pair.key as Node | null;
		if (isScalar(key)) {
			const {value} = key;
			const offset = key.range?.[0] ?? 0;
			if (value === null || typeof value === 'boolean' || (key.type === 'PLAIN' && /^(?:null|true|false)$/i.test(String(value)))) return {offset, reason: `a key that is not a string (${String(key.source ?? value)}): ${reader} refuses it; quote it`};
			if (typeof value === 'number' && (!Number.isInteger(value) || /^[^x]*[.e]/i.test(key.source ?? ''))) return {offset, reason: `a number with a fraction as a key (${String(key.source ?? value)}): ${reader} refuses it; quote it`};
			const name = String(value);
			if (seen.has(name)) return {offset, reason: route === undefined ? `duplicate key: ${name}` : `route "${route}": duplicate key ${name}${inList ? ' in a list item' : ''}`};
			seen.add(name);
		}
		const found = keyProblem(pair.value, route ?? (isScalar(key) ? String(key.value) : ''), inList);
		if (found) return found;
	}
	return undefined;
}

/**
 * Whether Symfony YAML reads this plain scalar (its source) as that string. It reads null, true
 * and false in any case, and, from a scalar that starts with a digit, a sign or a dot, numbers
 * (`1_000`, `0o17`, `.5`, `1e3`) and dates (`2001-12-14`), where the `yaml` package reads strings.
 */
export function symfonyString(source: string): boolean {
	if (/^(?:null|true|false|~)?$/i.test(source)) return false;
	if (!/^[-+.0-9]/.test(source)) return true;
	return !(/^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9_]+)(?:e[-+]?[0-9]+)?$/i.test(source) || /^[-+]?0(?:x[0-9a-f_]+|o[0-7_]+)$/i.test(source)
		|| /^[-+]?\.(?:inf|nan)$/i.test(source) || /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/.test(source));
}

/**
 * The route name Symfony YAML makes of a plain key (PHP's array key, as JSON prints it): numbers
 * as PHP evaluates them (`1_000` is 1000, `012` is octal 10, `09` stays "09", `0x1F` is 31),
 * a date as its Unix time. Undefined for a key it reads as a float or another type.
 */
export function symfonyKey(source: string): string | undefined {
	if (!/^[-+.0-9]/.test(source)) return symfonyString(source) ? source : undefined;
	const integer = /^(-?)([0-9][0-9_]*)$/.exec(source);
	const octal = /^([-+]?)0o([0-7_]+)$/i.exec(source);
	const date = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/.exec(source);
	let value: number;
	if (integer) {
		const digits = integer[2]!.replace(/_/g, '');
		// PHP keeps a string that is not the integer's own spelling (`09`) as that string.
		if (!/^0[0-7]+$/.test(digits)) return integer[1] + digits;
		value = (integer[1] === '-' ? -1 : 1) * Number.parseInt(digits, 8);
	} else if (octal) {
		value = (octal[1] === '-' ? -1 : 1) * Number.parseInt(octal[2]!.replace(/_/g, ''), 8);
	} else if (/^0x[0-9a-f]+$/i.test(source)) {
		value = Number.parseInt(source.slice(2), 16);
	} else if (date) {
		value = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) / 1000;
	} else {
		return symfonyString(source) ? source : undefined;
	}
	return Number.isSafeInteger(value) ? String(value) : undefined;
}

/** The problem that comes first in the text (the first listed, at one offset), as Symfony YAML meets them in reading order. */
export function firstProblem<T extends StrictProblem>(problems: ReadonlyArray<T | undefined>): T | undefined {
	let first: T | undefined;
	for (const problem of problems) if (problem !== undefined && (first === undefined || problem.offset < first.offset)) first = problem;
	return first;
}
