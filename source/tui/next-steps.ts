// What to do once the files are written: the lines the done screen and the plain flow print.
import type {Plan, PlannedRoute} from '../core/plan.js';

/** Where `edu start` serves the project (DESIGN.md: php -S localhost:8042 -t public). */
const localServer = 'http://localhost:8042';

/** The route's URI with each {param} replaced by an example value: 1 for integers (ids), "example" otherwise. */
function exampleUri({uri, parameters}: Pick<PlannedRoute, 'uri' | 'parameters'>): string {
	const types = new Map(parameters.map((parameter) => [parameter.name, parameter.type]));
	return uri.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => (types.get(name) === 'integer' ? '1' : 'example'));
}

/** The curl line that calls the new route with its first method. */
function curlLine(route: PlannedRoute): string {
	const method = route.methods[0] ?? 'GET';
	const url = `${localServer}${exampleUri(route)}`;
	const quoted = /^[A-Za-z0-9/:._~-]+$/.test(url) ? url : `'${url}'`;
	return method === 'GET' ? `curl -i ${quoted}` : `curl -i -X ${method} ${quoted}`;
}

export interface NextStep {
	readonly command: string;
	readonly what: string;
}

/** `dependenciesInstalled` false (no vendor/autoload.php): `composer install` comes first. */
export function nextSteps(plan: Plan, dependenciesInstalled = true): NextStep[] {
	const steps: NextStep[] = [];
	if (!dependenciesInstalled) steps.push({command: 'composer install', what: 'Install the framework first (no vendor/ yet: every request would fail with HTTP 500)'});
	steps.push({command: 'edu start', what: `Serve the project on ${localServer}`});
	for (const route of plan.routes) steps.push({command: curlLine(route), what: `In another terminal, call ${route.name}`});
	if (plan.kind === 'api') {
		steps.push({command: 'edu openapi', what: 'Describe the API in public/openapi.yaml'});
		steps.push({command: 'edu openapi --html', what: `Or also write a page to see and try it, served by edu start at ${localServer}/doc/`});
	}
	return steps;
}
