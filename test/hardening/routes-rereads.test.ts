// A routes.yaml may hold places that Symfony YAML reads and the `yaml` package refuses (`[GET]x`
// is [GET] to Symfony): edu reads them as Symfony does, parsing the file again after each one.
// A file with a few is read as Symfony reads it; one with more than maxRereads is refused with
// file:line:col at the first place left, instead of a parse per place over the whole file, which
// takes a time that grows with the square of the file's size.
import {describe, expect, it} from 'vitest';
import {maxRereads, parseRoutes, routesPath} from '../../source/project/routes-yaml/routes.js';
import {hasPhp, symfonyVerdicts as symfony} from '../helpers/php.js';

/** `count` routes whose method lists each have text after them on their line. */
function tails(count: number): string {
	return Array.from({length: count}, (_, index) => `r${index}:\n    uri: /r${index}\n    controller: A\n    httpMethod: [GET]x\n`).join('');
}

describe('places Symfony YAML reads past what YAML allows', () => {
	it(`up to ${maxRereads}: read as Symfony YAML reads them`, () => {
		const routes = parseRoutes(tails(maxRereads), routesPath, true);
		expect('code' in routes ? routes.message : routes.entries.map((entry) => entry.methods.join())).toEqual(Array.from({length: maxRereads}, () => 'GET'));
	});

	it.skipIf(!hasPhp)('up to the limit, Symfony YAML reads the same file', () => {
		const [judged] = symfony([tails(maxRereads)]);
		expect(judged!.ok).toBe(true);
	});

	it('more: refused at the first place left, with its line, without a parse per place', () => {
		const text = tails(500);
		const routes = parseRoutes(text, routesPath, true);
		expect('code' in routes ? routes.message : 'read').toMatch(new RegExp(`^app/Config/routes\\.yaml:${4 * maxRereads + 4}:\\d+: more than ${maxRereads} places that Symfony YAML reads`));
	});
});
