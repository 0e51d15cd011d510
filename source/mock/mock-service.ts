// The project's mock API service as its compose file declares it: the address it answers on (the
// host port published for the container's port 80; the mock's docs publish 9042) and whether it
// mounts ./var/api, where edu writes its tokens. doctor, mock:init and mock:token read it alike.
import path from 'node:path';
import {isMap, isScalar, isSeq, type Node} from 'yaml';
import {composeFileNames} from './compose-file.js';
export {mockServiceShape} from './compose-file.js';
import {mockCandidates, mountsHostFolder, readCompose} from './compose-volume.js';
import {defaultMockUrl} from './init-client.js';
import {isFile} from '../base/path-kind.js';
import {EduError} from '../base/errors.js';
import {readRegularFile} from '../project/regular-file.js';

/** A compose file's text, read within bounds (a FIFO or an oversized file is refused by name); '' once it is gone. */
export function readComposeText(file: string): string {
	const read = readRegularFile(file, path.basename(file));
	if (read === null) return '';
	if ('code' in read) throw EduError.from(read);
	return read.toString('utf8');
}

export interface MockService {
	readonly service: string;
	/** `http://localhost:<published port>`, or the docs' default when no port 80 is published. */
	readonly url: string;
	/** The compose file's name, as messages say it. */
	readonly file: string;
	/** True when the service mounts ./var/api (edu mock:persist's volume). */
	readonly persisted: boolean;
}

/** The host port a `ports` entry publishes for the container's port 80: "9042:80", "127.0.0.1:9042:80/tcp", or the long form. */
function publishedFor80(item: unknown): string | undefined {
	if (isScalar(item)) return /^(?:[^:]+:)?(\d+):80(?:\/tcp)?$/.exec(String(item.value))?.[1];
	if (!isMap(item)) return undefined;
	const target = item.get('target');
	const published = item.get('published');
	return String(target) === '80' && published !== undefined && /^\d+$/.test(String(published)) ? String(published) : undefined;
}

/** The compose file docker compose would read in `folder` (its default names, in its order), if any. */
function composeFileIn(folder: string): string | undefined {
	return composeFileNames.map((name) => path.join(folder, name)).find((candidate) => isFile(candidate));
}

/**
 * The mock service of the compose file in `folder` (docker compose's default names), or undefined
 * when there is none. A compose file that cannot be read throws its located error.
 */
export function mockServiceIn(folder: string): MockService | undefined {
	const file = composeFileIn(folder);
	if (file === undefined) return undefined;
	const model = readCompose(readComposeText(file), path.basename(file));
	const [service] = mockCandidates(model);
	if (service === undefined) return undefined;
	const ports = isMap(service.node) ? service.node.get('ports', true) as Node | undefined : undefined;
	const published = (isSeq(ports) ? ports.items : []).map(publishedFor80).find((port) => port !== undefined);
	return {
		service: service.name,
		url: published === undefined ? defaultMockUrl : `http://localhost:${published}`,
		file: model.file,
		persisted: mountsHostFolder(model, service.name),
	};
}

/** Whether `folder` has a compose file (compose.yaml or another name Docker Compose reads). */
export function hasComposeFile(folder: string): boolean {
	return composeFileIn(folder) !== undefined;
}

/** The compose file in `folder` when it declares no mock API service (the skeleton's: a database, a mailer…); else undefined. */
export function composeWithoutMock(folder: string): string | undefined {
	const file = composeFileIn(folder);
	if (file === undefined) return undefined;
	try {
		return mockCandidates(readCompose(readComposeText(file), path.basename(file))).length === 0 ? path.basename(file) : undefined;
	} catch {
		return undefined;
	}
}

/** Like mockServiceIn, but a compose file that cannot be read counts as none (the caller then uses the default address). */
export function readableMockServiceIn(folder: string): MockService | undefined {
	try {
		return mockServiceIn(folder);
	} catch {
		return undefined;
	}
}
