// The fixture corpus read in place (read-only): each attribute and argument form, checked field
// by field against the document swagger-php's meaning gives, and validated as OpenAPI 3.0.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDocument} from '../../source/openapi/document/build-document.js';
import {formatDiagnostic} from '../../source/php/diagnostics.js';
import {operationId} from '../../source/openapi/document/operation.js';
import {readPhpFile} from '../../source/php/php-file.js';
import {fixturesDir} from '../helpers/temp-project.js';
import {readHere} from './read-here.js';
import {expectValidOpenApi} from './validate.js';

function build(fixture: string) {
	const scan = readHere(path.join(fixturesDir, 'openapi', fixture));
	expect(scan.errors).toEqual([]);
	return buildDocument(scan.files);
}

function fromSource(files: Record<string, string>) {
	const facts = Object.entries(files).map(([file, text]) => {
		const result = readPhpFile(text, file);
		if ('kind' in result) throw new Error(result.message);
		return result;
	});
	return buildDocument(facts);
}

const villesList = {
	description: 'Les villes',
	content: {
		'application/json': {
			schema: {type: 'array', items: {$ref: '#/components/schemas/Ville'}},
			examples: {deux: {summary: 'Deux villes', value: [{id: 1, nom: 'Paris'}, {id: 2, nom: 'Lyon'}]}},
		},
	},
};
const idParameter = {name: 'id', in: 'path', description: 'Identifiant', required: true, schema: {type: 'integer', format: 'int64', minimum: 1}};
const champsParameter = {name: 'champs', in: 'query', required: false, schema: {type: 'string', default: 'nom', enum: ['nom', 'code_postal']}, 'x-interne': true};
const villeResponse = {description: 'La ville', content: {'application/json': {schema: {$ref: '#/components/schemas/Ville'}}}};

describe('fixtures/openapi/forms: every attribute and argument form', () => {
	const {document, diagnostics, operations} = build('forms');

	it('reads the corpus without a warning', () => {
		expect(diagnostics.all.map(formatDiagnostic)).toEqual([]);
	});

	it('has the top-level keys in order openapi, info, servers, paths, components, tags', () => {
		expect(Object.keys(document)).toEqual(['openapi', 'info', 'servers', 'paths', 'components', 'tags']);
		expect(document['openapi']).toBe('3.0.0');
	});

	it('Info with an aliased import (OA), a nested Contact, a License beside it, a double-quoted \\n', () => {
		expect(document['info']).toEqual({
			title: 'API des villes',
			description: "Les villes de France.\nDonnées d'exemple.",
			contact: {name: 'Équipe Edu', email: 'edu@example.org'},
			license: {name: 'MIT', url: 'https://opensource.org/licenses/MIT'},
			version: '1.2.0',
		});
		expect(Object.keys(document['info'] as object)).toEqual(['title', 'description', 'contact', 'license', 'version']);
	});

	it('Server with positional and named arguments', () => {
		expect(document['servers']).toEqual([
			{url: 'http://localhost:8042', description: 'Serveur local'},
			{url: 'http://localhost:9042', description: 'API simulée'},
		]);
	});

	it('paths sorted, and operations in Path Item order', () => {
		const paths = document['paths'] as Record<string, Record<string, unknown>>;
		expect(Object.keys(paths)).toEqual(['/api/ville', '/api/ville/{id}']);
		expect(Object.keys(paths['/api/ville']!)).toEqual(['get', 'post']);
		expect(Object.keys(paths['/api/ville/{id}']!)).toEqual(['get', 'delete']);
		expect(operations.map((operation) => `${operation.method} ${operation.path} ${operation.className}::${operation.methodName}`)).toEqual([
			// Files in code-point order: VilleByIdController.php before VilleController.php.
			'GET /api/ville/{id} Controller\\api\\VilleByIdController::execute',
			'DELETE /api/ville/{id} Controller\\api\\VilleByIdController::execute',
			'GET /api/ville Controller\\api\\VilleController::execute',
			'POST /api/ville Controller\\api\\VilleController::execute',
		]);
	});

	it('GET and POST on one method: the method-level Response goes to both, inline ones to POST only; class constants for path and tags', () => {
		const ville = (document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/api/ville']!;
		expect(ville['get']).toEqual({
			tags: ['Villes'],
			summary: 'Liste des villes',
			operationId: operationId('get', '/api/ville', 'Controller\\api\\VilleController', 'execute'),
			responses: {200: villesList},
		});
		expect(ville['post']).toEqual({
			tags: ['Villes'],
			summary: 'Crée une ville',
			operationId: 'creerVille',
			requestBody: {
				required: true,
				content: {
					'application/x-www-form-urlencoded': {
						schema: {
							required: ['nom', 'code_postal', 'nombre_habitant'],
							properties: {
								nom: {type: 'string', maxLength: 255},
								code_postal: {type: 'string', maxLength: 10, pattern: '^[0-9]{5}$'},
								nombre_habitant: {type: 'integer', minimum: 0},
							},
							type: 'object',
						},
					},
				},
			},
			responses: {
				200: villesList,
				201: {description: 'La ville créée', content: {'application/json': {schema: {$ref: '#/components/schemas/Ville'}}}},
				422: {description: 'Champs manquants'},
			},
			security: [{jeton: []}],
		});
		expect(Object.keys(ville['post']!)).toEqual(['tags', 'summary', 'operationId', 'requestBody', 'responses', 'security']);
		expect(Object.keys((ville['post']!['responses'] as object))).toEqual(['200', '201', '422']);
	});

	it('fully qualified names, a path built from another class constant, escapes, method-level Parameter on both operations', () => {
		const byId = (document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/api/ville/{id}']!;
		expect(byId['get']).toEqual({
			tags: ['Villes'],
			description: 'Une ville par son identifiant.\t(Aé)',
			operationId: operationId('get', '/api/ville/{id}', 'Controller\\api\\VilleByIdController', 'execute'),
			parameters: [idParameter, champsParameter],
			responses: {
				200: villeResponse,
				404: {description: 'Ville inconnue', content: {'application/json': {schema: {properties: {erreur: {type: 'string', example: 'Ville inconnue'}}, type: 'object'}}}},
			},
		});
		expect(byId['delete']).toEqual({
			tags: ['Villes'],
			operationId: operationId('delete', '/api/ville/{id}', 'Controller\\api\\VilleByIdController', 'execute'),
			parameters: [idParameter, champsParameter],
			responses: {200: villeResponse},
			deprecated: true,
		});
		expect(Object.keys(idParameter)).toEqual(Object.keys((byId['get']!['parameters'] as object[])[0]!));
	});

	it('a class-level Schema in a subfolder, with a group import and properties named and typed from PHP', () => {
		expect(document['components']).toEqual({
			schemas: {
				Ville: {
					title: 'Une ville',
					required: ['nom', 'code_postal'],
					properties: {
						id: {type: 'integer', readOnly: true, example: 12},
						nom: {type: 'string', maxLength: 255, example: 'Paris'},
						code_postal: {type: 'string', maxLength: 10},
						nombre_habitant: {description: "Nombre d'habitants", type: 'integer', minimum: 0, nullable: true},
						superficie: {type: 'number', format: 'float', example: -1.5, nullable: true},
					},
					type: 'object',
				},
			},
			securitySchemes: {jeton: {type: 'http', bearerFormat: 'JWT', scheme: 'bearer'}},
		});
	});

	it('Tag with a nested ExternalDocumentation', () => {
		expect(document['tags']).toEqual([{name: 'Villes', description: 'Les villes', externalDocs: {url: 'https://example.org/villes'}}]);
	});

	it('is a valid OpenAPI 3.0 document', async () => {
		await expectValidOpenApi(document);
	});
});

describe('swagger-php semantics in small cases', () => {
	const header = "<?php\nnamespace Controller\\api;\nuse OpenApi\\Attributes as OA;\n";
	const info = {'app/Controller/api/openapi.php': `${header}#[OA\\Info(title: 'T', version: '1')]\nclass openapi {}\n`};

	it('Response(response: 200) keys the response by the string "200"; a keyed responses array gives the code too', async () => {
		const {document} = fromSource({...info, 'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '/a', responses: [404 => new OA\\Response(description: 'Absent')])]
    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`});
		const responses = ((document['paths'] as any)['/a'].get.responses) as Record<string, unknown>;
		expect(Object.keys(responses)).toEqual(['200', '404']);
		expect(responses['404']).toEqual({description: 'Absent'});
		await expectValidOpenApi(document);
	});

	it('JsonContent(type: array, items: new Items(ref: Class::class)) refers to the class schema; example moves to the media type', async () => {
		const {document, diagnostics} = fromSource({...info,
			'app/Controller/api/Model.php': `${header}#[OA\\Schema(schema: 'Town', properties: [new OA\\Property(property: 'nom', type: 'string')])]\nclass Model {}\n`,
			'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '/a')]
    #[OA\\Response(response: 200, description: 'Ok', content: new OA\\JsonContent(type: 'array', items: new OA\\Items(ref: Model::class), example: [['nom' => 'Paris']]))]
    function execute() {}
}`});
		expect(diagnostics.all).toEqual([]);
		expect((document['paths'] as any)['/a'].get.responses['200'].content).toEqual({
			'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Town'}}, example: [{nom: 'Paris'}]},
		});
		expect((document['components'] as any).schemas.Town).toEqual({properties: {nom: {type: 'string'}}, type: 'object'});
		await expectValidOpenApi(document);
	});

	it('Parameter(in: path) is always required; a method-level path parameter skips the operations whose path lacks it', async () => {
		const {document, diagnostics} = fromSource({...info, 'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '/a')]
    #[OA\\Get(path: '/a/{id}')]
    #[OA\\Parameter(name: 'id', in: 'path', schema: new OA\\Schema(type: 'integer'))]
    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`});
		expect(diagnostics.all).toEqual([]);
		expect((document['paths'] as any)['/a'].get.parameters).toBeUndefined();
		expect((document['paths'] as any)['/a/{id}'].get.parameters).toEqual([{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]);
		await expectValidOpenApi(document);
	});

	it('MediaType list, Examples keyed by name, Property required: true, type [x, null], exclusiveMinimum as a number', async () => {
		const {document, diagnostics} = fromSource({...info, 'app/Controller/api/A.php': `${header}class A {
    #[OA\\Post(path: '/a', requestBody: new OA\\RequestBody(content: [
        new OA\\MediaType(mediaType: 'application/json', schema: new OA\\Schema(properties: [
            new OA\\Property(property: 'nom', type: ['string', 'null'], required: true),
            new OA\\Property(property: 'age', type: 'integer', exclusiveMinimum: 0),
        ]), examples: ['un' => new OA\\Examples(summary: 'Un', value: ['nom' => 'x'])]),
        new OA\\MediaType(mediaType: 'application/x-www-form-urlencoded'),
    ]))]
    #[OA\\Response(response: 'default', description: 'Erreur')]
    function execute() {}
}`});
		expect(diagnostics.all).toEqual([]);
		expect((document['paths'] as any)['/a'].post.requestBody).toEqual({content: {
			'application/json': {
				schema: {required: ['nom'], properties: {nom: {type: 'string', nullable: true}, age: {type: 'integer', minimum: 0, exclusiveMinimum: true}}, type: 'object'},
				examples: {un: {summary: 'Un', value: {nom: 'x'}}},
			},
			'application/x-www-form-urlencoded': {},
		}});
		await expectValidOpenApi(document);
	});

	// A parameter without schema: documented as a string, whatever its name or place (never integer).
	const schemaCases: Array<[string, string, Record<string, string>, boolean]> = [
		['path {id}', "name: 'id', in: 'path', required: true", {type: 'string'}, true],
		['path {villeId}', "name: 'villeId', in: 'path', required: true", {type: 'string'}, true],
		['query', "name: 'page', in: 'query'", {type: 'string'}, true],
		['header', "name: 'X-Trace', in: 'header'", {type: 'string'}, true],
		['path with a schema', "name: 'id', in: 'path', required: true, schema: new OA\\Schema(type: 'integer')", {type: 'integer'}, false],
	];
	it.each(schemaCases)('parameter without schema, %s', (_, args, schema, warned) => {
		const {document, diagnostics} = fromSource({...info, 'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '/a/{id}/{villeId}')]
    #[OA\\Parameter(${args})]
    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`});
		const [parameter] = (document['paths'] as Record<string, any>)['/a/{id}/{villeId}'].get.parameters;
		expect(parameter.schema).toEqual(schema);
		expect(diagnostics.all.some((item) => item.message.endsWith('has no schema; documented as a string (add schema: new Attributes\\Schema(type: …))'))).toBe(warned);
	});

	// swagger-php's AugmentTags: read from its source (src/Processors/AugmentTags.php), not guessed.
	const tagCases: Array<[string, string, string, Array<Record<string, string>>, string[]]> = [
		['a tag used but declared nowhere: described by its name, in the order first used', '', "tags: ['Zeta', 'Alpha']", [{name: 'Zeta', description: 'Zeta'}, {name: 'Alpha', description: 'Alpha'}], []],
		['a tag declared twice: the last declaration, at the place of the first', "#[OA\\Tag(name: 'Villes', description: 'premier')]\n#[OA\\Tag(name: 'Autre', description: 'autre')]\n#[OA\\Tag(name: 'Villes', description: 'dernier')]", "tags: ['Autre', 'Villes']",
			[{name: 'Villes', description: 'dernier'}, {name: 'Autre', description: 'autre'}],
			['app/Controller/api/openapi.php:5:3: Tag Villes is declared again at app/Controller/api/openapi.php:7; that last declaration is used (as swagger-php does)']],
		['a declared tag no operation uses: dropped', "#[OA\\Tag(name: 'Villes', description: 'Les villes')]\n#[OA\\Tag(name: 'Oubli', description: 'jamais')]", "tags: ['Villes', 'Neuf']",
			[{name: 'Villes', description: 'Les villes'}, {name: 'Neuf', description: 'Neuf'}],
			['app/Controller/api/openapi.php:6:3: Tag Oubli is used by no operation; left out (as swagger-php does)']],
		['no operation tags: no tags list, declared tags dropped', "#[OA\\Tag(name: 'Seul')]", '', [], ['app/Controller/api/openapi.php:5:3: Tag Seul is used by no operation; left out (as swagger-php does)']],
	];
	it.each(tagCases)('tags: %s', (_, declarations, used, expected, warnings) => {
		const {document, diagnostics} = fromSource({
			'app/Controller/api/openapi.php': `${header}#[OA\\Info(title: 'T', version: '1')]\n${declarations}\nclass openapi {}\n`,
			'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '/a'${used === '' ? '' : `, ${used}`})]
    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`,
		});
		expect(document['tags']).toEqual(expected.length === 0 ? undefined : expected);
		expect(diagnostics.all.map(formatDiagnostic)).toEqual(warnings);
	});

	it('a misspelt path (paht:) is named in the warning that leaves the operation out, as PHP would refuse it', () => {
		const {document, diagnostics} = fromSource({
			'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(paht: '/a')]
    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`,
		});
		expect(document['paths']).toEqual({});
		expect(diagnostics.warnings.map(formatDiagnostic)).toContain('app/Controller/api/A.php:5:7: Get has no path (path: \'/api/…\') (paht: is no argument of Get: PHP refuses it as an unknown named parameter); left out');
	});

	it('the default operationId is swagger-php\'s md5 of METHOD::path::Class::method', () => {
		// md5("GET::/api/ville::Controller\\api\\VilleController::execute"), as swagger-php computes it.
		expect(operationId('get', '/api/ville', 'Controller\\api\\VilleController', 'execute')).toBe('646dee8069151893b973c19d153cf194');
	});
});

describe('fixtures/openapi/warnings: what is left out says where and why', () => {
	const {document, diagnostics} = build('warnings');

	it('names file:line:col for each problem, in file order', () => {
		expect(diagnostics.errors).toEqual([]);
		expect(diagnostics.warnings.map(formatDiagnostic)).toEqual([
			'app/Controller/api/BrokenController.php:9:50: Get: the class Controller\\api\\Ailleurs is not among the files read, so TAG is unknown; tags is left out',
			'app/Controller/api/BrokenController.php:10:7: #[Attributes\\Webhook] is not read by edu; left out',
			"app/Controller/api/BrokenController.php:11:70: JsonContent: type 'int' is not an OpenAPI type (did you mean 'integer'?); left out",
			'app/Controller/api/BrokenController.php:12:7: #[Route] is not an OpenAPI attribute; left out',
			'app/Controller/api/BrokenController.php:18:7: #[Get] resolves to Controller\\api\\Get, not OpenApi\\Attributes\\Get; add `use OpenApi\\Attributes;` and write #[Attributes\\Get(…)]; left out',
			"app/Controller/api/BrokenController.php:24:7: GET /api/sans-reponse/{code}: path parameter {code} is not documented; add #[Attributes\\Parameter(name: 'code', in: 'path', required: true, schema: new Attributes\\Schema(type: 'integer'))] (documented as a string meanwhile)",
			"app/Controller/api/BrokenController.php:24:7: GET /api/sans-reponse/{code} has no Response; add #[Attributes\\Response(response: 200, description: '…')] (documented as a default response meanwhile)",
			"app/Controller/api/BrokenController.php:25:7: Response: 'ok' is not a status code (200, 404, 4XX or default); left out",
			"app/Controller/api/openapi.php:7:3: Info has no version; '0.1' is used",
		]);
	});

	it('still writes a valid document with what could be read', async () => {
		expect(Object.keys(document['paths'] as object)).toEqual(['/api/broken', '/api/sans-reponse/{code}']);
		// Every {name} of a path declared, as OpenAPI requires (a schema validator does not check it; Swagger UI needs it to try the call).
		expect((document['paths'] as Record<string, {get: {parameters?: unknown}}>)['/api/sans-reponse/{code}']?.get.parameters).toEqual([{name: 'code', in: 'path', required: true, schema: {type: 'string'}}]);
		expect(document['info']).toEqual({title: 'Avertissements', version: '0.1'});
		await expectValidOpenApi(document);
	});
});

describe('fixtures/openapi/no-info', () => {
	it('uses the title and version make:api would have written, and says so', async () => {
		const {document, diagnostics} = build('no-info');
		expect(document['info']).toEqual({title: 'My First API', version: '0.1'});
		expect(diagnostics.warnings.map((warning) => warning.message)).toEqual([
			"no #[Attributes\\Info] found in app/Controller/api (openapi.php normally holds it; edu make:api creates it); title 'My First API' and version '0.1' are used",
		]);
		await expectValidOpenApi(document);
	});
});

describe('errors that stop the run', () => {
	it('a syntax error is file:line:col', () => {
		const scan = readHere(path.join(fixturesDir, 'openapi', 'syntax-error'));
		expect(scan.errors.map((error) => `${error.site.file}:${error.site.line}:${error.site.col}: ${error.message}`)).toEqual([
			"app/Controller/api/VilleController.php:9:40: syntax error, unexpected ']', expecting ')'",
		]);
	});

	it('a function call in an attribute is an error, as in PHP', () => {
		const {diagnostics} = build('not-constant');
		expect(diagnostics.errors.map(formatDiagnostic)).toEqual([
			'app/Controller/api/VilleController.php:11:55: attribute arguments must be constant expressions; a function call is not one',
		]);
	});
});

describe('a route URI with optional parts or patterns (FastRoute) as OpenAPI paths', () => {
	const header = "<?php\nnamespace Controller\\api;\nuse OpenApi\\Attributes as OA;\n";
	const info = {'app/Controller/api/openapi.php': `${header}#[OA\\Info(title: 'T', version: '1')]\nclass openapi {}\n`};
	const station = (uri: string, parameters: string) => fromSource({...info, 'app/Controller/api/A.php': `${header}class A {
    #[OA\\Get(path: '${uri}')]
${parameters}    #[OA\\Response(response: 200, description: 'Ok')]
    function execute() {}
}`});
	const pathParameters = (document: Record<string, unknown>) => Object.fromEntries(Object.entries(document['paths'] as Record<string, any>)
		.map(([uri, item]) => [uri, (item.get.parameters as Array<{name: string; in: string; required: boolean}>).map((parameter) => `${parameter.name}${parameter.required ? '' : '?'}`)]));

	it('[/{detail}]: two paths, each with only its own path parameters, no warning for required: false', async () => {
		const {document, diagnostics, operations} = station('/api/station/{id}/status[/{detail}]', [
			"    #[OA\\Parameter(name: 'id', in: 'path', required: true, schema: new OA\\Schema(type: 'integer'))]\n",
			"    #[OA\\Parameter(name: 'detail', in: 'path', required: false, schema: new OA\\Schema(type: 'string'))]\n",
		].join(''));
		expect(diagnostics.all).toEqual([]);
		expect(pathParameters(document)).toEqual({'/api/station/{id}/status': ['id'], '/api/station/{id}/status/{detail}': ['id', 'detail']});
		const ids = Object.values(document['paths'] as Record<string, any>).map((item) => item.get.operationId);
		expect(new Set(ids).size).toBe(2);
		// edu routes compares the attribute as written with routes.yaml: one operation, its own text.
		expect(operations.map((operation) => operation.path)).toEqual(['/api/station/{id}/status[/{detail}]']);
		expect(Object.keys(document['paths'] as object).join()).not.toMatch(/[[\]]/);
		await expectValidOpenApi(document);
	});

	it('nested [/{a}[/{b}]] gives three paths; patterns {id:\\d+} and {code:[A-Z]{2}} become {id} and {code}', async () => {
		const {document, diagnostics} = station('/api/t/{id:\\\\d+}[/{a}[/{code:[A-Z]{2}}]]', '');
		expect(pathParameters(document)).toEqual({
			'/api/t/{id}': ['id'],
			'/api/t/{id}/{a}': ['id', 'a'],
			'/api/t/{id}/{a}/{code}': ['id', 'a', 'code'],
		});
		// Undocumented placeholders are still declared (as strings), with the attribute to add.
		expect(diagnostics.warnings.map((warning) => warning.message)).toContain("GET /api/t/{id}/{a}/{code}: path parameter {code} is not documented; add #[Attributes\\Parameter(name: 'code', in: 'path', required: true, schema: new Attributes\\Schema(type: 'integer'))] (documented as a string meanwhile)");
		await expectValidOpenApi(document);
	});
});
