// A strict project root: composer.json requiring studoo/edu-framework, or app/Config/routes.yaml.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isProjectRoot} from '../../source/project/root.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {binPath, fixturesDir, snapshotTree, tempProject} from '../helpers/temp-project.js';

const lookedFor = '(looked for a composer.json requiring studoo/edu-framework, or an app/Config/routes.yaml file)';

describe('project root', () => {
	it('bin/edu or app/Controller above is not a project: the issue\'s reproduction writes nothing and says why', async () => {
		const top = tempProject();
		mkdirSync(path.join(top, 'H/bin'), {recursive: true});
		mkdirSync(path.join(top, 'H/p/notes'), {recursive: true});
		mkdirSync(path.join(top, 'H/app/Controller'), {recursive: true});
		writeFileSync(path.join(top, 'H/bin/edu'), '');
		const before = snapshotTree(top);
		const io = captureIo(path.join(top, 'H/p/notes'));
		expect(await main(['make:api', 'ville'], io)).toBe(1);
		expect(io.out()).toBe('');
		expect(io.err()).toBe(`No Edu Framework project in ${path.join(top, 'H/p/notes')} or above it ${lookedFor}: run edu at the project root, or pass --cwd; nothing was written.\n`);
		expect(snapshotTree(top)).toEqual(before);
	});

	it.each([
		[['openapi']], [['routes']], [['make:controller', 'ville', '--dry-run']],
	])('%j outside a project refuses with NOT_A_PROJECT', async (args) => {
		const io = captureIo(tempProject());
		expect(await main([...args, '--json'], io)).toBe(1);
		expect(JSON.parse(io.out()).error).toEqual({code: 'NOT_A_PROJECT', message: expect.stringContaining(lookedFor)});
	});

	it.runIf(process.platform !== 'win32').each([[[]], [['--json']]])('run from a folder that was removed (%j): one line, exit 1, no stack trace', (extra) => {
		const top = tempProject();
		// The shell sits in a folder that is then removed, as after `rm -rf` of the folder one is in.
		const script = 'mkdir gone && cd gone && rmdir ../gone && exec "$0" "$@"';
		const result = spawnSync('sh', ['-c', script, process.execPath, binPath, 'make:api', 'ville', '--yes', ...extra], {cwd: top, encoding: 'utf8'});
		expect(result.status).toBe(1);
		const message = 'The current folder no longer exists (it was removed or renamed): cd to the project and run the command again; nothing was written.';
		if (extra.length === 0) {
			expect(result.stderr).toBe(`${message}\n`);
			expect(result.stdout).toBe('');
		} else {
			expect(JSON.parse(result.stdout)).toEqual({ok: false, error: {code: 'NOT_A_PROJECT', message}});
			expect(result.stderr).toBe('');
		}
	});

	it.each([
		['{"require": {"studoo/edu-framework": "^2.3"}}', true],
		['{"require-dev": {"studoo/edu-framework": "2.x-dev"}}', true],
		['{"require": {"symfony/yaml": "^7"}}', false],
		['{"require": ', false],
	])('composer.json %s → project: %s', (composer, expected) => {
		const root = tempProject();
		writeFileSync(path.join(root, 'composer.json'), composer);
		expect(isProjectRoot(root)).toBe(expected);
	});

	it('a composer.json that names the framework but is not JSON: its place and the problem, not "no project"; nothing written', async () => {
		const root = tempProject();
		const file = path.join(root, 'composer.json');
		writeFileSync(file, '{"require": {"studoo/edu-framework": "2.3",}\n}\n');
		mkdirSync(path.join(root, 'app'));
		const before = snapshotTree(root);
		const io = captureIo(path.join(root, 'app'));
		expect(await main(['make:api', 'ville', '--yes'], io)).toBe(1);
		expect(io.err()).toBe(`${file}:1:43: a comma before "}": JSON allows no trailing comma: edu reads it to find the Edu Framework project; fix it, then run the command again; nothing was written.\n`);
		expect(snapshotTree(root)).toEqual(before);
		// One that does not name the framework is some other project's: still "no project".
		writeFileSync(file, '{"require": {"symfony/yaml": "7",}}');
		const other = captureIo(root);
		expect(await main(['make:api', 'ville', '--yes'], other)).toBe(1);
		expect(other.err()).toMatch(/^No Edu Framework project in /);
	});

	it('every fixture project counts as a project', () => {
		const projects = ['sample', 'empty', 'comments', 'crlf', ...['drift', 'golden', 'openapi'].flatMap((group) => readdirSync(path.join(fixturesDir, group)).map((name) => `${group}/${name}`))];
		for (const name of projects) expect(isProjectRoot(path.join(fixturesDir, name)), name).toBe(true);
	});

	it('from a subfolder, text mode says Project: <root> on stderr (stdout starts with the original\'s lines) and --json carries root', async () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'app/Controller/api/deep'), {recursive: true});
		const below = path.join(root, 'app/Controller/api/deep');
		const text = captureIo(below);
		expect(await main(['make:api', 'Lyon'], text)).toBe(0);
		expect(text.out().split('\n').slice(0, 3)).toEqual(['Class : ./app/Controller/api/LyonController', 'URI : /api/lyon', '[OK] Controller and route successfully generated']);
		expect(text.err()).toBe(`Project: ${root}\n`);
		const command = captureIo(below);
		expect(await main(['make:command', 'nightly'], command)).toBe(0);
		expect(command.out()).toMatch(/^Class : /);
		expect(command.err()).toBe(`Project: ${root}\n`);
		const json = captureIo(below);
		expect(await main(['make:api', 'ville', '--dry-run', '--json'], json)).toBe(0);
		expect(JSON.parse(json.out()).root).toBe(root);
		const refused = captureIo(below);
		expect(await main(['make:api', 'hello', '--json'], refused)).toBe(1);
		expect(JSON.parse(refused.out())).toMatchObject({ok: false, error: {code: 'ROUTE_EXISTS'}, root});
	});

	it('at the root itself, no Project line and no root field', async () => {
		const root = tempProject('sample');
		const text = captureIo(root);
		expect(await main(['make:api', 'ville', '--dry-run'], text)).toBe(0);
		expect(text.out()).toMatch(/^Class : /);
		const json = captureIo(root);
		expect(await main(['routes', '--json'], json)).toBe(0);
		expect(JSON.parse(json.out())).not.toHaveProperty('root');
	});

	it('openapi --stdout from a subfolder keeps stdout for the YAML: the Project line goes to stderr', async () => {
		const root = tempProject('sample');
		const io = captureIo(path.join(root, 'app'));
		expect(await main(['openapi', '--stdout'], io)).toBe(0);
		expect(io.out()).toMatch(/^openapi: 3\.0\.0/);
		expect(io.err()).toBe(`Project: ${root}\n`);
	});

	it.each([[['routes']], [['routes', '--check']], [['template:list']]])('%j from a subfolder keeps stdout for its table: the Project line goes to stderr', async (argv) => {
		const root = tempProject('sample');
		const io = captureIo(path.join(root, 'app'));
		expect(await main(argv, io)).toBe(0);
		expect(io.out()).not.toContain('Project:');
		expect(io.err()).toBe(`Project: ${root}\n`);
	});
});
