import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {plan, type Plan} from '../../source/make/plan.js';
import {methodNames, type MakeRequest} from '../../source/make/request.js';
import {hasPhp, phpLint} from '../helpers/php.js';
import {memorySnapshot, sampleRoutes} from '../helpers/snapshot.js';

const api = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest => ({kind: 'api', name, ...extra});
const web = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest => ({kind: 'controller', name, ...extra});
const codes = (result: Plan): string[] => result.refusals.map((refused) => refused.code);
const content = (result: Plan, file: string): string => {
	const change = result.changes.find((candidate) => candidate.path === file);
	if (!change) throw new Error(`no change for ${file}: ${result.changes.map((candidate) => candidate.path).join(', ')}`);
	return change.after;
};

describe('plan for make:api', () => {
	it('creates the controller and openapi.php, and modifies routes.yaml', () => {
		const result = plan(api('ville'), memorySnapshot(sampleRoutes));
		expect(result.refusals).toEqual([]);
		expect(result.changes.map((change) => [change.path, change.action])).toEqual([
			['app/Controller/api/VilleController.php', 'create'],
			['app/Controller/api/openapi.php', 'create'],
			['app/Config/routes.yaml', 'modify'],
		]);
		const controller = content(result, 'app/Controller/api/VilleController.php');
		expect(controller).toContain('namespace Controller\\api;');
		expect(controller).toContain('use OpenApi\\Attributes;');
		expect(controller).toContain('class VilleController implements ControllerInterface');
		expect(controller).toContain('public function execute(Request $request): string|null');
		expect(controller).toContain("header('Content-Type: application/json');");
		expect(controller).toContain("#[Attributes\\Get(path: '/api/ville')]");
		expect(controller).toContain("#[Attributes\\Response(response: '200', description: ");
		expect(content(result, 'app/Controller/api/openapi.php')).toContain("#[Attributes\\Info(title: 'My First API', version: '0.1')]");
	});

	it('never plans openapi.php when it exists', () => {
		const result = plan(api('ville'), memorySnapshot(sampleRoutes, ['app/Controller/api/openapi.php']));
		expect(result.changes.map((change) => change.path)).not.toContain('app/Controller/api/openapi.php');
	});

	it('creates routes.yaml when it is missing', () => {
		const result = plan(api('ville'), memorySnapshot(null));
		expect(result.changes.find((change) => change.path === 'app/Config/routes.yaml')).toMatchObject({action: 'create', before: null});
	});

	it('turns {params} into Parameter attributes whose path equals the route URI', () => {
		const result = plan(api('villeById', {uri: '/api/ville/{id}/{code}', methods: ['get', 'POST']}), memorySnapshot(sampleRoutes));
		const controller = content(result, 'app/Controller/api/VilleByIdController.php');
		expect(controller).toContain("#[Attributes\\Get(path: '/api/ville/{id}/{code}')]");
		expect(controller).toContain("#[Attributes\\Post(path: '/api/ville/{id}/{code}')]");
		expect(controller).toContain("#[Attributes\\Parameter(name: 'id', in: 'path', required: true, schema: new Attributes\\Schema(type: 'integer'))]");
		expect(controller).toContain("#[Attributes\\Parameter(name: 'code', in: 'path', required: true, schema: new Attributes\\Schema(type: 'string'))]");
		expect(content(result, 'app/Config/routes.yaml')).toContain("    uri: '/api/ville/{id}/{code}'\n    controller: Controller\\api\\VilleByIdController\n    httpMethod: [GET, POST]\n");
	});

	it('keeps a hostile description literal inside a PHP string', () => {
		const description = "It's a \\ path ?> <?php echo 1; \n second line \\'";
		const result = plan(api('ville', {description}), memorySnapshot(sampleRoutes));
		expect(content(result, 'app/Controller/api/VilleController.php')).toContain(
			"description: 'It\\'s a \\\\ path ?> <?php echo 1; \n second line \\\\\\'')]",
		);
	});

	it('warns about a byte-order mark, which the framework cannot read, and keeps it', () => {
		const result = plan(api('ville'), memorySnapshot(`\uFEFF${sampleRoutes}`));
		expect(result.refusals).toEqual([]);
		expect(result.warnings.join(' ')).toContain('byte-order mark (BOM)');
		expect(content(result, 'app/Config/routes.yaml').startsWith(`\uFEFF${sampleRoutes}`)).toBe(true);
	});
});

describe('plan for make:controller', () => {
	it('creates the controller, the view and the route without prefix', () => {
		const result = plan(web('villeRead'), memorySnapshot(sampleRoutes));
		expect(result.changes.map((change) => [change.path, change.action])).toEqual([
			['app/Controller/VilleReadController.php', 'create'],
			['app/Template/villeread/villeread.html.twig', 'create'],
			['app/Config/routes.yaml', 'modify'],
		]);
		expect(result.routes[0]).toMatchObject({name: 'villeread', uri: '/villeread', controller: 'Controller\\VilleReadController'});
		expect(content(result, 'app/Controller/VilleReadController.php')).toContain("render('villeread/villeread.html.twig'");
		expect(content(result, 'app/Template/villeread/villeread.html.twig')).toContain('{% extends "base.html.twig" %}');
	});
});

describe('a view whose layout the project lacks', () => {
	it('warns that the page fails until app/Template/base.html.twig exists, naming the blocks to define; no warning once it is there', () => {
		const lacking = plan(web('ville'), memorySnapshot(sampleRoutes));
		expect(lacking.refusals).toEqual([]);
		expect(lacking.warnings).toEqual(['app/Template/ville/ville.html.twig extends base.html.twig, and app/Template/base.html.twig is missing: the page fails (Twig: Unable to find template) until you create it, with the blocks the view fills: {% block titre %}, {% block content %}.']);
		expect(plan(web('ville'), memorySnapshot(sampleRoutes, ['app/Template/base.html.twig'])).warnings).toEqual([]);
		expect(plan(api('ville'), memorySnapshot(sampleRoutes)).warnings).toEqual([]);
	});
});

describe('a URI another route serves: the way out says what can change', () => {
	it.each([
		[{}, 'choose another URI or other methods (--uri, --methods), or remove that route'],
		[{template: 'upload', upload: {field: 'file', extensions: ['csv']}, methods: undefined}, 'choose another URI (--uri), or remove that route'],
	] as Array<[Partial<MakeRequest>, string]>)('%j', (extra, hint) => {
		const routes = `${sampleRoutes}legacy:\n    uri: /api/ville\n    controller: Controller\\api\\LegacyController\n    httpMethod: [GET, POST]\n`;
		const [refused] = plan(api('ville', extra), memorySnapshot(routes)).refusals;
		expect(refused?.code).toBe('URI_TAKEN');
		expect(refused?.place?.hint).toBe(`route "legacy" serves it: ${hint}`);
	});
});

describe('--force over a controller that other routes run', () => {
	const routes = `greeting:\n    uri: /api/greet\n    controller: Controller\\api\\GreetingController\n    httpMethod: [GET, POST]\nhi:\n    uri: /hi\n    controller: \\Controller\\api\\GreetingController\n    httpMethod: [GET]\n`;
	const file = 'app/Controller/api/GreetingController.php';

	it('is planned, with a warning that names each route that will run the new code', () => {
		const result = plan(api('greeting', {force: true}), memorySnapshot(routes, [file]));
		expect(result.refusals).toEqual([]);
		expect(result.changes.find((change) => change.path === file)?.action).toBe('overwrite');
		expect(result.warnings).toContain(`--force replaces ${file}, which routes "greeting" (GET,POST /api/greet), "hi" (GET /hi) run too: they will run the new code.`);
	});

	it('no warning when no route runs it, or when the file is created', () => {
		expect(plan(api('greeting', {force: true}), memorySnapshot(sampleRoutes, [file])).warnings).toEqual([]);
		expect(plan(api('greeting'), memorySnapshot(routes)).warnings).toEqual([]);
	});
});

describe('refusals, all collected, in the contract order', () => {
	it('route, then controller, then view, then a method and URI already served', () => {
		const routes = `${sampleRoutes}hello:\n    uri: /hello\n    controller: Controller\\HelloController\n    httpMethod: [GET]\n`;
		const result = plan(web('hello'), memorySnapshot(routes, ['app/Controller/HelloController.php', 'app/Template/hello/hello.html.twig']));
		expect(result.refusals.map((refused) => refused.message)).toEqual([
			'Route already exists.',
			'Controller already exists.',
			'View already exists.',
		]);
		expect(result.changes).toEqual([]);
		// Still says what it would make, for the wizard's preview.
		expect(result.routes.map((route) => [route.controllerPath, route.viewPath])).toEqual([['app/Controller/HelloController.php', 'app/Template/hello/hello.html.twig']]);
	});

	it('a controller file that exists while its route was renamed', () => {
		expect(codes(plan(api('ville'), memorySnapshot(sampleRoutes, ['app/Controller/api/VilleController.php'])))).toEqual(['CONTROLLER_EXISTS']);
	});

	it('compares controller files without regard to case (portable to macOS and Windows)', () => {
		expect(codes(plan(api('ville'), memorySnapshot(sampleRoutes, ['app/Controller/api/villeController.php'])))).toEqual(['CONTROLLER_EXISTS']);
	});

	it('a URI and method served by another route names that route', () => {
		const result = plan(api('greeting', {uri: '/api/hello'}), memorySnapshot(sampleRoutes));
		expect(result.refusals).toEqual([{
			code: 'URI_TAKEN',
			message: 'Route "api_hello" already serves GET /api/hello.',
			place: {file: 'app/Config/routes.yaml', line: 5, hint: 'route "api_hello" serves it: choose another URI or other methods (--uri, --methods), or remove that route'},
		}]);
		expect(codes(plan(api('greeting', {uri: '/api/hello', methods: ['POST']}), memorySnapshot(sampleRoutes)))).toEqual([]);
	});

	it('treats /x/{id} and /x/{code} as the same route pattern', () => {
		const routes = `byid:\n    uri: '/api/ville/{id}'\n    controller: A\n    httpMethod: [GET]\n`;
		expect(codes(plan(api('villeCode', {uri: '/api/ville/{code}'}), memorySnapshot(routes)))).toEqual(['URI_TAKEN']);
	});

	it('an invalid name is refused alone', () => {
		expect(codes(plan(api('ma-ville'), memorySnapshot(sampleRoutes)))).toEqual(['INVALID_NAME']);
	});

	it.each([
		['api/ville', 'must start with /'],
		['/api/../etc', '".." segment'],
		['/api//ville', 'empty segment'],
		['/api/ville/', 'must not end with /'],
		['/api/ville?x=1', 'cannot contain "?"'],
		['/api/{id', 'not a path parameter'],
		['/api/{id}/{id}', 'appears twice'],
		["/api/it's", 'cannot contain "\'"'],
	])('the URI %j is refused (%s)', (uri, reason) => {
		const result = plan(api('ville', {uri}), memorySnapshot(sampleRoutes));
		expect(codes(result)).toEqual(['INVALID_URI']);
		expect(result.refusals[0]?.message).toContain(reason);
	});

	it.each([
		[['FETCH'], 'Unknown HTTP method "FETCH"'],
		[[], 'at least one'],
	])('methods %j are refused', (methods, reason) => {
		const result = plan(api('ville', {methods}), memorySnapshot(sampleRoutes));
		expect(codes(result)).toEqual(['INVALID_METHODS']);
		expect(result.refusals[0]?.message).toContain(reason);
	});
});

describe.skipIf(!hasPhp)('generated PHP passes php -l', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-lint-'));
	it.each([
		['default API controller', api('ville')],
		['with parameters and methods', api('villeById', {uri: '/api/ville/{id}', methods: ['GET', 'PUT', 'DELETE']})],
		['hostile description', api('ville', {description: "'; system('x'); ?> \\ \" \n <?php $a = '"})],
		['web controller', web('VilleRead')],
	])('%s', (_label, request) => {
		const result = plan(request, memorySnapshot(sampleRoutes));
		expect(result.refusals).toEqual([]);
		for (const change of result.changes.filter((candidate) => candidate.path.endsWith('.php'))) {
			const file = path.join(folder, path.basename(change.path));
			writeFileSync(file, change.after);
			expect(phpLint(file)).toContain('No syntax errors detected');
		}
	});
});

describe('path parameters in a make:api controller', () => {
	// The generated attribute says which parameters are integers: ids, whatever their case.
	it.each([
		['/api/ville/{id}', 'id', 'integer'],
		['/api/ville/{villeId}', 'villeId', 'integer'],
		['/api/ville/{ville_id}', 'ville_id', 'integer'],
		['/api/ville/{villeID}', 'villeID', 'integer'],
		['/api/ville/{code}', 'code', 'string'],
		['/api/ville/{idee}', 'idee', 'string'],
		['/api/ville/{valid}', 'valid', 'string'],
		['/api/ville/{slug}', 'slug', 'string'],
	])('%s types {%s} as %s', (uri, name, type) => {
		const result = plan(api('ville', {uri}), memorySnapshot(sampleRoutes));
		expect(result.refusals).toEqual([]);
		expect(content(result, 'app/Controller/api/VilleController.php'))
			.toContain(`#[Attributes\\Parameter(name: '${name}', in: 'path', required: true, schema: new Attributes\\Schema(type: '${type}'))]`);
	});
});

// The wizard, --plain and the next steps display these; none of them computes its own.
describe('what the screens show, carried by the plan', () => {
	const resource = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest => api(name, {template: 'resource', ...extra});

	it.each([
		[api('MyUserTest'), '/api/my-user-test'],
		[api('myUserTest'), '/api/user-test'],
		[web('VilleRead'), '/ville-read'],
		[api('ville', {uri: '/api/towns/{code}'}), '/api/towns/{code}'],
	])('the URI: the one given, or the default the name gives (%#)', (request, uri) => {
		expect(plan(request, memorySnapshot(sampleRoutes)).uri).toBe(uri);
	});

	it('the path parameters of that URI, with their types, in order', () => {
		const result = plan(api('ville', {uri: '/api/ville/{villeId}/{slug}/{ville_id}'}), memorySnapshot(sampleRoutes));
		expect(result.parameters).toEqual([
			{name: 'villeId', type: 'integer'},
			{name: 'slug', type: 'string'},
			{name: 'ville_id', type: 'integer'},
		]);
		expect(plan(api('ville'), memorySnapshot(sampleRoutes)).parameters).toEqual([]);
	});

	it('the URI and its parameters even when the plan refuses (the route screen shows them while the user types)', () => {
		const badUri = plan(api('ville', {uri: '/api/ville/{id}/'}), memorySnapshot(sampleRoutes));
		expect(codes(badUri)).toEqual(['INVALID_URI']);
		expect(badUri.uri).toBe('/api/ville/{id}/');
		expect(badUri.parameters).toEqual([{name: 'id', type: 'integer'}]);
		const taken = plan(api('test', {uri: '/api/test/{code}'}), memorySnapshot(sampleRoutes, ['app/Controller/api/TestController.php']));
		expect(taken.refusals.length).toBeGreaterThan(0);
		expect(taken.parameters).toEqual([{name: 'code', type: 'string'}]);
		const badName = plan(api('1ville', {uri: '/api/x/{id}'}), memorySnapshot(sampleRoutes));
		expect(codes(badName)).toEqual(['INVALID_NAME']);
		expect([badName.uri, badName.parameters]).toEqual(['/api/x/{id}', [{name: 'id', type: 'integer'}]]);
		expect([plan(api('1ville'), memorySnapshot(sampleRoutes)).uri, plan(api('1ville'), memorySnapshot(sampleRoutes)).parameters]).toEqual([undefined, []]);
	});

	it.each([
		[resource('ville', {table: 'communes'}), 'communes'],
		// The Twig folder of the name, not its snake case: myUserTest → user_test.
		[resource('myUserTest'), 'user_test'],
		[resource('MyUserTest'), 'my_user_test'],
		[resource('villeRead'), 'villeread'],
	])('the resource table: the one given, or the default the name gives, even before the fields are known (%#)', (request, table) => {
		const result = plan(request, memorySnapshot(sampleRoutes));
		expect(result.refusals.map((refused) => refused.message)).toEqual([expect.stringContaining('at least one field')]);
		expect(result.table).toBe(table);
		expect(plan({...request, fields: [{name: 'nom', type: 'string'}]}, memorySnapshot(sampleRoutes)).table).toBe(table);
	});

	it('no table outside the resource template', () => {
		expect(plan(api('ville'), memorySnapshot(sampleRoutes)).table).toBeUndefined();
		expect(plan(api('ville', {template: 'upload'}), memorySnapshot(sampleRoutes)).table).toBeUndefined();
		expect(plan(web('ville', {table: 'x'}), memorySnapshot(sampleRoutes)).table).toBeUndefined();
	});

	it('each planned route carries its own parameters (the resource adds /{id})', () => {
		const result = plan(resource('ville', {fields: [{name: 'nom', type: 'string'}]}), memorySnapshot(sampleRoutes));
		expect(result.routes.map((route) => [route.uri, route.parameters])).toEqual([
			['/api/ville', []],
			['/api/ville/{id}', [{name: 'id', type: 'integer'}]],
		]);
	});
});

describe('methods, normalised in one place', () => {
	it.each([
		[['get'], ['GET']],
		[[' post ', 'GET', 'get', ''], ['POST', 'GET']],
		[['Patch', 'foo'], ['PATCH', 'FOO']],
	])('%j → %j (unknown ones kept for the plan to refuse)', (given, names) => {
		expect(methodNames(given)).toEqual(names);
	});

	it('the plan takes them in any case and orders them canonically', () => {
		expect(plan(api('ville', {methods: [' post', 'get']}), memorySnapshot(sampleRoutes)).routes[0]?.methods).toEqual(['GET', 'POST']);
		expect(plan(api('ville', {methods: ['get', 'foo']}), memorySnapshot(sampleRoutes)).refusals.map((refused) => refused.message))
			.toEqual([expect.stringContaining('Unknown HTTP method "FOO"')]);
	});
});

describe('a naming warning never offers a name this project would refuse', () => {
	it('HELLO where api_hello is there: the warning says Hello is taken instead of offering it; elsewhere it offers it', () => {
		expect(plan(api('HELLO'), memorySnapshot(sampleRoutes)).warnings).toEqual(['"HELLO" has consecutive capitals, each of which starts a word: it gives /api/h-e-l-l-o; "Hello", which gives /api/hello, is in this project already.']);
		expect(plan(api('HELLO'), memorySnapshot(null)).warnings).toEqual(['"HELLO" has consecutive capitals, each of which starts a word: it gives /api/h-e-l-l-o; write "Hello" for /api/hello.']);
	});

	it('a controller file alone is enough, and the Controller-suffix warning says so too', () => {
		const snapshot = memorySnapshot(null, ['app/Controller/api/VilleController.php']);
		expect(plan(api('villeController'), snapshot).warnings).toEqual([
			'"villeController" starts with a lower-case word, so its capitals do not split it: it gives /api/villecontroller; "Ville", which gives /api/ville, is in this project already.',
			'"villeController" already ends in "Controller": the class will be VilleControllerController; "Ville", which gives VilleController, is in this project already.',
		]);
	});
});

describe('with a URI of its own, a naming warning speaks of the route name, the only thing the name still makes', () => {
	it('villeById --uri /api/ville/{id}', () => {
		expect(plan(api('villeById', {uri: '/api/ville/{id}'}), memorySnapshot(sampleRoutes)).warnings).toEqual(['"villeById" starts with a lower-case word followed by capitals, so its first word is dropped: it gives the route api_by-id; write "VilleById" for the route api_ville-by-id.']);
		expect(plan(api('villeById', {uri: '/api/by-id'}), memorySnapshot(sampleRoutes)).warnings).toEqual(['"villeById" starts with a lower-case word followed by capitals, so its first word is dropped: it gives /api/by-id; write "VilleById" for /api/ville-by-id.']);
	});
});
