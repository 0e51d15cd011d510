// edu mock:persist on temp copies of fixtures/compose: through main() in-process, and the built
// binary in a real terminal (tmux) for the "which service?" question.
import {execFileSync} from 'node:child_process';
import {chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {runMain} from '../helpers/run-main.js';
import {fixturesDir, readProjectFile, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from '../tui/tmux.js';

const posix = process.platform !== 'win32';

/** A folder holding only the given fake programs (shell scripts), to put first on PATH. */
function fakeBin(programs: Record<string, string>): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-fake-bin-'));
	for (const [name, script] of Object.entries(programs)) {
		writeFileSync(path.join(folder, name), `#!/bin/sh\n${script}`);
		chmodSync(path.join(folder, name), 0o755);
	}
	return folder;
}

// A docker client whose engine is not running: what `docker info` prints without a daemon.
const daemonLessDocker = `
case "$1 $2" in
  "compose version") echo "Docker Compose version v2.29.1"; exit 0 ;;
  "info --format") echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?" >&2; exit 1 ;;
esac
echo "unexpected docker $*" >&2; exit 99
`;

// A docker that works and writes what it was asked to do (and where) to $DOCKER_LOG.
const recordingDocker = `
echo "$PWD|$*" >> "$DOCKER_LOG"
case "$1 $2" in
  "compose version") echo "Docker Compose version v2.29.1" ;;
  "info --format") echo "27.1.1" ;;
  *) echo "docker $* done" ;;
esac
exit 0
`;

async function persist(root: string, args: readonly string[], env: Record<string, string> = {}) {
	const io = captureIo(root, {env: {PATH: process.env['PATH'] ?? '', ...env}});
	const exitCode = await main(['mock:persist', ...args], io);
	return {exitCode, stdout: io.out(), stderr: io.err()};
}

describe('edu mock:persist (in-process)', () => {
	it('adds the volume, keeps the comments, creates var/api/ and prints the restart command', async () => {
		const root = tempProject('compose/comments');
		const result = await persist(root, []);
		expect(result).toEqual({
			exitCode: 0,
			stderr: '',
			stdout: [
				'compose.yaml: added the volume ./var/api:/var/www/mock-veliko-api/var to service "mock-api".',
				'Created var/api/ and var/api/sqlite/: the mock API keeps its tokens in var/api/configDataset.json and its database in var/api/sqlite/app_db.sqlite.',
				'Restart the mock API to use it:',
				'  docker compose down && docker compose up -d',
				'then create its database: edu mock:init',
				'',
			].join('\n'),
		});
		expect(statSync(path.join(root, 'var/api')).isDirectory()).toBe(true);
		expect(statSync(path.join(root, 'var/api/sqlite')).isDirectory()).toBe(true);
		const before = readFileSync(path.join(fixturesDir, 'compose/comments/compose.yaml'), 'utf8');
		expect(readProjectFile(root, 'compose.yaml')).toBe(before.replace(
			'    restart: unless-stopped   # keep it up\n',
			'    restart: unless-stopped   # keep it up\n    volumes:\n      - ./var/api:/var/www/mock-veliko-api/var\n',
		));
	});

	it('is idempotent: a second run leaves every byte as it was', async () => {
		const root = tempProject('compose/existing-volumes');
		expect((await persist(root, [])).exitCode).toBe(0);
		const after = snapshotTree(root);
		const second = await persist(root, []);
		expect(second.exitCode).toBe(0);
		expect(second.stdout).toContain('compose.yml: service "api" already mounts ./var/api:/var/www/mock-veliko-api/var; nothing to change.');
		expect(snapshotTree(root)).toEqual(after);
	});

	it('a project persisted without var/api/sqlite/: a second run makes it, and says so', async () => {
		const root = tempProject('compose/comments');
		expect((await persist(root, [])).exitCode).toBe(0);
		rmSync(path.join(root, 'var/api/sqlite'), {recursive: true});
		const compose = readProjectFile(root, 'compose.yaml');
		const dryRun = await persist(root, ['--dry-run']);
		expect(dryRun).toEqual({exitCode: 0, stderr: '', stdout: 'Dry run: nothing was written. compose.yaml: service "mock-api" already mounts ./var/api:/var/www/mock-veliko-api/var; the run would create var/api/sqlite/.\n'});
		expect(existsSync(path.join(root, 'var/api/sqlite'))).toBe(false);
		const second = await persist(root, []);
		expect(second.exitCode).toBe(0);
		expect(second.stdout.split('\n').slice(0, 2)).toEqual([
			'compose.yaml: service "mock-api" already mounts ./var/api:/var/www/mock-veliko-api/var.',
			'Created var/api/sqlite/: the mock API keeps its tokens in var/api/configDataset.json and its database in var/api/sqlite/app_db.sqlite.',
		]);
		expect(statSync(path.join(root, 'var/api/sqlite')).isDirectory()).toBe(true);
		expect(readProjectFile(root, 'compose.yaml')).toBe(compose);
	});

	it('keeps the file mode of the compose file', async () => {
		const root = tempProject('compose/comments');
		if (posix) chmodSync(path.join(root, 'compose.yaml'), 0o640);
		expect((await persist(root, [])).exitCode).toBe(0);
		if (posix) expect(statSync(path.join(root, 'compose.yaml')).mode & 0o777).toBe(0o640);
	});

	it('follows docker compose: compose.yaml before docker-compose.yml, and a folder above', async () => {
		const root = tempProject('compose/docker-compose-yml');
		mkdirSync(path.join(root, 'app/Config'), {recursive: true});
		const result = await persist(path.join(root, 'app/Config'), []);
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('../../docker-compose.yml: added the volume ./var/api:/var/www/mock-veliko-api/var to service "mock".');
		expect(result.stdout).toContain('  cd ../.. && docker compose down && docker compose up -d');
		expect(existsSync(path.join(root, 'var/api'))).toBe(true);

		writeFileSync(path.join(root, 'compose.yaml'), 'services:\n  other:\n    image: bfoujols/mock-other-api\n');
		const preferred = await persist(root, ['--dry-run']);
		expect(preferred.stdout).toContain('The run would add to compose.yaml, service "other"');
	});

	it('uses --compose, and prints -f when docker compose would not find that file by itself', async () => {
		const root = tempProject('compose/docker-compose-yml');
		const result = await persist(root, ['--compose', 'notes.yaml', '--service', 'web', '--target', '/var/www/html/var']);
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('notes.yaml: added the volume ./var/api:/var/www/html/var to service "web".');
		expect(result.stdout).toContain('  docker compose -f notes.yaml down && docker compose -f notes.yaml up -d');
	});

	it('--dry-run prints the lines and writes nothing', async () => {
		const root = tempProject('compose/comments');
		const before = snapshotTree(root);
		const result = await persist(root, ['--dry-run']);
		expect(result.stdout).toBe('Dry run: nothing was written. The run would add to compose.yaml, service "mock-api":\n+     volumes:\n+       - ./var/api:/var/www/mock-veliko-api/var\nand create var/api/ and var/api/sqlite/.\n');
		expect(snapshotTree(root)).toEqual(before);
		const json = await persist(root, ['--dry-run', '--json']);
		expect(JSON.parse(json.stdout)).toEqual({
			ok: true, composeFile: 'compose.yaml', service: 'mock-api', volume: './var/api:/var/www/mock-veliko-api/var', changed: true,
			added: ['    volumes:', '      - ./var/api:/var/www/mock-veliko-api/var'], dryRun: true,
			restartCommand: 'docker compose down && docker compose up -d',
		});
		expect(Object.keys(JSON.parse(json.stdout))).toEqual(['ok', 'composeFile', 'service', 'volume', 'changed', 'added', 'dryRun', 'restartCommand']);
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['compose/no-mock', [], 1, 'compose.yaml: no mock API service (no service whose image or container_name contains "mock"; services: web, db). Add it first (a service with image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]), or pass --service NAME if one of these is the mock under another image.\n'],
		['compose/no-mock', ['--service', 'db'], 1, 'compose.yaml: service "db" (image mariadb:11) does not look like the mock API (its image and container_name do not say "mock"), so edu cannot tell which of its folders to keep; name the mock\'s service, or pass --target with that folder, e.g. --target /var/www/mock-veliko-api/var.\n'],
		['compose/several', [], 1, 'compose.yaml: several services look like the mock API: veliko (image bfoujols/mock-veliko-api:latest), ecole (image bfoujols/mock-ecole-directe-api:latest). Pass --service NAME.\n'],
		['compose/several', ['--service', 'db'], 1, 'compose.yaml has no service "db" (services: veliko, ecole, web).\n'],
		['compose/conflict', [], 1, 'compose.yaml: service "mock" already mounts api-data at /var/www/mock-veliko-api/var; remove it first, or pick another --target.\n'],
		['compose/comments', ['--target', 'var/www'], 2, 'edu: --target must be an absolute path in the container, such as /var/www/mock-veliko-api/var (got "var/www").\n'],
		['start', [], 1, `No compose file in ROOT or above it (looked for compose.yaml, compose.yml, docker-compose.yml, docker-compose.yaml). Run edu at the project root, or pass --compose FILE.\n`],
	])('refuses %s %j and leaves the folder byte-identical', async (fixture, args, exitCode, stderr) => {
		const root = tempProject(fixture);
		const before = snapshotTree(root);
		const result = await persist(root, args);
		expect(result).toEqual({exitCode, stdout: '', stderr: stderr.replace('ROOT', root)});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('reports invalid YAML with its position and writes nothing', async () => {
		const root = tempProject();
		writeFileSync(path.join(root, 'compose.yaml'), 'services:\n  mock:\n    image: "mock-api\n');
		const before = snapshotTree(root);
		const result = await persist(root, []);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('compose.yaml:4:1: Missing closing "quote\n');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--json reports the change, or the refusal', async () => {
		const root = tempProject('compose/comments');
		const ok = await persist(root, ['--json']);
		expect(JSON.parse(ok.stdout)).toEqual({
			ok: true, composeFile: 'compose.yaml', service: 'mock-api', volume: './var/api:/var/www/mock-veliko-api/var', changed: true,
			added: ['    volumes:', '      - ./var/api:/var/www/mock-veliko-api/var'], createdFolder: true, dryRun: false,
			restartCommand: 'docker compose down && docker compose up -d', restarted: false,
		});
		const refused = await persist(tempProject('compose/several'), ['--json']);
		expect(refused.exitCode).toBe(1);
		expect(JSON.parse(refused.stdout)).toMatchObject({ok: false, error: {code: 'NO_MOCK_SERVICE'}});
	});
});

describe('edu mock:persist never changes what it did not mean to, never outside the project', () => {
	it('a compose.yaml with a byte that is not UTF-8: refused at its line:col, file untouched', async () => {
		const root = tempProject('compose/comments');
		const original = readFileSync(path.join(root, 'compose.yaml'));
		writeFileSync(path.join(root, 'compose.yaml'), Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\n'), original]));
		const before = snapshotTree(root);
		expect(await persist(root, [])).toEqual({exitCode: 1, stdout: '', stderr: 'compose.yaml:1:6: not UTF-8 (a byte that starts no character); edu would have to replace it, so nothing was written.\n'});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.skipIf(!posix)('a symlinked compose.yaml: the target is updated, the link kept', async () => {
		const root = tempProject('compose/comments');
		mkdirSync(path.join(root, 'docker'));
		const original = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
		writeFileSync(path.join(root, 'docker/compose.yaml'), original);
		const {rmSync} = await import('node:fs');
		rmSync(path.join(root, 'compose.yaml'));
		symlinkSync('docker/compose.yaml', path.join(root, 'compose.yaml'));
		expect((await persist(root, [])).exitCode).toBe(0);
		expect(lstatSync(path.join(root, 'compose.yaml')).isSymbolicLink()).toBe(true);
		expect(readlinkSync(path.join(root, 'compose.yaml'))).toBe('docker/compose.yaml');
		expect(readFileSync(path.join(root, 'docker/compose.yaml'), 'utf8')).toContain('      - ./var/api:/var/www/mock-veliko-api/var\n');
	});

	it('an Edu project without a compose file, under a folder that has one: refused; ../compose.yaml untouched, no ../var/api', async () => {
		const outer = tempProject('compose/comments');
		const root = path.join(outer, 'project');
		mkdirSync(path.join(root, 'app/Config'), {recursive: true});
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), '');
		const before = snapshotTree(outer);
		expect(await persist(root, [])).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `No compose file in the project (${root}) (looked for compose.yaml, compose.yml, docker-compose.yml, docker-compose.yaml): declare the mock API service in a compose.yaml at the project root (image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]), or pass --compose FILE.\n`,
		});
		expect(await persist(root, ['--compose', '../compose.yaml'])).toEqual({exitCode: 1, stdout: '', stderr: `../compose.yaml: outside the project (${root}); edu writes only inside it.\n`});
		expect(snapshotTree(outer)).toEqual(before);
	});

	it.each([
		['an alias bomb', `a0: &a0 [x, x, x, x, x, x, x, x, x]\n${Array.from({length: 9}, (_, index) => `a${index + 1}: &a${index + 1} [${Array.from({length: 9}, () => `*a${index}`).join(', ')}]`).join('\n')}\nservices:\n  mock:\n    image: mock-veliko-api\n    x: *a9\n`, /^compose\.yaml:2:10: its aliases expand to too much data \(more than 1000 expansions, an "alias bomb"\): edu will not expand it\n$/],
		['a 20,000-deep flow sequence', `services:\n  mock:\n    image: mock-veliko-api\n    x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, /^compose\.yaml:\d+:\d+: nested too deeply to read \(thousands of levels\): not a compose file edu edits\n$/],
	])('%s: one located line, exit 1, nothing written', async (_label, text, stderr) => {
		const root = tempProject();
		writeFileSync(path.join(root, 'compose.yaml'), text);
		const before = snapshotTree(root);
		const result = await persist(root, []);
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(stderr);
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('edu mock:persist --restart', () => {
	it('without docker on PATH: a clear error, and nothing written', async () => {
		const root = tempProject('compose/comments');
		const before = snapshotTree(root);
		const result = await persist(root, ['--restart'], {PATH: fakeBin({})});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: 'Docker is not installed (no docker command on PATH): install Docker Desktop (https://docs.docker.com/get-docker/) or, on Linux, Docker Engine with its compose plugin.\n',
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.skipIf(!posix)('with no engine running: a clear error, and nothing written', async () => {
		const root = tempProject('compose/comments');
		const before = snapshotTree(root);
		const result = await persist(root, ['--restart'], {PATH: fakeBin({docker: daemonLessDocker})});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: 'Docker is installed but its engine is not running (Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?): start Docker Desktop, or on Linux "sudo systemctl start docker", then run the command again.\n',
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.skipIf(!posix)('runs docker compose down, then up -d, in the compose file\'s folder', async () => {
		const root = tempProject('compose/comments');
		const log = path.join(tempProject(), 'docker.log');
		const result = await persist(root, ['--restart'], {PATH: fakeBin({docker: recordingDocker}), DOCKER_LOG: log});
		expect(result.stderr).toBe('');
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('$ docker compose down\ndocker compose down done\n$ docker compose up -d\ndocker compose up -d done\nMock API restarted. Next: edu mock:init\n');
		expect(readFileSync(log, 'utf8')).toBe([`${root}|compose version`, `${root}|info --format {{.ServerVersion}}`, `${root}|compose down`, `${root}|compose up -d`, ''].join('\n'));
		expect(readProjectFile(root, 'compose.yaml')).toContain('      - ./var/api:/var/www/mock-veliko-api/var\n');
	});
});

describe('edu mock:persist through main(), and in a real terminal', () => {
	it.skipIf(!posix)('with --cwd from another folder, the restart command pasted there in a shell runs docker in the project, whatever its path holds', async () => {
		const parent = path.join(tempProject(), 'Mes Projets', 'l\'élève #1 %2 & $x "q" !x');
		const root = path.join(parent, '-mock');
		mkdirSync(parent, {recursive: true});
		cpSync(path.join(fixturesDir, 'compose/comments'), root, {recursive: true});
		renameSync(path.join(root, 'compose.yaml'), path.join(root, 'notes.yaml'));
		const result = await runMain(['--cwd', './-mock', 'mock:persist', '--compose', 'notes.yaml'], {cwd: parent});
		expect(result.exitCode).toBe(0);
		const command = /^ {2}(.*docker compose.*)$/m.exec(result.stdout)?.[1];
		expect(command).toBe('cd ./-mock && docker compose -f notes.yaml down && docker compose -f notes.yaml up -d');
		// Pasted in the folder it was printed in, into an interactive bash (where "!x" is history; the volume is there now: the same line, to restart).
		const elsewhere = tempProject();
		const deeper = await runMain(['--cwd', root, 'mock:persist', '--compose', 'notes.yaml'], {cwd: elsewhere});
		const pasted = /^ {2}(.*docker compose.*)$/m.exec(deeper.stdout)?.[1];
		const log = path.join(tempProject(), 'docker.log');
		execFileSync('bash', ['--norc', '--noprofile', '-i'], {input: `${pasted!}\n`, stdio: ['pipe', 'ignore', 'ignore'], cwd: elsewhere, env: {...process.env, PATH: `${fakeBin({docker: recordingDocker})}:${process.env['PATH']}`, DOCKER_LOG: log}});
		expect(readFileSync(log, 'utf8')).toBe(`${root}|compose -f notes.yaml down\n${root}|compose -f notes.yaml up -d\n`);
	});

	it('adds the volume, then changes nothing on a second run', async () => {
		const root = tempProject('compose/build-only');
		const first = await runMain(['mock:persist'], {cwd: root});
		expect(first.exitCode).toBe(0);
		expect(first.stdout).toContain('compose.yaml: added the volume ./var/api:/var/www/mock-veliko-api/var to service "app".');
		const after = snapshotTree(root);
		const second = await runMain(['mock:persist'], {cwd: root});
		expect(second).toMatchObject({exitCode: 0, stderr: ''});
		expect(snapshotTree(root)).toEqual(after);
	});

	it('without a terminal, several candidates is an error, never a question', async () => {
		const root = tempProject('compose/several');
		const result = await runMain(['mock:persist'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/several services look like the mock API: veliko .*, ecole .*\. Pass --service NAME\.\n$/);
	});

	describe.skipIf(!hasTmux)('in a real terminal', () => {
		let terminal: Terminal | undefined;
		afterEach(async () => {
			await terminal?.close();
			terminal = undefined;
		});

		it('asks which service when several look like the mock API', async () => {
			const root = tempProject('compose/several');
			terminal = await Terminal.start(['mock:persist'], {cwd: root, env: {NO_COLOR: '1'}});
			await terminal.waitFor((screen) => screen.includes('Which service of compose.yaml is the mock API?') && screen.includes('ecole (image'), 'the question');
			await terminal.keys('Down');
			await terminal.waitFor((screen) => /❯ ecole/.test(screen), 'the cursor on ecole');
			await terminal.keys('Enter');
			expect(await terminal.exitStatus()).toBe(0);
			// The terminal wraps at 80 columns: compare with the line breaks made spaces.
			expect((await terminal.screen()).replace(/\s+/g, ' ')).toContain('added the volume ./var/api:/var/www/mock-ecole-directe-api/var to service "ecole"');
			expect(readProjectFile(root, 'compose.yaml')).toContain('    image: bfoujols/mock-ecole-directe-api:latest\n    ports:\n      - "9043:80"\n    volumes:\n      - ./var/api:/var/www/mock-ecole-directe-api/var\n');
		});
	});
});
