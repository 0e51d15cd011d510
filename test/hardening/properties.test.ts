// Property-based tests: any name either plans valid PHP and a URI by the rules, or is refused
// with a reason, never an exception; any append keeps the old bytes and reads back as intended.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {deriveNames, kebabCase} from '../../source/make/naming.js';
import {plan} from '../../source/make/plan.js';
import {appendRoutes} from '../../source/project/routes-yaml/append.js';
import {parseRoutes, type NewRoute} from '../../source/project/routes-yaml/routes.js';
import {hasPhp, symfonyVerdicts} from '../helpers/php.js';
import {memorySnapshot, sampleRoutes} from '../helpers/snapshot.js';

const nameLike = fc.oneof(
	fc.string({maxLength: 30}),
	fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,20}$/),
	fc.string({unit: 'binary', maxLength: 12}),
);

describe('naming, for any string', () => {
	it('either gives a PHP class name and a URI by the rules, or refuses with a reason', () => {
		const snapshot = memorySnapshot(sampleRoutes);
		fc.assert(
			fc.property(nameLike, fc.constantFrom('api' as const, 'controller' as const), (name, kind) => {
				const result = plan({kind, name}, snapshot);
				if (result.names === undefined) {
					expect(result.refusals).toHaveLength(1);
					expect(result.refusals[0]?.code).toBe('INVALID_NAME');
					expect(result.refusals[0]?.message.length).toBeGreaterThan(10);
					expect(result.changes).toEqual([]);
					return;
				}
				const names = result.names;
				expect(names.className).toMatch(/^[A-Z_][A-Za-z0-9_]*Controller$/);
				expect(names.kebab).toMatch(/^[a-z0-9_-]+$/);
				expect(names.kebab).toBe(kebabCase(name));
				expect(names.uri).toBe(kind === 'api' ? `/api/${names.kebab}` : `/${names.kebab}`);
				expect(names.routeName).toBe(kind === 'api' ? `api_${names.kebab}` : names.kebab);
				for (const change of result.changes) {
					expect(change.path).toMatch(/^app\/(Controller|Template|Config)\/[A-Za-z0-9_/.-]+$/);
					expect(change.path).not.toContain('..');
				}
			}),
			{numRuns: 2000},
		);
	});

	it('refuses exactly the names that are not ASCII PHP identifiers (or are too long)', () => {
		fc.assert(
			fc.property(nameLike, (name) => {
				const valid = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && /[A-Za-z]/.test(name) && name.length <= 100;
				expect('className' in deriveNames('api', name)).toBe(valid);
			}),
			{numRuns: 2000},
		);
	});
});

const routeName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/);
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,8}$/);
const uri = fc.array(fc.oneof(segment, fc.constantFrom('{id}', '{code}')), {minLength: 1, maxLength: 4})
	.map((parts) => `/${parts.join('/')}`)
	.filter((value) => new Set(value.match(/\{[a-z]+\}/g) ?? []).size === (value.match(/\{[a-z]+\}/g) ?? []).length);
const newRoute = fc.record({
	name: routeName,
	uri,
	controller: fc.stringMatching(/^Controller\\(api\\)?[A-Z][A-Za-z0-9]{0,12}Controller$/),
	methods: fc.subarray(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], {minLength: 1}),
});
const existingFile = fc.constantFrom(
	sampleRoutes,
	sampleRoutes.replace(/\n/g, '\r\n'),
	sampleRoutes.trimEnd(),
	`# comment\n\n${sampleRoutes}\n# trailing comment`,
	'home:\n  uri: "/"\n  controller: \'Controller\\HomeController\'\n  httpMethod:\n    - GET\n',
	'',
);

function appendAll(text: string, routes: NewRoute[]): string {
	const file = parseRoutes(text);
	if ('code' in file) throw new Error(file.message);
	const result = appendRoutes(file, routes);
	if (typeof result !== 'string') throw new Error(result.message);
	return result;
}

const uniqueRoutes = fc.uniqueArray(newRoute, {selector: (route) => route.name, minLength: 1, maxLength: 3})
	.filter((routes) => routes.every((route) => !['home', 'api_hello'].includes(route.name)));

describe('routes.yaml insertion, for any routes', () => {
	it('keeps the old bytes and reads back as the old routes plus the new ones', () => {
		fc.assert(
			fc.property(existingFile, uniqueRoutes, (text, routes) => {
				const after = appendAll(text, routes);
				const kept = text === '' || text.endsWith('\n') ? text : `${text}${text.includes('\r\n') ? '\r\n' : '\n'}`;
				expect(after.startsWith(kept)).toBe(true);
				const reread = parseRoutes(after);
				if ('code' in reread) throw new Error(reread.message);
				expect(reread.entries.slice(-routes.length).map(({name, uri: path, controller, methods}) => ({name, uri: path, controller, methods})))
					.toEqual(routes);
			}),
			{numRuns: 500},
		);
	});

	it.skipIf(!hasPhp)('reads back through Symfony YAML as intended', () => {
		// 200 cases through one PHP process (one php start per case cost more than the checks).
		const cases = fc.sample(fc.tuple(existingFile, uniqueRoutes), {numRuns: 200});
		const verdicts = symfonyVerdicts(cases.map(([text, routes]) => appendAll(text, routes)));
		for (const [index, [text, routes]] of cases.entries()) {
			const verdict = verdicts[index]!;
			const written = appendAll(text, routes);
			expect(verdict, written).toMatchObject({ok: true});
			const data = (verdict as {data: Record<string, unknown>}).data;
			for (const route of routes) {
				expect(data[route.name], written).toEqual({uri: route.uri, controller: route.controller, httpMethod: route.methods});
			}
		}
	});
});
