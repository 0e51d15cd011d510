// The project's controllers that use the framework's database, and the tables the resource
// template's controllers need, read from the CREATE TABLE their CREATE_TABLE constant holds.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {readTextFile} from '../base/path-kind.js';

export interface DatabaseUser {
	/** The controller's path from the project root, with / separators. */
	readonly file: string;
	/** The table a resource controller reads, and the MySQL / MariaDB statement that creates it. */
	readonly table?: {readonly name: string; readonly createMysql: string};
}

const createMysql = /'mysql' => '(CREATE TABLE ([A-Za-z_][A-Za-z0-9_]*) \([^'\\]*\)[^'\\]*;)'/;

/** Every PHP file under app/Controller/ that calls DatabaseService::getConnect(), in path order. */
export function databaseUsers(root: string): DatabaseUser[] {
	const users: DatabaseUser[] = [];
	const visit = (relative: string, depth: number): void => {
		let entries;
		try {
			entries = readdirSync(path.join(root, relative), {withFileTypes: true});
		} catch {
			return;
		}
		for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
			const child = `${relative}/${entry.name}`;
			if (entry.isDirectory() && depth < 4) visit(child, depth + 1);
			if (!entry.isFile() || !entry.name.endsWith('.php')) continue;
			const text = readTextFile(path.join(root, child));
			if (text === undefined || !text.includes('DatabaseService::getConnect')) continue;
			const found = createMysql.exec(text);
			users.push(found ? {file: child, table: {name: found[2]!, createMysql: found[1]!}} : {file: child});
		}
	};
	visit('app/Controller', 0);
	return users;
}
