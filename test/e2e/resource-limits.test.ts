// The resource template's columns against what a real MariaDB (the database the skeleton
// defaults to) creates in utf8mb4: the longest fields edu accepts make a table the server
// creates from the CREATE TABLE the controller gives, and a byte more is refused by edu at once,
// as the server would refuse it (the same statement, written here, fails there).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

/** The CREATE TABLE a generated controller's comment gives, as one statement. */
function createTableOf(root: string): string {
	const folder = path.join(root, 'app/Controller/api');
	for (const file of readdirSync(folder)) {
		const text = readFileSync(path.join(folder, file), 'utf8');
		const found = /CREATE TABLE[\s\S]*?DEFAULT CHARSET = utf8mb4;/.exec(text);
		if (found) return found[0].replace(/\n\s*\*\s*/g, ' ');
	}
	throw new Error('no CREATE TABLE in the generated controllers');
}

/** The statement MySQL / MariaDB needs for `fields` (name:string:length, name:string, name:int). */
function statementFor(table: string, fields: string): string {
	const columns = fields.split(',').map((field) => {
		const [name, type, length] = field.split(':');
		return `${name} ${type === 'int' ? 'INT' : length === undefined ? 'TEXT' : `VARCHAR(${length})`} NOT NULL`;
	});
	return `CREATE TABLE ${table} (id INT AUTO_INCREMENT PRIMARY KEY, ${columns.join(', ')}) DEFAULT CHARSET = utf8mb4;`;
}

describe.skipIf(!hasMariadb)('resource fields against MariaDB\'s limits (utf8mb4, strict mode)', () => {
	let server: Mariadb | undefined;
	let tables = 0;
	beforeAll(async () => {
		server = await startMariadb();
	}, 60_000);
	afterAll(async () => {
		await server?.stop();
	});

	it.each([
		['a:string:16382'],
		['a:string:16320,b:string:62'],
		['a:string:8190,b:string:8190'],
		['a:string:16379,t:string'],
		['a:string:16380,c:int,d:int'],
	])('--fields %s: accepted, and MariaDB creates the table the controller gives', async (fields) => {
		const root = tempProject('empty');
		const table = `t${++tables}`;
		const result = await runEdu(['make:api', 'ville', '--template', 'resource', '--table', table, '--fields', fields, '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		const statement = createTableOf(root);
		expect(statement).toBe(statementFor(table, fields));
		server!.sql(statement);
		expect(server!.sql(`SELECT COUNT(*) FROM information_schema.columns WHERE table_name = '${table}'`).trim()).toBe(String(fields.split(',').length + 1));
	});

	it.each([
		['a:string:16384', 'the length of "a" must be a whole number from 1 to 16383'],
		['a:string:16383', 'need 65538 bytes'],
		['a:string:16321,b:string:62', 'need 65539 bytes'],
		['a:string:8191,b:string:8191', 'need 65536 bytes'],
		['a:string:16379,t:string,u:string', 'need 65542 bytes'],
	])('--fields %s: refused at once, nothing written; MariaDB refuses that table too', async (fields, said) => {
		const root = tempProject('empty');
		const before = snapshotTree(root);
		const result = await runEdu(['make:api', 'ville', '--template', 'resource', '--table', 'refused', '--fields', fields, '--yes'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain(said);
		expect(snapshotTree(root)).toEqual(before);
		expect(() => server!.sql(statementFor('refused', fields))).toThrow(/ERROR (1118|1074)/);
	});
});
