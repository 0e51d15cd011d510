// In-memory project snapshots for the pure core.
import type {Snapshot} from '../../source/make/snapshot.js';
import {parseRoutes} from '../../source/project/routes-yaml/routes.js';

export function memorySnapshot(routesText: string | null, files: readonly string[] = []): Snapshot {
	const routes = parseRoutes(routesText ?? '', 'app/Config/routes.yaml', routesText !== null);
	if ('code' in routes) throw new Error(routes.message);
	return {root: '/project', routes, files: new Map(files.map((file) => [file.toLowerCase(), file]))};
}

export const sampleRoutes = `home:
    uri: /
    controller: Controller\\HomeController
    httpMethod: [GET]
api_hello:
    uri: /api/hello
    controller: Controller\\api\\HelloController
    httpMethod: [GET]
`;
