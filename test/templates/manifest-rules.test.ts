// A project's template.json as a teacher writes it: its defaults and asks used, each default checked
// with its flag's rule, "once" only where the engine writes once, and the nearest key only when near.
import {describe, expect, test} from 'vitest';
import {nearest} from '../../source/base/levenshtein.js';
import {plan} from '../../source/make/plan.js';
import {openProject} from '../../source/make/snapshot.js';
import {unknownTemplate} from '../../source/make/template-units.js';
import {isBroken, templateCatalog} from '../../source/templates/catalog.js';
import {checkText} from '../../source/templates/check.js';
import {engines} from '../../source/templates/engines.js';
import {readManifest} from '../../source/templates/manifest.js';
import {copyTemplate, siteIn} from '../helpers/template-copy.js';
import {tempProject} from '../helpers/temp-project.js';

const problemOf = (root: string, name: string): string | undefined => {
	const entry = templateCatalog(root).get(name);
	return entry !== undefined && isBroken(entry) ? entry.problem : undefined;
};

describe('a manifest\'s defaults', () => {
	test('resource: the default table and fields are what a run without --table and --fields plans', () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'tpres', (manifest) => {
			manifest.options!.table!.default = 'ville';
			manifest.options!.fields!.default = 'nom:string:80';
		});
		const planned = plan({kind: 'api', name: 'G1', template: 'tpres'}, openProject(root));
		expect(planned.refusals).toEqual([]);
		expect(planned.table).toBe('ville');
		expect(planned.changes[0]?.after).toContain('CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(80) NOT NULL)');
	});

	test('an error names the template chosen, not its engine', () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'tpres');
		const planned = plan({kind: 'api', name: 'G1', template: 'tpres', fields: []}, openProject(root));
		expect(planned.refusals.map((refused) => refused.message)).toContain('The tpres template needs at least one field: pass --fields, e.g. --fields nom:string:255,nombre_habitant:int.');
	});

	test.each([
		['upload', 'extensions', 'php', 'The extension "php" is refused'],
		['upload', 'dir', '../../etc', 'Invalid upload folder "../../etc": ".." segments are not allowed'],
		['upload', 'field', 'mon champ', 'Invalid upload field "mon champ"'],
		['resource', 'table', 'order', '"order" is an SQL reserved word'],
		['resource', 'fields', 'nom:texte', 'unknown type "texte"'],
	])('%s: a default %s of %j is refused at the value\'s line and column, as the flag would be', (builtin, option, value, words) => {
		const root = tempProject('sample');
		const file = copyTemplate(root, builtin, 'prof', (manifest) => {
			manifest.options![option]!.default = value;
		});
		const at = siteIn(file, JSON.stringify(value));
		expect(problemOf(root, 'prof')).toMatch(new RegExp(`^\\.edu/templates/prof/template\\.json:${at}: the "default" of ${option} is not a value --${option} takes: `));
		expect(problemOf(root, 'prof')).toContain(words);
	});
});

describe('"once"', () => {
	test('true on a per-name file is refused at its place, with the way out', () => {
		const root = tempProject('sample');
		const file = copyTemplate(root, 'default', 'z3', (manifest) => {
			manifest.files.controller!.once = true;
		});
		expect(problemOf(root, 'z3')).toBe(`.edu/templates/z3/template.json:${siteIn(file, '"once"')}: the controller file is written for each name, so it cannot be "once" (only openapi is): remove "once"`);
	});

	test('false on openapi is refused: openapi.php is never overwritten', () => {
		const root = tempProject('sample');
		const file = copyTemplate(root, 'default', 'z4', (manifest) => {
			manifest.files.openapi!.once = false;
		});
		expect(problemOf(root, 'z4')).toBe(`.edu/templates/z4/template.json:${siteIn(file, '"once"')}: openapi.php is written once and never overwritten (the seed's rule), so "once" cannot be false: remove it, or write true`);
	});
});

describe('suggestions', () => {
	test('a misspelt key with two letters swapped gets the key it is near', () => {
		expect(nearest('hlep', ['description', 'help', 'command'])).toEqual(['help']);
		const manifest = readManifest({description: 'x', engine: 'controller', files: {controller: {form: 'a.tpl', to: 'app/Controller/api/<%& className %>.php'}, openapi: {from: 'b.tpl', to: 'app/Controller/api/openapi.php'}}}, 'x');
		expect(manifest).toMatchObject({message: expect.stringContaining('"form" is not a key of "files.controller" (did you mean "from"?')});
		expect(readManifest({description: 'x', hlep: 'y'}, 'x')).toMatchObject({message: expect.stringContaining('(did you mean "help"?')});
	});

	test('a variable far from every one offered gets no "did you mean"', () => {
		expect(checkText('<% auteur %>', engines.controller)?.message).toBe('"auteur" is not a variable this template offers (edu template:publish --help lists the variables of each engine)');
		expect(checkText('<% clasName %>', engines.controller)?.message).toBe('"clasName" is not a variable this template offers (did you mean className?)');
	});

	test('an unknown --template lists the broken ones apart, not among the values allowed', () => {
		const root = tempProject('sample');
		copyTemplate(root, 'upload', 'prof', (manifest) => {
			manifest.options!.extensions!.default = 'php';
		});
		expect(unknownTemplate('nope', 'make:api', templateCatalog(root))).toBe('invalid value \'nope\' for --template (allowed: default, resource, upload; broken until fixed: prof, edu template:list says why).');
	});
});
