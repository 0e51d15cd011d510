// edu make:command, through main() in-process in temp copies of the 2.3-shaped skeleton: the class and its
// commands.yaml line, every existing byte kept, refusals in order with nothing left behind, and
// the generated command listed and run by the framework's console (the runtime stand-in). Concurrent
// runs are separate processes (the built binary), since the lock they race for is between processes.
import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {hasPhp, phpLint, symfonyYamlParse} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const commandsYaml = 'app/Config/commands.yaml';

/** The skeleton with the stand-in's vendor/: a project whose `php bin/edu` runs. */
function skeleton(): string {
	const root = tempProject('skeleton');
	cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
	return root;
}

describe('edu make:command generate --yes in the skeleton', () => {
	it('writes the class, appends its line to commands.yaml, and refuses a second run leaving the project as it was', async () => {
		const root = skeleton();
		const before = readProjectFile(root, commandsYaml);
		const result = await runMain(['make:command', 'generate', '--yes'], {cwd: root});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toBe('Class : ./app/Command/GenerateCommand\nCommand : php bin/edu generate\n[OK] Command successfully generated\n');
		expect(readProjectFile(root, commandsYaml)).toBe(`${before}generate: Command\\GenerateCommand\n`);
		const php = readProjectFile(root, 'app/Command/GenerateCommand.php');
		expect(php).toContain('namespace Command;');
		expect(php).toContain("#[AsCommand(name: 'generate', description: 'Renseigner la description de la commande generate')]");
		expect(php).toContain('class GenerateCommand extends CommandManage');
		expect(php).toContain('public function execute(InputInterface $input, OutputInterface $output): int');
		expect(php).toContain('return Command::SUCCESS;');

		const tree = snapshotTree(root);
		const again = await runMain(['make:command', 'generate', '--yes'], {cwd: root});
		expect(again.exitCode).toBe(1);
		expect(again.stderr).toBe(`Command already exists.\n${commandsYaml}:1: "generate" is registered already (Command\\GenerateCommand); choose another name.\n`);
		expect(snapshotTree(root)).toEqual(tree);
	});

	it.skipIf(!hasPhp)('gives a class php -l accepts, that the framework console lists and runs (exit 0)', async () => {
		const root = skeleton();
		expect((await runMain(['make:command', 'generate', '--yes'], {cwd: root})).exitCode).toBe(0);
		await phpLint(path.join(root, 'app/Command/GenerateCommand.php'));
		expect(symfonyYamlParse(readProjectFile(root, commandsYaml))).toEqual({generate: 'Command\\GenerateCommand'});
		const list = await execa('php', ['bin/edu', 'list', '--no-ansi'], {cwd: root, reject: false});
		expect(list.exitCode).toBe(0);
		expect(list.stdout).toMatch(/^ {2}generate +Renseigner la description de la commande generate$/m);
		const run = await execa('php', ['bin/edu', 'generate', '--no-ansi'], {cwd: root, reject: false});
		expect({exitCode: run.exitCode, stderr: run.stderr}).toEqual({exitCode: 0, stderr: ''});
		expect(run.stdout).toContain('Bienvenue dans la console EduFramework');
	});
});

describe('commands.yaml is appended to, never rewritten', () => {
	it.each([
		['comments, quoting, no final newline', "# the project's commands\nhello: 'Command\\HelloCommand'  # says hello", "# the project's commands\nhello: 'Command\\HelloCommand'  # says hello\ngenerate: Command\\GenerateCommand\n"],
		['CRLF line ends', 'hello: Command\\HelloCommand\r\n', 'hello: Command\\HelloCommand\r\ngenerate: Command\\GenerateCommand\r\n'],
	])('%s', async (_case, existing, expected) => {
		const root = skeleton();
		writeFileSync(path.join(root, commandsYaml), existing);
		const result = await runMain(['make:command', 'generate', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(readProjectFile(root, commandsYaml)).toBe(expected);
		if (hasPhp) expect(symfonyYamlParse(expected)).toEqual({hello: 'Command\\HelloCommand', generate: 'Command\\GenerateCommand'});
	});

	it('creates commands.yaml when the project has none', async () => {
		const root = tempProject('sample');
		const result = await runMain(['make:command', 'Generate', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(readProjectFile(root, commandsYaml)).toBe('generate: Command\\GenerateCommand\n');
	});
});

describe('refusals, in order, with nothing left behind', () => {
	it.each([
		['the name is in commands.yaml (checked first)', 'generate: Command\\Other\n', true, `Command already exists.\n${commandsYaml}:1: "generate" is registered already (Command\\Other); choose another name.\n`],
		['the class file exists', '', true, 'Command already exists.\napp/Command/GenerateCommand.php: the class file exists; delete it or choose another name.\n'],
		['commands.yaml is not valid YAML', 'a: [b\n', false, `${commandsYaml}:2:1: not valid YAML`],
		['commands.yaml indents its names (Symfony YAML rejects it)', '  hello: Command\\HelloCommand\n', false, `${commandsYaml}:1:3: the names are indented, which Symfony YAML, the framework's parser, rejects: start each line in the first column; nothing was written.\n`],
		['commands.yaml is not a flat map', 'generate:\n  class: X\n', false, `${commandsYaml}:1:1: expected name: Command\\NameCommand, one per line; nothing was written.\n`],
		['commands.yaml holds only {} (Symfony YAML\'s empty map)', '{}\n', false, `${commandsYaml}:1:1: holds only {}, which the framework reads as no commands, after which no line can be added: delete it (an empty file is fine) and run edu again; nothing was written.\n`],
		['commands.yaml holds only ~ after a comment', '# none yet\n~\n', false, `${commandsYaml}:2:1: holds only ~, which the framework reads as no commands`],
	])('%s', async (_case, commands, fileExists, message) => {
		const root = skeleton();
		writeFileSync(path.join(root, commandsYaml), commands);
		if (fileExists) {
			mkdirSync(path.join(root, 'app/Command'), {recursive: true});
			writeFileSync(path.join(root, 'app/Command/GenerateCommand.php'), '<?php // mine\n');
		}
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', 'generate', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr.startsWith(message)).toBe(true);
		expect(snapshotTree(root)).toEqual(tree);
	});

	it.each([
		['9lives', 'it starts with a digit', '(did you mean lives?)'],
		['make-users', 'it has "-"', '(did you mean MakeUsers?)'],
		['app:users', 'it has ":"', '(did you mean AppUsers?)'],
		['café', 'it has a non-ASCII letter', '(did you mean Cafe?)'],
	])('refuses the name %s (%s), with the nearest name that works', async (name, why, nearest) => {
		const root = skeleton();
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', name, '--yes', '--json'], {cwd: root});
		expect(result.exitCode).toBe(1);
		const report = JSON.parse(result.stdout) as {ok: boolean; error: {code: string; message: string}};
		expect(report.error.code).toBe('INVALID_NAME');
		expect(report.error.message).toContain(why);
		expect(report.error.message).toContain(nearest);
		expect(snapshotTree(root)).toEqual(tree);
	});

	it.each([101, 240, 300])('a name of %i characters is refused as make:api refuses one (at most 100), nothing written', async (length) => {
		const root = skeleton();
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', `A${'b'.repeat(length - 1)}`, '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stderr: `The command name is ${length} characters long; at most 100 are allowed.\n`});
		expect(snapshotTree(root)).toEqual(tree);
	});

	it('a class file that differs only in case is refused as PHP sees it, the same class, naming the file', async () => {
		const root = skeleton();
		mkdirSync(path.join(root, 'app/Command'), {recursive: true});
		writeFileSync(path.join(root, 'app/Command/FooCommand.php'), '<?php\n');
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', 'fOO', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain('Command already exists.\napp/Command/FooCommand.php: it differs from app/Command/FOOCommand.php only in case, and PHP takes them for the same class: rename or delete it, or choose another name.\n');
		expect(snapshotTree(root)).toEqual(tree);
	});

	it.skipIf(!hasPhp)('list, the framework console\'s own command, is refused (exit 1, nothing written): php bin/edu list still lists', async () => {
		const root = skeleton();
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', 'list', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stderr: '"list" is a command of the framework console itself (php bin/edu list): a command of yours by that name would replace it. Choose another name, e.g. app_list.\n'});
		expect(snapshotTree(root)).toEqual(tree);
		const listed = await execa('php', ['bin/edu', 'list'], {cwd: root, reject: false});
		expect(listed.exitCode).toBe(0);
		expect(listed.stdout).toMatch(/Available commands:[\s\S]*\n  list +List commands/);
	});

	it('a missing name is a usage error (exit 2)', async () => {
		const result = await runMain(['make:command', '--yes'], {cwd: skeleton()});
		expect(result).toMatchObject({exitCode: 2, stderr: 'Not enough arguments (missing: "command-name")\n'});
	});

	it('an empty name is an invalid name (exit 1), as for make:api, nothing written', async () => {
		const root = skeleton();
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', '', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stderr: 'The command name is empty: use letters, digits and _, starting with a letter or _, e.g. generate or GenerateUsers.\n'});
		expect(snapshotTree(root)).toEqual(tree);
	});
});

describe('concurrent runs', () => {
	it('lose no command: each run plans again under commands.yaml\'s lock when another wrote first', async () => {
		const root = skeleton();
		const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
		const results = await Promise.all(names.map((name) => runEdu(['make:command', name, '--yes'], {cwd: root})));
		expect(results.map((result) => result.exitCode)).toEqual(names.map(() => 0));
		const lines = readProjectFile(root, commandsYaml).split('\n').filter((line) => line !== '').sort();
		expect(lines).toEqual(names.map((name) => `${name}: Command\\${name[0]!.toUpperCase()}${name.slice(1)}Command`).sort());
	});
});

describe('--dry-run and --json', () => {
	it('--dry-run prints the plan and the commands.yaml diff and writes nothing', async () => {
		const root = skeleton();
		writeFileSync(path.join(root, commandsYaml), 'hello: Command\\HelloCommand\n');
		const tree = snapshotTree(root);
		const result = await runMain(['make:command', 'generate', '--dry-run'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('  create  app/Command/GenerateCommand.php\n  modify  app/Config/commands.yaml\n');
		expect(result.stdout).toContain(`--- a/${commandsYaml}\n+++ b/${commandsYaml}\n@@ -1,1 +1,2 @@\n hello: Command\\HelloCommand\n+generate: Command\\GenerateCommand\n`);
		expect(snapshotTree(root)).toEqual(tree);
	});

	it('--json gives one object naming the class, the command and the files', async () => {
		const root = skeleton();
		const result = await runMain(['make:command', 'generateUsers', '--json'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(JSON.parse(result.stdout)).toEqual({
			ok: true,
			kind: 'command',
			className: 'GenerateUsersCommand',
			commandName: 'generateusers',
			files: [{path: 'app/Command/GenerateUsersCommand.php', action: 'create'}, {path: commandsYaml, action: 'modify'}],
			dryRun: false,
			warnings: ['The command name is the whole name lower-cased: php bin/edu generateusers.'],
		});
	});
});
