// The text edits behind mock:persist: one new list item (or a new `volumes:` key) inserted
// into the compose file's text, in the indentation, dash spacing, quoting and line ends the
// file already uses. Every other byte is kept; compose-volume.ts re-parses the result.
import {isMap, isScalar, isSeq, Scalar, type LineCounter, type Node, type Pair, type YAMLMap, type YAMLSeq} from 'yaml';
import {EduError} from '../base/errors.js';
import type {ComposeModel} from './compose-model.js';

export interface TextEdit {
	readonly text: string;
	/** The lines (or, in a flow list, the entry) added. */
	readonly added: string[];
}

export function bad(model: {file: string; counter: LineCounter}, offset: number, reason: string): EduError {
	const {line, col} = model.counter.linePos(offset);
	return new EduError('BAD_PROJECT_FILE', `${model.file}:${line}:${col}: ${reason}`);
}

function lineEnd(source: string, offset: number): number {
	if (offset > 0 && source[offset - 1] === '\n') return offset;
	const newline = source.indexOf('\n', offset);
	return newline === -1 ? source.length : newline + 1;
}

function lineStart(source: string, offset: number): number {
	return source.lastIndexOf('\n', offset - 1) + 1;
}

function quoteLike(sibling: unknown, value: string, flow: boolean): string {
	const type = isScalar(sibling) ? sibling.type : undefined;
	if (type === Scalar.QUOTE_SINGLE) return `'${value}'`;
	if (type === Scalar.QUOTE_DOUBLE || flow) return `"${value}"`;
	return value;
}

/** Inserts whole lines at `offset`, adding a line break first when the file has no final one. */
function insertLines(source: string, offset: number, lines: readonly string[], eol: string): string {
	const before = source.slice(0, offset);
	const lead = before === '' || before.endsWith('\n') ? '' : eol;
	return `${before}${lead}${lines.map((line) => `${line}${eol}`).join('')}${source.slice(offset)}`;
}

/** How far a block list's dashes sit right of its key elsewhere in the file (2 if nothing says). */
function sequenceOffset(model: ComposeModel): number {
	let found: number | undefined;
	const visit = (node: unknown): void => {
		if (found !== undefined || !isMap(node)) return;
		for (const pair of node.items as Array<Pair<Node, Node>>) {
			if (isSeq(pair.value) && !pair.value.flow && pair.key?.range && pair.value.range) {
				found = model.counter.linePos(pair.value.range[0]).col - model.counter.linePos(pair.key.range[0]).col;
				return;
			}
			visit(pair.value);
		}
	};
	visit(model.document.contents);
	return found !== undefined && found >= 0 ? found : 2;
}

export function insertIntoSequence(model: ComposeModel, sequence: YAMLSeq, value: string, eol: string): TextEdit {
	const source = model.text;
	const last = sequence.items.at(-1) as Node | undefined;
	if (sequence.flow) {
		const entry = quoteLike(last, value, true);
		if (last?.range) {
			return {text: `${source.slice(0, last.range[1])}, ${entry}${source.slice(last.range[1])}`, added: [entry]};
		}
		const open = sequence.range?.[0] ?? 0;
		return {text: `${source.slice(0, open + 1)}${entry}${source.slice(open + 1)}`, added: [entry]};
	}
	if (!last?.range) throw bad(model, sequence.range?.[0] ?? 0, 'cannot find the end of the volumes list');
	const dashLine = source.slice(lineStart(source, last.range[0]), last.range[0]);
	const dash = /^(\s*)-(\s+)/.exec(dashLine) ?? /^(\s*)-(\s+)/.exec(source.slice(lineStart(source, sequence.range?.[0] ?? 0)));
	if (!dash) throw bad(model, last.range[0], 'cannot tell how the volumes list is indented');
	const line = `${dash[1]}-${dash[2]}${quoteLike(last, value, false)}`;
	return {text: insertLines(source, lineEnd(source, last.range[1]), [line], eol), added: [line]};
}

export function addVolumesKey(model: ComposeModel, service: YAMLMap, value: string, eol: string): TextEdit {
	const source = model.text;
	const firstKey = (service.items[0]?.key ?? undefined) as Node | undefined;
	if (service.flow || !firstKey?.range || !service.range) {
		throw bad(model, service.range?.[0] ?? 0, `the service is written on one line; add "volumes: [${value}]" to it by hand`);
	}
	const keyIndent = ' '.repeat(model.counter.linePos(firstKey.range[0]).col - 1);
	const lines = [`${keyIndent}volumes:`, `${keyIndent}${' '.repeat(sequenceOffset(model))}- ${value}`];
	return {text: insertLines(source, lineEnd(source, service.range[1]), lines, eol), added: lines};
}

/** `volumes:` with nothing under it: the item goes on the next line. */
export function fillEmptyVolumes(model: ComposeModel, service: YAMLMap, value: string, eol: string): TextEdit {
	const pair = service.items.find((item) => isScalar(item.key) && item.key.value === 'volumes');
	const key = pair?.key as Node | undefined;
	if (service.flow || !key?.range) throw bad(model, service.range?.[0] ?? 0, `"volumes:" is empty; write "- ${value}" under it by hand`);
	const indent = ' '.repeat(model.counter.linePos(key.range[0]).col - 1 + sequenceOffset(model));
	const line = `${indent}- ${value}`;
	return {text: insertLines(model.text, lineEnd(model.text, key.range[1]), [line], eol), added: [line]};
}
