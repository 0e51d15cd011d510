// The resource template's columns against what a real MariaDB (the database the skeleton
// defaults to) creates in utf8mb4: the longest fields edu accepts make a table the server
// creates from the CREATE TABLE the controller gives, and a byte more is refused by edu at once,
// as the server would refuse it (the same statement, written here, fails there).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FieldSpec} from '../../source/make/request.js';
import {createTable} from '../../source/make/resource.js';
import {fieldsProblem} from '../../source/templates/option-values.js';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

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
		const result = await runMain(['make:api', 'ville', '--template', 'resource', '--table', table, '--fields', fields, '--yes'], {cwd: root});
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
		const result = await runMain(['make:api', 'ville', '--template', 'resource', '--table', 'refused', '--fields', fields, '--yes'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain(said);
		expect(snapshotTree(root)).toEqual(before);
		expect(() => server!.sql(statementFor('refused', fields))).toThrow(/ERROR (1118|1074)/);
	});

	/** True when MariaDB creates the table edu's CREATE TABLE describes for `fields`. */
	const serverCreates = (fields: readonly FieldSpec[]): boolean => {
		try {
			server!.sql(`DROP TABLE IF EXISTS probe; ${createTable('probe', fields, 'mysql')}`);
			return true;
		} catch (error) {
			expect(String(error)).toMatch(/ERROR (1118|1074)/);
			return false;
		}
	};
	const strings = (lengths: readonly number[]): FieldSpec[] => lengths.map((length, index) => ({name: `c${index}`, type: 'string', length}));

	it.each([
		['33 strings of 60 characters', strings(Array(33).fill(60)), true],
		['34 strings of 60 characters', strings(Array(34).fill(60)), false],
		['the largest record InnoDB takes', strings([...Array(31).fill(63), 16, 16, 16, 16]), true],
		['one byte more', strings([...Array(31).fill(63), 13, 13, 13, 13, 12]), false],
		['50 strings of 64 characters, kept outside the record', strings(Array(50).fill(64)), true],
		// A longer string or TEXT leaves 21 bytes in the record: with five, 38 characters more fit and 39 do not.
		['31 strings of 63, five of 64 and one of 38', strings([...Array(31).fill(63), 64, 64, 64, 64, 64, 38]), true],
		['31 strings of 63, five of 64 and one of 39', strings([...Array(31).fill(63), 64, 64, 64, 64, 64, 39]), false],
		['31 strings of 63, ten TEXT and one of 12', [...strings([...Array(31).fill(63), 12]), ...Array.from({length: 10}, (_, index): FieldSpec => ({name: `t${index}`, type: 'string'}))], true],
	])('%s: edu decides as MariaDB does', (_, fields, created) => {
		expect(serverCreates(fields)).toBe(created);
		expect(fieldsProblem(fields) === undefined).toBe(created);
		if (!created) expect(fieldsProblem(fields)).toMatch(/^Invalid fields: MySQL \/ MariaDB would refuse this table \("Row size too large"\)/);
	});

	it('edu accepts a field list exactly when MariaDB creates its table (property, near both row limits)', () => {
		const field = fc.oneof(
			{weight: 12, arbitrary: fc.integer({min: 40, max: 63}).map((length): Omit<FieldSpec, 'name'> => ({type: 'string', length}))},
			{weight: 2, arbitrary: fc.integer({min: 1, max: 39}).map((length): Omit<FieldSpec, 'name'> => ({type: 'string', length}))},
			{weight: 2, arbitrary: fc.constant<Omit<FieldSpec, 'name'>>({type: 'int'})},
			{weight: 1, arbitrary: fc.constant<Omit<FieldSpec, 'name'>>({type: 'string'})},
			{weight: 1, arbitrary: fc.integer({min: 64, max: 16_383}).map((length): Omit<FieldSpec, 'name'> => ({type: 'string', length}))},
		);
		fc.assert(fc.property(fc.array(field, {minLength: 28, maxLength: 50}), (specs) => {
			const fields = specs.map((spec, index): FieldSpec => ({name: `c${index}`, ...spec}));
			expect(fieldsProblem(fields) === undefined, JSON.stringify(fields)).toBe(serverCreates(fields));
		}), {numRuns: 150});
	}, 60_000);
});
