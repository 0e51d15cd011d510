// `--plain`: the wizard's flow as line prompts, driven in-process through main() with a fake
// terminal (a stream for stdin, a buffer for stdout), on temp copies of fixtures/sample.
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {plantKilledRun} from '../helpers/planted-killed-run.js';
import path from 'node:path';
import {PassThrough, Writable} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {main} from '../../source/cli/main.js';
import type {Io} from '../../source/base/io.js';
import {attemptsPastNotice, watchLockAttempts} from '../helpers/b-lock-attempts.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {copyTemplate} from '../helpers/template-copy.js';

class Screen extends Writable {
	text = '';
	readonly isTTY = true;
	readonly columns = 80;
	readonly rows = 24;
	override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
		this.text += chunk.toString();
		this.emit('wrote');
		done();
	}

	/** Resolves once the output without escapes, from `from` on, holds `text`; to its index. */
	async shows(text: string, from = 0): Promise<number> {
		for (;;) {
			const at = this.plain().indexOf(text, from);
			if (at !== -1) return at;
			await new Promise((resolve) => this.once('wrote', resolve));
		}
	}

	/** What a person would read: the output without its escape sequences. */
	plain(): string {
		// eslint-disable-next-line no-control-regex
		return this.text.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
	}
}

function plainRun(root: string, args: readonly string[], env: Io['env'] = {}) {
	const stdin = new PassThrough();
	const stdout = new Screen();
	const stderr = new Screen();
	const io: Io = {cwd: root, env: {NO_COLOR: '1', ...env}, stdin, stdout, stderr, interactive: true};
	// Without CI or TERM=dumb, --plain is added: the full-screen wizard is tested elsewhere.
	const exit = main('CI' in env || env.TERM === 'dumb' ? args : [...args, '--plain'], io);
	let seen = 0;
	return {
		stdout,
		stderr,
		exit,
		/** Waits for `text` to appear in the output after what was already awaited, then types `keys`. */
		async answer(text: string, keys: string): Promise<void> {
			const shown = stdout.shows(text, seen);
			// A run that ended (or failed) without showing `text` would leave the wait to the test's limit: say what it showed instead.
			const ended = exit.then(
				() => Promise.reject(new Error(`The run ended without showing ${JSON.stringify(text)}. Output:\n${stdout.plain()}`)),
				() => Promise.reject(new Error(`The run failed without showing ${JSON.stringify(text)}. Output:\n${stdout.plain()}`)),
			);
			ended.catch(() => {});
			seen = (await Promise.race([shown, ended])) + text.length;
			stdin.write(keys);
		},
	};
}

/** `make:api --template resource --fields nom:string:255` in --plain, name Commune and the built-in template answered: what is left is the test's. */
const communeFields = 'nom:string:255';
async function communeResource(root: string): Promise<ReturnType<typeof plainRun>> {
	const run = plainRun(root, ['make:api', '--template', 'resource', '--fields', communeFields]);
	await run.answer('Controller name', 'Commune\r');
	await run.answer('Template', '\r');
	return run;
}

/** Writes the run, then checks it left the tree `make:api Commune --template resource --fields … <flags> --yes` leaves in a copy of its own. */
async function writesAsFlags(run: ReturnType<typeof plainRun>, root: string, flags: readonly string[]): Promise<void> {
	await run.answer('Write these files?', 'y\r');
	expect(await run.exit).toBe(0);
	const viaFlags = tempProject('sample');
	const result = await runMain(['make:api', 'Commune', '--template', 'resource', '--fields', communeFields, ...flags, '--yes'], {cwd: viaFlags});
	expect(result.exitCode).toBe(0);
	expect(snapshotTree(root)).toEqual(snapshotTree(viaFlags));
}

describe('--plain', () => {
	test('a project template\'s description and asks with escape sequences are shown as text, never obeyed by the terminal', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'tpesc', (manifest) => {
			(manifest as Record<string, unknown>)['description'] = 'x\u001B]0;PWNED\u0007';
			manifest.options!.table!.ask = 'Table\u001B[2J';
		});
		const run = plainRun(root, ['make:api', '--template', 'tpesc']);
		await run.answer('Controller name', 'Tr1\r');
		await run.answer('tpesc: x^[]0;PWNED^G', '\r');
		// Ctrl+C: nothing is written.
		await run.answer('Table^[[2J:', '\u0003');
		expect(await run.exit).toBe(130);
		// The prompt's own cursor codes are CSI sequences; no OSC (ESC ]) and no BEL from the project.
		expect(run.stdout.text).not.toMatch(/\u001B\]|\u0007|\u001B\[2J/);
	});

	test('a project template\'s asks are the questions and its defaults the answers Enter takes', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'resource', 'tpres', (manifest) => {
			manifest.options!.table!.default = 'ville';
			manifest.options!.table!.ask = 'Nom de la table';
			manifest.options!.fields!.default = 'nom:string:80';
			manifest.options!.fields!.ask = 'Colonnes';
		});
		const run = plainRun(root, ['make:api', '--template', 'tpres']);
		await run.answer('Controller name', 'Tr1\r');
		await run.answer('Template', '\r');
		await run.answer('Nom de la table:', '\r');
		await run.answer('Colonnes (', '\r');
		await run.answer('HTTP methods the tpres template serves', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', 'y\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toMatch(/✔ Nom de la table: ville\n/);
		expect(readFileSync(path.join(root, 'app/Controller/api/Tr1Controller.php'), 'utf8')).toContain('CREATE TABLE ville (id INT AUTO_INCREMENT PRIMARY KEY, nom VARCHAR(80) NOT NULL)');
	});

	test('the same flow as line prompts: refusals in validation, methods checklist, confirm; byte-identical to --yes', async () => {
		const viaPrompts = tempProject('sample');
		const viaFlags = tempProject('sample');
		const run = plainRun(viaPrompts, ['make:api']);
		await run.answer('Controller name', 'hello\r');
		await run.answer('Route already exists.', `${'\u007F'.repeat(5)}MyUserTest\r`);
		await run.answer('Class  MyUserTestController', '');
		expect(run.stdout.plain()).toContain('Route  api_my-user-test');
		expect(run.stdout.plain()).toContain('URI    /api/my-user-test');
		await run.answer('Template', '\r');
		await run.answer('HTTP methods', '\u001B[B \r');
		await run.answer('URI', '/{id}\r');
		await run.answer('Write these files?', 'y\r');
		expect(await run.exit).toBe(0);
		const output = run.stdout.plain();
		expect(output).toContain('The run will:');
		expect(output).toContain('create  app/Controller/api/MyUserTestController.php');
		expect(output).toContain("+    uri: '/api/my-user-test/{id}'");
		expect(output).toContain('+    httpMethod: [GET, POST]');
		expect(output).toContain('[OK] Controller and route successfully generated');
		// After writing, what was written, as the CLI says it in a terminal, then the next steps.
		expect(output).toMatch(/\[OK\] Controller and route successfully generated\n\n {2}create {2}app\/Controller\/api\/MyUserTestController\.php\n {2}modify {2}app\/Config\/routes\.yaml\n\nNext steps:/);
		expect(output).toContain('curl -i http://localhost:8042/api/my-user-test/1');

		const result = await runMain(['make:api', 'MyUserTest', '--methods', 'GET,POST', '--uri', '/api/my-user-test/{id}', '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaPrompts)).toEqual(snapshotTree(viaFlags));
	});

	/** A project whose lock this test process holds, as another edu run would; `ville` answered through to "Write these files?" (the kind first for `edu --plain` alone). */
	async function writeWhileLocked(args: readonly string[]): Promise<{run: ReturnType<typeof plainRun>; lock: string}> {
		const root = tempProject('sample');
		const lock = path.join(root, 'app/Config/.routes.yaml.edu-lock');
		writeFileSync(lock, JSON.stringify({pid: process.pid}));
		const run = plainRun(root, args);
		if (!args.includes('make:api')) await run.answer('What do you want to create?', '\r');
		await run.answer('Controller name', 'ville\r');
		await run.answer('Template', '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', 'y\r');
		return {run, lock};
	}

	test.each([[['make:api']], [[]]])('%j, waiting for another run\'s lock after "Write these files?": the wait is said on stderr, then the files are written', async (args) => {
		const {run, lock} = await writeWhileLocked(args);
		await run.stderr.shows('Waiting for another edu run');
		expect(run.stderr.plain()).toBe(`Waiting for another edu run (pid ${process.pid}) to finish writing app/Config/routes.yaml: edu waits up to 30 s, Ctrl+C stops it.\n`);
		rmSync(lock);
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain('[OK] Controller and route successfully generated');
	}, 30_000);

	test.each([[['make:api', '-q']], [['-q']]])('%j: with -q the wait for another run\'s lock is not said', async (args) => {
		const {run, lock} = await writeWhileLocked(args);
		// Watched from here, the tries seen are at most those made: past the point where a wait is said,
		// by the run's own count (this process's pid: the run is in-process); then the lock is free.
		const attempts = watchLockAttempts(lock);
		await attempts.reached(process.pid, attemptsPastNotice);
		attempts.close();
		expect(run.stderr.plain()).toBe('');
		rmSync(lock);
		expect(await run.exit).toBe(0);
	}, 30_000);

	test('a URI another route serves: the note says the questions that follow can change it (there is no route screen here)', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), `${readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8')}legacy:\n    uri: /api/ville\n    controller: Controller\\api\\LegacyController\n    httpMethod: [GET]\n`);
		const run = plainRun(root, ['make:api']);
		await run.answer('Controller name', 'ville\r');
		await run.answer('Note: Route "legacy" already serves GET /api/ville. (you can change the methods or the URI at the next questions)', '\u0003');
		expect(await run.exit).toBe(130);
		expect(run.stdout.plain()).not.toContain('route screen');
	});

	test('Ctrl+C at a prompt quits with exit code 130 and nothing written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:controller']);
		await run.answer('Controller name', 'VilleRead\r');
		await run.answer('View   app/Template/ville_read/ville_read.html.twig', '');
		await run.answer('HTTP methods', '\u0003');
		expect(await run.exit).toBe(130);
		expect(run.stderr.plain()).toContain('Cancelled: nothing was written.');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('declining the confirmation writes nothing', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, []);
		await run.answer('What do you want to create?', '\r');
		await run.answer('Controller name', 'Ville\r');
		await run.answer('Template', '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', 'n\r');
		expect(await run.exit).toBe(130);
		expect(snapshotTree(root)).toEqual(before);
	});

	test.each([
		['make:api', 'app/Controller/api', ['Controller name', 'Ville\r', 'Template', '\r', 'HTTP methods', '\r', 'URI', '\r'], 'app/Controller/api/VilleController.php'],
		['make:command', 'app/Command', ['Command name', 'generate\r'], 'app/Command/GenerateCommand.php'],
	])('%s into a folder that is a link out of the project: refused before "Write these files?", exit 1, nothing written', async (command, folder, answers, file) => {
		const root = tempProject(command === 'make:command' ? 'skeleton' : 'sample');
		const outside = tempProject();
		rmSync(path.join(root, folder), {recursive: true, force: true});
		symlinkSync(outside, path.join(root, folder));
		const before = snapshotTree(root);
		const run = plainRun(root, [command]);
		for (let index = 0; index < answers.length; index += 2) await run.answer(answers[index]!, answers[index + 1]!);
		expect(await run.exit).toBe(1);
		expect(run.stdout.plain()).not.toContain('Write these files?');
		expect(run.stderr.plain()).toContain(`Refusing to write ${file}: it resolves through the link ${folder}`);
		expect(snapshotTree(root)).toEqual(before);
		expect(readdirSync(outside)).toEqual([]);
	});

	test('an answer that is neither yes nor no asks again (a typo never writes); then n writes nothing', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:api']);
		await run.answer('Controller name', 'Ville\r');
		await run.answer('Template', '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files? (Y/n)', 'baz\r');
		await run.answer('Please answer y or n.', `${'\u007F'.repeat(3)}n\r`);
		expect(await run.exit).toBe(130);
		expect(snapshotTree(root)).toEqual(before);
	});

	test('template flags given with the command are the prompts\' defaults: resource, byte-identical to --yes', async () => {
		const fields = 'nom:string:255,code_postal:string:10,nombre_habitant:int';
		const viaPrompts = tempProject('sample');
		const viaFlags = tempProject('sample');
		const run = plainRun(viaPrompts, ['make:api', '--template', 'resource', '--table', 'ville', '--fields', fields]);
		await run.answer('Controller name', 'ville\r');
		await run.answer('Template', '\r');
		await run.answer('Table', '\r');
		await run.answer(fields, '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', 'y\r');
		expect(await run.exit).toBe(0);
		const result = await runMain(['make:api', 'ville', '--template', 'resource', '--table', 'ville', '--fields', fields, '--yes'], {cwd: viaFlags});
		expect(result.exitCode).toBe(0);
		expect(snapshotTree(viaPrompts)).toEqual(snapshotTree(viaFlags));
	});

	test('Enter at the table prompt takes the table the name gives, shows it as the answer, and writes what --yes writes', async () => {
		const root = tempProject('sample');
		const run = await communeResource(root);
		await run.answer('Table', '\r');
		await run.answer(communeFields, '\r');
		expect(run.stdout.plain()).toMatch(/✔ Table: commune\n/);
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await writesAsFlags(run, root, []);
	});

	test('a table name the core refuses is refused at the table prompt, which then takes a good one: no answer is lost', async () => {
		const root = tempProject('sample');
		const run = await communeResource(root);
		await run.answer('Table', '\u0015bad-table\r');
		await run.answer('Invalid table:', '');
		expect(run.stdout.plain()).not.toContain('✔ Table: bad-table');
		await run.answer('Invalid table:', '\u0015communes\r');
		await run.answer(communeFields, '\r');
		expect(run.stdout.plain()).toMatch(/✔ Table: communes\n/);
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await writesAsFlags(run, root, ['--table', 'communes']);
	});

	test('the resource template\'s methods are a checklist of those it serves, GET shown and kept: byte-identical to --methods GET,POST,PUT --yes', async () => {
		const root = tempProject('sample');
		const run = await communeResource(root);
		await run.answer('Table', '\r');
		await run.answer(communeFields, '\r');
		// The cursor starts on POST (GET is not toggled): down twice to DELETE, Space leaves it out.
		await run.answer('HTTP methods the resource template serves', '\u001B[B\u001B[B \r');
		expect(run.stdout.plain()).toContain('GET (always)');
		await run.answer('URI', '\r');
		// The answer lists GET too (wrapped below the question at this width).
		expect(run.stdout.plain()).toMatch(/✔ HTTP methods the resource template serves \(Space toggles, Enter confirms\):\s+GET, POST, PUT\n/);
		await writesAsFlags(run, root, ['--methods', 'GET,POST,PUT']);
	});

	test('a --fields the core cannot read is refused before any prompt', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:api', '--template', 'resource', '--fields', 'nom:text']);
		expect(await run.exit).toBe(2);
		expect(run.stderr.plain()).toMatch(/nom:text/);
		expect(run.stdout.plain()).not.toContain('Controller name');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('a naming warning shows before the name is accepted; a second Enter keeps the name', async () => {
		const root = tempProject('sample');
		const run = plainRun(root, ['make:controller', '--dry-run']);
		await run.answer('Controller name', 'HTMLParser\r');
		await run.answer('Warning: "HTMLParser" has consecutive capitals', '');
		// The prompt wraps its message at 80 columns.
		expect(run.stdout.plain().replace(/\n/g, '')).toContain('write "HtmlParser" for /html-parser. Enter again keeps the name.');
		expect(run.stdout.plain()).not.toContain('Class  ');
		await run.answer('keeps', '\r');
		await run.answer('Class  HTMLParserController', '');
		await run.answer('HTTP methods', '\u0003');
		expect(await run.exit).toBe(130);
		// Said once, at the prompt: the preview under the accepted name does not repeat it.
		const afterName = run.stdout.plain().slice(run.stdout.plain().indexOf('Class  HTMLParserController'));
		expect(afterName).not.toContain('consecutive capitals');
		// Under the accepted name the warning stays, without "Enter again", which no longer applies.
		const accepted = run.stdout.plain().slice(run.stdout.plain().lastIndexOf('✔ Controller name'), run.stdout.plain().indexOf('Class  HTMLParserController')).replace(/\n/g, '');
		expect(accepted).toContain('write "HtmlParser" for /html-parser.');
		expect(accepted).not.toContain('Enter again');
	});

	test('a name pasted with a trailing space is trimmed, not refused', async () => {
		const root = tempProject('sample');
		const run = plainRun(root, ['make:controller', '--dry-run']);
		await run.answer('Controller name', 'VilleRead \r');
		await run.answer('Class  VilleReadController', '');
		expect(run.stdout.plain()).toContain('View   app/Template/ville_read/ville_read.html.twig');
		await run.answer('HTTP methods', '\u0003');
		expect(await run.exit).toBe(130);
	});

	test('--dry-run: the sink the command chose says "would", and nothing is written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:controller', '--dry-run']);
		await run.answer('Controller name', 'VilleRead\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('The run would:', '');
		await run.answer('Finish? (dry run: nothing is written)', 'y\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain('Dry run: nothing was written.');
		expect(run.stdout.plain()).not.toContain('The run will:');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('with CI set in a terminal, the wizard falls back to the plain prompts with a one-line notice', async () => {
		const root = tempProject('sample');
		const run = plainRun(root, ['make:controller'], {CI: 'true'});
		await run.answer('Controller name', '\u0003');
		expect(await run.exit).toBe(130);
		expect(run.stderr.plain().split('\n')[0]).toBe('CI is set, so the full-screen wizard cannot draw: using the plain prompts (--plain).');
	});

	// With TERM=dumb the wizard drew no inverse: a text field's cursor was invisible, its placeholder read as typed text.
	test('with TERM=dumb, the wizard falls back to the plain prompts with a one-line notice', async () => {
		const root = tempProject('sample');
		const run = plainRun(root, ['make:api'], {TERM: 'dumb'});
		await run.answer('Controller name', '\u0003');
		expect(await run.exit).toBe(130);
		expect(run.stderr.plain().split('\n')[0]).toBe('TERM is dumb, so the full-screen wizard cannot draw: using the plain prompts (--plain).');
	});

	test.each([
		[['--template', 'resource', '--methods', 'POST'], 'The resource template always serves GET (the list and one row by id): add GET to --methods.'],
		[['--template', 'upload', '--methods', 'GET'], '--methods does not apply to --template upload'],
		[['--table', 'ville'], '--table applies to --template resource only.'],
		[['--template', 'upload', '--fields', 'nom:int'], '--fields applies to --template resource only.'],
	])('the flags are checked as the command checks them, before any prompt: %j', async (flags, message) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:api', ...flags]);
		expect(await run.exit).toBe(2);
		expect(run.stderr.plain()).toContain(message);
		expect(run.stdout.plain()).not.toContain('Controller name');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('-q: the questions and the plan are asked as usual, and nothing is printed once the files are written (a dry run still says so)', async () => {
		for (const args of [['make:api', '-q'], ['-q', 'make:api'], ['make:command', '-q']]) {
			const root = tempProject('skeleton');
			const run = plainRun(root, args);
			if (args.includes('make:command')) {
				await run.answer('Command name', 'generate\r');
			} else {
				await run.answer('Controller name', 'ville\r');
				await run.answer('Template', '\r');
				await run.answer('HTTP methods', '\r');
				await run.answer('URI', '\r');
			}
			await run.answer('Write these files?', '\r');
			expect(await run.exit).toBe(0);
			const output = run.stdout.plain();
			const asked = output.indexOf('Write these files?');
			expect(asked, args.join(' ')).toBeGreaterThan(0);
			expect(output.slice(asked), args.join(' ')).not.toMatch(/\[OK\]|Next steps|create {2}app/);
			expect(run.stderr.plain()).toBe('');
			expect(snapshotTree(root)[args.includes('make:command') ? 'app/Command/GenerateCommand.php' : 'app/Controller/api/VilleController.php']).toBeDefined();
		}
		const root = tempProject('skeleton');
		const before = snapshotTree(root);
		const run = plainRun(root, ['make:command', '-q', '--dry-run']);
		await run.answer('Command name', 'generate\r');
		await run.answer('Finish?', '\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain('Dry run: nothing was written.');
		expect(snapshotTree(root)).toEqual(before);
	});

	test('make:command: the name refused in validation when registered, then the files, the diff and a confirm; byte-identical to --yes', async () => {
		const viaPrompts = tempProject('skeleton');
		const viaFlags = tempProject('skeleton');
		writeFileSync(path.join(viaPrompts, 'app/Config/commands.yaml'), 'hello: Command\\HelloCommand\n');
		writeFileSync(path.join(viaFlags, 'app/Config/commands.yaml'), 'hello: Command\\HelloCommand\n');
		const run = plainRun(viaPrompts, ['make:command']);
		await run.answer('Command name', 'hello\r');
		await run.answer('Command already exists.', `${'\u007F'.repeat(5)}generate\r`);
		await run.answer('+generate: Command\\GenerateCommand', '');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain('php bin/edu generate');
		expect((await runMain(['make:command', 'generate', '--yes'], {cwd: viaFlags})).exitCode).toBe(0);
		expect(snapshotTree(viaPrompts)).toEqual(snapshotTree(viaFlags));
	});

	test('make:command run from another folder (--cwd): the next steps cd to the project first, a line that works pasted in bash', async () => {
		const parent = path.join(tempProject(), "l'élève #1 & $x");
		const root = path.join(parent, '-app');
		mkdirSync(parent, {recursive: true});
		cpSync(path.join(fixturesDir, 'skeleton'), root, {recursive: true});
		const run = plainRun(parent, ['--cwd', './-app', 'make:command']);
		await run.answer('Command name', 'generate\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		const commands = run.stdout.plain().split('Next steps:')[1]!.split('\n').filter((line) => line.startsWith('    ')).map((line) => line.trim());
		expect(commands.at(-1)).toBe('php bin/edu generate');
		expect(commands[0]).toMatch(/^cd /);
		const where = execFileSync('bash', ['--norc', '--noprofile', '-i'], {input: `${commands[0]} && pwd\n`, cwd: parent, stdio: ['pipe', 'pipe', 'ignore']});
		expect(where.toString().trim()).toBe(root);
	});

	test('make:command: with a command template of the project\'s own, the template is asked first, and the one chosen writes the class', async () => {
		const root = tempProject('skeleton');
		expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
		const cron = path.join(root, '.edu/templates/cron');
		cpSync(path.join(root, '.edu/templates/command'), cron, {recursive: true});
		writeFileSync(path.join(cron, 'command.php.tpl'), readFileSync(path.join(cron, 'command.php.tpl'), 'utf8').replace('// Ajouter votre code ici', '// cron job'));
		const run = plainRun(root, ['make:command']);
		await run.answer('↑↓ navigate', '\u001B[B');
		await run.answer('❯ cron', '\r');
		await run.answer('Command name', 'nightly\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain('✔ Template: cron');
		expect(readFileSync(path.join(root, 'app/Command/NightlyCommand.php'), 'utf8')).toContain('// cron job');
		// Named with --template, it is not asked.
		const named = plainRun(root, ['make:command', '--template', 'command']);
		await named.answer('Command name', 'weekly\r');
		await named.answer('Write these files?', '\r');
		expect(await named.exit).toBe(0);
		expect(named.stdout.plain()).not.toContain('Template:');
		expect(readFileSync(path.join(root, 'app/Command/WeeklyCommand.php'), 'utf8')).not.toContain('// cron job');
	});

	test('make:controller: with a web template of the project\'s own, the template is asked after the name', async () => {
		const root = tempProject('sample');
		expect((await runMain(['template:publish', 'web'], {cwd: root})).exitCode).toBe(0);
		const vitrine = path.join(root, '.edu/templates/vitrine');
		cpSync(path.join(root, '.edu/templates/web'), vitrine, {recursive: true});
		writeFileSync(path.join(vitrine, 'view.twig.tpl'), readFileSync(path.join(vitrine, 'view.twig.tpl'), 'utf8').replace('</h1>', '</h1>\n    <p>vitrine</p>'));
		const run = plainRun(root, ['make:controller']);
		await run.answer('Controller name', 'Gare\r');
		await run.answer('↑↓ navigate', '\u001B[B');
		await run.answer('❯ vitrine', '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(readFileSync(path.join(root, 'app/Template/gare/gare.html.twig'), 'utf8')).toContain('<p>vitrine</p>');
	});

	test('what the writer had to tell is said after the write, as the CLI warns it: here, a killed run undone first', async () => {
		const root = tempProject('sample');
		const ghost = plantKilledRun(root);
		const run = plainRun(root, ['make:api']);
		await run.answer('Controller name', 'Ville\r');
		await run.answer('Template', '\r');
		await run.answer('HTTP methods', '\r');
		await run.answer('URI', '\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain(`[OK] Controller and route successfully generated\nWarning: An earlier edu run was killed while writing: removed what it had half-written (${ghost}).\n`);
	});

	test('make:command says what the writer had to tell after the write, too', async () => {
		const root = tempProject('skeleton');
		mkdirSync(path.join(root, 'app/Command'), {recursive: true});
		const ghost = plantKilledRun(root, {ghost: 'app/Command/GhostCommand.php', locked: 'app/Config/commands.yaml'});
		const run = plainRun(root, ['make:command']);
		await run.answer('Command name', 'generate\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(run.stdout.plain()).toContain(`[OK] Command successfully generated\nWarning: An earlier edu run was killed while writing: removed what it had half-written (${ghost}).\n`);
	});

	test('make:command --template: the project\'s own template, as --yes uses it', async () => {
		const withTemplate = async (): Promise<string> => {
			const root = tempProject('skeleton');
			expect((await runMain(['template:publish', 'command'], {cwd: root})).exitCode).toBe(0);
			const cron = path.join(root, '.edu', 'templates', 'cron');
			cpSync(path.join(root, '.edu', 'templates', 'command'), cron, {recursive: true});
			writeFileSync(path.join(cron, 'command.php.tpl'), readFileSync(path.join(cron, 'command.php.tpl'), 'utf8').replace('// Ajouter votre code ici', '// nightly job'));
			return root;
		};
		const viaPrompts = await withTemplate();
		const viaFlags = await withTemplate();
		const run = plainRun(viaPrompts, ['make:command', '--template', 'cron']);
		await run.answer('Command name', 'nightly\r');
		await run.answer('Write these files?', '\r');
		expect(await run.exit).toBe(0);
		expect(readFileSync(path.join(viaPrompts, 'app/Command/NightlyCommand.php'), 'utf8')).toContain('// nightly job');
		expect((await runMain(['make:command', 'nightly', '--template', 'cron', '--yes'], {cwd: viaFlags})).exitCode).toBe(0);
		expect(snapshotTree(viaPrompts)).toEqual(snapshotTree(viaFlags));
	});
});
