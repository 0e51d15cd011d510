// make:command and the resource's next steps on the shapes of real projects (fixtures/real/):
// the skeleton's project without bin/edu, a project on framework 0.4, a SQLite project.
// Commands through main() in-process, on temp copies.
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {allowsCommands, frameworkVersionOf, lowestVersion} from '../../source/make/command/framework-version.js';
import {openProject} from '../../source/make/snapshot.js';
import {plan} from '../../source/make/plan.js';
import {nextSteps, stepsContext} from '../../source/present/next-steps.js';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';

const getConsole = 'mkdir -p bin && cp vendor/studoo/edu-framework/bin/edu bin/edu';

describe('make:command where the project has no bin/edu (the skeleton\'s projects)', () => {
	it('writes the command and says how to get bin/edu, never a bare [OK]', async () => {
		const root = tempProject('real/skeleton-repo');
		const result = await runMain(['make:command', 'probecmd', '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(result.stdout).toBe([
			'Class : ./app/Command/ProbecmdCommand',
			'Command : php bin/edu probecmd',
			'[OK] Command successfully generated',
			`This project has no bin/edu, the framework's console that runs it (php bin/edu probecmd would say "Could not open input file"): copy the installed framework's own, ${getConsole}`,
			'',
		].join('\n'));
		expect(readProjectFile(root, 'app/Config/commands.yaml')).toBe('probecmd: Command\\ProbecmdCommand\n');
		const json = JSON.parse((await runMain(['make:command', 'other', '--json'], {cwd: root})).stdout) as {ok: boolean; notes: string[]};
		expect(json.ok).toBe(true);
		expect(json.notes).toEqual([expect.stringContaining(getConsole)]);
	});

	it('with bin/edu: the report as before', async () => {
		const result = await runMain(['make:command', 'generate', '--yes'], {cwd: tempProject('skeleton')});
		expect(result.stdout).toBe('Class : ./app/Command/GenerateCommand\nCommand : php bin/edu generate\n[OK] Command successfully generated\n');
	});
});

describe('make:command on a framework without console commands', () => {
	const refused = async (root: string, from: string, written: string): Promise<void> => {
		const before = snapshotTree(root);
		const result = await runMain(['make:command', 'probecmd', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toContain(`The project's Edu Framework has no console commands: ${from} studoo/edu-framework ${written}, and commands (make:command, app/Config/commands.yaml, php bin/edu <name>) came with 2.0.0`);
		expect(result.stderr).toContain('composer require studoo/edu-framework:2.x-dev');
		expect(snapshotTree(root)).toEqual(before);
	};

	it('0.4 in composer.json: refused, naming the version that brought commands, nothing written', async () => {
		const root = tempProject('real/framework-04');
		await refused(root, 'composer.json requires', '^0.4');
		expect(existsSync(path.join(root, 'app/Command'))).toBe(false);
	});

	it('composer.lock\'s installed version wins over composer.json\'s constraint', async () => {
		const root = tempProject('real/skeleton-repo');
		writeFileSync(path.join(root, 'composer.lock'), JSON.stringify({packages: [{name: 'studoo/edu-framework', version: 'v1.2.0'}]}));
		await refused(root, 'composer.lock has', 'v1.2.0');
		writeFileSync(path.join(root, 'composer.lock'), JSON.stringify({packages: [{name: 'studoo/edu-framework', version: 'v2.3.0'}]}));
		expect(frameworkVersionOf(root)).toEqual({written: 'v2.3.0', from: 'composer.lock', lowest: '2.3.0'});
		expect((await runMain(['make:command', 'probecmd', '--yes'], {cwd: root})).exitCode).toBe(0);
	});

	it.each([
		['^0.4', '0.4.0', false],
		['0.4.*', '0.4.0', false],
		['v0.4.2', '0.4.2', false],
		['1.2.x-dev', '1.2.0', false],
		['2.0.x-dev', '2.0.0', true],
		['2.x-dev', '2.0.0', true],
		['^2.0@dev', '2.0.0', true],
		['^1.0|^2.0', '1.0.0', true],
		['*', '0.0.0', true],
		['dev-main', undefined, undefined],
	])('%s: lowest %s, commands %s', (written, lowest, commands) => {
		expect(lowestVersion(written)).toBe(lowest);
		expect(allowsCommands(written)).toBe(commands);
	});
});

describe('the resource\'s next steps on a SQLite project', () => {
	const tableStep = (fixture: string): {command: string; what: string} | undefined => {
		const snapshot = openProject(tempProject(fixture));
		const planned = plan({kind: 'api', name: 'pays', template: 'resource', fields: [{name: 'nom', type: 'string', length: 100}, {name: 'habitants', type: 'int'}]}, snapshot);
		expect(planned.refusals).toEqual([]);
		return nextSteps(planned, stepsContext(snapshot, planned)).find((step) => step.command.startsWith('CREATE TABLE'));
	};

	it('DB_TYPE=sqlite: SQLite\'s CREATE TABLE (no DEFAULT CHARSET, INTEGER PRIMARY KEY AUTOINCREMENT)', () => {
		expect(tableStep('real/sqlite')).toEqual({
			command: 'CREATE TABLE pays (id INTEGER PRIMARY KEY AUTOINCREMENT, nom VARCHAR(100) NOT NULL, habitants INTEGER NOT NULL);',
			what: 'Create the table it needs, in the SQLite database .env names (sqlite3 var/sqlite/<DB_NAME>.sqlite)',
		});
	});

	it('DB_TYPE=mysql (the skeleton\'s .env.example): MySQL\'s, as before', () => {
		expect(tableStep('skeleton')).toEqual({
			command: 'CREATE TABLE pays (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(100) NOT NULL, habitants INT NOT NULL) DEFAULT CHARSET = utf8mb4;',
			what: 'Create the table it needs, in the database .env names (MySQL / MariaDB client)',
		});
	});
});
