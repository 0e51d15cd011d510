// The YAML writer: every value reads back as itself, in the `yaml` package and in Symfony YAML
// (what PHP tools read openapi.yaml with).
import path from 'node:path';
import fc from 'fast-check';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import type {Json, JsonObject} from '../../source/openapi/document/arguments.js';
import {buildDocument} from '../../source/openapi/document/build-document.js';
import {toYaml} from '../../source/openapi/generate.js';
import {hasPhp, symfonyYamlParse} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';
import {readHere} from './read-here.js';

const tricky = [
	'', ' ', 'plain text', ' leading', 'trailing ', 'two  spaces', 'true', 'False', 'NULL', 'null', '~', 'yes', 'No', 'on', 'OFF', 'y', 'n',
	'0', '007', '0x1F', '1e3', '-1', '+1', '.5', '.inf', '-.inf', '.nan', '2024-01-01', '12:30', '1_000',
	'@at', '`tick', '%percent', '!tag', '&anchor', '*alias', '- dash', '? question', ': colon', '|pipe', '>fold',
	'{braces}', '[brackets]', 'a: b', 'a #b', '#hash', 'a,b', "it's", 'say "hi"', 'back\\slash', '/api/ville/{id}',
	'#/components/schemas/Ville', 'line\nbreak', 'tab\there', 'cr\rreturn', 'nul\u0000byte', 'bell\u0007', 'del\u007f',
	'nel\u0085', 'ls\u2028', 'bom\ufeff', 'é accent', 'Équipe', '日本語', 'emoji 😀', '$ref', 'x-interne', 'application/json',
];

describe('strings', () => {
	it.each(tricky.map((text) => [JSON.stringify(text), text] as const))('%s reads back as itself', (_label, text) => {
		const document: JsonObject = {[text]: text, list: [text]};
		expect(parse(toYaml(document))).toEqual(document);
	});

	it('leaves ordinary words, paths and media types unquoted, quotes what could read as another type', () => {
		const text = toYaml({title: 'My First API', path: '/api/ville', media: 'application/json', version: '0.1', code: '200', yes: 'yes', quote: "l'erreur", lines: 'deux\nlignes'});
		expect(text).toContain('title: My First API\n');
		expect(text).toContain('path: /api/ville\n');
		expect(text).toContain('media: application/json\n');
		expect(text).toMatch(/version: ("0\.1"|'0\.1')\n/);
		expect(text).toMatch(/code: ("200"|'200')\n/);
		expect(text).toMatch(/("yes"|'yes'): ("yes"|'yes')\n/);
		expect(parse(text).lines).toBe('deux\nlignes');
	});
});

describe('documents', () => {
	it('nested maps and lists, empty ones, numbers and booleans', () => {
		const document: JsonObject = {
			a: {b: {c: [1, 2.5, -3, 1e21, true, false, null]}},
			empty: {},
			none: [],
			lists: [[1, [2]], [], {}, [{x: 1, y: [{z: 'w'}]}]],
			'200': {description: ''},
		};
		const text = toYaml(document);
		expect(parse(text)).toEqual(document);
		expect(text.endsWith('\n')).toBe(true);
	});

	it('any JSON value reads back as itself', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const document = {value: value as Json};
				expect(JSON.stringify(parse(toYaml(document)))).toBe(JSON.stringify(document));
			}),
			{numRuns: 300},
		);
	});
});

/** PHP arrays do not tell {} from []: compare with empty maps and lists made alike. */
function phpShape(value: unknown): unknown {
	if (Array.isArray(value)) return value.length === 0 ? [] : value.map(phpShape);
	if (typeof value === 'object' && value !== null) {
		const entries = Object.entries(value);
		return entries.length === 0 ? [] : Object.fromEntries(entries.map(([key, inner]) => [key, phpShape(inner)]));
	}
	return value;
}

describe.skipIf(!hasPhp)('Symfony YAML reads the output back to the same data', () => {
	it('tricky strings as keys and values', () => {
		const document: JsonObject = {};
		for (const [index, text] of tricky.entries()) {
			if (text.includes('\u0000')) continue; // PHP strings hold NUL, but json_encode of the key differs in shape only
			document[`k${index}`] = text;
			document[text === '' ? 'empty-key-value' : text] = index;
		}
		expect(symfonyYamlParse(toYaml(document))).toEqual(phpShape(document));
	});

	it.each(['forms', 'warnings', 'no-info', 'project'])('the fixtures/openapi/%s document', (fixture) => {
		const scan = readHere(path.join(fixturesDir, 'openapi', fixture));
		const {document} = buildDocument(scan.files);
		expect(symfonyYamlParse(toYaml(document))).toEqual(phpShape(document));
	});
});
