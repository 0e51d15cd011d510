// The resource and upload templates in the pure core: their options, their units, their refusals.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {plan, type Plan} from '../../source/make/plan.js';
import type {FieldSpec, MakeRequest} from '../../source/make/request.js';
import {dirProblem, fieldsProblem, identifierProblem, parseExtensions, parseFields, uploadProblem} from '../../source/templates/option-values.js';
import {hasPhp, phpLint} from '../helpers/php.js';
import {memorySnapshot, sampleRoutes} from '../helpers/snapshot.js';

const villeFields: FieldSpec[] = [
	{name: 'nom', type: 'string', length: 255},
	{name: 'code_postal', type: 'string', length: 10},
	{name: 'nombre_habitant', type: 'int'},
];
const resource = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest =>
	({kind: 'api', name, template: 'resource', table: 'ville', fields: villeFields, ...extra});
const upload = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest => ({kind: 'api', name, template: 'upload', ...extra});
const content = (result: Plan, file: string): string => {
	const change = result.changes.find((candidate) => candidate.path === file);
	if (!change) throw new Error(`no change for ${file}: ${result.changes.map((candidate) => candidate.path).join(', ')}`);
	return change.after;
};
const messages = (result: Plan): string[] => result.refusals.map((refused) => refused.message);

describe('--fields', () => {
	it('reads the seed\'s city fields', () => {
		expect(parseFields('nom:string:255,code_postal:string:10,nombre_habitant:int')).toEqual(villeFields);
	});

	it('accepts spaces, integer for int, and a string without length', () => {
		expect(parseFields(' nom : string , age:INTEGER ')).toEqual([{name: 'nom', type: 'string'}, {name: 'age', type: 'int'}]);
	});

	it.each([
		['', '--fields is empty'],
		['nom:string,,age:int', 'has an empty item'],
		['nom', 'is not name:type'],
		['nom:string:10:x', 'is not name:type'],
		['nom:text', 'unknown type "text"'],
		['age:int:4', 'an int field takes no length'],
		['nom:string:abc', 'is not a whole number'],
		['nom:string:-1', 'is not a whole number'],
	])('refuses %j (%s)', (text, reason) => {
		const result = parseFields(text);
		expect(result).toMatchObject({code: 'INVALID_OPTION'});
		expect('message' in result ? result.message : '').toContain(reason);
	});

	it.each([
		[[], 'at least one field'],
		[[{name: 'id', type: 'int'}], '"id" is the primary key'],
		[[{name: 'nom', type: 'string'}, {name: 'NOM', type: 'int'}], '"NOM" is given twice'],
		[[{name: 'order', type: 'int'}], '"order" is an SQL reserved word in MariaDB, MySQL 8 and SQLite'],
		[[{name: 'condition', type: 'string', length: 20}], '"condition" is an SQL reserved word in MariaDB and MySQL 8, where the controllers\' SQL would fail: choose another field name, such as "condition_"'],
		[[{name: 'Rank', type: 'int'}], '"Rank" is an SQL reserved word in MySQL 8,'],
		[[{name: 'returning', type: 'int'}], '"returning" is an SQL reserved word in MariaDB and SQLite'],
		...['range', 'usage', 'over', 'recursive', 'groups', 'system', 'window', 'lead', 'lag', 'of', 'empty', 'lateral'].map((name): [FieldSpec[], string] => [[{name, type: 'int'}], `"${name}" is an SQL reserved word`]),
		[Array.from({length: 34}, (_, index): FieldSpec => ({name: `c${index + 1}`, type: 'string', length: 60})), '"Row size too large"): its record needs 8216 bytes and InnoDB\'s holds 8125'],
		[[{name: "nom'); DROP TABLE ville; --", type: 'string'}], 'cannot be a field name'],
		[[{name: '1nom', type: 'string'}], 'cannot be a field name'],
		[[{name: 'nom', type: 'string', length: 0}], 'from 1 to 16383'],
		[[{name: 'nom', type: 'string', length: 16_384}], 'from 1 to 16383'],
		[[{name: 'n', type: 'int', length: 3}], 'takes no length'],
	] as Array<[FieldSpec[], string]>)('refuses the fields %j (%s)', (fields, reason) => {
		expect(fieldsProblem(fields)).toContain(reason);
	});

	it.each([
		[[{name: 'modele', type: 'string', length: 50}, {name: 'etat', type: 'string', length: 20}, {name: 'condition_', type: 'string', length: 20}, {name: 'gamme', type: 'int'}]],
		[Array.from({length: 33}, (_, index): FieldSpec => ({name: `c${index + 1}`, type: 'string', length: 60}))],
		[Array.from({length: 50}, (_, index): FieldSpec => ({name: `c${index + 1}`, type: 'string', length: 64}))],
	] as Array<[FieldSpec[]]>)('accepts the fields %j', (fields) => {
		expect(fieldsProblem(fields)).toBeUndefined();
	});

	it('lets through only plain identifiers, whatever the text (property)', () => {
		fc.assert(fc.property(fc.string({maxLength: 30}), (name) => {
			if (identifierProblem(name, 'field') === undefined) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
		}), {numRuns: 500});
	});
});

describe('plan for --template resource', () => {
	const result = plan(resource('ville'), memorySnapshot(sampleRoutes));
	const list = content(result, 'app/Controller/api/VilleController.php');
	const item = content(result, 'app/Controller/api/VilleByIdController.php');

	it('creates two controllers, openapi.php, and two routes', () => {
		expect(result.refusals).toEqual([]);
		expect(result.changes.map((change) => [change.path, change.action])).toEqual([
			['app/Controller/api/VilleController.php', 'create'],
			['app/Controller/api/VilleByIdController.php', 'create'],
			['app/Controller/api/openapi.php', 'create'],
			['app/Config/routes.yaml', 'modify'],
		]);
		expect(content(result, 'app/Config/routes.yaml')).toBe(`${sampleRoutes}api_ville:
    uri: /api/ville
    controller: Controller\\api\\VilleController
    httpMethod: [GET, POST]
api_ville-by-id:
    uri: '/api/ville/{id}'
    controller: Controller\\api\\VilleByIdController
    httpMethod: [GET, PUT, DELETE]
`);
	});

	it('documents each operation with its own responses, at the route URIs', () => {
		expect(list).toContain("    #[Attributes\\Get(\n        path: '/api/ville',\n        responses: [\n            new Attributes\\Response(response: '200'");
		expect(list).toMatch(/#\[Attributes\\Post\(\n {8}path: '\/api\/ville',[\s\S]*responses: \[\n {12}new Attributes\\Response\(response: '201'[^\n]*\n {12}new Attributes\\Response\(response: '400'/);
		expect(list).toContain("new Attributes\\Property(property: 'code_postal', type: 'string', maxLength: 10)");
		expect(list).toContain("new Attributes\\Property(property: 'nombre_habitant', type: 'integer', minimum: -2147483648, maximum: 2147483647)");
		expect(item).toContain("path: '/api/ville/{id}'");
		expect(item).toContain("new Attributes\\Response(response: '200'");
		expect(item).toContain("new Attributes\\Response(response: '404'");
		expect(item).toMatch(/#\[Attributes\\Put\(\n {8}path: '\/api\/ville\/\{id\}',[\s\S]*responses: \[\n {12}new Attributes\\Response\(response: '200'[^\n]*\n {12}new Attributes\\Response\(response: '400'[^\n]*\n {12}new Attributes\\Response\(response: '404'/);
		expect(item).toMatch(/#\[Attributes\\Delete\(\n {8}path: '\/api\/ville\/\{id\}',\n {8}responses: \[\n {12}new Attributes\\Response\(response: '204'[^\n]*\n {12}new Attributes\\Response\(response: '404'/);
		expect(item).toContain("#[Attributes\\Parameter(name: 'id', in: 'path', required: true, schema: new Attributes\\Schema(type: 'integer'))]");
	});

	it('imports PDO, reads through DatabaseService with FETCH_ASSOC and bound parameters only', () => {
		for (const controller of [list, item]) {
			expect(controller).toContain('namespace Controller\\api;');
			expect(controller).toContain('\nuse PDO;\n');
			expect(controller).toContain('use Studoo\\EduFramework\\Core\\Service\\DatabaseService;');
			expect(controller).toContain('PDO::FETCH_ASSOC');
			// Every SQL text is one literal string: nothing is concatenated or interpolated into it.
			const calls = controller.match(/->(query|prepare)\(/g) ?? [];
			const literal = controller.match(/->(query|prepare)\(\s*'[^'\\$]*'\s*\)/g) ?? [];
			expect(calls.length).toBeGreaterThan(0);
			expect(literal.length).toBe(calls.length);
		}
		expect(list).toContain("'SELECT id, nom, code_postal, nombre_habitant FROM ville ORDER BY id'");
		expect(list).toContain("'INSERT INTO ville (nom, code_postal, nombre_habitant) VALUES (:nom, :code_postal, :nombre_habitant)'");
		expect(list).toContain("$statement->bindValue(':nombre_habitant', $values['nombre_habitant'], PDO::PARAM_INT);");
		expect(list).toContain("if ($request->getHttpMethod() === 'POST') {");
		expect(item).toContain("'SELECT id, nom, code_postal, nombre_habitant FROM ville WHERE id = :id'");
		expect(item).toContain("$statement->bindValue(':id', $id, PDO::PARAM_INT);");
		expect(item).toContain("$request->get('id')");
	});

	it('derives the table from the name in snake case, and the item route from the list route', () => {
		const named = plan(resource('MyUserTest', {table: undefined}), memorySnapshot(sampleRoutes));
		expect(named.routes.map((route) => [route.name, route.uri, route.className])).toEqual([
			['api_my-user-test', '/api/my-user-test', 'MyUserTestController'],
			['api_my-user-test-by-id', '/api/my-user-test/{id}', 'MyUserTestByIdController'],
		]);
		expect(content(named, 'app/Controller/api/MyUserTestController.php')).toContain(' FROM my_user_test ORDER BY id');
	});

	it('takes --uri for the list and adds /{id} for the item', () => {
		const moved = plan(resource('ville', {uri: '/api/v2/villes'}), memorySnapshot(sampleRoutes));
		expect(moved.routes.map((route) => route.uri)).toEqual(['/api/v2/villes', '/api/v2/villes/{id}']);
	});

	it('keeps a hostile description inside its PHP string', () => {
		const hostile = plan(resource('ville', {description: "it's ?> <?php \\"}), memorySnapshot(sampleRoutes));
		expect(content(hostile, 'app/Controller/api/VilleController.php')).toContain("description: 'it\\'s ?> <?php \\\\'");
	});
});

describe('resource refusals', () => {
	it.each([
		[{fields: undefined}, 'at least one field'],
		[{table: 'ville; DROP TABLE x'}, 'cannot be a table name'],
		[{table: 'select'}, '"select" is an SQL reserved word'],
		[{table: 'window'}, '"window" is an SQL reserved word in MySQL 8,'],
		[{uri: '/api/ville/{code}'}, 'adds /{id} itself'],
	] as Array<[Partial<MakeRequest>, string]>)('%j', (extra, reason) => {
		const result = plan(resource('ville', extra), memorySnapshot(sampleRoutes));
		expect(result.changes).toEqual([]);
		expect(messages(result).join('\n')).toContain(reason);
	});

	it('a default table that is an SQL reserved word asks for --table', () => {
		expect(messages(plan(resource('Order', {table: undefined}), memorySnapshot(sampleRoutes)))).toEqual([
			'Invalid table: "order" is an SQL reserved word in MariaDB, MySQL 8 and SQLite, where the controllers\' SQL would fail: choose another table name, such as "order_" (it comes from the controller name; pass --table).',
		]);
	});

	it('the item route and controller collide too, in the contract order', () => {
		const routes = `${sampleRoutes}api_ville-by-id:\n    uri: '/api/town/{id}'\n    controller: Controller\\api\\TownController\n    httpMethod: [GET]\nother:\n    uri: '/api/ville/{code}'\n    controller: Controller\\api\\OtherController\n    httpMethod: [GET]\n`;
		const result = plan(resource('ville'), memorySnapshot(routes, ['app/Controller/api/VilleByIdController.php']));
		expect(messages(result)).toEqual([
			'Route already exists.',
			'Controller already exists.',
			'Route "other" already serves GET /api/ville/{code}.',
		]);
	});

	it('is for make:api only', () => {
		expect(messages(plan({kind: 'controller', name: 'ville', template: 'resource', fields: villeFields}, memorySnapshot(sampleRoutes))))
			.toEqual(['The resource template is for make:api only.']);
	});
});

describe('plan for --template upload', () => {
	it('creates one POST controller with the flow of the seed, where the project\'s Request has the seed\'s upload methods', () => {
		const result = plan(upload('import'), {...memorySnapshot(sampleRoutes), uploadApi: 'request'});
		expect(result.refusals).toEqual([]);
		expect(result.routes.map((route) => [route.name, route.uri, route.methods])).toEqual([['api_import', '/api/import', ['POST']]]);
		const controller = content(result, 'app/Controller/api/ImportController.php');
		expect(controller).toContain("private const FIELD = 'file';");
		expect(controller).toContain("private const EXTENSIONS = ['csv', 'txt'];");
		expect(controller).toContain("private const FOLDER = 'var/uploads';");
		expect(controller).toContain("#[Attributes\\Post(\n        path: '/api/import',");
		for (const status of ['201', '400', '415', '500']) expect(controller).toContain(`new Attributes\\Response(response: '${status}'`);
		expect(controller).toContain('bin2hex(random_bytes(16))');
		const calls = [...controller.matchAll(/\$request->(\w+)\(/g)].map((match) => match[1]);
		// The seed's upload interface only (getFiles tells a body PHP dropped for post_max_size).
		expect([...new Set(calls)]).toEqual(['hasFile', 'getFiles', 'getFile', 'isValid', 'getExtension', 'move']);
		expect(controller).not.toMatch(/\$_FILES|copy\(|move_uploaded_file|\['name'\]/);
	});

	it('takes the field, the extensions and the folder', () => {
		const result = plan(upload('photo', {upload: {field: 'image-1', extensions: ['png', 'jpg'], dir: 'var/photos/'}}), memorySnapshot(sampleRoutes));
		const controller = content(result, 'app/Controller/api/PhotoController.php');
		expect(controller).toContain("private const FIELD = 'image-1';");
		expect(controller).toContain("private const EXTENSIONS = ['png', 'jpg'];");
		expect(controller).toContain("private const FOLDER = 'var/photos';");
	});

	it('warns when uploads would be served from public/', () => {
		const result = plan(upload('import', {upload: {field: 'file', extensions: ['csv'], dir: 'public/uploads'}}), memorySnapshot(sampleRoutes));
		expect(result.warnings).toEqual(['Uploads will be stored in public/uploads, under public/: anyone can download them by URL. var/uploads keeps them private.']);
	});

	it('warns, besides, that HTML, SVG or JavaScript uploads served from public/ would run as the site\'s own pages', () => {
		const result = plan(upload('import', {upload: {field: 'file', extensions: ['png', 'html', 'svg', 'js'], dir: 'public/uploads'}}), memorySnapshot(sampleRoutes));
		expect(result.warnings).toHaveLength(2);
		expect(result.warnings[1]).toBe('html, svg, js files uploaded to public/uploads would be served as the site\'s own pages: a script in one runs for every visitor who opens it (stored cross-site scripting). Keep such uploads in var/uploads, or accept only data files (csv, txt, pdf, png, jpg).');
		const privateFolder = plan(upload('import', {upload: {field: 'file', extensions: ['html'], dir: 'var/uploads'}}), memorySnapshot(sampleRoutes));
		expect(privateFolder.warnings).toEqual([]);
	});

	it('reads --extensions leniently', () => {
		expect(parseExtensions('.CSV, txt  csv')).toEqual(['csv', 'txt']);
	});

	it('keeps an extension it cannot read as typed, so the refusal names what the user wrote', () => {
		expect(parseExtensions('csv,../x,..PDF')).toEqual(['csv', '../x', '..PDF']);
		expect(uploadProblem({field: 'file', extensions: parseExtensions('csv,../x'), dir: 'var/uploads'})).toBe('Invalid extension "../x": use lower-case letters and digits only, at most 10, e.g. csv.');
	});

	it.each([
		[{field: 'my file', extensions: ['csv'], dir: 'var/uploads'}, 'Invalid upload field'],
		[{field: 'f.x', extensions: ['csv'], dir: 'var/uploads'}, 'Invalid upload field'],
		[{field: 'file', extensions: [], dir: 'var/uploads'}, 'allow at least one'],
		[{field: 'file', extensions: ['php'], dir: 'var/uploads'}, '"php" is refused'],
		[{field: 'file', extensions: ['phtml'], dir: 'var/uploads'}, '"phtml" is refused'],
		[{field: 'file', extensions: ['htaccess'], dir: 'var/uploads'}, '"htaccess" is refused'],
		[{field: 'file', extensions: ['c sv'], dir: 'var/uploads'}, 'Invalid extension'],
	])('refuses %j', (spec, reason) => {
		expect(uploadProblem(spec)).toContain(reason);
		expect(messages(plan(upload('import', {upload: spec}), memorySnapshot(sampleRoutes))).join('\n')).toContain(reason);
	});

	it.each([
		['', 'empty'],
		['/var/uploads', 'relative to the project root'],
		['C:/uploads', 'relative to the project root'],
		['var\\uploads', 'separate folders with /'],
		['var/../../etc', '".." segments'],
		['./uploads', '"." segments'],
		['var//uploads', 'empty segment'],
		["var/it's", 'use letters'],
	])('refuses the folder %j (%s)', (dir, reason) => {
		expect(dirProblem(dir)).toContain(reason);
	});
});

describe.skipIf(!hasPhp)('generated resource and upload PHP passes php -l', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-lint-templates-'));
	it.each([
		['resource', resource('ville')],
		['resource with a string without length', resource('note', {table: 'note', fields: [{name: 'texte', type: 'string'}]})],
		['upload', upload('import')],
		['upload with options', upload('photo', {upload: {field: 'image_1', extensions: ['png'], dir: 'public/photos'}, description: "l'image ?> \\"})],
	])('%s', (label, request) => {
		const result = plan(request, memorySnapshot(sampleRoutes));
		expect(result.refusals).toEqual([]);
		for (const change of result.changes.filter((candidate) => candidate.path.endsWith('.php'))) {
			const file = path.join(folder, `${label.replace(/\W+/g, '-')}-${path.basename(change.path)}`);
			writeFileSync(file, change.after);
			expect(phpLint(file)).toContain('No syntax errors detected');
		}
	});
});
