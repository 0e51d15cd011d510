// The resource and upload templates, end to end: edu's main(), in this process, writes them into a
// temp project, the runtime stand-in (fixtures/runtime) serves them under a real `php -S` on a free
// loopback port, and the upload flow is checked over HTTP. The resource's endpoints, on SQLite and
// MariaDB, are in resource-db.test.ts.
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {form, request, type Body} from '../helpers/http.js';
import {hasPhp, phpLint, symfonyYamlParse} from '../helpers/php.js';
import {servePhp, type PhpServer} from '../helpers/php-server.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

const villeArgs = ['make:api', 'ville', '--template', 'resource', '--table', 'ville', '--fields', 'nom:string:255,code_postal:string:10,nombre_habitant:int'];
const importArgs = ['make:api', 'import', '--template', 'upload', '--field', 'file', '--extensions', 'csv,txt', '--dir', 'var/uploads'];

function filesUnder(root: string, folder = ''): string[] {
	const absolute = path.join(root, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute).flatMap((name) => {
		const relative = path.posix.join(folder, name);
		return statSync(path.join(root, relative)).isDirectory() ? filesUnder(root, relative) : [relative];
	});
}

describe('make:api --template resource|upload, without PHP', () => {
	it('--dry-run --json reports both resource routes and their files, and writes nothing', async () => {
		const root = tempProject('empty');
		const before = snapshotTree(root);
		const result = await runMain([...villeArgs, '--dry-run', '--json'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(JSON.parse(result.stdout)).toMatchObject({
			ok: true,
			kind: 'api',
			className: 'VilleController',
			routeName: 'api_ville',
			uri: '/api/ville',
			methods: ['GET', 'POST'],
			files: [
				{path: 'app/Controller/api/VilleController.php', action: 'create'},
				{path: 'app/Controller/api/VilleByIdController.php', action: 'create'},
				{path: 'app/Controller/api/openapi.php', action: 'create'},
				{path: 'app/Config/routes.yaml', action: 'create'},
			],
			routes: [
				{name: 'api_ville', uri: '/api/ville', methods: ['GET', 'POST'], className: 'VilleController'},
				{name: 'api_ville-by-id', uri: '/api/ville/{id}', methods: ['GET', 'PUT', 'DELETE'], className: 'VilleByIdController'},
			],
			dryRun: true,
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['no vendor/ (framework not installed)', undefined, 'php'],
		['Edu Framework 2.3\'s Request', 'vendor', 'php'],
		['a Request with the seed\'s upload methods', 'seed-upload/vendor', 'request'],
	])('--json --dry-run with %s says which upload API it generates', async (_label, vendor, uploadApi) => {
		const root = tempProject('sample');
		if (vendor === 'seed-upload/vendor') cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		if (vendor !== undefined) cpSync(path.join(fixturesDir, 'runtime', vendor), path.join(root, 'vendor'), {recursive: true});
		const result = await runMain([...importArgs, '--dry-run', '--json'], {cwd: root});
		expect(JSON.parse(result.stdout)).toMatchObject({ok: true, routes: [{name: 'api_import', uploadApi}], dryRun: true});
	});

	it('--dry-run prints the upload plan, the upload API chosen and the routes.yaml diff', async () => {
		const root = tempProject('sample');
		const result = await runMain([...importArgs, '--dry-run'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain("Class : ./app/Controller/api/ImportController\nURI : /api/import\nUpload : PHP's $_FILES and move_uploaded_file() (the installed framework's Request has no upload methods, as in Edu Framework 2.3)\nDry run: nothing was written.");
		expect(result.stdout).toContain('+api_import:\n+    uri: /api/import\n+    controller: Controller\\api\\ImportController\n+    httpMethod: [POST]\n');
	});

	it.each([
		['GET,POST', ['GET', 'POST'], ['GET']],
		['get', ['GET'], ['GET']],
		['GET,DELETE', ['GET'], ['GET', 'DELETE']],
		['DELETE,PUT,POST,GET', ['GET', 'POST'], ['GET', 'PUT', 'DELETE']],
	])('--methods %s narrows the resource\'s routes, and its controllers only serve those', async (methods, list, item) => {
		const root = tempProject('empty');
		const result = await runMain([...villeArgs, '--methods', methods, '--json'], {cwd: root});
		expect(JSON.parse(result.stdout)).toMatchObject({ok: true, routes: [{name: 'api_ville', methods: list}, {name: 'api_ville-by-id', methods: item}]});
		const listController = readProjectFile(root, 'app/Controller/api/VilleController.php');
		const itemController = readProjectFile(root, 'app/Controller/api/VilleByIdController.php');
		expect(listController.includes('#[Attributes\\Post(')).toBe(list.includes('POST'));
		expect(itemController.includes('#[Attributes\\Put(')).toBe(item.includes('PUT'));
		expect(itemController.includes('#[Attributes\\Delete(')).toBe(item.includes('DELETE'));
		expect(itemController.includes("=== 'PUT'")).toBe(item.includes('PUT'));
		expect(itemController.includes("=== 'DELETE'")).toBe(item.includes('DELETE'));
	});

	it('prints both classes and URIs, then the success line', async () => {
		const root = tempProject('sample');
		expect(await runMain(villeArgs, {cwd: root})).toEqual({
			exitCode: 0,
			stdout: 'Class : ./app/Controller/api/VilleController\nURI : /api/ville\nClass : ./app/Controller/api/VilleByIdController\nURI : /api/ville/{id}\n[OK] Controller and route successfully generated\n',
			stderr: '',
		});
	});

	it.each([
		[['make:api', 'ville', '--template', 'resource', '--fields', 'nom:varchar'], 2, 'edu: --fields item "nom:varchar": unknown type "varchar"; use string, string:LENGTH or int.\n'],
		[['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string', '--table', 'ville;drop'], 2, 'edu: Invalid table: "ville;drop" cannot be a table name: use letters A-Z and a-z, digits and _, not starting with a digit.\n'],
		[['make:api', 'ville', '--template', 'resource'], 2, 'edu: --template resource needs --fields, e.g. --fields nom:string:255,code_postal:string:10,nombre_habitant:int\n'],
		[['make:api', 'ville', '--fields', 'nom:string'], 2, 'edu: --fields applies to --template resource only.\n'],
		[['make:api', 'import', '--template', 'upload', '--methods', 'GET'], 2, 'edu: --methods does not apply to --template upload: its routes are POST.\n'],
		[['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string', '--methods', 'POST,PUT'], 2, 'edu: The resource template always serves GET (the list and one row by id): add GET to --methods.\n'],
		[['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string', '--methods', 'GET,PATCH'], 2, 'edu: The resource template serves GET, POST, PUT and DELETE, not PATCH: leave it out of --methods.\n'],
		[['make:api', 'import', '--template', 'upload', '--extensions', 'csv,php'], 2, 'edu: The extension "php" is refused: a web server may run or obey such a file, so it never belongs on an upload allow-list.\n'],
		[['make:api', 'import', '--template', 'upload', '--dir', '../outside'], 2, 'edu: Invalid upload folder "../outside": ".." segments are not allowed; the folder must stay inside the project.\n'],
	])('%j is refused with one usage line (edu: …, exit 2), leaving the project unchanged', async (args, exitCode, stderr) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		expect(await runMain(args, {cwd: root})).toEqual({exitCode, stdout: '', stderr});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--json reports a refused option as {ok: false}', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:api', 'ville', '--template', 'resource', '--fields', 'id:int', '--json'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(JSON.parse(result.stdout)).toEqual({
			ok: false,
			error: {code: 'INVALID_OPTION', message: 'Invalid field: "id" is the primary key the database generates; leave it out of the fields.'},
		});
	});

	it('make:api --help lists the templates and their flags', async () => {
		const result = await runMain(['make:api', '--help'], {cwd: tempProject()});
		expect(result.exitCode).toBe(0);
		for (const text of ['--template <name>', '--table NAME', '--fields LIST', '--field NAME', '--extensions LIST', '--dir FOLDER', 'Templates (--template NAME;', '  resource ', '  upload ']) {
			expect(result.stdout).toContain(text);
		}
	});
});

interface Part {
	readonly name: string;
	readonly filename?: string;
	readonly content: string | Buffer;
}

/** A multipart/form-data body written by hand, so the file names reach PHP exactly as given. */
function multipart(parts: readonly Part[]): {body: Buffer; contentType: string} {
	const boundary = `edu-test-${Math.random().toString(16).slice(2)}`;
	const chunks: Buffer[] = [];
	for (const part of parts) {
		const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
		const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
		chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`));
		chunks.push(Buffer.from(part.content));
		chunks.push(Buffer.from('\r\n'));
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return {body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`};
}

const flavours = [
	// Edu Framework 2.3 as released: its Request has no upload methods.
	{flavour: '2.3', uploadApi: 'php', uses: /\$_FILES\[self::FIELD\]/},
	// The opt-in stand-in whose Request has the seed's upload methods.
	{flavour: 'seed-upload', uploadApi: 'request', uses: /\$request->hasFile\(self::FIELD\)/},
] as const;

describe.skipIf(!hasPhp).each(flavours)('the generated controllers under php -S and the runtime stand-in ($flavour)', ({flavour, uploadApi, uses}) => {
	let root = '';
	let base = '';
	let server: PhpServer | undefined;

	const http = (method: string, uri: string, init?: Body) => request(base, method, uri, init);
	const upload = (parts: readonly Part[]) => {
		const {body, contentType} = multipart(parts);
		return http('POST', '/api/import', {body, contentType});
	};
	const stored = (): string[] => (existsSync(path.join(root, 'var/uploads')) ? readdirSync(path.join(root, 'var/uploads')).sort() : []);

	let importOutput = '';

	beforeAll(async () => {
		root = tempProject('empty');
		// The project's front controller and composer's vendor/, as the stand-in provides them:
		// edu reads the installed Request to choose the upload API.
		cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		if (flavour === 'seed-upload') cpSync(path.join(fixturesDir, 'runtime', 'seed-upload', 'vendor'), path.join(root, 'vendor'), {recursive: true});
		cpSync(path.join(fixturesDir, 'runtime', 'public'), path.join(root, 'public'), {recursive: true});
		for (const args of [villeArgs, importArgs, ['make:api', 'blocked', '--template', 'upload', '--dir', 'var/blocked/inner']]) {
			const result = await runMain([...args, '--yes'], {cwd: root});
			expect(result, result.stderr).toMatchObject({exitCode: 0, stderr: ''});
			if (args === importArgs) importOutput = result.stdout;
		}
		mkdirSync(path.join(root, 'var'));
		// The folder of the "blocked" upload cannot be created: a file stands in the way.
		writeFileSync(path.join(root, 'var/blocked'), 'not a folder');

		// As `edu start` serves a project, with a small upload limit to exercise an upload that fails.
		server = await servePhp('public', {cwd: root, ini: {upload_max_filesize: '4K', post_max_size: '16K'}});
		base = server.base;
	});

	afterAll(async () => {
		await server?.stop();
	});

	it('every generated PHP file passes php -l, and routes.yaml reads back through Symfony YAML', () => {
		const php = filesUnder(root, 'app').filter((file) => file.endsWith('.php')).sort();
		expect(php).toEqual([
			'app/Controller/api/BlockedController.php',
			'app/Controller/api/ImportController.php',
			'app/Controller/api/VilleByIdController.php',
			'app/Controller/api/VilleController.php',
			'app/Controller/api/openapi.php',
		]);
		for (const file of php) expect(phpLint(path.join(root, file))).toContain('No syntax errors detected');
		expect(symfonyYamlParse(readProjectFile(root, 'app/Config/routes.yaml'))).toEqual({
			api_ville: {uri: '/api/ville', controller: 'Controller\\api\\VilleController', httpMethod: ['GET', 'POST']},
			'api_ville-by-id': {uri: '/api/ville/{id}', controller: 'Controller\\api\\VilleByIdController', httpMethod: ['GET', 'PUT', 'DELETE']},
			api_import: {uri: '/api/import', controller: 'Controller\\api\\ImportController', httpMethod: ['POST']},
			api_blocked: {uri: '/api/blocked', controller: 'Controller\\api\\BlockedController', httpMethod: ['POST']},
		});
	});

	it('GET /api/import, a method not listed in httpMethod: the router\'s HTML page "Error 405" with status 200, as 2.3 answers', async () => {
		const response = await http('GET', '/api/import');
		expect(response).toMatchObject({status: 200, json: undefined});
		expect(response.text).toContain('<h1>Error 405 - METHOD_NOT_ALLOWED</h1>');
	});

	describe('the upload flow', () => {
		it(`uses the ${uploadApi === 'php' ? '$_FILES' : 'Request'} upload API, and says so`, () => {
			const controller = readProjectFile(root, 'app/Controller/api/ImportController.php');
			expect(controller).toMatch(uses);
			expect(controller).not.toMatch(uploadApi === 'php' ? /\$request->(hasFile|isValid|getExtension|move)\(/ : /\$_FILES|move_uploaded_file/);
			expect(importOutput).toContain(uploadApi === 'php' ? "Upload : PHP's $_FILES and move_uploaded_file()" : "Upload : the upload methods of the project's Request");
		});

		it('a csv is stored under a name made by the server: 201 {"fichier"}, the folder created', async () => {
			expect(existsSync(path.join(root, 'var/uploads'))).toBe(false);
			const response = await upload([{name: 'file', filename: 'villes.csv', content: 'nom;code_postal\nParis;75001\n'}]);
			expect(response.status).toBe(201);
			expect(response.type).toMatch(/^application\/json/);
			const {fichier} = response.json as {fichier: string};
			expect(response.json).toEqual({fichier: expect.stringMatching(/^[0-9a-f]{32}\.csv$/)});
			expect(readFileSync(path.join(root, 'var/uploads', fichier), 'utf8')).toBe('nom;code_postal\nParis;75001\n');
		});

		it('a TXT in capitals is accepted as txt; two uploads never share a name', async () => {
			const first = await upload([{name: 'file', filename: 'NOTES.TXT', content: 'a'}]);
			const second = await upload([{name: 'file', filename: 'NOTES.TXT', content: 'b'}]);
			expect([first.status, second.status]).toEqual([201, 201]);
			const names = [first.json, second.json].map((json) => (json as {fichier: string}).fichier);
			expect(names[0]).toMatch(/^[0-9a-f]{32}\.txt$/);
			expect(names[0]).not.toBe(names[1]);
		});

		it('a client name with ../ is never used', async () => {
			const response = await upload([{name: 'file', filename: '../../public/evil.csv', content: 'x'}]);
			expect(response.status).toBe(201);
			expect((response.json as {fichier: string}).fichier).toMatch(/^[0-9a-f]{32}\.csv$/);
			const everywhere = filesUnder(root);
			expect(everywhere.filter((file) => file.includes('evil'))).toEqual([]);
			expect(filesUnder(root, 'public')).toEqual(['public/index.php']);
		});

		it.each([
			['a .php file', 'shell.php', '<?php echo 1;'],
			['a .PHP file in capitals', 'shell.PHP', '<?php echo 1;'],
			['a csv name ending in .php', 'data.csv.php', '<?php echo 1;'],
			['a name without extension', 'README', 'x'],
			['a .php5 file', 'shell.php5', '<?php echo 1;'],
		])('%s is refused: 415 {"erreur"}, nothing stored', async (_label, filename, content) => {
			const before = stored();
			const response = await upload([{name: 'file', filename, content}]);
			expect(response.status).toBe(415);
			expect(response.json).toEqual({erreur: expect.any(String)});
			expect(stored()).toEqual(before);
		});

		it.each([
			['no file at all', [{name: 'other', content: 'x'}]],
			['a file in another field', [{name: 'document', filename: 'a.csv', content: 'x'}]],
		])('%s: 400 {"erreur"}', async (_label, parts) => {
			const before = stored();
			const response = await upload(parts);
			expect(response).toMatchObject({status: 400, json: {erreur: expect.any(String)}});
			expect(stored()).toEqual(before);
		});

		it('a POST that is not multipart: 400 {"erreur"}', async () => {
			const response = await http('POST', '/api/import', form({file: 'villes.csv'}));
			expect(response).toMatchObject({status: 400, json: {erreur: expect.any(String)}});
		});

		// Each refusal says what happened, so a student knows what to change.
		it.each([
			['an empty file input (error 4)', [{name: 'file', filename: '', content: ''}], 'Aucun fichier choisi dans le champ « file ».'],
			['two files in file[] where one is expected', [{name: 'file[]', filename: 'a.csv', content: 'a'}, {name: 'file[]', filename: 'b.csv', content: 'b'}], 'Un seul fichier est attendu dans le champ « file », pas une liste (file[]).'],
			['a file over upload_max_filesize (isValid false)', [{name: 'file', filename: 'big.csv', content: 'x'.repeat(8 * 1024)}], 'Le fichier est trop gros : 4K au plus (upload_max_filesize dans php.ini).'],
			['a request over post_max_size (PHP drops its whole body)', [{name: 'file', filename: 'huge.csv', content: 'x'.repeat(20 * 1024)}], 'Le fichier est trop gros : la requête dépasse post_max_size (16K dans php.ini).'],
			['an empty file (0 bytes)', [{name: 'file', filename: 'vide.csv', content: ''}], 'Le fichier envoyé est vide.'],
		])('%s: 400 with the reason, nothing stored', async (_label, parts, erreur) => {
			const before = stored();
			const response = await upload(parts);
			expect(response).toMatchObject({status: 400, json: {erreur}});
			expect(stored()).toEqual(before);
		});

		it('move() false when the folder cannot be made: 500 {"erreur"}', async () => {
			const {body, contentType} = multipart([{name: 'file', filename: 'a.csv', content: 'x'}]);
			const response = await http('POST', '/api/blocked', {body, contentType});
			expect(response).toMatchObject({status: 500, json: {erreur: expect.any(String)}});
			expect(readFileSync(path.join(root, 'var/blocked'), 'utf8')).toBe('not a folder');
		});
	});

	it('the server logged no PHP warning or error', () => {
		// Less PHP's own warning for the request this test sends over post_max_size: PHP gives it
		// before any code runs.
		const logged = server?.output().split('\n').filter((line) => !/PHP Warning: {2}POST Content-Length of \d+ bytes exceeds the limit of 16384 bytes in Unknown on line 0$/.test(line));
		expect(logged?.join('\n')).not.toMatch(/PHP (Warning|Notice|Deprecated|Fatal|Parse)/);
	});
});
