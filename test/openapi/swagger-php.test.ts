// Agreement with swagger-php on a project shaped like the real mock API (studoo-app/mock-veliko-api):
// controllers in sub-namespaces, a helper class without attributes, tags used but not declared, a
// tag declared twice and one never used, a HeaderAuthorization API-key scheme, examples with
// nested arrays, and an optional route segment `[/{detail}]`. fixtures/openapi/mock-api/
// swagger-php.yaml is the document swagger-php's rules give for it; edu must match it operation by
// operation, except for one documented choice: a path parameter is always `required: true`.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Validator} from '@seriousme/openapi-schema-validator';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, tempProject} from '../helpers/temp-project.js';
import {expectValidOpenApi} from './validate.js';

type Document = Record<string, any>;

const reference = parse(readFileSync(path.join(fixturesDir, 'openapi/mock-api/swagger-php.yaml'), 'utf8')) as Document;

describe('edu openapi on a project shaped like the mock API', () => {
	it('matches swagger-php operation by operation, except the route with an optional part: one path per form, each valid OpenAPI', async () => {
		const root = tempProject('openapi/mock-api');
		const result = await runMain(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr.split('\n').filter(Boolean)).toEqual([
			'Warning: app/Controller/api/openapi.php:19:3: Tag zone is declared again at app/Controller/api/openapi.php:21; that last declaration is used (as swagger-php does)',
			'Warning: app/Controller/api/openapi.php:20:3: Tag archive is used by no operation; left out (as swagger-php does)',
		]);
		const text = readProjectFile(root, 'public/openapi.yaml');
		await expectValidOpenApi(text);
		const document = parse(text) as Document;

		// swagger-php keeps the route's text, `[/{detail}]` included, which no client can call; edu
		// writes the two paths the route answers, each with only its own path parameters.
		const optional = '/api/zone/{id}/status[/{detail}]';
		const theirs = reference['paths'][optional].get as Document;
		const [id, detail] = theirs['parameters'] as Document[];
		const expected = structuredClone(reference);
		const paths: Document = {};
		for (const [uri, item] of Object.entries(expected['paths'] as Document)) {
			if (uri !== optional) {
				paths[uri] = item;
				continue;
			}
			paths['/api/zone/{id}/status'] = {get: {...theirs, parameters: [id]}};
			paths['/api/zone/{id}/status/{detail}'] = {get: {...theirs, operationId: `${String(theirs['operationId'])}_2`, parameters: [id, {...detail, required: true}]}};
		}
		expected['paths'] = paths;
		expect(Object.keys(document['paths'])).toEqual(Object.keys(paths).sort());
		expect(document).toEqual(expected);
		// Why edu differs there: swagger-php's document is no valid OpenAPI 3.0.
		const checked = await new Validator().validate(structuredClone(reference));
		expect(checked.valid).toBe(false);
		expect((checked.errors as Array<{instancePath: string}>).map((error) => error.instancePath)).toContain('/paths/~1api~1zone~1{id}~1status[~1{detail}]/get/parameters/1/required');
		expect(document['tags']).toEqual([
			{name: 'zone', description: 'Les zones de stationnement'},
			{name: 'Initialisation', description: 'Initialisation'},
			{name: 'trottinette', description: 'trottinette'},
		]);
		expect(document['components']).toEqual({securitySchemes: {HeaderAuthorization: {
			type: 'apiKey',
			description: 'Authorization : jeton\n    <br> (jeton de test: 0123456789abcdef)',
			name: 'Authorization',
			in: 'header',
		}}});
	});

	it('edu routes --check: no problem reported (optional segment, sub-namespaces, web controllers)', async () => {
		const root = tempProject('openapi/mock-api');
		const result = await runMain(['routes', '--check'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('7 routes, no problems: routes.yaml, controllers and attributes agree.');
		expect(result.stdout).toContain('getZoneStatus');
		expect(result.stderr).toBe('');
	});
});
