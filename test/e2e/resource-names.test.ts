// Field and table names against a real MariaDB: every keyword the server knows (its
// information_schema.KEYWORDS) that edu accepts as a field or table name makes the CREATE TABLE
// edu prints and the statements the controllers run work unquoted; so every word MariaDB reserves
// is refused by edu before anything is written.
import {execFileSync, spawnSync} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createTable} from '../../source/make/resource.js';
import {identifierProblem} from '../../source/templates/option-values.js';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

/** edu's CREATE TABLE as a temporary table: the same names parsed, without the disk writes of hundreds of tables. */
const temporary = (statement: string): string => statement.replace(/^CREATE TABLE /, 'CREATE TEMPORARY TABLE ').replace(/;$/, '');

/** The statements the list and item controllers run, one line for a column name and one for a table name. */
function statementsFor(word: string): string[] {
	const asColumn = [
		temporary(createTable('probe_column', [{name: word, type: 'string', length: 20}], 'mysql')),
		`SELECT id, ${word} FROM probe_column ORDER BY id`,
		`INSERT INTO probe_column (${word}) VALUES ('a')`,
		`UPDATE probe_column SET ${word} = 'b' WHERE id = 1`,
		`SELECT id, ${word} FROM probe_column WHERE id = 1`,
		'DROP TABLE probe_column',
	];
	const asTable = [
		temporary(createTable(word, [{name: 'nom', type: 'int'}], 'mysql')),
		`SELECT id, nom FROM ${word} ORDER BY id`,
		`INSERT INTO ${word} (nom) VALUES (1)`,
		`UPDATE ${word} SET nom = 2 WHERE id = 1`,
		`SELECT id, nom FROM ${word} WHERE id = 1`,
		`DELETE FROM ${word} WHERE id = 1`,
		`DROP TABLE ${word}`,
	];
	return [asColumn.join('; '), asTable.join('; ')];
}

describe.skipIf(!hasMariadb)('field and table names against MariaDB\'s keywords', () => {
	let server: Mariadb | undefined;
	beforeAll(async () => {
		server = await startMariadb();
	}, 60_000);
	afterAll(async () => {
		await server?.stop();
	});

	it('every keyword edu accepts as a name works unquoted in the controllers\' SQL; the others it refuses', () => {
		const keywords = server!.sql('SELECT LOWER(WORD) FROM information_schema.KEYWORDS').trim().split('\n').filter((word) => /^[a-z_][a-z0-9_]*$/.test(word));
		expect(keywords.length).toBeGreaterThan(600);
		const accepted = keywords.filter((word) => word !== 'id' && identifierProblem(word, 'field') === undefined && identifierProblem(word, 'table') === undefined);
		const refused = keywords.filter((word) => !accepted.includes(word));
		// One client for all of them: --force goes on after an error and names its line.
		const lines = accepted.flatMap(statementsFor);
		const run = spawnSync('mariadb', ['--no-defaults', `--socket=${server!.socket}`, '-uroot', '--force', '--batch', server!.database], {input: `${lines.join(';\n')};\n`, encoding: 'utf8'});
		const failed = [...run.stderr.matchAll(/at line (\d+)/g)].map((match) => accepted[Math.floor((Number(match[1]) - 1) / 2)]);
		expect(failed).toEqual([]);
		expect(run.status).toBe(0);
		// And the words edu refuses include those the review met on MariaDB.
		expect(refused).toEqual(expect.arrayContaining(['condition', 'range', 'usage', 'over', 'returning', 'recursive', 'select', 'order']));
		// Each refused word really is one MariaDB or MySQL 8 reserves, or SQLite: spot-check MariaDB's own.
		expect(() => execFileSync('mariadb', ['--no-defaults', `--socket=${server!.socket}`, '-uroot', server!.database, '-e', statementsFor('condition')[0]!], {stdio: 'pipe'})).toThrow(/ERROR 1064/);
	}, 60_000);

	it('make:api refuses a reserved field name with one line naming a replacement, and writes nothing', async () => {
		const root = tempProject('skeleton');
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'velo', '--template', 'resource', '--fields', 'modele:string:50,condition:string:20,range:int', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr.trim()).toBe('edu: Invalid field: "condition" is an SQL reserved word in MariaDB and MySQL 8, where the controllers\' SQL would fail: choose another field name, such as "condition_".');
		expect(snapshotTree(root)).toEqual(before);
	});
});
