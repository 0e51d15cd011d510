// The values of the templates' options (--table, --fields, --field, --extensions, --dir) and
// their rules: one check for a flag, the wizard's answer and a manifest's default. Pure.
import {refusal, type Refusal} from '../base/errors.js';
import type {FieldSpec, UploadSpec} from './field-spec.js';
import {reservedBy} from './sql/reserved-words.js';
import {maxInlineLength, maxRecordBytes, maxRowBytes, recordBytes, rowBytes} from './sql/row-size.js';
import type {OptionType} from './engines.js';
import type {Manifest} from './manifest.js';

/** A column or table name: an SQL identifier that is also safe inside PHP strings and comments. */
const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
const maxIdentifier = 64;
/** The longest VARCHAR MySQL and MariaDB take in utf8mb4 (4 bytes a character). */
export const maxStringLength = 16_383;
export const maxFields = 50;

/** Why `name` cannot be a column or table name, or undefined when it can. */
export function identifierProblem(name: string, what: string): string | undefined {
	if (name === '') return `the ${what} name is empty`;
	if (name.length > maxIdentifier) return `the ${what} name "${name.slice(0, 20)}…" is longer than ${maxIdentifier} characters`;
	if (!identifier.test(name)) {
		return `"${printable(name)}" cannot be a ${what} name: use letters A-Z and a-z, digits and _, not starting with a digit`;
	}
	// The OpenAPI document and the JSON reports hold fields as object keys: these would not be one.
	if (name === '__proto__' || name === 'constructor' || name === 'prototype') {
		return `"${name}" cannot be a ${what} name: it names a property every JavaScript object has, so the OpenAPI document could not list it; choose another ${what} name, such as "${name.replaceAll('_', '')}_value"`;
	}
	const databases = reservedBy(name);
	if (databases.length > 0) {
		const suggested = name.length < maxIdentifier ? `, such as "${name}_"` : '';
		const where = databases.length === 1 ? databases[0] : `${databases.slice(0, -1).join(', ')} and ${databases.at(-1)}`;
		return `"${name}" is an SQL reserved word in ${where}, where the controllers' SQL would fail: choose another ${what} name${suggested}`;
	}
	return undefined;
}

/**
 * `nom:string:255,code_postal:string:10,nombre_habitant:int` → fields. Only the syntax is
 * checked here; `fieldsProblem` checks the names, which the wizard's table also goes through.
 */
export function parseFields(text: string): FieldSpec[] | Refusal {
	const items = text.split(',').map((item) => item.trim());
	if (items.every((item) => item === '')) return invalid('--fields is empty: give name:type pairs, e.g. nom:string:255,nombre_habitant:int.');
	const fields: FieldSpec[] = [];
	for (const item of items) {
		if (item === '') return invalid(`--fields "${printable(text)}" has an empty item: separate name:type pairs with single commas.`);
		const [name = '', type = '', length, ...rest] = item.split(':').map((part) => part.trim());
		if (rest.length > 0 || type === '') {
			return invalid(`--fields item "${printable(item)}" is not name:type or name:string:length (e.g. nom:string:255, nombre_habitant:int).`);
		}
		const normalized = type.toLowerCase();
		if (normalized === 'int' || normalized === 'integer') {
			if (length !== undefined) return invalid(`--fields item "${printable(item)}": an int field takes no length.`);
			fields.push({name, type: 'int'});
		} else if (normalized === 'string') {
			if (length === undefined) {
				fields.push({name, type: 'string'});
				continue;
			}
			if (!/^[0-9]+$/.test(length)) return invalid(`--fields item "${printable(item)}": the length "${printable(length)}" is not a whole number.`);
			fields.push({name, type: 'string', length: Number(length)});
		} else {
			return invalid(`--fields item "${printable(item)}": unknown type "${printable(type)}"; use string, string:LENGTH or int.`);
		}
	}
	return fields;
}

/** The refusal of a resource without fields, in the command line's words (the wizard says it its own way); `template`: the name the user chose. */
export const noFieldsMessage = (template: string): string => `The ${template} template needs at least one field: pass --fields, e.g. --fields nom:string:255,nombre_habitant:int.`;

/** Why these fields cannot make a resource, or undefined when they can. */
export function fieldsProblem(fields: readonly FieldSpec[], template = 'resource'): string | undefined {
	if (fields.length === 0) return noFieldsMessage(template);
	if (fields.length > maxFields) return `The ${template} template takes at most ${maxFields} fields; ${fields.length} were given.`;
	const seen = new Set<string>();
	for (const field of fields) {
		const problem = identifierProblem(field.name, 'field');
		if (problem !== undefined) return `Invalid field: ${problem}.`;
		const key = field.name.toLowerCase();
		if (key === 'id') return 'Invalid field: "id" is the primary key the database generates; leave it out of the fields.';
		if (seen.has(key)) return `Invalid field: "${field.name}" is given twice (column names ignore case).`;
		seen.add(key);
		if (field.type !== 'string' && field.type !== 'int') return `Invalid field: "${field.name}" has the unknown type "${String(field.type)}"; use string or int.`;
		if (field.type === 'int' && field.length !== undefined) return `Invalid field: "${field.name}" is an int and takes no length.`;
		if (field.length !== undefined && (!Number.isInteger(field.length) || field.length < 1 || field.length > maxStringLength)) {
			return `Invalid field: the length of "${field.name}" must be a whole number from 1 to ${maxStringLength} (the longest VARCHAR in utf8mb4).`;
		}
	}
	const bytes = rowBytes(fields);
	if (bytes > maxRowBytes) {
		return `Invalid fields: together the columns need ${bytes} bytes of a MySQL / MariaDB row, which holds ${maxRowBytes} (a string column takes 4 bytes a character in utf8mb4); shorten some lengths, or leave a length out for TEXT.`;
	}
	const record = recordBytes(fields);
	if (record > maxRecordBytes) {
		return `Invalid fields: MySQL / MariaDB would refuse this table ("Row size too large"): its record needs ${record} bytes and InnoDB's holds ${maxRecordBytes}; shorten strings or use fewer fields (a string of ${maxInlineLength + 1} characters or more, or without length, is kept outside the record).`;
	}
	return undefined;
}

/** Extensions a web server may run, or that configure it: never on an allow-list. */
const executable = /^(php[0-9]*|phtml|pht|phps|phar|pgif|inc|htaccess|htpasswd|ini|cgi|fcgi|pl|py|rb|sh|bash|asp|aspx|ashx|jsp|jspx|exe|bat|cmd|com|dll|so)$/;

/** `csv, .TXT` → ["csv", "txt"]; anything else is kept as typed, so its refusal names it so. */
export function parseExtensions(text: string): string[] {
	return [...new Set(text.split(/[\s,]+/).map((item) => (/^\.?[A-Za-z0-9]+$/.test(item) ? item.replace(/^\./, '').toLowerCase() : item)).filter((item) => item !== ''))];
}

/** Why this upload cannot be generated, or undefined when it can. */
export function uploadProblem(upload: UploadSpec): string | undefined {
	return uploadProblems(upload)[0];
}

/** What is wrong with each of the form field, the extensions and the folder, in that order: the wizard shows them all. */
export function uploadProblems(upload: UploadSpec): string[] {
	return [formFieldProblem(upload.field), extensionsProblem(upload.extensions), dirProblem(upload.dir)].filter((problem) => problem !== undefined);
}

function formFieldProblem(field: string): string | undefined {
	if (/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(field)) return undefined;
	return `Invalid upload field "${printable(field)}": use letters, digits, _ and -, starting with a letter or _ (PHP turns . and spaces into _).`;
}

function extensionsProblem(extensions: readonly string[]): string | undefined {
	if (extensions.length === 0) return 'Invalid extensions: allow at least one, e.g. --extensions csv,txt.';
	for (const extension of extensions) {
		if (!/^[a-z0-9]{1,10}$/.test(extension)) {
			return `Invalid extension "${printable(extension)}": use lower-case letters and digits only, at most 10, e.g. csv.`;
		}
		if (executable.test(extension)) {
			return `The extension "${extension}" is refused: a web server may run or obey such a file, so it never belongs on an upload allow-list.`;
		}
	}
	return undefined;
}

/** The upload folder is relative to the project root and stays inside it. */
export function dirProblem(dir: string): string | undefined {
	const what = `Invalid upload folder "${printable(dir)}"`;
	if (dir === '') return `${what}: it is empty.`;
	if (dir.length > 200) return `${what}: it is longer than 200 characters.`;
	if (/^[/\\]/.test(dir) || /^[A-Za-z]:/.test(dir)) return `${what}: give a folder relative to the project root, such as var/uploads.`;
	if (dir.includes('\\')) return `${what}: separate folders with /, not \\.`;
	const segments = dir.replace(/\/+$/, '').split('/');
	for (const segment of segments) {
		if (segment === '') return `${what}: it contains an empty segment (//).`;
		if (segment === '.' || segment === '..') return `${what}: "${segment}" segments are not allowed; the folder must stay inside the project.`;
		if (!/^[A-Za-z0-9._-]+$/.test(segment)) return `${what}: use letters, digits, ., _ and - in folder names.`;
	}
	return undefined;
}

function invalid(message: string): Refusal {
	return refusal('INVALID_OPTION', message);
}

export function printable(text: string): string {
	const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
	return shown.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Why `value` cannot be the default of an option of `type` (the flag's own rule), or undefined. `template`: its name, for the words. */
export function defaultProblem(type: OptionType, value: string, template: string): string | undefined {
	switch (type) {
		case 'identifier':
			return identifierProblem(value, 'table');
		case 'fields': {
			const fields = parseFields(value);
			return 'code' in fields ? fields.message : fieldsProblem(fields, template);
		}
		case 'extensions':
			return extensionsProblem(parseExtensions(value));
		case 'folder':
			return dirProblem(value);
		case 'form-field':
			return formFieldProblem(value);
	}
}

/** The manifest's default of option `name`, or undefined (then the engine's own: upload's, or the table the name gives). */
export function declaredDefault(template: {readonly manifest: Pick<Manifest, 'options'>} | undefined, name: string): string | undefined {
	return template?.manifest.options.find((option) => option.name === name)?.default;
}

/** The fields a template's manifest gives by default (checked with the template), or undefined. */
export function defaultFields(template: {readonly manifest: Pick<Manifest, 'options'>} | undefined): FieldSpec[] | undefined {
	const declared = declaredDefault(template, 'fields');
	const fields = declared === undefined ? undefined : parseFields(declared);
	return fields === undefined || 'code' in fields ? undefined : fields;
}
