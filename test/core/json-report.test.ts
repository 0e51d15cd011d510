// The --json report of a make:* run (describe-plan.ts's jsonSuccess), from the plan: its top-level
// `uri` is the route's URI as written, the one --uri gave, not the default the name gives.
import {describe, expect, it} from 'vitest';
import {jsonSuccess} from '../../source/present/describe-plan.js';
import {plan} from '../../source/make/plan.js';
import {memorySnapshot, sampleRoutes} from '../helpers/snapshot.js';

describe('jsonSuccess: the URI written', () => {
	it.each([['/api/villes/{id}'], ['/api/ville/{id}/habitants'], ['/api/v2/ville']])('make:api ville --uri %s: "uri" is that URI, as routes.yaml gets it', (uri) => {
		const planned = plan({kind: 'api', name: 'ville', uri}, memorySnapshot(sampleRoutes));
		expect(planned.refusals).toEqual([]);
		for (const mode of ['write', 'dry-run'] as const) {
			const report = jsonSuccess(planned, mode);
			expect(report.uri).toBe(uri);
			expect(report.routes.map((route) => route.uri)).toEqual([uri]);
		}
		expect(planned.changes.find((change) => change.path === 'app/Config/routes.yaml')?.after).toContain(uri);
	});

	it('without --uri: the one the name gives', () => {
		const report = jsonSuccess(plan({kind: 'api', name: 'MyUserTest'}, memorySnapshot(sampleRoutes)), 'write');
		expect(report).toMatchObject({uri: '/api/my-user-test', routeName: 'api_my-user-test', className: 'MyUserTestController', dryRun: false});
	});
});
