// The `resource` template of make:api: `--fields` and `--table` read and checked, and the two
// controllers and routes it generates (the list with POST, one row by id with PUT and DELETE). Pure.
import {refusal, type Refusal} from '../base/errors.js';
import type {Names} from './naming.js';
import {methodNames, type FieldSpec} from './request.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {nameView, targetOf} from './target.js';
import {render} from '../templates/fill.js';
import {fieldsProblem, identifierProblem} from '../templates/option-values.js';
import {uriProblem} from './uri.js';
import type {Resolved, TemplateUnits, Unit} from './unit.js';

const listMethods = ['GET', 'POST'] as const;
const itemMethods = ['GET', 'PUT', 'DELETE'] as const;

/** The methods of the list and item routes: all of them, or those of `given` (which must keep GET). `template`: the name the user chose. */
export function resourceMethods(given: readonly string[] | undefined, template = 'resource'): {list: string[]; item: string[]} | Refusal {
	if (given === undefined) return {list: [...listMethods], item: [...itemMethods]};
	const wanted = new Set(methodNames(given));
	const other = [...wanted].filter((method) => !(listMethods as readonly string[]).includes(method) && !(itemMethods as readonly string[]).includes(method));
	if (other.length > 0) {
		return refusal('INVALID_METHODS', `The ${template} template serves GET, POST, PUT and DELETE, not ${other.join(', ')}: leave ${other.length === 1 ? 'it' : 'them'} out of --methods.`);
	}
	if (!wanted.has('GET')) return refusal('INVALID_METHODS', `The ${template} template always serves GET (the list and one row by id): add GET to --methods.`);
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
	const served = resourceMethods(methods, template.name);
	if (!('list' in served)) refusals.push(served);
	const badFields = fieldsProblem(fields ?? [], template.name);
	if (badFields !== undefined) refusals.push(invalid(badFields));
	const tableName = table.name;
	const badTable = identifierProblem(tableName, 'table');
	if (badTable !== undefined) refusals.push(invalid(`Invalid table: ${badTable}${table.given ? '' : ' (it comes from the controller name; pass --table)'}.`));
	if (parameters.length > 0) {
		refusals.push(refusal('INVALID_URI', `Invalid URI "${uri}": the ${template.name} template adds /{id} itself, so give its URI without {parameters}.`));
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
	const listView = {...view, className: names.className};
	const itemView = {...view, className: itemClass};
	const list: Unit = {
		route: {
			name: names.routeName,
			uri,
			controller: `Controller\\api\\${names.className}`,
			methods: served.list,
			className: names.className,
			controllerPath: listPath,
		},
		controller: render(template.texts.list ?? '', listView),
		controllerFrom: {role: 'list', view: listView},
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
		controller: render(template.texts.item ?? '', itemView),
		controllerFrom: {role: 'item', view: itemView},
	};
	return {units: [list, item], warnings: []};
}

function invalid(message: string): Refusal {
	return refusal('INVALID_OPTION', message);
}
