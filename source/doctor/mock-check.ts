// The mock API a project needs, as its compose file declares it: running and answering as that
// mock does. Inside the mock's own repository (its compose service builds this folder, or its
// routes serve the mock's init endpoints) there is no other mock to reach.
import {isFile} from '../base/path-kind.js';
import path from 'node:path';
import {isMap, isScalar, type Node} from 'yaml';
import {readRoutesFile} from '../project/routes-yaml/routes-file.js';
import {imageName, mockCandidates, readCompose} from '../mock/compose-volume.js';
import {judgeStations, stationsPath} from '../mock/init-client.js';
import {mockServiceIn, readComposeText, type MockService} from '../mock/mock-service.js';
import {fail, ok, warn, type CheckResult} from './check.js';

/** The Vélib' mock's image: the only one whose station list edu knows. */
const stationsMock = 'mock-veliko-api';
/** The mock's init endpoints (mock-veliko-api): a project serving them is that mock. */
const initPaths = ['/api/init/schema', '/api/init/data'];

export type MockRole =
	| {readonly kind: 'none'}
	| {readonly kind: 'self'; readonly found: MockService; readonly why: string}
	| {readonly kind: 'service'; readonly found: MockService; readonly image?: string};

/** The build context a compose service names (`build: ./x` or `build: {context: ./x}`). */
function buildContext(node: Node | null): string | undefined {
	if (!isMap(node)) return undefined;
	const build = node.get('build', true) as Node | undefined;
	if (isScalar(build)) return String(build.value);
	if (isMap(build)) {
		const context = build.get('context', true) as Node | undefined;
		return isScalar(context) ? String(context.value) : '.';
	}
	return undefined;
}

/** Whether `context` (relative to the root) is this project: the root, or a folder of it that is no project of its own. */
function buildsThisProject(root: string, context: string): boolean {
	if (/^[a-z][\w+.-]*:\/\//i.test(context) || /^git@/.test(context)) return false;
	const folder = path.resolve(root, context);
	const relative = path.relative(root, folder);
	if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
	// A folder with its own composer.json between the context and the root is another project (a clone of a mock).
	for (let inside = folder; inside !== root; inside = path.dirname(inside)) {
		// Stat'ed, never opened: a FIFO there would wait for a writer.
		if (isFile(path.join(inside, 'composer.json'))) return false;
	}
	return true;
}

/** Whether the project's routes serve the mock's init endpoints. */
function servesInit(root: string): string | undefined {
	const routes = readRoutesFile(root);
	if ('code' in routes || !routes.exists) return undefined;
	return routes.entries.find((route) => initPaths.includes(route.uri))?.uri;
}

/** The mock service of the project's compose file, and whether the project is that mock. A compose file that cannot be read throws. */
export function mockRole(root: string): MockRole {
	const found = mockServiceIn(root);
	if (found === undefined) return {kind: 'none'};
	const model = readCompose(readComposeText(path.join(root, found.file)), found.file);
	const service = mockCandidates(model).find((candidate) => candidate.name === found.service);
	const context = buildContext(service?.node ?? null);
	if (context !== undefined && buildsThisProject(root, context)) return {kind: 'self', found, why: `${found.file}'s service ${found.service} builds ${context}, a folder of this project`};
	const init = servesInit(root);
	if (init !== undefined) return {kind: 'self', found, why: `its routes serve ${init}`};
	return {kind: 'service', found, ...(service?.image === undefined ? {} : {image: service.image})};
}

export async function mockCheck(role: MockRole, timeout: number): Promise<CheckResult[]> {
	if (role.kind === 'none') return [];
	const {found} = role;
	if (role.kind === 'self') return [ok('mock', `mock API: this project is the mock itself (${role.why}): docker compose up -d ${found.service}, or edu start, serves it`)];
	const stations = role.image !== undefined && imageName(role.image) === stationsMock;
	const url = `${found.url}${stations ? stationsPath : '/'}`;
	let status: number;
	let text: string;
	try {
		const response = await fetch(url, {signal: AbortSignal.timeout(timeout), redirect: 'manual', headers: {accept: 'application/json'}});
		status = response.status;
		text = await response.text();
	} catch (error) {
		const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeout} ms` : 'no answer';
		return [fail('mock', `mock API (${found.service}) at ${found.url}: ${why}`, `docker compose up -d ${found.service}`)];
	}
	// A mock edu does not know: any HTTP answer is the server running.
	if (!stations) return [ok('mock', `mock API (${found.service}${role.image === undefined ? '' : `, ${role.image}`}) answering at ${found.url} (HTTP ${status})`)];
	const judged = judgeStations(status, text, false);
	if (judged.outcome === 'success') return [ok('mock', `mock API (${found.service}) answering at ${found.url} (${judged.message})`)];
	if (judged.count === 0) return [warn('mock', `mock API (${found.service}) answering at ${found.url}, with no stations yet`, 'edu mock:init')];
	return [fail('mock', `something else answers at ${found.url}, where ${found.file} publishes the mock API (${found.service}): GET ${stationsPath} gave ${judged.message.split(':')[0]}`, `free that port, or publish the mock on another one in ${found.file}, then docker compose up -d ${found.service}`)];
}
