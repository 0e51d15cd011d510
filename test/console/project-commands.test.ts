// What php bin/edu does beyond edu's own commands, through main() in-process in temp copies of the
// skeleton with the runtime stand-in: the project's own commands (app/Config/commands.yaml) run
// by `edu NAME` as php bin/edu runs them and named by `edu list`, and shortened command names
// (`edu m:a`), which Symfony Console takes.
import {cpSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {describe, expect, it} from 'vitest';
import {hasPhp} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, snapshotTree, tempProject} from '../helpers/temp-project.js';

/** The skeleton with the stand-in's vendor/ and a command of its own that ends with exit code 3 and echoes its argument. */
function skeleton(): string {
	const root = tempProject('skeleton');
	cpSync(path.join(fixturesDir, 'runtime', 'vendor'), path.join(root, 'vendor'), {recursive: true});
	mkdirSync(path.join(root, 'app', 'Command'), {recursive: true});
	writeFileSync(path.join(root, 'app', 'Command', 'EchoCommand.php'), `<?php
namespace Command;

use Symfony\\Component\\Console\\Attribute\\AsCommand;
use Symfony\\Component\\Console\\Command\\Command;
use Symfony\\Component\\Console\\Input\\InputArgument;
use Symfony\\Component\\Console\\Input\\InputInterface;
use Symfony\\Component\\Console\\Output\\OutputInterface;

#[AsCommand(name: 'echo', description: 'says its word')]
class EchoCommand extends Command
{
    protected function configure(): void
    {
        $this->addArgument('word', InputArgument::REQUIRED);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $output->writeln('word: ' . $input->getArgument('word'));
        fwrite(STDERR, "on stderr\\n");
        return 3;
    }
}
`);
	writeFileSync(path.join(root, 'app', 'Config', 'commands.yaml'), '# the project\'s commands\necho: Command\\EchoCommand\n');
	return root;
}

describe.skipIf(!hasPhp)('a command of the project, run by edu as php bin/edu runs it', () => {
	it('edu echo Lyon prints what php bin/edu echo Lyon prints, on the same streams, with its exit code; --cwd from a subfolder', async () => {
		const root = skeleton();
		const php = await execa('php', ['bin/edu', 'echo', 'Lyon'], {cwd: root, reject: false});
		expect({exitCode: php.exitCode, stdout: php.stdout, stderr: php.stderr}).toEqual({exitCode: 3, stdout: 'word: Lyon', stderr: 'on stderr'});
		const before = snapshotTree(root);
		for (const [args, cwd] of [[['echo', 'Lyon'], root], [['--cwd', '..', 'echo', 'Lyon'], path.join(root, 'app')], [['echo', 'Lyon', '--cwd', '..'], path.join(root, 'app')]] as const) {
			const result = await runMain([...args], {cwd});
			expect(result).toEqual({exitCode: 3, stdout: 'word: Lyon\n', stderr: 'on stderr\n'});
		}
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--ansi reaches it (its help in colour, as php bin/edu echo --help --ansi), --no-ansi too', async () => {
		const root = skeleton();
		const coloured = await runMain(['echo', '--help', '--ansi'], {cwd: root});
		const php = await execa('php', ['bin/edu', 'echo', '--help', '--ansi'], {cwd: root, reject: false});
		expect(coloured.stdout).toMatch(/\u001B\[33mDescription:/);
		expect(coloured.stdout).toBe(`${php.stdout}\n`);
		expect((await runMain(['echo', '--help', '--no-ansi'], {cwd: root, env: {FORCE_COLOR: '1', NO_COLOR: undefined}})).stdout).not.toContain('\u001B[');
	});

	it('edu help echo shows what php bin/edu help echo shows', async () => {
		const root = skeleton();
		const php = await execa('php', ['bin/edu', 'help', 'echo'], {cwd: root, reject: false});
		expect(php.exitCode).toBe(0);
		expect(php.stdout).toContain('says its word');
		expect(await runMain(['help', 'echo'], {cwd: root})).toEqual({exitCode: 0, stdout: `${php.stdout}\n`, stderr: php.stderr === '' ? '' : `${php.stderr}\n`});
	});

	it('edu list names the project\'s commands after its own, with the description their #[AsCommand] gives (else their class); --json has them as projectCommands', async () => {
		const root = skeleton();
		writeFileSync(path.join(root, 'app', 'Config', 'commands.yaml'), 'echo: Command\\EchoCommand\nghost: Command\\GhostCommand\n');
		const list = await runMain(['list'], {cwd: root});
		expect(list.exitCode).toBe(0);
		expect(list.stdout).toMatch(/\n\nThis project's commands \(app\/Config\/commands\.yaml\), run by php bin\/edu:\n {2}echo +says its word\n {2}ghost +Command\\GhostCommand\n$/);
		const json = JSON.parse((await runMain(['list', '--json'], {cwd: root})).stdout) as {projectCommands: unknown};
		expect(json.projectCommands).toEqual([{name: 'echo', className: 'Command\\EchoCommand', description: 'says its word'}, {name: 'ghost', className: 'Command\\GhostCommand'}]);
		// Outside the project: edu's commands only.
		expect((await runMain(['list'], {cwd: path.dirname(root)})).stdout).not.toContain('This project');
	});

	it.each(['--yes', '-y', '--dry-run', '--plain'])('%s, an option of edu\'s own, is refused for it (usage error), not handed to php bin/edu', async (option) => {
		const root = skeleton();
		const result = await runMain(['echo', 'Lyon', option], {cwd: root});
		expect(result).toEqual({exitCode: 2, stdout: '', stderr: `edu: ${option} does not apply to echo, a command of this project run by php bin/edu (which takes -n, -q, -v and its own options).\n`});
	});

	it('shortened, it runs too (edu ec Lyon); one that shares its start with one of edu\'s is refused naming both', async () => {
		const root = skeleton();
		expect(await runMain(['ec', 'Lyon'], {cwd: root})).toEqual({exitCode: 3, stdout: 'word: Lyon\n', stderr: 'on stderr\n'});
		writeFileSync(path.join(root, 'app', 'Config', 'commands.yaml'), 'echo: Command\\EchoCommand\nstatus: Command\\StatusCommand\n');
		expect(await runMain(['sta'], {cwd: root})).toEqual({exitCode: 2, stdout: '', stderr: 'edu: unknown command \'sta\' (did you mean start or status? edu list shows every command).\n'});
	});

	it('--json cannot apply to it (usage error, nothing run); without bin/edu it says how to get one', async () => {
		const root = skeleton();
		const json = await runMain(['echo', 'Lyon', '--json'], {cwd: root});
		expect(json.exitCode).toBe(2);
		expect(JSON.parse(json.stdout)).toMatchObject({ok: false, error: {code: 'UNKNOWN_OPTION', message: 'edu: --json does not apply to echo, a command of this project run by php bin/edu (which takes -n, -q, -v and its own options).'}});
		rmSync(path.join(root, 'bin'), {recursive: true});
		const missing = await runMain(['echo', 'Lyon'], {cwd: root});
		expect(missing.exitCode).toBe(1);
		expect(missing.stderr).toBe(`echo is a command of this project (app/Config/commands.yaml:2), run by php bin/edu, and this project has no bin/edu: run "composer install" at ${root}, or copy bin/edu from the framework's skeleton.\n`);
	});
});

describe('shortened command names, as Symfony Console takes them', () => {
	it('edu m:a Bar --yes is edu make:api Bar --yes; li is list', async () => {
		const short = tempProject('sample');
		const long = tempProject('sample');
		const result = await runMain(['m:a', 'Bar', '--yes'], {cwd: short});
		expect(result).toEqual(await runMain(['make:api', 'Bar', '--yes'], {cwd: long}));
		expect(snapshotTree(short)).toEqual(snapshotTree(long));
		expect((await runMain(['li'], {cwd: short})).stdout).toBe((await runMain(['list'], {cwd: short})).stdout);
	});

	it.each([
		['make:c', 'make:controller or make:command'],
		['m:c', 'make:controller or make:command'],
		['c', 'check:config or completion'],
	])('%s, which several commands start, is refused naming them (exit 2), nothing written', async (typed, names) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const result = await runMain([typed, 'Bar', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toBe(`edu: unknown command '${typed}' (did you mean ${names}? edu list shows every command).\n`);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('edu help m:a is edu help make:api', async () => {
		const root = tempProject('sample');
		expect(await runMain(['help', 'm:a'], {cwd: root})).toEqual(await runMain(['help', 'make:api'], {cwd: root}));
	});
});
