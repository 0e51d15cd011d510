// Tokens of the mock API in var/api/configData.json: {"token": {"<name>": "<token>"}}, the
// shape the mock API reads (it accepts a request whose Authorization header equals one of
// them). Pure: the file's text in, the new text out; every other key is kept.
import {randomBytes} from 'node:crypto';
import {EduError} from '../core/errors.js';
import {findJsonProblem} from './json-check.js';

export const defaultTokenFile = 'var/api/configData.json';

/** 32 random bytes from the platform's cryptographic generator, URL-safe: 43 characters. */
export function newToken(): string {
	return randomBytes(32).toString('base64url');
}

export function checkTokenName(name: string): string | undefined {
	return /^[\w.-]{1,64}$/.test(name)
		? undefined
		: `Token name "${name}" is not allowed: use 1 to 64 letters, digits, "_", "-" or ".".`;
}

export interface TokenEdit {
	readonly text: string;
	/** An existing token of that name was replaced (--force). */
	readonly replaced: boolean;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Indentation and line ends of the existing file, so a rewrite looks like it. */
function layout(text: string): {indent: string | number; eol: string; finalEol: boolean} {
	const indent = /^[{[][ \t]*\r?\n([ \t]+)\S/.exec(text)?.[1] ?? /\n([ \t]+)"/.exec(text)?.[1];
	return {
		indent: indent === undefined ? 2 : indent.startsWith('\t') ? '\t' : indent.length,
		eol: /\r\n/.test(text) ? '\r\n' : '\n',
		finalEol: text === '' || /\n$/.test(text),
	};
}

/**
 * Adds `token` under token.<name>. `existing` is the file's text, or undefined when it does
 * not exist yet. Refuses invalid JSON (naming line:col) and an existing name unless `force`.
 */
export function addToken(existing: string | undefined, file: string, name: string, token: string, force: boolean): TokenEdit {
	let data: JsonObject = {};
	let bom = '';
	let source = '';
	if (existing !== undefined) {
		bom = existing.startsWith('\uFEFF') ? '\uFEFF' : '';
		source = existing.slice(bom.length);
		const problem = findJsonProblem(source);
		if (problem) {
			throw new EduError('BAD_PROJECT_FILE', `${file}:${problem.line}:${problem.col}: not valid JSON (${problem.reason}); fix it or move it away, nothing was written.`);
		}
		const parsed: unknown = JSON.parse(source);
		if (!isObject(parsed)) throw new EduError('BAD_PROJECT_FILE', `${file}: expected a JSON object at the top level, found ${Array.isArray(parsed) ? 'an array' : typeof parsed}.`);
		data = parsed;
	}
	const tokens = data['token'] ?? {};
	if (!isObject(tokens)) {
		throw new EduError('BAD_PROJECT_FILE', `${file}: "token" should be an object of name → token, found ${Array.isArray(tokens) ? 'an array' : JSON.stringify(tokens)}.`);
	}
	const replaced = Object.hasOwn(tokens, name);
	if (replaced && !force) {
		throw new EduError('TOKEN_EXISTS', `Token "${name}" already exists in ${file}: pass --force to replace it, or give another name (edu mock:token other-name).`);
	}
	const updated: JsonObject = {...data, token: {...tokens, [name]: token}};
	const {indent, eol, finalEol} = layout(source);
	let text = JSON.stringify(updated, null, indent);
	if (eol !== '\n') text = text.replace(/\n/g, eol);
	return {text: `${bom}${text}${finalEol ? eol : ''}`, replaced};
}
