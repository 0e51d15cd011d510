// The plan's collision checks: every refusal found, in the contract's order (route, controller,
// view, then a method and URI already served), and every HTTP method of the new route compared.
import {describe, expect, it} from 'vitest';
import {plan, type Plan} from '../../source/make/plan.js';
import type {MakeRequest} from '../../source/make/request.js';
import {memorySnapshot, sampleRoutes} from '../helpers/snapshot.js';

const api = (name: string, extra: Partial<MakeRequest> = {}): MakeRequest => ({kind: 'api', name, ...extra});
const messages = (result: Plan): string[] => result.refusals.map((refused) => refused.message);

/** A route of the project's own, in routes.yaml's words. */
const route = (name: string, uri: string, methods: string): string => `${name}:\n    uri: ${uri}\n    controller: Controller\\api\\Other\n    httpMethod: [${methods}]\n`;

describe('all four refusals at once, in the contract order', () => {
	it('hello --uri /bonjour (a web controller) where its route, controller and view exist and "bonjour" serves GET /bonjour', () => {
		const routes = `${sampleRoutes}${route('hello', '/hello', 'GET')}${route('bonjour', '/bonjour', 'GET')}`;
		const result = plan({kind: 'controller', name: 'hello', uri: '/bonjour'}, memorySnapshot(routes, ['app/Controller/HelloController.php', 'app/Template/hello/hello.html.twig']));
		expect(result.refusals.map((refused) => refused.code)).toEqual(['ROUTE_EXISTS', 'CONTROLLER_EXISTS', 'VIEW_EXISTS', 'URI_TAKEN']);
		expect(messages(result)).toEqual([
			'Route already exists.',
			'Controller already exists.',
			'View already exists.',
			'Route "bonjour" already serves GET /bonjour.',
		]);
		expect(result.changes).toEqual([]);
	});

	it('a controller in the way and a URI taken: the controller first', () => {
		const result = plan(api('ville', {uri: '/api/hello'}), memorySnapshot(sampleRoutes, ['app/Controller/api/VilleController.php']));
		expect(result.refusals.map((refused) => refused.code)).toEqual(['CONTROLLER_EXISTS', 'URI_TAKEN']);
	});
});

describe('the method and URI collision compares every method of the new route', () => {
	const served = memorySnapshot(`${sampleRoutes}${route('api_ville', '/api/ville', 'POST')}`);

	it.each([[['GET', 'POST']], [['GET', 'PUT', 'POST']], [['POST']], [['POST', 'DELETE']]])('villeBis --uri /api/ville --methods %j after ville --methods POST: refused, naming api_ville and POST', (methods) => {
		const result = plan(api('villeBis', {uri: '/api/ville', methods}), served);
		expect(messages(result)).toEqual(['Route "api_ville" already serves POST /api/ville.']);
		expect(result.changes).toEqual([]);
	});

	it('each method served is refused on its own line: GET,POST,DELETE where a route serves POST and DELETE', () => {
		const snapshot = memorySnapshot(`${sampleRoutes}${route('api_ville', '/api/ville', 'POST, DELETE')}`);
		expect(messages(plan(api('villeBis', {uri: '/api/ville', methods: ['GET', 'POST', 'DELETE']}), snapshot))).toEqual([
			'Route "api_ville" already serves POST /api/ville.',
			'Route "api_ville" already serves DELETE /api/ville.',
		]);
	});

	it('GET alone on the same URI is free: planned', () => {
		const result = plan(api('villeBis', {uri: '/api/ville', methods: ['GET']}), served);
		expect(result.refusals).toEqual([]);
		expect(result.changes.map((change) => change.path)).toContain('app/Controller/api/VilleBisController.php');
	});
});

describe('--force is advised only where a run with it goes through', () => {
	const advised = (result: Plan): Array<[string, boolean]> => result.refusals.map((refused) => [refused.code, refused.place?.force === true]);

	it('the route edu wrote for ville, and its controller: both say --force, which replaces them', () => {
		const routes = `${sampleRoutes}\napi_ville:\n    uri: /api/ville\n    controller: Controller\\api\\VilleController\n    httpMethod: [GET]\n`;
		const result = plan(api('ville'), memorySnapshot(routes, ['app/Controller/api/VilleController.php']));
		expect(advised(result)).toEqual([['ROUTE_EXISTS', true], ['CONTROLLER_EXISTS', true]]);
		expect(result.refusals[0]?.place?.hint).toBe('the route "api_ville" is exactly the entry edu writes for this name: choose another name');
		expect(plan(api('ville', {force: true}), memorySnapshot(routes, ['app/Controller/api/VilleController.php'])).refusals).toEqual([]);
	});

	it('a route written by hand (home) beside its controller and view: no refusal advises --force, which would still be refused', () => {
		const routes = `home:\n    uri: /\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n`;
		const snapshot = memorySnapshot(routes, ['app/Controller/HomeController.php', 'app/Template/home/home.html.twig']);
		const result = plan({kind: 'controller', name: 'Home'}, snapshot);
		expect(advised(result)).toEqual([['ROUTE_EXISTS', false], ['CONTROLLER_EXISTS', false], ['VIEW_EXISTS', false]]);
		expect(plan({kind: 'controller', name: 'Home', force: true}, snapshot).refusals.map((refused) => refused.code)).toEqual(['ROUTE_EXISTS']);
	});

	it('a controller alone in the way: --force is advised, as before', () => {
		const result = plan(api('ville'), memorySnapshot(sampleRoutes, ['app/Controller/api/VilleController.php']));
		expect(advised(result)).toEqual([['CONTROLLER_EXISTS', true]]);
	});
});
