// edu routes statuses: one drift fixture per status, read in place (nothing is written), plus the
// pure check and the table layout.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseRoutes} from '../../source/project/routes-yaml/routes.js';
import {checkRoutes, controllerFile, type RouteRow} from '../../source/routes/drift.js';
import {inspectRoutes} from '../../source/routes/report.js';
import {renderProblems, renderTable} from '../../source/routes/table.js';
import {fixturesDir, tempProject} from '../helpers/temp-project.js';

/** The rows of a fixture (read in place), or of the project at an absolute path. */
async function rowsOf(fixture: string): Promise<RouteRow[]> {
	return [...(await inspectRoutes(path.isAbsolute(fixture) ? fixture : path.join(fixturesDir, fixture))).rows];
}

function summary(rows: readonly RouteRow[]): Array<[string | null, string, string[]]> {
	return rows.map((row) => [row.name, `${row.methods.join(',')} ${row.uri}`, row.problems.map((problem) => `${problem.code}: ${problem.message}`)]);
}

describe('each status on its own fixture', () => {
	it('controller file missing (PSR-4 from app/)', async () => {
		expect(summary(await rowsOf('drift/missing-file'))).toEqual([
			['api_ville', 'GET /api/ville', ['CONTROLLER_MISSING: app/Controller/api/VilleController.php is missing (the autoloader looks for Controller\\api\\VilleController there, PSR-4 from app/)']],
		]);
	});

	it('a file whose name differs only in case', async () => {
		expect(summary(await rowsOf('drift/file-case'))).toEqual([
			['api_ville', 'GET /api/ville', ['CONTROLLER_MISSING: app/Controller/api/villeController.php exists, but the autoloader looks for app/Controller/api/VilleController.php: file names are case-sensitive on Linux']],
		]);
	});

	it('class name not matching the file (and its attribute left without a route)', async () => {
		expect(summary(await rowsOf('drift/class-mismatch'))).toEqual([
			['api_ville', 'GET /api/ville', ['CLASS_MISMATCH: app/Controller/api/VilleController.php declares Controller\\api\\VillesController, not Controller\\api\\VilleController']],
			[null, 'GET /api/ville', ["NO_ROUTE: #[Get] with path '/api/ville' at app/Controller/api/VilleController.php:9 has no route in app/Config/routes.yaml"]],
		]);
	});

	it('an API route whose URI no operation attribute has as path', async () => {
		expect(summary(await rowsOf('drift/no-attribute'))).toEqual([
			['api_ville', 'GET /api/villes', ["NO_ATTRIBUTE: no operation attribute of VilleController has path '/api/villes'; its attributes say '/api/ville' (app/Controller/api/VilleController.php:9). The route's uri and the attribute's path must be identical"]],
			[null, 'GET /api/ville', ["NO_ROUTE: #[Get] with path '/api/ville' at app/Controller/api/VilleController.php:9 has no route in app/Config/routes.yaml"]],
		]);
	});

	it('a listed method with no operation attribute', async () => {
		expect(summary(await rowsOf('drift/method-undocumented'))).toEqual([
			['api_ville', 'GET,POST /api/ville', ["METHOD_UNDOCUMENTED: POST is in httpMethod but VilleController has no #[Attributes\\Post(path: '/api/ville')]"]],
		]);
	});

	it('operation attributes with no route: a method missing from httpMethod, and a controller no route names', async () => {
		expect(summary(await rowsOf('drift/unrouted'))).toEqual([
			['api_ville', 'GET /api/ville', ["NO_ROUTE: #[Delete(path: '/api/ville')] at app/Controller/api/VilleController.php:11 has no route: add DELETE to httpMethod of api_ville"]],
			[null, 'GET,POST /api/orphan', ["NO_ROUTE: #[Get] and #[Post] with path '/api/orphan' at app/Controller/api/OrphanController.php:9 have no route in app/Config/routes.yaml"]],
		]);
	});

	it('two routes serving the same method and URI', async () => {
		expect(summary(await rowsOf('drift/clash'))).toEqual([
			['api_ville', 'GET /api/ville', ['CLASH: GET /api/ville is also served by api_villes (app/Config/routes.yaml:6); the router fails on both']],
			['api_villes', 'GET,POST /api/ville', ['CLASH: GET /api/ville is also served by api_ville (app/Config/routes.yaml:1); the router fails on both']],
		]);
	});

	it('routes the framework\'s router refuses or never matches: a method not in capitals, a method twice, a placeholder twice, an optional part not at the end, no leading /', async () => {
		const root = tempProject('sample');
		const route = (name: string, uri: string, methods: string): string => `${name}:\n    uri: '${uri}'\n    controller: Controller\\HomeController\n    httpMethod: ${methods}\n`;
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), [
			route('home', '/', '[get]'), route('twice', '/twice', '[GET, POST, GET]'), route('same_id', '/t/{id}/{id}', '[GET]'),
			route('optional', '/o[/{id}]/x', '[GET]'), route('noslash', 'noslash', '[GET]'), route('fine', '/fine', '[GET, POST]'),
			'api_hello:\n    uri: /api/hello\n    controller: Controller\\api\\HelloController\n    httpMethod: [GET]\n',
		].join(''));
		expect(summary(await rowsOf(root))).toEqual([
			['home', 'get /', ['METHOD_CASE: get in httpMethod never matches: the router compares it with the request\'s method exactly, and browsers send GET; write GET']],
			['twice', 'GET,POST,GET /twice', ['CLASH: GET is listed twice in httpMethod: the router refuses the route, so every request fails']],
			['same_id', 'GET /t/{id}/{id}', ["BAD_URI: the router refuses uri '/t/{id}/{id}': the placeholder {id} is used twice, so every request fails"]],
			['optional', 'GET /o[/{id}]/x', ["BAD_URI: the router refuses uri '/o[/{id}]/x' (an optional part must end the URI, closed by its ], and hold something), so every request fails"]],
			['noslash', 'GET noslash', ["BAD_URI: uri 'noslash' never matches: a request's path always starts with /"]],
			['fine', 'GET,POST /fine', []],
			['api_hello', 'GET /api/hello', []],
		]);
	});

	it('a controller with a PHP syntax error', async () => {
		expect(summary(await rowsOf('drift/php-error'))).toEqual([
			['api_ville', 'GET /api/ville', ["PHP_ERROR: app/Controller/api/VilleController.php:10:5: syntax error, unexpected '#'"]],
		]);
	});
});

describe('projects that agree', () => {
	it.each(['openapi/project', 'openapi/forms', 'openapi/mock-api', 'openapi/realistic', 'sample'])('%s: every route ok, web routes included', async (fixture) => {
		const rows = await rowsOf(fixture);
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.flatMap((row) => row.problems)).toEqual([]);
	});
});

describe('the pure check', () => {
	const routes = parseRoutes(`a:
    uri: /api/a
    controller: \\Controller\\api\\AController
    httpMethod: [GET]
b:
    uri: '/api/a/{id}'
    controller: Controller\\api\\AController
    httpMethod: [GET, PUT]
`);
	if ('code' in routes) throw new Error(routes.message);
	const aFacts = {file: 'app/Controller/api/AController.php', constants: [], classes: [{name: 'Controller\\api\\acontroller'}]} as never;
	const site = (line: number) => ({file: 'app/Controller/api/AController.php', line, col: 5});

	it('one controller serving two routes; class names compare case-insensitively, a leading \\ ignored', async () => {
		const rows = checkRoutes({
			routes,
			operations: [
				{method: 'GET', path: '/api/a', className: 'Controller\\api\\AController', methodName: 'execute', site: site(10)},
				{method: 'GET', path: '/api/a/{id}', className: 'Controller\\api\\AController', methodName: 'execute', site: site(11)},
				{method: 'PUT', path: '/api/a/{id}', className: 'Controller\\api\\AController', methodName: 'execute', site: site(12)},
			],
			errors: [],
			readPhp: (relative) => (relative === 'app/Controller/api/AController.php' ? aFacts : undefined),
			caseVariant: () => undefined,
		});
		expect(rows.map((row) => [row.name, row.file, row.problems])).toEqual([
			['a', 'app/Controller/api/AController.php', []],
			['b', 'app/Controller/api/AController.php', []],
		]);
	});

	// Seed rule 4: a route's uri and its attribute's path are identical strings, parameter names included.
	const pathCases: Array<[string, string, string[]]> = [
		['/api/b/{id}', '/api/b/{id}', []],
		['/api/b/{id}', '/api/b/{code}', ['NO_ATTRIBUTE', 'NO_ROUTE']],
		['/api/b/{id}', '/api/b/{id}/', ['NO_ATTRIBUTE', 'NO_ROUTE']],
		['/api/b/{id}', '/api/B/{id}', ['NO_ATTRIBUTE', 'NO_ROUTE']],
		['/api/b/{id}', '/api/b/{ id }', ['NO_ATTRIBUTE', 'NO_ROUTE']],
		['/api/b/{id}/status[/{x}]', '/api/b/{id}/status[/{x}]', []],
		['/api/b/{id}/status[/{x}]', '/api/b/{id}/status/{x}', ['NO_ATTRIBUTE', 'NO_ROUTE']],
	];
	it.each(pathCases)('route uri %s, attribute path %s: %j', async (uri, attributePath, codes) => {
		const parsed = parseRoutes(`b:\n    uri: '${uri}'\n    controller: Controller\\api\\BController\n    httpMethod: [GET]\n`);
		if ('code' in parsed) throw new Error(parsed.message);
		const rows = checkRoutes({
			routes: parsed,
			operations: [{method: 'GET', path: attributePath, className: 'Controller\\api\\BController', methodName: 'execute', site: site(10)}],
			errors: [],
			readPhp: (relative) => (relative === 'app/Controller/api/BController.php' ? {file: relative, constants: [], classes: [{name: 'Controller\\api\\BController'}]} as never : undefined),
			caseVariant: () => undefined,
		});
		expect(rows.flatMap((row) => row.problems.map((problem) => problem.code))).toEqual(codes);
	});

	it('maps controller classes to files PSR-4 from app/, and refuses what is no class name', async () => {
		expect(controllerFile('Controller\\api\\VilleController')).toBe('app/Controller/api/VilleController.php');
		expect(controllerFile('\\Controller\\HomeController')).toBe('app/Controller/HomeController.php');
		expect(controllerFile('Controller/api/Ville')).toBeUndefined();
		expect(controllerFile('Controller\\api\\Ville Controller')).toBeUndefined();
	});
});

describe('the table', () => {
	it('pads a cell by the width it shows: a route name with a colour code in it keeps the columns aligned', () => {
		const row = (name: string) => ({name, methods: ['GET'], uri: '/api/x', controller: 'Controller\\api\\XController', file: 'app/Controller/api/XController.php', line: 1, problems: []});
		const lines = renderTable([row('api_ok\u001B[31mred\u001B[0m'), row('api_plain')], 200);
		expect(lines[1]).toContain('api_ok^[[31mred^[[0m');
		const methodsAt = lines.map((line) => line.indexOf(line === lines[0] ? 'METHODS' : 'GET'));
		expect(new Set(methodsAt).size).toBe(1);
	});

	it('fits 80 columns, cutting class names at namespace boundaries, and lists problems in full below', async () => {
		const {rows, routes} = await inspectRoutes(path.join(fixturesDir, 'drift/unrouted'));
		const lines = renderTable(rows, 80);
		expect(lines).toEqual([
			'NAME       METHODS   URI          CONTROLLER              STATUS',
			'api_ville  GET       /api/ville   …\\api\\VilleController   DELETE unrouted',
			'-          GET,POST  /api/orphan  …\\api\\OrphanController  no route',
		]);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
		const narrow = renderTable(rows, 60);
		for (const line of narrow) expect(line.length).toBeLessThanOrEqual(60);
		expect(narrow[1]).toMatch(/ …[\\\w]*VilleController /);
		expect(renderTable(rows, 120)[1]).toContain('Controller\\api\\VilleController');
		expect(renderProblems(rows, routes.path)).toEqual([
			"  api_ville (app/Config/routes.yaml:1): #[Delete(path: '/api/ville')] at app/Controller/api/VilleController.php:11 has no route: add DELETE to httpMethod of api_ville",
			"  #[Get] and #[Post] with path '/api/orphan' at app/Controller/api/OrphanController.php:9 have no route in app/Config/routes.yaml",
		]);
	});
});
