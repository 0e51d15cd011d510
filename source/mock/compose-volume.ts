// The compose file's mock API service and the `./var/api:<target>` volume. Pure: text in,
// text out. The file is parsed with the `yaml` package to find the service, the new line is
// inserted as text (so every other byte, comments included, is kept), and the result is
// re-parsed and compared with the intended data before anyone writes it.
import {isDeepStrictEqual} from 'node:util';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node} from 'yaml';
import {EduError} from '../base/errors.js';
import {yamlReason} from '../base/yaml-package.js';
import {addVolumesKey, bad, fillEmptyVolumes, insertIntoSequence} from './compose-insert.js';
import type {ComposeModel, ComposeService} from './compose-model.js';

export type {ComposeModel, ComposeService} from './compose-model.js';

export const hostFolder = './var/api';

export type VolumePlan =
	| {readonly changed: false; readonly service: string; readonly volume: string}
	| {readonly changed: true; readonly service: string; readonly volume: string; readonly text: string; readonly added: readonly string[]};

const parseOptions = {merge: true, uniqueKeys: true, prettyErrors: false, strict: true} as const;

function text(node: unknown): string | undefined {
	return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** Parses the compose file and lists its services; `file` is the name used in messages. */
export function readCompose(source: string, file: string): ComposeModel {
	const counter = new LineCounter();
	let document: Document.Parsed;
	try {
		document = parseDocument(source, {...parseOptions, lineCounter: counter});
	} catch (error) {
		if (error instanceof RangeError) throw bad({file, counter}, 0, tooDeep);
		throw error;
	}
	const [error] = document.errors;
	if (error) throw bad({file, counter}, error.pos[0], /call stack/i.test(error.message) ? tooDeep : yamlReason(error.message) || 'not valid YAML');
	const root = document.contents;
	if (!isMap(root)) throw bad({file, counter}, root?.range?.[0] ?? 0, 'expected a mapping with a "services" key');
	const services = root.get('services', true);
	if (!isMap(services)) {
		throw bad({file, counter}, (services as Node | undefined)?.range?.[0] ?? 0, 'no "services" mapping: is this a compose file?');
	}
	const list: ComposeService[] = [];
	for (const pair of services.items) {
		const name = isScalar(pair.key) ? String(pair.key.value) : '';
		const node = (pair.value ?? null) as Node | null;
		const image = isMap(node) ? text(node.get('image', true)) : undefined;
		const containerName = isMap(node) ? text(node.get('container_name', true)) : undefined;
		list.push({name, image, containerName, node});
	}
	return {file, text: source, document, counter, services: list};
}

const tooDeep = 'nested too deeply to read (thousands of levels): not a compose file edu edits';

/** The document as plain data; an alias bomb or a structure too deep to expand is a located refusal. */
function toData(model: ComposeModel, document: Document.Parsed = model.document): unknown {
	try {
		return document.toJS({maxAliasCount: 1000});
	} catch (error) {
		if (error instanceof ReferenceError && /alias/i.test(error.message)) {
			throw bad(model, Math.max(0, model.text.search(/\*[\w.-]/)), 'its aliases expand to too much data (more than 1000 expansions, an "alias bomb"): edu will not expand it');
		}
		if (error instanceof RangeError) throw bad(model, 0, tooDeep);
		throw error;
	}
}

/** Services whose image or container name says "mock". */
export function mockCandidates(model: ComposeModel): ComposeService[] {
	return model.services.filter((service) => [service.image, service.containerName].some((value) => value?.toLowerCase().includes('mock')));
}

/** `ghcr.io/studoo-app/mock-veliko-api:0.3.0` → `mock-veliko-api`. */
export function imageName(image: string): string {
	const withoutDigest = image.split('@', 1)[0] ?? image;
	const last = withoutDigest.split('/').at(-1) ?? withoutDigest;
	return last.replace(/:[^:]*$/, '');
}

export function defaultTarget(service: ComposeService, file: string): string {
	// A service that is not the mock (a database, a mailer) has no var/ folder edu could guess.
	if (![service.image, service.containerName].some((value) => value?.toLowerCase().includes('mock'))) {
		const what = service.image !== undefined ? ` (image ${service.image})` : service.containerName !== undefined ? ` (container ${service.containerName})` : '';
		throw new EduError('NO_MOCK_SERVICE', `${file}: service "${service.name}"${what} does not look like the mock API (its image and container_name do not say "mock"), so edu cannot tell which of its folders to keep; name the mock's service, or pass --target with that folder, e.g. --target /var/www/mock-veliko-api/var.`);
	}
	const name = service.image !== undefined ? imageName(service.image) : service.containerName;
	if (name === undefined || !/^[\w.-]+$/.test(name)) {
		throw new EduError('INVALID_OPTION', `${file}: service "${service.name}" has no image or container_name to guess its folder from; pass --target, e.g. --target /var/www/mock-veliko-api/var.`);
	}
	return `/var/www/${name}/var`;
}

/** A container path we can write without quoting surprises. */
export function checkTarget(target: string): string | undefined {
	if (!target.startsWith('/')) return `--target must be an absolute path in the container, such as /var/www/mock-veliko-api/var (got "${target}").`;
	if (!/^\/[\w./-]*$/.test(target) || target.split('/').includes('..')) return `--target may only hold letters, digits, "_", "-", "." and "/" (got "${target}").`;
	return undefined;
}

const trimSlash = (value: string): string => (value.length > 1 ? value.replace(/\/+$/, '') : value);
const sameSource = (source: string): boolean => trimSlash(source).replace(/^\.\//, '') === hostFolder.slice(2);

interface Mount {
	readonly source: string;
	readonly target: string;
}

function mountOf(item: unknown): Mount | undefined {
	if (typeof item === 'string') {
		const parts = item.split(':');
		if (parts.length < 2) return undefined;
		return {source: parts[0] ?? '', target: trimSlash(parts[1] ?? '')};
	}
	if (item !== null && typeof item === 'object' && 'target' in item && 'source' in item) {
		const {source, target} = item as {source: unknown; target: unknown};
		return typeof source === 'string' && typeof target === 'string' ? {source, target: trimSlash(target)} : undefined;
	}
	return undefined;
}

/** True when the service mounts ./var/api (at any target): the mock then reads the project's var/api/. */
export function mountsHostFolder(model: ComposeModel, serviceName: string): boolean {
	try {
		const data = toData(model) as {services?: Record<string, Record<string, unknown> | null>};
		const volumes = data.services?.[serviceName]?.['volumes'];
		return Array.isArray(volumes) && volumes.map(mountOf).some((mount) => mount !== undefined && sameSource(mount.source));
	} catch {
		// Aliases that expand too far: not a volume edu can see.
		return false;
	}
}

/** Plans adding `./var/api:<target>` to the service; unchanged when it is there already. */
export function planVolume(model: ComposeModel, serviceName: string, requestedTarget?: string): VolumePlan {
	const service = model.services.find((candidate) => candidate.name === serviceName);
	if (!service) throw new EduError('NO_MOCK_SERVICE', `${model.file} has no service "${serviceName}" (services: ${model.services.map((s) => s.name).join(', ') || 'none'}).`);
	const where = service.node?.range?.[0] ?? 0;
	if (!isMap(service.node)) throw bad(model, where, `service "${serviceName}" is not a mapping`);
	const target = trimSlash(requestedTarget ?? defaultTarget(service, model.file));
	const volume = `${hostFolder}:${target}`;
	const data = toData(model) as {services: Record<string, Record<string, unknown>>};
	const current = data.services[serviceName]?.['volumes'];
	const own = service.node.get('volumes', true) as Node | undefined;
	if (current !== undefined && !isSeq(own) && !(isScalar(own) && own.value === null)) {
		throw bad(model, own?.range?.[0] ?? where, `the volumes of "${serviceName}" are not a plain list here (an alias or a merge); add "- ${volume}" by hand`);
	}
	const mounts = Array.isArray(current) ? current.map(mountOf) : [];
	const here = mounts.find((mount) => mount !== undefined && sameSource(mount.source));
	if (here && (requestedTarget === undefined || here.target === target)) {
		return {changed: false, service: serviceName, volume: `${hostFolder}:${here.target}`};
	}
	if (here) {
		throw new EduError('VOLUME_CONFLICT', `${model.file}: service "${serviceName}" already mounts ${hostFolder} at ${here.target}; edit that line by hand to move it to ${target}.`);
	}
	const taken = mounts.find((mount) => mount?.target === target);
	if (taken) {
		throw new EduError('VOLUME_CONFLICT', `${model.file}: service "${serviceName}" already mounts ${taken.source} at ${target}; remove it first, or pick another --target.`);
	}

	const eol = /\r\n/.test(model.text) ? '\r\n' : '\n';
	const edit = isSeq(own)
		? insertIntoSequence(model, own, volume, eol)
		: isScalar(own)
			? fillEmptyVolumes(model, service.node, volume, eol)
			: addVolumesKey(model, service.node, volume, eol);

	// Re-parse: the new text must mean exactly the old data plus this one volume.
	const reparsed = parseDocument(edit.text, parseOptions);
	const expected = structuredClone(data);
	const expectedService = expected.services[serviceName] ?? {};
	expectedService['volumes'] = [...(Array.isArray(current) ? current : []), volume];
	if (reparsed.errors.length > 0 || !isDeepStrictEqual(toData(model, reparsed), expected)) {
		throw bad(model, where, `could not add the volume without changing anything else; add "- ${volume}" under "volumes:" of "${serviceName}" by hand`);
	}
	return {changed: true, service: serviceName, volume, text: edit.text, added: edit.added};
}
