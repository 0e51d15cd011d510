// Tokens of the mock API in var/api/configDataset.json, {"token": {"<id>": "<value>"}}: the file
// and shape the mock reads (it authorises a request whose Authorization header equals one
// value). Pure: the file's text in, the new text out. The text is edited in place, so every
// other byte (keys, their order, numbers, layout) is kept.
import {randomBytes} from 'node:crypto';
import {EduError} from '../base/errors.js';
import {position, readJson, type JsonNode, type JsonProblem} from '../base/json-check.js';

export {docsTokenFile, tokenFile} from './options.js';

/** 32 random bytes from the platform's cryptographic generator, URL-safe: 43 characters. */
export function newToken(): string {
	return randomBytes(32).toString('base64url');
}

export function checkTokenName(name: string): string | undefined {
	return /^[\w.-]{1,64}$/.test(name)
		? undefined
		: `the token name "${name}" is not allowed: use 1 to 64 letters, digits, "_", "-" or ".".`;
}

type ObjectNode = JsonNode & {kind: 'object'};

function problemError(file: string, problem: JsonProblem): EduError {
	const where = `${file}:${problem.line}:${problem.col}`;
	return new EduError('BAD_PROJECT_FILE', problem.unsafe
		? `${where}: ${problem.reason}; nothing was written.`
		: `${where}: not valid JSON (${problem.reason}); fix it or move it away, nothing was written.`);
}

/** The file's text without its BOM, parsed; refuses what is not an object with an object "token". */
function parse(source: string, file: string): {root: ObjectNode; tokens: ObjectNode | undefined} {
	const read = readJson(source);
	if ('problem' in read) throw problemError(file, read.problem);
	const {root} = read;
	if (root.kind !== 'object') throw new EduError('BAD_PROJECT_FILE', `${file}: expected a JSON object at the top level, found ${root.kind === 'array' ? 'an array' : source.slice(root.start, root.end)}.`);
	const token = root.entries.find((entry) => entry.key === 'token')?.value;
	if (token !== undefined && token.kind !== 'object') {
		const {line, col} = position(source, token.start);
		throw new EduError('BAD_PROJECT_FILE', `${file}:${line}:${col}: "token" should be an object of name → token, found ${token.kind === 'array' ? 'an array' : source.slice(token.start, token.end)}.`);
	}
	return {root, tokens: token};
}

/** Token id → value, for every token whose value is a string (what the mock can match). */
export function readTokens(existing: string, file: string): Map<string, string> {
	const source = existing.replace(/^\uFEFF/, '');
	const {tokens} = parse(source, file);
	const found = new Map<string, string>();
	for (const entry of tokens?.entries ?? []) {
		if (entry.value.kind === 'string') found.set(entry.key, entry.value.value);
	}
	return found;
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
	const start = text.lastIndexOf('\n', offset - 1) + 1;
	return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** One level of the file's indentation (a tab, or its first indented line's spaces); 2 spaces by default. */
function indentUnit(text: string): string {
	return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** Adds "key": value as the object's last member, laid out like its other members. */
function insertMember(text: string, object: ObjectNode, key: string, value: (indent: string) => string): string {
	const eol = text.includes('\r\n') ? '\r\n' : '\n';
	const last = object.entries.at(-1);
	const name = JSON.stringify(key);
	if (last !== undefined) {
		const colon = text.slice(last.keyEnd, last.value.start);
		const multiline = text.slice(object.start, object.entries[0]?.keyStart).includes('\n');
		const indent = lineIndent(text, last.keyStart);
		const member = multiline ? `,${eol}${indent}${name}${colon}${value(indent)}` : `, ${name}${colon}${value(indent)}`;
		return text.slice(0, last.value.end) + member + text.slice(last.value.end);
	}
	const outer = lineIndent(text, object.start);
	const inner = outer + indentUnit(text);
	return `${text.slice(0, object.start)}{${eol}${inner}${name}: ${value(inner)}${eol}${outer}}${text.slice(object.end)}`;
}

export interface TokenEdit {
	readonly text: string;
	/** Ids whose existing value was replaced. */
	readonly replaced: readonly string[];
}

/**
 * Sets token.<id> for each entry. `existing` is the file's text, or undefined when there is no
 * file yet. An id already there is refused unless `force`; invalid JSON is refused with line:col.
 */
export function setTokens(existing: string | undefined, file: string, tokens: ReadonlyArray<readonly [string, string]>, force: boolean): TokenEdit {
	let text = existing ?? '{}\n';
	const replaced: string[] = [];
	for (const [id, value] of tokens) {
		const {root, tokens: object} = parse(text, file);
		const entry = object?.entries.find((candidate) => candidate.key === id);
		if (entry !== undefined) {
			if (!force) throw new EduError('TOKEN_EXISTS', `Token "${id}" already exists in ${file}: pass --force to replace it, or give another name (edu mock:token other-name).`);
			replaced.push(id);
			text = text.slice(0, entry.value.start) + JSON.stringify(value) + text.slice(entry.value.end);
		} else if (object === undefined) {
			const eol = text.includes('\r\n') ? '\r\n' : '\n';
			const unit = indentUnit(text);
			text = insertMember(text, root, 'token', (indent) => `{${eol}${indent}${unit}${JSON.stringify(id)}: ${JSON.stringify(value)}${eol}${indent}}`);
		} else {
			text = insertMember(text, object, id, () => JSON.stringify(value));
		}
	}
	return {text, replaced};
}
