// JSON data → block-style YAML that Symfony YAML, the `yaml` package and Swagger UI read back
// to the same data. Strings are plain only when nothing could misread them, else quoted.
import type {Json, JsonObject} from './arguments.js';

const reserved = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~', '']);

/** A string that reads back as itself without quotes. */
function isPlainSafe(text: string): boolean {
	return /^[A-Za-z_/$][A-Za-z0-9_ ./()+-]*$/.test(text) && !text.endsWith(' ') && !reserved.has(text.toLowerCase()) && !text.includes('  ');
}

function needsDoubleQuotes(text: string): boolean {
	// Line breaks, tabs and other control or invisible characters only survive escaped.
	return /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/.test(text);
}

function doubleQuoted(text: string): string {
	let out = '"';
	for (let index = 0; index < text.length; index++) {
		const char = text[index]!;
		const code = char.charCodeAt(0);
		if (char === '"') out += '\\"';
		else if (char === '\\') out += '\\\\';
		else if (char === '\n') out += '\\n';
		else if (char === '\t') out += '\\t';
		else if (char === '\r') out += '\\r';
		else if (code === 0) out += '\\0';
		else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${code.toString(16).padStart(2, '0')}`;
		else if (code === 0x2028) out += '\\L';
		else if (code === 0x2029) out += '\\P';
		else if (code === 0xfeff || (code >= 0xd800 && code <= 0xdfff && !isPair(text, index))) out += `\\u${code.toString(16).padStart(4, '0')}`;
		else if (code >= 0xd800 && code <= 0xdbff) {
			out += text.slice(index, index + 2);
			index++;
		} else out += char;
	}
	return `${out}"`;
}

function isPair(text: string, index: number): boolean {
	const code = text.charCodeAt(index);
	const next = text.charCodeAt(index + 1);
	return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
}

/** Keys and values repeat a lot in a document (description, '200', application/json…). */
const quoted = new Map<string, string>();

export function yamlString(text: string): string {
	const known = quoted.get(text);
	if (known !== undefined) return known;
	const result = quote(text);
	if (quoted.size < 50_000) quoted.set(text, result);
	return result;
}

function quote(text: string): string {
	if (isPlainSafe(text)) return text;
	if (needsDoubleQuotes(text)) return doubleQuoted(text);
	return `'${text.replace(/'/g, "''")}'`;
}

function yamlNumber(value: number): string {
	if (Number.isNaN(value)) return '.nan';
	if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
	if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
	const text = String(value);
	// 1e+21 must read back as a float: YAML wants a dot in the mantissa.
	return /^-?\d+e/.test(text) ? text.replace('e', '.0e') : text;
}

function scalar(value: Exclude<Json, Json[] | JsonObject>): string {
	if (value === null) return 'null';
	if (typeof value === 'boolean') return value ? 'true' : 'false';
	if (typeof value === 'number') return yamlNumber(value);
	return yamlString(value);
}

function isCollection(value: Json): value is Json[] | JsonObject {
	return typeof value === 'object' && value !== null;
}

function isEmpty(value: Json[] | JsonObject): boolean {
	if (Array.isArray(value)) return value.length === 0;
	for (const key in value) if (Object.hasOwn(value, key)) return false;
	return true;
}

function writeMap(map: JsonObject, indent: string, lines: string[]): void {
	for (const [key, value] of Object.entries(map)) {
		const label = `${indent}${yamlString(key)}:`;
		if (!isCollection(value)) lines.push(`${label} ${scalar(value)}`);
		else if (isEmpty(value)) lines.push(`${label} ${Array.isArray(value) ? '[]' : '{}'}`);
		else {
			lines.push(label);
			writeCollection(value, `${indent}  `, lines);
		}
	}
}

function writeList(list: Json[], indent: string, lines: string[]): void {
	for (const item of list) {
		if (!isCollection(item)) lines.push(`${indent}- ${scalar(item)}`);
		else if (isEmpty(item)) lines.push(`${indent}- ${Array.isArray(item) ? '[]' : '{}'}`);
		else if (Array.isArray(item)) {
			lines.push(`${indent}-`);
			writeList(item, `${indent}  `, lines);
		} else {
			// "- first: …" then the other keys aligned under it.
			const start = lines.length;
			writeMap(item, `${indent}  `, lines);
			lines[start] = `${indent}- ${lines[start]!.slice(indent.length + 2)}`;
		}
	}
}

function writeCollection(value: Json[] | JsonObject, indent: string, lines: string[]): void {
	if (Array.isArray(value)) writeList(value, indent, lines);
	else writeMap(value, indent, lines);
}

/** The document as YAML text, ending with a newline. */
export function toYaml(document: JsonObject): string {
	const lines: string[] = [];
	writeMap(document, '', lines);
	return `${lines.join('\n')}\n`;
}
