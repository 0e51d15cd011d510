// The `resource` template of make:api: `--fields` and `--table` read and checked, and the two
// controllers and routes it generates (the list with POST, one row by id with PUT and DELETE). Pure.
import {refusal, type Refusal} from './errors.js';
import type {Names} from './naming.js';
import {methodNames, type FieldSpec} from './request.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {nameView, targetOf} from '../templates/target.js';
import {render} from './templates.js';
import {reservedBy} from './sql/reserved-words.js';
import {maxInlineLength, maxRecordBytes, maxRowBytes, recordBytes, rowBytes} from './sql/row-size.js';
import {uriProblem} from './uri.js';
import type {Resolved, TemplateUnits, Unit} from './unit.js';

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

/** The refusal of a resource without fields, in the command line's words (the wizard says it its own way). */
export const noFieldsMessage = 'The resource template needs at least one field: pass --fields, e.g. --fields nom:string:255,nombre_habitant:int.';

/** Why these fields cannot make a resource, or undefined when they can. */
export function fieldsProblem(fields: readonly FieldSpec[]): string | undefined {
	if (fields.length === 0) return noFieldsMessage;
	if (fields.length > maxFields) return `The resource template takes at most ${maxFields} fields; ${fields.length} were given.`;
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

const listMethods = ['GET', 'POST'] as const;
const itemMethods = ['GET', 'PUT', 'DELETE'] as const;

/** The methods of the list and item routes: all of them, or those of `given` (which must keep GET). */
export function resourceMethods(given: readonly string[] | undefined): {list: string[]; item: string[]} | Refusal {
	if (given === undefined) return {list: [...listMethods], item: [...itemMethods]};
	const wanted = new Set(methodNames(given));
	const other = [...wanted].filter((method) => !(listMethods as readonly string[]).includes(method) && !(itemMethods as readonly string[]).includes(method));
	if (other.length > 0) {
		return refusal('INVALID_METHODS', `The resource template serves GET, POST, PUT and DELETE, not ${other.join(', ')}: leave ${other.length === 1 ? 'it' : 'them'} out of --methods.`);
	}
	if (!wanted.has('GET')) return refusal('INVALID_METHODS', 'The resource template always serves GET (the list and one row by id): add GET to --methods.');
	return {list: listMethods.filter((method) => wanted.has(method)), item: itemMethods.filter((method) => wanted.has(method))};
}

/** The `CREATE TABLE` for the fields: MySQL / MariaDB's in utf8mb4, or SQLite's. */
export function createTable(table: string, fields: readonly FieldSpec[], dialect: 'mysql' | 'sqlite'): string {
	const id = dialect === 'mysql' ? 'id INT AUTO_INCREMENT PRIMARY KEY' : 'id INTEGER PRIMARY KEY AUTOINCREMENT';
	const columns = fields.map((field) => `${field.name} ${sqlType(field, dialect)} NOT NULL`);
	return `CREATE TABLE ${table} (${[id, ...columns].join(', ')})${dialect === 'mysql' ? ' DEFAULT CHARSET = utf8mb4' : ''};`;
}

function sqlType(field: FieldSpec, dialect: 'mysql' | 'sqlite'): string {
	if (field.type === 'int') return dialect === 'mysql' ? 'INT' : 'INTEGER';
	return field.length === undefined ? 'TEXT' : `VARCHAR(${field.length})`;
}

/** The table of a resource named `names` when no --table is given: its Twig folder (`myUserTest` → `user_test`). */
export function defaultTable(names: Names): string {
	return names.twigFolder;
}

/** `table`: the plan's (given with --table, or the name's default). */
export function resourceUnits(template: LoadedTemplate, {names, uri, parameters}: Resolved, fields: readonly FieldSpec[] | undefined, table: {readonly name: string; readonly given: boolean}, description: string | undefined, methods?: readonly string[]): TemplateUnits {
	const refusals: Refusal[] = [];
	const served = resourceMethods(methods);
	if (!('list' in served)) refusals.push(served);
	const badFields = fieldsProblem(fields ?? []);
	if (badFields !== undefined) refusals.push(invalid(badFields));
	const tableName = table.name;
	const badTable = identifierProblem(tableName, 'table');
	if (badTable !== undefined) refusals.push(invalid(`Invalid table: ${badTable}${table.given ? '' : ' (it comes from the controller name; pass --table)'}.`));
	if (parameters.length > 0) {
		refusals.push(refusal('INVALID_URI', `Invalid URI "${uri}": the resource template adds /{id} itself, so give its URI without {parameters}.`));
	}
	const itemUri = `${uri}/{id}`;
	const badItemUri = uriProblem(itemUri);
	if (badItemUri !== undefined) refusals.push(refusal('INVALID_URI', `Invalid URI "${itemUri}": ${badItemUri}.`));
	if (refusals.length > 0 || fields === undefined || !('list' in served)) return {refusals};

	const base = names.className.slice(0, -'Controller'.length);
	const itemClass = `${base}ByIdController`;
	const listPath = targetOf(template, 'list', names, {itemClassName: itemClass});
	const itemPath = targetOf(template, 'item', names, {itemClassName: itemClass});
	if (typeof listPath !== 'string') return {refusals: [listPath]};
	if (typeof itemPath !== 'string') return {refusals: [itemPath]};
	const view = {
		...nameView(names, uri),
		itemClassName: itemClass,
		table: tableName,
		uri,
		itemUri,
		listDescription: description ?? `Every row of the ${tableName} table`,
		fields: fields.map((field, index) => ({
			name: field.name,
			isInt: field.type === 'int',
			phpType: field.type,
			openapiType: field.type === 'int' ? 'integer' : 'string',
			sqlType: sqlType(field, 'mysql'),
			hasLength: field.length !== undefined,
			length: field.length,
			maxLiteral: field.length === undefined ? 'null' : String(field.length),
			pdoParam: field.type === 'int' ? 'PARAM_INT' : 'PARAM_STR',
			last: index === fields.length - 1,
		})),
		mediaTypes: [{mediaType: 'application/x-www-form-urlencoded'}, {mediaType: 'application/json'}],
		createMysql: createTable(tableName, fields, 'mysql'),
		createSqlite: createTable(tableName, fields, 'sqlite'),
		listClass: names.className,
		hasPost: served.list.includes('POST'),
		hasPut: served.item.includes('PUT'),
		hasDelete: served.item.includes('DELETE'),
	};
	const list: Unit = {
		route: {
			name: names.routeName,
			uri,
			controller: `Controller\\api\\${names.className}`,
			methods: served.list,
			className: names.className,
			controllerPath: listPath,
		},
		controller: render(template.texts.list ?? '', {...view, className: names.className}),
	};
	const item: Unit = {
		route: {
			name: `${names.routeName}-by-id`,
			uri: itemUri,
			controller: `Controller\\api\\${itemClass}`,
			methods: served.item,
			className: itemClass,
			controllerPath: itemPath,
		},
		controller: render(template.texts.item ?? '', {...view, className: itemClass}),
	};
	return {units: [list, item], warnings: []};
}

function invalid(message: string): Refusal {
	return refusal('INVALID_OPTION', message);
}

export function printable(text: string): string {
	const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
	return shown.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
