// The built-in template folders hold what their manifests say, and every variable their files use
// is one their engine offers (the same check a project's own folder goes through).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtinFolder, builtinNames, templateCatalog} from '../../source/templates/catalog.js';
import {checkText, classFileProblem} from '../../source/templates/check.js';
import {engines} from '../../source/templates/engines.js';
import {readManifest} from '../../source/templates/manifest.js';
import {misplacedTag} from '../../source/templates/php-syntax.js';

describe.each(builtinNames)('built-in template %s', (name) => {
	const manifest = readManifest(JSON.parse(readFileSync(path.join(builtinFolder, name, 'template.json'), 'utf8')), name);

	it('has a valid manifest with a one-line description', () => {
		expect('message' in manifest ? manifest.message : undefined).toBeUndefined();
		expect(templateCatalog().get(name)).toMatchObject({name, origin: 'built-in'});
	});

	it('uses only the variables its engine offers, in its files and paths', () => {
		if ('message' in manifest) return;
		const engine = engines[manifest.engine];
		for (const file of manifest.files) {
			expect(checkText(readFileSync(path.join(builtinFolder, name, file.from), 'utf8'), engine), file.from).toBeUndefined();
			expect(checkText(file.to, engine, [...engine.names, ...engine.pathVariables]), file.to).toBeUndefined();
			expect(classFileProblem(file.to, file.role, engine), file.to).toBeUndefined();
		}
	});

	it('puts every escaped tag of its PHP inside a single-quoted string (a published copy must pass the project check)', () => {
		if ('message' in manifest) return;
		for (const file of manifest.files.filter(({to}) => to.endsWith('.php'))) {
			expect(misplacedTag(readFileSync(path.join(builtinFolder, name, file.from), 'utf8')), file.from).toBeUndefined();
		}
	});
});

describe('classFileProblem', () => {
	it.each(['app/Controller/api/TP/<%& className %>.php', 'app/Controller/api/Fixe.php', 'app/Controller/<%& className %>.php', 'app/Controller/api/<%& routeName %>.php'])('the controller of make:api at %j: refused', (to) => {
		expect(classFileProblem(to, 'controller', engines.controller)).toBe('the controller file must go to "app/Controller/api/<%& className %>.php", where the project\'s autoloader finds Controller\\api\\<className>, the class its route names');
	});

	it('the same path spelled otherwise, and a file that holds no class, are taken', () => {
		expect(classFileProblem('app/Controller/api/<%&className%>.php', 'controller', engines.controller)).toBeUndefined();
		expect(classFileProblem('app/Controller/api/notes.md', 'readme', engines.controller)).toBeUndefined();
		expect(classFileProblem('app/Controller/api/<%& className %>.php', 'item', engines.resource)).toMatch(/^the item file must go to "app\/Controller\/api\/<%& itemClassName %>\.php"/);
	});
});

describe('misplacedTag', () => {
	it.each([
		['<?php $a = "<% d %>";', 1, 13],
		['<?php\n// <% d %>\n', 2, 4],
		['<?php\n/** <% d %> */\nclass A {}', 2, 5],
		['<?php $x = <% d %>;', 1, 12],
		['<?php $n = <<<EOT\n<% d %>\nEOT;\n', 2, 1],
		['<p><% d %></p>', 1, 4],
		['<?php <%#s%>$a = \'<% d %>\';<%/s%><%^s%>$a = "<% e %>";<%/s%>', 1, 46],
		['<?php /* <%={{ }}=%>{{d}} */', 1, 10],
		["<?php $a = '<%=| |=%>'; // |d|", 1, 13],
	])('%j: the tag at %i:%i', (text, line, col) => {
		expect(misplacedTag(text)).toMatchObject({line, col});
	});

	it.each(['<?php $a = \'<% d %>\';', '<?php $a = b\'x <% d %> y\' . \'<%& r %>\';', '<?php $a = <%& r %>;', '<?php <%#s%>$a = \'<% d %>\';<%/s%>'])('%j: none', (text) => {
		expect(misplacedTag(text)).toBeUndefined();
	});
});

describe('checkText', () => {
	const engine = engines.controller;
	it.each([
		['line 1\n  <% className', 2, 3, 'never closed'],
		['a\nb\n<%# operations %>\n<% attribute %>\n', 3, 1, 'Unclosed section "operations"'],
		['<% clasName %>', 1, 1, '"clasName" is not a variable this template offers (did you mean className?)'],
		['<%# operations %><% attribute %><%/ operations %>\n$a = <% attribute %>', 2, 6, '"attribute" is not a variable'],
		["x\n'<% description %>'\n'<%& description %>'", 3, 2, '"description" is free text and must be escaped: write <% description %> inside \'…\', not the raw <%& description %>'],
		["'<%{ description }%>'", 1, 2, '"description" is free text and must be escaped'],
		['a\n<%/ operations %>', 2, 1, 'Unopened section "operations"'],
	])('%j: line %i, column %i, %s', (text, line, col, message) => {
		const problem = checkText(text, engine);
		expect(problem).toMatchObject({line, col});
		expect(problem?.message).toContain(message);
	});
});
