// The fast-path check of scripts/bench-real-projects.js: a real `make:api x --yes` (the built bin)
// on copies of the projects shaped like the real ones never loads the YAML parser, and the probe
// does see it loaded when a routes.yaml needs the full parse.
import {appendFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import {corpus, runLoadsYaml} from '../../scripts/bench-real-projects.js';
import {tempProject} from '../helpers/temp-project.js';

const fixtures = (corpus as Array<{fixture: string}>).map(({fixture}) => fixture);
const loadsYaml = runLoadsYaml as (folder: string, node?: string) => boolean;

describe('make:api on projects shaped like the real ones stays on the routes.yaml fast path', () => {
	it('the corpus is the sample, the 2.3 skeleton and mock-veliko-api', () => {
		expect(fixtures).toEqual(['sample', 'skeleton', 'mock-project']);
	});

	it.each(fixtures)('fixtures/%s: the run loads no YAML parser', (fixture) => {
		expect(loadsYaml(tempProject(fixture), process.execPath)).toBe(false);
	});

	it('a routes.yaml the scanner leaves (an escape in a double-quoted URI): the probe sees the parser loaded', () => {
		const root = tempProject('skeleton');
		appendFileSync(path.join(root, 'app/Config/routes.yaml'), '\nescaped:\n    uri: "/a\\x41"\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n');
		expect(loadsYaml(root, process.execPath)).toBe(true);
	});
});
