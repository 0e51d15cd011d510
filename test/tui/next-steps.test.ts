// The next steps, per template, from the plan of a real snapshot (temp copy of fixtures/sample).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {plan} from '../../source/make/plan.js';
import type {MakeRequest} from '../../source/make/request.js';
import {commandNextSteps, nextSteps, nextStepsLines, stepsContext} from '../../source/present/next-steps.js';
import {copyTemplate} from '../helpers/template-copy.js';
import {tempProject} from '../helpers/temp-project.js';
import {snapshotOf} from './wizard-harness.js';

const commandsFor = (request: MakeRequest, cd?: string): string[] => {
	const planned = plan(request, snapshotOf(tempProject('sample')));
	expect(planned.refusals).toEqual([]);
	return nextSteps(planned, {cd}).map((step) => step.command);
};

describe('next steps', () => {
	test('in a narrow terminal, a purpose is broken between words and a command never is (it pastes whole)', () => {
		const planned = plan({kind: 'api', name: 'Ville', template: 'resource', fields: [{name: 'nom', type: 'string'}]}, snapshotOf(tempProject('sample')));
		const steps = nextSteps(planned, {});
		const lines = nextStepsLines(steps, 40);
		for (const line of lines.filter((each) => !each.startsWith('    '))) expect(line.length).toBeLessThanOrEqual(40);
		// Every command, on one line of its own, however long.
		for (const step of steps) expect(lines).toContain(`    ${step.command}`);
		// A purpose reads again as it was written once its lines are joined.
		const joined: string[] = [];
		for (const line of lines) {
			const last = joined.at(-1);
			if (last !== undefined && /^ {2}\S/.test(last) && !last.endsWith(':')) joined[joined.length - 1] = `${last} ${line.trim()}`;
			else joined.push(line);
		}
		for (const step of steps) expect(joined).toContain(`  ${step.what}:`);
		expect(lines.some((line) => /^ {2}\S/.test(line) && !line.endsWith(':'))).toBe(true);
		// Without a width, one line each, as before.
		expect(nextStepsLines(steps)).toHaveLength(1 + steps.length * 2);
	});

	test('upload: a file made, then sent with curl -F in the form field the controller reads', () => {
		expect(commandsFor({kind: 'api', name: 'import', template: 'upload', upload: {field: 'document', extensions: ['csv']}})).toEqual([
			'edu openapi',
			'edu openapi --html',
			'edu start',
			String.raw`printf 'nom,code\nLyon,69000\n' > example.csv`,
			'curl -i -F document=@example.csv http://localhost:8042/api/import',
			'edu undo',
		]);
	});

	test('resource: the table it needs, a POST with a JSON body, then GETs', () => {
		expect(commandsFor({kind: 'api', name: 'ville', template: 'resource', table: 'ville', fields: [{name: 'nom', type: 'string', length: 255}, {name: 'habitants', type: 'int'}]})).toEqual([
			'CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(255) NOT NULL, habitants INT NOT NULL) DEFAULT CHARSET = utf8mb4;',
			'edu openapi',
			'edu openapi --html',
			'edu start',
			`curl -i -X POST -H 'Content-Type: application/json' -d '{"nom":"example","habitants":1}' http://localhost:8042/api/ville`,
			'curl -i http://localhost:8042/api/ville',
			'curl -i http://localhost:8042/api/ville/1',
			'edu undo',
		]);
	});

	test('resource narrowed to GET,PUT (no POST on the list): no POST step, which the router would refuse', () => {
		const commands = commandsFor({kind: 'api', name: 'ville', template: 'resource', table: 'ville', methods: ['GET', 'PUT'], fields: [{name: 'nom', type: 'string', length: 255}]});
		expect(commands.some((command) => command.includes('-X POST'))).toBe(false);
		expect(commands).toContain('curl -i http://localhost:8042/api/ville');
		expect(commands).toContain('curl -i http://localhost:8042/api/ville/1');
	});

	test('a project\'s own template takes the steps of its engine, with its manifest\'s defaults: the resource\'s table and POST, the upload\'s field', () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'villes', (manifest) => {
			manifest.options!['table']!['default'] = 'ville';
			manifest.options!['fields']!['default'] = 'nom:string:80';
		});
		copyTemplate(root, 'upload', 'depot', (manifest) => {
			manifest.options!['field']!['default'] = 'document';
			manifest.options!['extensions']!['default'] = 'pdf';
		});
		const snapshot = snapshotOf(root);
		const resource = plan({kind: 'api', name: 'Commune', template: 'villes'}, snapshot);
		expect(resource.refusals).toEqual([]);
		expect(nextSteps(resource, {}).map((step) => step.command)).toEqual([
			'CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(80) NOT NULL) DEFAULT CHARSET = utf8mb4;',
			'edu openapi',
			'edu openapi --html',
			'edu start',
			`curl -i -X POST -H 'Content-Type: application/json' -d '{"nom":"example"}' http://localhost:8042/api/commune`,
			'curl -i http://localhost:8042/api/commune',
			'curl -i http://localhost:8042/api/commune/1',
			'edu undo',
		]);
		const upload = plan({kind: 'api', name: 'import', template: 'depot'}, snapshot);
		expect(upload.refusals).toEqual([]);
		expect(nextSteps(upload, {}).map((step) => step.command).slice(-2)).toEqual(['curl -i -F document=@your-file.pdf http://localhost:8042/api/import', 'edu undo']);
	});

	test.each([
		['skeleton', [], ['cp .env.example .env', 'CREATE TABLE']],
		['sample', [], ['edu doctor', 'CREATE TABLE']],
		['skeleton', ['.env'], ['CREATE TABLE']],
	] as Array<[string, string[], string[]]>)('resource in a copy of %s with %j added: the database settings come before the table', (fixture, added, first) => {
		const root = tempProject(fixture);
		for (const file of added) writeFileSync(path.join(root, file), 'DB_HOST_STATUS=true\n');
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'api', name: 'ville', template: 'resource', table: 'ville', fields: [{name: 'nom', type: 'string', length: 255}]}, snapshot);
		const commands = nextSteps(planned, {settings: snapshot.settings}).map((step) => step.command);
		expect(commands.slice(0, first.length).map((command, index) => (first[index] === 'CREATE TABLE' ? command.split(' ').slice(0, 2).join(' ') : command))).toEqual(first);
		expect(nextSteps(plan({kind: 'api', name: 'ville'}, snapshot), {settings: snapshot.settings}).map((step) => step.command)).not.toContain('edu doctor');
	});

	test.each([
		['skeleton', '.env', 'DB_HOST_STATUS=false\n', ['composer install', 'DB_HOST_STATUS=true', 'CREATE TABLE']],
		['skeleton', '.env', 'DB_HOST_STATUS=TRUE\n', ['composer install', 'DB_HOST_STATUS=true', 'CREATE TABLE']],
		['skeleton', '.env.example', 'DB_TYPE=mysql\n', ['composer install', 'cp .env.example .env', 'DB_HOST_STATUS=true', 'CREATE TABLE']],
		['skeleton', '.env', 'DB_HOST_STATUS=true\n', ['composer install', 'CREATE TABLE']],
	])('resource in the %s with %s saying %j: the steps every front end shows (stepsContext) say to let the framework connect', (fixture, file, text, first) => {
		const root = tempProject(fixture);
		writeFileSync(path.join(root, file), text);
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'api', name: 'ville', template: 'resource', table: 'ville', fields: [{name: 'nom', type: 'string', length: 255}]}, snapshot);
		const commands = nextSteps(planned, stepsContext(snapshot, planned)).map((step) => step.command);
		expect(commands.slice(0, first.length).map((command, index) => (first[index] === 'CREATE TABLE' ? command.split(' ').slice(0, 2).join(' ') : command))).toEqual(first);
	});

	test('resource: each sample string fits its field, as the controller checks it (a code of 3 characters gets "exa")', () => {
		const steps = commandsFor({kind: 'api', name: 'cq', template: 'resource', table: 'cq', fields: [{name: 'code', type: 'string', length: 3}, {name: 'n', type: 'string'}, {name: 'c', type: 'string', length: 1}]});
		expect(steps).toContain(`curl -i -X POST -H 'Content-Type: application/json' -d '{"code":"exa","n":"example","c":"e"}' http://localhost:8042/api/cq`);
	});

	test.each([
		[['vendor/autoload.php', 'bin/edu'], ['php bin/edu generate'], 'Write your code in execute(), then run it'],
		[['bin/edu'], ['composer install', 'php bin/edu generate'], 'Write your code in execute(), then run it'],
		// No bin/edu (the skeleton's case): the framework's own console file is copied in first.
		[[], ['composer install', 'mkdir -p bin && cp vendor/studoo/edu-framework/bin/edu bin/edu', 'php bin/edu generate'], 'Write your code in execute(), then run it'],
	])('make:command with %j in the project: %j', (present, commands, what) => {
		const steps = commandNextSteps('generate', (relative) => present.includes(relative));
		expect(steps.map((step) => step.command)).toEqual(commands);
		expect(steps.at(-1)?.what).toBe(what);
	});

	test('web controller: the URL to open in a browser; run elsewhere: cd to the project first', () => {
		const steps = commandsFor({kind: 'controller', name: 'VilleRead'}, '/tmp/my project');
		expect(steps).toEqual([`cd '/tmp/my project'`, 'edu start', 'http://localhost:8042/ville-read', 'edu undo']);
		const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshotOf(tempProject('sample')));
		expect(nextStepsLines(nextSteps(planned)).slice(-4)).toEqual(['  Open in your browser:', '    http://localhost:8042/ville-read', '  Changed your mind? Take this run back, byte for byte:', '    edu undo']);
	});
});
