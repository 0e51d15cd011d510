// The project's controllers that use the framework's database, and the tables the resource
// template's controllers need, read from the CREATE TABLE their CREATE_TABLE constant holds.
// Read with php-parser, names resolved through the file's namespace and `use` imports: a
// project's own Core\DatabaseService is not the framework's, which alone needs DB_HOST_STATUS.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {readTextFile} from '../base/path-kind.js';
import {resolveClassName, sameClass, type NameScope} from '../php/php-names.js';
import {isSyntaxError, parsePhp, type PhpNode} from '../php/php-parser.js';

/** The framework's database service (2.x): it connects only with DB_HOST_STATUS=true. */
export const frameworkDatabase = 'Studoo\\EduFramework\\Core\\Service\\DatabaseService';

export interface ResourceTable {
	readonly name: string;
	/** The statements that create it, as the controller's CREATE_TABLE constant has them. */
	readonly createMysql: string;
	readonly createSqlite?: string;
}

export interface DatabaseUser {
	/** The controller's path from the project root, with / separators. */
	readonly file: string;
	/** The table a resource controller reads, and the statements that create it. */
	readonly table?: ResourceTable;
}

const createTable = /^CREATE TABLE ([A-Za-z_][A-Za-z0-9_]*) \(/;

function isNode(value: unknown): value is PhpNode {
	return typeof value === 'object' && value !== null && typeof (value as {kind?: unknown}).kind === 'string';
}

function nodes(value: unknown): PhpNode[] {
	return Array.isArray(value) ? value.filter(isNode) : [];
}

interface Found {
	uses: boolean;
	table?: ResourceTable;
}

/** The CREATE_TABLE constant's 'mysql' and 'sqlite' strings. */
function readCreateTable(value: PhpNode): ResourceTable | undefined {
	if (value.kind !== 'array') return undefined;
	const statements = new Map<string, string>();
	for (const entry of nodes(value['items'])) {
		const key = entry['key'];
		const text = entry['value'];
		if (isNode(key) && key.kind === 'string' && isNode(text) && text.kind === 'string') statements.set(String(key['value']), String(text['value']));
	}
	const mysql = statements.get('mysql');
	const name = mysql === undefined ? undefined : createTable.exec(mysql)?.[1];
	if (mysql === undefined || name === undefined) return undefined;
	const sqlite = statements.get('sqlite');
	return {name, createMysql: mysql, ...(sqlite === undefined ? {} : {createSqlite: sqlite})};
}

function visit(node: unknown, scope: {namespace: string; classes: Map<string, string>; constants: Map<string, string>}, found: Found): void {
	if (Array.isArray(node)) {
		for (const item of node) visit(item, scope, found);
		return;
	}
	if (!isNode(node)) return;
	switch (node.kind) {
		case 'namespace':
			visit(node['children'], {namespace: String(node['name'] ?? ''), classes: new Map(), constants: new Map()}, found);
			return;
		case 'usegroup': {
			const prefix = typeof node['name'] === 'string' && node['name'] !== '' ? `${node['name'].replace(/^\\/, '')}\\` : '';
			for (const item of nodes(node['items'])) {
				if ((item['type'] ?? node['type']) !== null && (item['type'] ?? node['type']) !== undefined) continue;
				const name = `${prefix}${String(item['name'] ?? '').replace(/^\\/, '')}`;
				const alias = isNode(item['alias']) ? String(item['alias']['name']) : name.slice(name.lastIndexOf('\\') + 1);
				scope.classes.set(alias.toLowerCase(), name);
			}
			return;
		}
		case 'staticlookup': {
			const what = node['what'];
			const offset = node['offset'];
			if (isNode(what) && what.kind === 'name' && isNode(offset) && String(offset['name']).toLowerCase() === 'getconnect') {
				const written = String(what['name']);
				if (sameClass(resolveClassName(written, scope as NameScope), frameworkDatabase)) found.uses = true;
			}
			break;
		}
		case 'classconstant':
			for (const constant of nodes(node['constants'])) {
				const name = isNode(constant['name']) ? String(constant['name']['name']) : String(constant['name']);
				if (name === 'CREATE_TABLE' && isNode(constant['value'])) found.table ??= readCreateTable(constant['value']);
			}
			return;
		default:
			break;
	}
	for (const [field, value] of Object.entries(node)) if (field !== 'loc' && typeof value === 'object') visit(value, scope, found);
}

/** What one PHP file says: whether it calls the framework's DatabaseService::getConnect(), and its table. */
export function readDatabaseUse(text: string, file: string): Found {
	const found: Found = {uses: false};
	const program = parsePhp(text, file);
	if (isSyntaxError(program)) return found;
	visit(program['children'], {namespace: '', classes: new Map(), constants: new Map()}, found);
	return found;
}

/** Every PHP file under app/Controller/ that calls the framework's DatabaseService::getConnect(), in path order. */
export function databaseUsers(root: string): DatabaseUser[] {
	const users: DatabaseUser[] = [];
	const walk = (relative: string, depth: number): void => {
		let entries;
		try {
			entries = readdirSync(path.join(root, relative), {withFileTypes: true});
		} catch {
			return;
		}
		for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
			const child = `${relative}/${entry.name}`;
			if (entry.isDirectory() && depth < 4) walk(child, depth + 1);
			if (!entry.isFile() || !entry.name.endsWith('.php')) continue;
			const text = readTextFile(path.join(root, child));
			// Only a file that names the method is parsed.
			if (text === undefined || !/getConnect/i.test(text)) continue;
			const found = readDatabaseUse(text, child);
			if (found.uses) users.push(found.table === undefined ? {file: child} : {file: child, table: found.table});
		}
	};
	walk('app/Controller', 0);
	return users;
}
