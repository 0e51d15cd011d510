// The resource template over HTTP on the databases students run: SQLite, and a real MariaDB the
// suite starts itself, reached through the runtime stand-in's mysql driver (DB_TYPE=mysql, 2.3's
// `SET NAMES utf8`). edu's main(), in this process, writes the controllers into a temp project, a
// real `php -S` serves them, and every database gets the same requests and the same expectations.
import {execFileSync} from 'node:child_process';
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {form, request, type Body} from '../helpers/http.js';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {hasPhp, phpLint} from '../helpers/php.js';
import {servePhp, type PhpServer} from '../helpers/php-server.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, tempProject} from '../helpers/temp-project.js';

const villeArgs = ['make:api', 'ville', '--template', 'resource', '--table', 'ville', '--fields', 'nom:string:255,code_postal:string:10,nombre_habitant:int', '--yes'];

const cities = [
	{id: 1, nom: 'Paris', code_postal: '75001', nombre_habitant: 2_133_111},
	{id: 2, nom: 'Lyon', code_postal: '69001', nombre_habitant: 522_250},
	{id: 3, nom: 'Marseille', code_postal: '13001', nombre_habitant: 873_076},
];

/** One database the generated controllers run on: how to reach it, and how the test reads it. */
interface Database {
	readonly env: Record<string, string>;
	/** The same settings with a connection that fails (a wrong password, a file that cannot be opened). */
	readonly brokenEnv: Record<string, string>;
	sql(statement: string): string;
	stop(): Promise<void>;
}

async function sqlite(root: string): Promise<Database> {
	const file = path.join(root, 'var-test.sqlite');
	const script = '$db = new PDO("sqlite:" . $argv[1]); $result = $db->query($argv[2]); foreach ($result->fetchAll(PDO::FETCH_NUM) as $row) { echo implode("\\t", $row), "\\n"; }';
	return {
		// As a project's .env has it: 2.3 connects only with DB_HOST_STATUS=true.
		env: {DB_HOST_STATUS: 'true', EDU_RUNTIME_DATABASE: file},
		brokenEnv: {DB_HOST_STATUS: 'true', EDU_RUNTIME_DATABASE: path.join(root, 'no-such-folder', 'db.sqlite')},
		sql: (statement) => execFileSync('php', ['-r', script, file, statement], {encoding: 'utf8'}),
		stop: async () => undefined,
	};
}

async function mysql(type: 'mysql' | 'mariadb'): Promise<Database> {
	const server: Mariadb = await startMariadb();
	const env = {DB_HOST_STATUS: 'true', DB_TYPE: type, DB_HOST: '127.0.0.1', DB_SOCKET: String(server.port), DB_NAME: server.database, DB_USER: server.user, DB_PASSWORD: server.password};
	return {
		env,
		brokenEnv: {...env, DB_PASSWORD: 'not-the-password'},
		sql: (statement) => server.sql(statement),
		stop: () => server.stop(),
	};
}

const databases = [
	{
		name: 'SQLite', open: sqlite, skip: !hasPhp,
		createTable: 'CREATE TABLE ville (id INTEGER PRIMARY KEY AUTOINCREMENT, nom VARCHAR(255) NOT NULL, code_postal VARCHAR(10) NOT NULL, nombre_habitant INTEGER NOT NULL);',
	},
	{
		name: 'MariaDB (DB_TYPE=mysql)', open: async () => mysql('mysql'), skip: !hasPhp || !hasMariadb,
		createTable: 'CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(255) NOT NULL, code_postal VARCHAR(10) NOT NULL, nombre_habitant INT NOT NULL) DEFAULT CHARSET = utf8mb4;',
	},
	{
		name: 'MariaDB (DB_TYPE=mariadb)', open: async () => mysql('mariadb'), skip: !hasPhp || !hasMariadb,
		createTable: 'CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(255) NOT NULL, code_postal VARCHAR(10) NOT NULL, nombre_habitant INT NOT NULL) DEFAULT CHARSET = utf8mb4;',
	},
];

// Without PHP or mariadbd (a developer's machine) a database's block is skipped, with the notice above;
// in CI, EDU_REQUIRE_PHP and EDU_REQUIRE_MARIADB make that a failure instead.
for (const {name, open, skip, createTable} of databases) {
	describe.skipIf(skip)(`the resource template on ${name}, under php -S and the runtime stand-in`, () => {
		let root = '';
		let base = '';
		let database: Database | undefined;
		// Every server the tests start: the last test reads their logs.
		const servers: PhpServer[] = [];

		const db = (): Database => {
			if (database === undefined) throw new Error('no database');
			return database;
		};
		const http = (method: string, uri: string, init?: Body) => request(base, method, uri, init);
		const json = (value: unknown) => ({body: JSON.stringify(value), contentType: 'application/json'});
		const rowCount = (): number => Number(db().sql('SELECT COUNT(*) FROM ville').trim());
		const noInternals = (text: string) => {
			for (const leak of ['SELECT', 'INSERT', 'SQLSTATE', root, 'PDO', '.php']) expect(text).not.toContain(leak);
		};

		/** php -S on the project with these settings, once it answers. */
		const serve = async (env: Record<string, string>): Promise<PhpServer> => {
			const started = await servePhp('public', {cwd: root, env});
			servers.push(started);
			return started;
		};

		beforeAll(async () => {
			root = tempProject('empty');
			cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
			cpSync(path.join(fixturesDir, 'runtime', 'public'), path.join(root, 'public'), {recursive: true});
			const result = await runMain(villeArgs, {cwd: root});
			expect(result, result.stderr).toMatchObject({exitCode: 0, stderr: ''});
			database = await open(root);
			base = (await serve(db().env)).base;
		});

		afterAll(async () => {
			for (const started of servers) await started.stop();
			await database?.stop();
		});

		it.each([
			['GET', '/api/ville', {}],
			['POST', '/api/ville', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '1'})],
			['GET', '/api/ville/1', {}],
			['PUT', '/api/ville/1', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '1'})],
			['DELETE', '/api/ville/1', {}],
		])('before the table exists, %s %s: a JSON 500 naming the table, with the CREATE TABLE to run', async (method, uri, init) => {
			const response = await http(method, uri, init);
			expect(response.status).toBe(500);
			expect(response.type).toMatch(/^application\/json/);
			const {erreur} = response.json as {erreur: string};
			expect(Object.keys(response.json as object)).toEqual(['erreur']);
			expect(erreur).toBe(`La table ville n'existe pas : créez-la avec ${createTable}`);
			noInternals(erreur.replace(/CREATE TABLE.*$/, ''));
		});

		it('the CREATE TABLE the message gives makes the table, and the controllers serve it', async () => {
			const {erreur} = (await http('GET', '/api/ville')).json as {erreur: string};
			db().sql(/CREATE TABLE .*$/.exec(erreur)?.[0] ?? 'no statement');
			for (const city of cities) db().sql(`INSERT INTO ville (nom, code_postal, nombre_habitant) VALUES ('${city.nom}', '${city.code_postal}', ${city.nombre_habitant})`);
			expect((await http('GET', '/api/ville')).json).toEqual(cities);
		});

		it('GET /api/ville/{id}: 200, that city; unknown or not a number: 404 {"erreur"}', async () => {
			expect(await http('GET', '/api/ville/2')).toMatchObject({status: 200, json: cities[1]});
			// Converted to an integer before the lookup, as the seed says: 02 is 2.
			expect(await http('GET', '/api/ville/02')).toMatchObject({status: 200, json: cities[1]});
			for (const uri of ['/api/ville/999', '/api/ville/abc', '/api/ville/2abc', '/api/ville/-1', '/api/ville/99999999999', `/api/ville/${encodeURIComponent('1 OR 1=1')}`]) {
				const response = await http('GET', uri);
				expect(response).toMatchObject({status: 404, json: {erreur: expect.any(String)}});
				expect(Object.keys(response.json as object)).toEqual(['erreur']);
			}
		});

		it.each([
			['form-encoded', form({nom: 'Créteil 🚲', code_postal: '94000', nombre_habitant: '92265'})],
			['JSON', json({nom: 'Créteil 🚲', code_postal: '94000', nombre_habitant: 92_265})],
		])('POST %s "Créteil 🚲" (a 4-byte character): 201, stored and read back intact', async (_label, request) => {
			const created = await http('POST', '/api/ville', request);
			expect(created.status).toBe(201);
			expect(created.json).toEqual({id: expect.any(Number), nom: 'Créteil 🚲', code_postal: '94000', nombre_habitant: 92_265});
			const {id} = created.json as {id: number};
			expect((await http('GET', `/api/ville/${id}`)).json).toEqual(created.json);
			expect((await http('GET', '/api/ville')).json).toContainEqual(created.json);
			expect(db().sql(`SELECT nom FROM ville WHERE id = ${id}`)).toBe('Créteil 🚲\n');
		});

		it.each([
			['a population over INT (form)', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '99999999999'}), ['nombre_habitant']],
			['a population over INT (JSON)', json({nom: 'Lille', code_postal: '59000', nombre_habitant: 99_999_999_999}), ['nombre_habitant']],
			['a population under INT', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '-2147483649'}), ['nombre_habitant']],
			['nothing', form({}), ['nom', 'code_postal', 'nombre_habitant']],
			['missing fields', form({nom: 'Lille'}), ['code_postal', 'nombre_habitant']],
			['a blank field', form({nom: '   ', code_postal: '59000', nombre_habitant: '1'}), ['nom']],
			['a postal code over 10 characters', form({nom: 'Lille', code_postal: '59000590005', nombre_habitant: '1'}), ['code_postal']],
			['a field sent as an array (nom[]=x)', {body: 'nom[]=Lille&code_postal=59000&nombre_habitant=1', contentType: 'application/x-www-form-urlencoded'}, ['nom']],
			['a name over 255 characters', form({nom: 'x'.repeat(256), code_postal: '59000', nombre_habitant: '1'}), ['nom']],
			['a population that is not an integer', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '12.5'}), ['nombre_habitant']],
			['a JSON body with wrong types', json({nom: ['Lille'], code_postal: true, nombre_habitant: '1e3'}), ['nom', 'code_postal', 'nombre_habitant']],
		])('POST with %s: 400 {"erreur", "champs"}, nothing inserted', async (_label, request, champs) => {
			const before = rowCount();
			const response = await http('POST', '/api/ville', request);
			expect(response).toMatchObject({status: 400, json: {erreur: expect.stringContaining(champs[0] ?? ''), champs}});
			expect(rowCount()).toBe(before);
		});

		it.each([
			['a body that is not JSON', '{"nom": "Lille",', 'Le corps de la requête n\'est pas du JSON valide (Syntax error).'],
			['a JSON list instead of an object', '["Lille", "59000", 1]', 'Le corps JSON doit être un objet, comme {"nom": …}.'],
		])('POST with %s: 400 {"erreur"} that says so (not "every field missing"), nothing inserted', async (_label, body, erreur) => {
			const before = rowCount();
			const response = await http('POST', '/api/ville', {body, contentType: 'application/json'});
			expect(response).toMatchObject({status: 400, json: {erreur}});
			expect(Object.keys(response.json as object)).toEqual(['erreur']);
			expect(rowCount()).toBe(before);
		});

		it.each([
			['POST', '/api/ville'],
			['PUT', '/api/ville/2'],
		])('%s %s with a JSON body sent as curl -d sends it (no Content-Type: application/json): 400 saying to send that header, nothing written', async (method, uri) => {
			const before = db().sql('SELECT * FROM ville ORDER BY id');
			const body = JSON.stringify({nom: 'Lille', code_postal: '59000', nombre_habitant: 1});
			const response = await http(method, uri, {body, contentType: 'application/x-www-form-urlencoded'});
			expect(response).toMatchObject({status: 400, json: {champs: ['nom', 'code_postal', 'nombre_habitant']}});
			expect((response.json as {erreur: string}).erreur).toBe('Le corps ressemble à du JSON, mais il est arrivé sans l\'en-tête Content-Type: application/json (avec curl : -H \'Content-Type: application/json\') : renvoyez-le avec cet en-tête.');
			expect((response.json as {erreur: string}).erreur).not.toContain('obligatoire');
			expect(db().sql('SELECT * FROM ville ORDER BY id')).toBe(before);
		});

		it('POST with an empty form: 400 listing every field, and saying to send JSON with its header or form fields', async () => {
			const response = await http('POST', '/api/ville', form({}));
			expect(response).toMatchObject({status: 400, json: {
				erreur: 'Aucun champ reçu : envoyez un objet JSON avec l\'en-tête Content-Type: application/json (avec curl : -H \'Content-Type: application/json\'), ou des champs de formulaire (nom, code_postal, nombre_habitant).',
				champs: ['nom', 'code_postal', 'nombre_habitant'],
			}});
		});

		it('POST JSON (application/json; charset=utf-8): 201, read from the raw body, a number for a string column kept as text', async () => {
			const body = JSON.stringify({nom: 'Saint-Étienne', code_postal: 42000, nombre_habitant: 172_718});
			const created = await http('POST', '/api/ville', {body, contentType: 'application/json; charset=utf-8'});
			expect(created).toMatchObject({status: 201, json: {id: expect.any(Number), nom: 'Saint-Étienne', code_postal: '42000', nombre_habitant: 172_718}});
		});

		it('the INT bounds themselves and 255 characters of é are accepted', async () => {
			for (const nombre of ['2147483647', '-2147483648']) {
				const response = await http('POST', '/api/ville', form({nom: 'é'.repeat(255), code_postal: '1234567890', nombre_habitant: nombre}));
				expect(response).toMatchObject({status: 201, json: {nom: 'é'.repeat(255), nombre_habitant: Number(nombre)}});
			}
		});

		// The item (PUT) checks INT bounds of its own (item.php): each bound taken, one past it refused, as form and JSON.
		it('PUT /api/ville/{id} with the INT bounds: 200 and stored; one past either bound: 400 on nombre_habitant, the row unchanged; POST one past: 400', async () => {
			const {id} = (await http('POST', '/api/ville', form({nom: 'Borne', code_postal: '00000', nombre_habitant: '1'}))).json as {id: number};
			for (const nombre of [2_147_483_647, -2_147_483_648]) {
				for (const body of [form({nom: 'Borne', code_postal: '00000', nombre_habitant: String(nombre)}), json({nom: 'Borne', code_postal: '00000', nombre_habitant: nombre})]) {
					expect(await http('PUT', `/api/ville/${id}`, body)).toMatchObject({status: 200, json: {id, nombre_habitant: nombre}});
					expect((await http('GET', `/api/ville/${id}`)).json).toMatchObject({id, nombre_habitant: nombre});
				}
			}
			const row = (await http('GET', `/api/ville/${id}`)).json;
			for (const nombre of [2_147_483_648, -2_147_483_649]) {
				for (const body of [form({nom: 'Borne', code_postal: '00000', nombre_habitant: String(nombre)}), json({nom: 'Borne', code_postal: '00000', nombre_habitant: nombre})]) {
					expect(await http('PUT', `/api/ville/${id}`, body)).toMatchObject({status: 400, json: {champs: ['nombre_habitant']}});
				}
			}
			expect((await http('GET', `/api/ville/${id}`)).json).toEqual(row);
			const before = rowCount();
			expect(await http('POST', '/api/ville', form({nom: 'Borne', code_postal: '00000', nombre_habitant: '2147483648'}))).toMatchObject({status: 400, json: {champs: ['nombre_habitant']}});
			expect(rowCount()).toBe(before);
		});

		it('an SQL injection string is stored as plain data', async () => {
			const nom = "Robert'); DROP TABLE ville; --";
			const created = await http('POST', '/api/ville', form({nom, code_postal: "' OR 1=1", nombre_habitant: '1'}));
			const {id} = created.json as {id: number};
			expect((await http('GET', `/api/ville/${id}`)).json).toEqual({id, nom, code_postal: "' OR 1=1", nombre_habitant: 1});
		});

		it.each([
			['form-encoded', form({nom: 'Lyon 🦁', code_postal: '69002', nombre_habitant: '522969'})],
			['JSON', json({nom: 'Lyon 🦁', code_postal: '69002', nombre_habitant: 522_969})],
		])('PUT %s /api/ville/2: 200 with the row replaced, read back by GET; the same PUT again: 200', async (_label, request) => {
			const expected = {id: 2, nom: 'Lyon 🦁', code_postal: '69002', nombre_habitant: 522_969};
			const before = rowCount();
			for (let round = 0; round < 2; round++) {
				const response = await http('PUT', '/api/ville/2', request);
				expect(response).toMatchObject({status: 200, json: expected});
				expect(response.type).toMatch(/^application\/json/);
			}
			expect((await http('GET', '/api/ville/2')).json).toEqual(expected);
			expect(rowCount()).toBe(before);
		});

		it('PUT with an invalid field: 400 {"erreur", "champs"}, the row unchanged; PUT an unknown id: 404', async () => {
			const row = (await http('GET', '/api/ville/3')).json;
			const invalid = await http('PUT', '/api/ville/3', form({nom: 'Marseille', code_postal: '13001', nombre_habitant: '99999999999'}));
			expect(invalid).toMatchObject({status: 400, json: {erreur: expect.any(String), champs: ['nombre_habitant']}});
			const missing = await http('PUT', '/api/ville/3', json({nom: 'Marseille'}));
			expect(missing).toMatchObject({status: 400, json: {champs: ['code_postal', 'nombre_habitant']}});
			expect((await http('GET', '/api/ville/3')).json).toEqual(row);
			const unknown = await http('PUT', '/api/ville/999', form({nom: 'X', code_postal: '1', nombre_habitant: '1'}));
			expect(unknown).toMatchObject({status: 404, json: {erreur: expect.any(String)}});
			expect(db().sql('SELECT COUNT(*) FROM ville WHERE id = 999')).toBe('0\n');
		});

		it('DELETE /api/ville/1: 204 with no body, then GET and DELETE answer 404', async () => {
			const before = rowCount();
			const deleted = await http('DELETE', '/api/ville/1');
			expect(deleted).toMatchObject({status: 204, text: ''});
			expect(rowCount()).toBe(before - 1);
			expect(await http('GET', '/api/ville/1')).toMatchObject({status: 404, json: {erreur: expect.any(String)}});
			expect(await http('DELETE', '/api/ville/1')).toMatchObject({status: 404, json: {erreur: expect.any(String)}});
			expect(rowCount()).toBe(before - 1);
		});

		it.each([['PUT', '/api/ville'], ['DELETE', '/api/ville'], ['POST', '/api/ville/1'], ['PATCH', '/api/ville/1']])(
			'%s %s, a method not listed in httpMethod: the router\'s HTML page "Error 405" with status 200, as 2.3 answers',
			async (method, uri) => {
				const response = await http(method, uri);
				expect(response).toMatchObject({status: 200, json: undefined});
				expect(response.text).toContain('<h1>Error 405 - METHOD_NOT_ALLOWED</h1>');
			},
		);

		it.each([['/api/nowhere'], ['/api/ville/1/2'], ['/api/ville/']])('GET %s, a path with no route: the HTML page "Error 404" with status 200, as 2.3 answers', async (uri) => {
			const response = await http('GET', uri);
			expect(response).toMatchObject({status: 200, json: undefined});
			expect(response.text).toContain('<h1>Error 404 - NOT_FOUND</h1>');
		});

		// php -S answers it itself (a path with an extension is taken for a file), as under `edu start`.
		it('GET /api/ville/1.5: 404 from php -S', async () => {
			expect((await http('GET', '/api/ville/1.5')).status).toBe(404);
		});

		it('any other database failure (a column renamed under it): a JSON 500 without SQL, paths or the driver\'s message', async () => {
			db().sql('ALTER TABLE ville RENAME COLUMN code_postal TO cp');
			try {
				for (const [method, uri, init] of [['GET', '/api/ville', {}], ['GET', '/api/ville/2', {}], ['POST', '/api/ville', form({nom: 'Lille', code_postal: '59000', nombre_habitant: '1'})]] as const) {
					const response = await http(method, uri, init);
					expect(response.status).toBe(500);
					expect(response.type).toMatch(/^application\/json/);
					expect(Object.keys(response.json as object)).toEqual(['erreur']);
					noInternals(response.text);
					expect(response.text).not.toContain('code_postal');
				}
			} finally {
				db().sql('ALTER TABLE ville RENAME COLUMN cp TO code_postal');
			}
			expect((await http('GET', '/api/ville/2')).status).toBe(200);
		});

		it('a connection that fails (a wrong password, a database file that cannot be opened): a JSON 500 without the driver\'s message', async () => {
			const broken = await serve(db().brokenEnv);
			try {
				for (const [method, uri] of [['GET', '/api/ville'], ['GET', '/api/ville/2'], ['DELETE', '/api/ville/2']]) {
					const response = await fetch(`${broken.base}${uri}`, {method});
					const text = await response.text();
					expect(response.status).toBe(500);
					expect(response.headers.get('content-type')).toMatch(/^application\/json/);
					expect(Object.keys(JSON.parse(text) as object)).toEqual(['erreur']);
					noInternals(text);
					for (const leak of ['not-the-password', '127.0.0.1', 'Access denied', 'no-such-folder']) expect(text).not.toContain(leak);
				}
			} finally {
				await broken.stop();
			}
			expect((await http('GET', '/api/ville/2')).status).toBe(200);
		});

		it.each(['false', 'TRUE'])('DB_HOST_STATUS=%s (the framework never connected): a JSON 500 saying so and naming DB_HOST_STATUS=true in .env', async (status) => {
			const unconnected = await serve({...db().env, DB_HOST_STATUS: status});
			try {
				for (const [method, uri] of [['GET', '/api/ville'], ['POST', '/api/ville'], ['GET', '/api/ville/2'], ['DELETE', '/api/ville/2']]) {
					const response = await fetch(`${unconnected.base}${uri}`, {method});
					expect(response.status).toBe(500);
					expect(response.headers.get('content-type')).toMatch(/^application\/json/);
					const {erreur} = await response.json() as {erreur: string};
					expect(erreur).toMatch(/^La base de données n'est pas connectée : .*DB_HOST_STATUS=true \(en minuscules\) dans \.env/);
				}
			} finally {
				await unconnected.stop();
			}
			// The framework's own Error is in the log, for whoever reads it.
			expect(unconnected.output()).toContain('must not be accessed before initialization');
		});

		it('the server logged no PHP warning, error or uncaught exception', () => {
			expect(servers.map((started) => started.output()).join('')).not.toMatch(/PHP (Warning|Notice|Deprecated|Fatal|Parse)|Uncaught/);
			expect(readFileSync(path.join(root, 'app/Controller/api/VilleController.php'), 'utf8')).toContain(') DEFAULT CHARSET = utf8mb4;');
		});
	});
}

describe.skipIf(!hasPhp)('the resource controllers narrowed by --methods', () => {
	it.each(['GET', 'GET,POST', 'GET,PUT', 'GET,DELETE'])('--methods %s: every generated file passes php -l', async (methods) => {
		const root = tempProject('empty');
		const result = await runMain([...villeArgs, '--methods', methods], {cwd: root});
		expect(result, result.stderr).toMatchObject({exitCode: 0, stderr: ''});
		for (const file of ['VilleController.php', 'VilleByIdController.php']) {
			expect(phpLint(path.join(root, 'app/Controller/api', file))).toContain('No syntax errors detected');
		}
	});
});
