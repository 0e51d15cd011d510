// The compose edit in memory: which service, which target, which bytes change.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {EduError} from '../../source/base/errors.js';
import {checkTarget, imageName, mockCandidates, planVolume, readCompose} from '../../source/mock/compose-volume.js';
import {fixturesDir} from '../helpers/temp-project.js';

function fixture(name: string): string {
	return readFileSync(path.join(fixturesDir, 'compose', name), 'utf8');
}

function refusal(run: () => unknown): EduError {
	try {
		run();
	} catch (error) {
		if (error instanceof EduError) return error;
		throw error;
	}
	throw new Error('expected a refusal');
}

/** The lines of `after` that are not in `before`, given that only insertions happened. */
function insertedLines(before: string, after: string): string[] {
	const old = before.split('\n');
	const lines = after.split('\n');
	const added: string[] = [];
	let index = 0;
	for (const line of lines) {
		if (index < old.length && line === old[index]) index++;
		else added.push(line);
	}
	expect(index).toBe(old.length);
	return added;
}

describe('imageName', () => {
	it.each([
		['ghcr.io/studoo-app/mock-veliko-api:0.3.0', 'mock-veliko-api'],
		['bfoujols/mock-veliko-api:latest', 'mock-veliko-api'],
		['bfoujols/mock-veliko-api', 'mock-veliko-api'],
		['mock-api', 'mock-api'],
		['localhost:5000/team/mock-api:1.2', 'mock-api'],
		['docker.io/bfoujols/mock-veliko-api:0.3.1@sha256:0123', 'mock-veliko-api'],
	])('%s → %s', (image, name) => {
		expect(imageName(image)).toBe(name);
	});
});

describe('finding the mock service', () => {
	it('picks the one service whose image contains "mock"', () => {
		const model = readCompose(fixture('comments/compose.yaml'), 'compose.yaml');
		expect(model.services.map((service) => service.name)).toEqual(['db', 'mock-api']);
		expect(mockCandidates(model).map((service) => service.name)).toEqual(['mock-api']);
	});

	it('matches on container_name when the service is built, not pulled', () => {
		const model = readCompose(fixture('build-only/compose.yaml'), 'compose.yaml');
		expect(mockCandidates(model).map((service) => service.name)).toEqual(['app']);
	});

	it('lists every candidate when several match, and none when nothing does', () => {
		expect(mockCandidates(readCompose(fixture('several/compose.yaml'), 'compose.yaml')).map((service) => service.name)).toEqual(['veliko', 'ecole']);
		expect(mockCandidates(readCompose(fixture('no-mock/compose.yaml'), 'compose.yaml'))).toEqual([]);
	});

	it('reports invalid YAML with file:line:col and files that are not compose files', () => {
		expect(refusal(() => readCompose('services:\n  mock:\n    image: [unclosed\n', 'compose.yaml')).message).toMatch(/^compose\.yaml:\d+:\d+: /);
		expect(refusal(() => readCompose('name: x\n', 'compose.yaml')).message).toBe('compose.yaml:1:1: no "services" mapping: is this a compose file?');
		expect(refusal(() => readCompose('services:\n  a: {}\n  a: {}\n', 'compose.yaml')).message).toMatch(/^compose\.yaml:3:3: .*unique/i);
	});
});

describe('planVolume', () => {
	it('adds a volumes list after the last key, keeping every comment and blank line', () => {
		const before = fixture('comments/compose.yaml');
		const plan = planVolume(readCompose(before, 'compose.yaml'), 'mock-api');
		if (!plan.changed) throw new Error('expected a change');
		expect(plan.volume).toBe('./var/api:/var/www/mock-veliko-api/var');
		expect(insertedLines(before, plan.text)).toEqual(['    volumes:', '      - ./var/api:/var/www/mock-veliko-api/var']);
		// Inserted right after the service's last line, before the blank line and the next comment.
		expect(plan.text).toContain('restart: unless-stopped   # keep it up\n    volumes:\n      - ./var/api:/var/www/mock-veliko-api/var\n\n# Named volumes.\n');
		const data = parse(plan.text) as {services: Record<string, {volumes?: string[]}>};
		expect(data.services['mock-api']?.volumes).toEqual(['./var/api:/var/www/mock-veliko-api/var']);
		expect(data.services['db']?.volumes).toBeUndefined();
	});

	it('appends to an existing volumes list in its own indentation and dash spacing', () => {
		const before = fixture('existing-volumes/compose.yml');
		const plan = planVolume(readCompose(before, 'compose.yml'), 'api');
		if (!plan.changed) throw new Error('expected a change');
		expect(insertedLines(before, plan.text)).toEqual(['        -   ./var/api:/var/www/mock-veliko-api/var']);
		const data = parse(plan.text) as {services: {api: {volumes: unknown[]}}};
		expect(data.services.api.volumes).toEqual([
			'./docker/vhosts:/etc/apache2/sites-enabled',
			{type: 'bind', source: './logs', target: '/var/log/apache2'},
			'./var/api:/var/www/mock-veliko-api/var',
		]);
	});

	it('appends to a flow list on its line, quoted like its neighbours', () => {
		const plan = planVolume(readCompose(fixture('flow/compose.yaml'), 'compose.yaml'), 'mock');
		if (!plan.changed) throw new Error('expected a change');
		expect(plan.text).toContain("    volumes: ['./docker/vhosts:/etc/apache2/sites-enabled', './var/api:/var/www/mock-veliko-api/var']\n");
	});

	it('keeps CRLF line ends and adds the missing final line break', () => {
		const plan = planVolume(readCompose(fixture('crlf/compose.yaml'), 'compose.yaml'), 'mock');
		if (!plan.changed) throw new Error('expected a change');
		expect(plan.text).toBe('services:\r\n  mock:\r\n    image: bfoujols/mock-veliko-api:0.3.0\r\n    ports:\r\n      - "9042:80"\r\n    volumes:\r\n      - ./var/api:/var/www/mock-veliko-api/var\r\n');
	});

	it('fills an empty "volumes:" key instead of adding a second one', () => {
		const text = 'services:\n  mock:\n    image: mock-api:1\n    volumes:   # to do\n    ports:\n      - "9042:80"\n';
		const plan = planVolume(readCompose(text, 'compose.yaml'), 'mock');
		if (!plan.changed) throw new Error('expected a change');
		expect(plan.text).toBe('services:\n  mock:\n    image: mock-api:1\n    volumes:   # to do\n      - ./var/api:/var/www/mock-api/var\n    ports:\n      - "9042:80"\n');
	});

	it('derives the target from container_name when there is no image', () => {
		const plan = planVolume(readCompose(fixture('build-only/compose.yaml'), 'compose.yaml'), 'app');
		expect(plan.volume).toBe('./var/api:/var/www/mock-veliko-api/var');
	});

	it('uses --target as given', () => {
		const plan = planVolume(readCompose(fixture('comments/compose.yaml'), 'compose.yaml'), 'mock-api', '/srv/api/var/');
		expect(plan.volume).toBe('./var/api:/srv/api/var');
	});

	it('changes nothing when the volume is already there (idempotent)', () => {
		const once = planVolume(readCompose(fixture('comments/compose.yaml'), 'compose.yaml'), 'mock-api');
		if (!once.changed) throw new Error('expected a change');
		const twice = planVolume(readCompose(once.text, 'compose.yaml'), 'mock-api');
		expect(twice).toEqual({changed: false, service: 'mock-api', volume: './var/api:/var/www/mock-veliko-api/var'});
	});

	it('refuses a target already mounted from elsewhere, and ./var/api mounted at another target', () => {
		expect(refusal(() => planVolume(readCompose(fixture('conflict/compose.yaml'), 'compose.yaml'), 'mock')).message).toBe(
			'compose.yaml: service "mock" already mounts api-data at /var/www/mock-veliko-api/var; remove it first, or pick another --target.',
		);
		const once = planVolume(readCompose(fixture('comments/compose.yaml'), 'compose.yaml'), 'mock-api');
		if (!once.changed) throw new Error('expected a change');
		expect(refusal(() => planVolume(readCompose(once.text, 'compose.yaml'), 'mock-api', '/srv/other')).code).toBe('VOLUME_CONFLICT');
	});

	it('refuses an unknown service, naming the ones there are', () => {
		expect(refusal(() => planVolume(readCompose(fixture('several/compose.yaml'), 'compose.yaml'), 'nope')).message).toBe(
			'compose.yaml has no service "nope" (services: veliko, ecole, web).',
		);
	});

	it('refuses volumes that come from an alias, since editing them would change other services', () => {
		const text = 'x-vols: &vols\n  - ./a:/a\nservices:\n  mock:\n    image: mock-api\n    volumes: *vols\n  other:\n    image: web\n    volumes: *vols\n';
		expect(refusal(() => planVolume(readCompose(text, 'compose.yaml'), 'mock')).message).toMatch(/^compose\.yaml:6:14: .*alias or a merge/);
	});

	it('refuses when an anchored list is shared, because the re-parse shows another service changing', () => {
		const text = 'services:\n  mock:\n    image: mock-api\n    volumes: &vols\n      - ./a:/a\n  other:\n    image: web\n    volumes: *vols\n';
		expect(refusal(() => planVolume(readCompose(text, 'compose.yaml'), 'mock')).message).toMatch(/without changing anything else/);
	});

	it('needs --target when neither image nor container_name names the app', () => {
		const text = 'services:\n  mock:\n    build: .\n';
		expect(refusal(() => planVolume(readCompose(text, 'compose.yaml'), 'mock')).message).toMatch(/pass --target/);
	});
});

describe('checkTarget', () => {
	it.each([
		['/var/www/mock-veliko-api/var', undefined],
		['var/www', /absolute path/],
		['/var/www/my app', /may only hold/],
		['/var/../etc', /may only hold/],
		['/var:ro', /may only hold/],
	])('%s', (target, problem) => {
		const result = checkTarget(target);
		if (problem === undefined) expect(result).toBeUndefined();
		else expect(result).toMatch(problem);
	});
});
