// Damaged routes.yaml files through make:api's parse and append: every fixture's routes.yaml cut
// at every byte offset, and seeded mutations (byte flips to YAML's own punctuation, deleted
// brackets, NUL and non-UTF-8 bytes). Each case ends in a clean refusal (a code and a located
// message, nothing to write) or in a routes.yaml that keeps every old byte and reads back, in the
// full `yaml` parse, as the old routes plus the new one.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {plan} from '../../source/core/plan.js';
import type {Snapshot} from '../../source/core/project/project.js';
import {parseRoutes, routesPath} from '../../source/core/routes-yaml/routes.js';

const fixtures = ['sample', 'comments', 'crlf'];
const newRoute = {uri: '/api/fuzz-new', controller: 'Controller\\api\\FuzzNewController', httpMethod: ['GET']};

interface Verdict {
	readonly kind: 'refused' | 'appended';
}

function check(text: string): Verdict {
	const routes = parseRoutes(text, routesPath, true);
	if ('code' in routes) {
		expect(routes.message).toMatch(/^app\/Config\/routes\.yaml(:\d+:\d+)?: ./);
		return {kind: 'refused'};
	}
	const snapshot: Snapshot = {root: '/project', routes, files: new Map()};
	const planned = plan({kind: 'api', name: 'FuzzNew'}, snapshot);
	if (planned.refusals.length > 0) {
		expect(planned.changes).toEqual([]);
		for (const refusal of planned.refusals) expect(refusal.message.length).toBeGreaterThan(5);
		return {kind: 'refused'};
	}
	const change = planned.changes.find((candidate) => candidate.path === routesPath);
	expect(change).toBeDefined();
	const after = change!.after as string;
	// Every old byte kept, the new entry appended.
	expect(after.startsWith(text)).toBe(true);
	const before = (parse(text) ?? {}) as Record<string, unknown>;
	expect(parse(after)).toEqual({...before, 'api_fuzz-new': newRoute});
	return {kind: 'appended'};
}

/** A small seeded generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
		return state / 2 ** 32;
	};
}

const punctuation = [':', ' ', '\n', '\r', '\t', '[', ']', '{', '}', ',', '"', "'", '#', '&', '*', '!', '|', '>', '-', '?', '%', '@', '`', '\0', 'x'];

function mutate(bytes: Buffer, next: () => number): Buffer {
	const copy = Buffer.from(bytes);
	const at = Math.floor(next() * copy.length);
	const how = Math.floor(next() * 4);
	if (how === 0) return Buffer.concat([copy.subarray(0, at), Buffer.from(punctuation[Math.floor(next() * punctuation.length)]!, 'latin1'), copy.subarray(at + 1)]);
	if (how === 1) {
		const bracket = copy.findIndex((byte, index) => index >= at && (byte === 0x5b || byte === 0x5d));
		return bracket === -1 ? copy : Buffer.concat([copy.subarray(0, bracket), copy.subarray(bracket + 1)]);
	}
	if (how === 2) return Buffer.concat([copy.subarray(0, at), Buffer.from([[0xff, 0xfe][Math.floor(next() * 2)]!]), copy.subarray(at)]);
	return Buffer.concat([copy.subarray(0, at), Buffer.from([0]), copy.subarray(at)]);
}

describe.each(fixtures)('fixtures/%s routes.yaml, damaged', (fixture) => {
	const bytes = readFileSync(path.join(import.meta.dirname, '../../fixtures', fixture, 'app/Config/routes.yaml'));

	it('cut at every byte offset: a clean refusal or the old routes plus the new one', () => {
		const counts = {refused: 0, appended: 0};
		for (let cut = 0; cut <= bytes.length; cut++) counts[check(bytes.subarray(0, cut).toString('utf8')).kind]++;
		// Both outcomes occur: a cut between entries appends, a cut inside a value refuses.
		expect(counts.appended).toBeGreaterThan(0);
		expect(counts.refused).toBeGreaterThan(0);
	});

	it('600 seeded mutations (one to three each): a clean refusal or the old routes plus the new one', () => {
		const next = random(fixture.length * 7919);
		for (let round = 0; round < 600; round++) {
			let damaged: Buffer = bytes;
			const times = 1 + Math.floor(next() * 3);
			for (let time = 0; time < times; time++) damaged = mutate(damaged, next);
			const text = damaged.toString('utf8');
			try {
				check(text);
			} catch (error) {
				throw new Error(`mutation round ${round} of fixtures/${fixture}: ${JSON.stringify(text)}\n${(error as Error).message}`);
			}
		}
	});
});
