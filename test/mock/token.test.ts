// edu mock:token on missing, valid and invalid var/api/configDataset.json files (where the mock
// reads its tokens), inside and outside a project.
import {chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {findJsonProblem} from '../../source/base/json-check.js';
import {newToken} from '../../source/mock/token-store.js';
import {captureIo} from '../helpers/io.js';
import {hasPhp} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

const posix = process.platform !== 'win32';
const file = 'var/api/configDataset.json';
const urlSafe = /^[A-Za-z0-9_-]{32,}$/;

async function token(root: string, args: readonly string[]) {
	const io = captureIo(root);
	const exitCode = await main(['mock:token', ...args], io);
	return {exitCode, stdout: io.out(), stderr: io.err()};
}

/** An Edu Framework project (app/Controller), with var/api/configDataset.json when `content` is given. */
function project(content?: string | Buffer): string {
	const root = tempProject('empty');
	if (content !== undefined) {
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		writeFileSync(path.join(root, file), content);
	}
	return root;
}

const read = (root: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('newToken', () => {
	it('is URL-safe, at least 32 characters, and different every time', () => {
		const tokens = new Set(Array.from({length: 200}, () => newToken()));
		expect(tokens.size).toBe(200);
		for (const value of tokens) expect(value).toMatch(urlSafe);
	});
});

describe('edu mock:token', () => {
	it('creates the file and its folders when missing, mode 0644 (readable by the container\'s web server), and says how to send the token', async () => {
		const root = project();
		const result = await token(root, []);
		expect(result.exitCode).toBe(0);
		const data = read(root) as {token: {default: string}};
		expect(Object.keys(data)).toEqual(['token']);
		expect(data.token.default).toMatch(urlSafe);
		const value = data.token.default;
		expect(result.stdout).toBe([
			`Added token "default" in ${file} (new file):`,
			`  ${value}`,
			'Send it as the whole value of the Authorization request header (no "Bearer "), as the mock API expects:',
			`  Authorization: ${value}`,
			`  curl -X PUT -H "Authorization: ${value}" http://localhost:9042/api/velo/1/location`,
			'edu mock:init keeps it; the mock\'s own init/data would reset the file.',
			'',
		].join('\n'));
		expect(readFileSync(path.join(root, file), 'utf8')).toBe(`{\n  "token": {\n    "default": "${value}"\n  }\n}\n`);
		if (posix) expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o644);
	});

	it('adds a named token to a valid file, keeping every other byte, key order and mode', async () => {
		// An existing file keeps its mode (here 0600, as the docs' procedure may have left it).
		const before = '{\n    "database": {"path": "sqlite/app_db.sqlite"},\n    "token" : {\n        "default": "keep-me"\n    },\n    "2": 1.50,\n    "1": "\\u00e9",\n    "debug": false\n}\n';
		const root = project(before);
		if (posix) chmodSync(path.join(root, file), 0o600);
		const result = await token(root, ['teacher']);
		expect(result.exitCode).toBe(0);
		const data = read(root) as {token: Record<string, string>};
		expect(Object.keys(data.token)).toEqual(['default', 'teacher']);
		if (posix) expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o600);
		expect(readFileSync(path.join(root, file), 'utf8')).toBe(before.replace('"keep-me"\n', `"keep-me",\n        "teacher": "${data.token['teacher']}"\n`));
	});

	it('refuses an existing name unless --force, and then replaces only that token', async () => {
		const root = project('{"token": {"default": "old", "ci": "other"}}');
		const before = snapshotTree(root);
		const refused = await token(root, ['default']);
		expect(refused).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `Token "default" already exists in ${file}: pass --force to replace it, or give another name (edu mock:token other-name).\n`,
		});
		expect(snapshotTree(root)).toEqual(before);

		const forced = await token(root, ['default', '--force']);
		expect(forced.exitCode).toBe(0);
		expect(forced.stdout).toMatch(/^Replaced token "default" in var\/api\/configDataset\.json:\n/);
		expect(readFileSync(path.join(root, file), 'utf8')).toMatch(/^\{"token": \{"default": "[\w-]{43}", "ci": "other"\}\}$/);
		const data = read(root) as {token: Record<string, string>};
		expect(data.token['ci']).toBe('other');
		expect(data.token['default']).toMatch(urlSafe);
	});

	it.each([
		['{\n  "token": {\n    "default": "abc",\n  }\n}\n', '3:21', 'a comma before "}": JSON allows no trailing comma'],
		['{\n  "token": {default: "abc"}\n}\n', '2:13', 'expected a property name in double quotes, found "d"'],
		['{"token": {"default": "abc"}', '1:29', 'expected "," or "}", found end of file'],
		['', '1:1', 'expected a value, found end of file'],
		['{"a": 1} {"b": 2}', '1:10', 'expected the end of the file, found "{"'],
	])('invalid JSON %j: error at line:col, file untouched', async (content, where, reason) => {
		const root = project(content);
		const before = snapshotTree(root);
		const result = await token(root, []);
		expect(result).toEqual({exitCode: 1, stdout: '', stderr: `${file}:${where}: not valid JSON (${reason}); fix it or move it away, nothing was written.\n`});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['[1, 2]', `${file}: expected a JSON object at the top level, found an array.`],
		['{"token": "abc"}', `${file}:1:11: "token" should be an object of name → token, found "abc".`],
	])('refuses a file of another shape: %s', async (content, message) => {
		const root = project(content);
		const before = snapshotTree(root);
		expect(await token(root, [])).toEqual({exitCode: 1, stdout: '', stderr: `${message}\n`});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('keeps CRLF line ends and tabs', async () => {
		const root = project('{\r\n\t"token": {}\r\n}\r\n');
		expect((await token(root, ['x'])).exitCode).toBe(0);
		const text = readFileSync(path.join(root, file), 'utf8');
		expect(text).toMatch(/^\{\r\n\t"token": \{\r\n\t\t"x": "[\w-]{43}"\r\n\t\}\r\n\}\r\n$/);
	});

	it('from a subfolder, writes the project\'s var/api/ (beside the compose file), not a new one there', async () => {
		const root = tempProject('compose/comments');
		mkdirSync(path.join(root, 'app/Controller'), {recursive: true});
		const result = await token(path.join(root, 'app/Controller'), ['ci']);
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toMatch(/^Added token "ci" in \.\.\/\.\.\/var\/api\/configDataset\.json \(new file\):\n/);
		expect(read(root)).toEqual({token: {ci: expect.stringMatching(urlSafe)}});
		expect(snapshotTree(path.join(root, 'app'))).toEqual({'Controller/': ''});
	});

	it('--file and --json', async () => {
		const root = project();
		const result = await token(root, ['ci', '--file', 'config/tokens.json', '--json']);
		expect(result.exitCode).toBe(0);
		const report = JSON.parse(result.stdout) as {token: string};
		expect(report).toEqual({ok: true, name: 'ci', token: report.token, file: 'config/tokens.json', created: true, replaced: false, header: `Authorization: ${report.token}`});
		expect(JSON.parse(readFileSync(path.join(root, 'config/tokens.json'), 'utf8'))).toEqual({token: {ci: report.token}});

		const again = await token(root, ['ci', '--file', 'config/tokens.json', '--json']);
		expect(again.exitCode).toBe(1);
		expect(JSON.parse(again.stdout)).toMatchObject({ok: false, error: {code: 'TOKEN_EXISTS'}});
	});

	it('refuses a name that is not a plain word (usage error)', async () => {
		const root = project();
		expect(await token(root, ['my token'])).toEqual({exitCode: 2, stdout: '', stderr: 'edu: the token name "my token" is not allowed: use 1 to 64 letters, digits, "_", "-" or ".".\n'});
		expect(snapshotTree(root)).toEqual(snapshotTree(project()));
	});

	it('--help: the curl example pastes as printed, its line broken with a \\ that fits 80 and 50 columns', async () => {
		for (const columns of ['80', '50']) {
			const io = captureIo(tempProject(), {env: {COLUMNS: columns}});
			expect(await main(['mock:token', '--help'], io)).toBe(0);
			expect(io.out()).toContain('\n  curl -X PUT -H "Authorization: <token>" \\\n      http://localhost:9042/api/velo/1/location\n');
		}
	});

	it('as a user runs it (runMain: NO_COLOR, no terminal): the token shown, then a second run of the name refused in text mode', async () => {
		const root = project('{"token": {"default": "abc"}}\n');
		const result = await runMain(['mock:token', 'student'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const value = (read(root) as {token: Record<string, string>}).token['student'];
		expect(value).toMatch(urlSafe);
		expect(result.stdout).toContain(`Authorization: ${value}`);
		const refused = await runMain(['mock:token', 'student'], {cwd: root});
		expect(refused).toEqual({exitCode: 1, stdout: '', stderr: `Token "student" already exists in ${file}: pass --force to replace it, or give another name (edu mock:token other-name).\n`});
	});
});

describe('edu mock:token writes only what it means to, only inside the project', () => {
	it.each([
		['a key given twice', '{"token": {"a": "1", "a": "2"}}', '1:22', 'the key "a" is given twice: one would silently win'],
		['a "token" key given twice', '{\n  "token": {"a": "1"},\n  "token": {"b": "2"}\n}', '3:3', 'the key "token" is given twice: one would silently win'],
		['a 20-digit integer', '{"token": {"a": "1"}, "id": 12345678901234567890}', '1:29', 'the integer 12345678901234567890 is beyond 2^53: it would be rounded; write it as a string'],
		['1e400', '{"limit": 1e400, "token": {}}', '1:11', 'the number 1e400 is too large for a double: it would be rewritten as null'],
		['a 20,000-deep array', `{"deep": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`, '1:521', 'nested deeper than 512 levels (the most PHP\'s json_decode reads)'],
		['a BOM', '\uFEFF{"token": {"a": "1"}}\n', '1:1', 'a byte order mark (BOM) starts the file: PHP\'s json_decode (the mock\'s reader) refuses the whole file; save it without BOM'],
		['a lone high surrogate', '{"token": {"a": "\\ud800"}}', '1:18', 'a lone UTF-16 surrogate \\ud800: PHP\'s json_decode (the mock\'s reader) refuses the whole file'],
		['a lone low surrogate', '{"token": {"a": "x\\uDC00"}}', '1:19', 'a lone UTF-16 surrogate \\uDC00: PHP\'s json_decode (the mock\'s reader) refuses the whole file'],
		['a reversed pair', '{\n  "note": "\\udc00\\ud800", "token": {}}', '2:12', 'a lone UTF-16 surrogate \\udc00: PHP\'s json_decode (the mock\'s reader) refuses the whole file'],
	])('%s: refused at file:line:col, nothing written', async (_label, content, where, reason) => {
		const root = project(content);
		const before = snapshotTree(root);
		expect(await token(root, ['b'])).toEqual({exitCode: 1, stdout: '', stderr: `${file}:${where}: ${reason}; nothing was written.\n`});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a byte that is not UTF-8: refused at its line:col, never replaced by U+FFFD', async () => {
		const root = project(Buffer.concat([Buffer.from('{\n  "token": {"a": "caf'), Buffer.from([0xe9]), Buffer.from('"}\n}\n')]));
		const before = snapshotTree(root);
		expect(await token(root, ['b'])).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `${file}:2:22: not UTF-8 (a byte that starts no character); edu would have to replace it, so nothing was written.\n`,
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['without the ./var/api volume: the token is written, with a warning that the mock does not read it yet', '', true],
		['with the ./var/api volume (edu mock:persist): no warning', '    volumes:\n      - ./var/api:/var/www/mock-veliko-api/var\n', false],
	])('a compose file whose mock service publishes port 9142 %s; the curl line uses that port', async (_case, volumes, warned) => {
		const root = project();
		writeFileSync(path.join(root, 'compose.yaml'), `services:\n  mock-veliko-api:\n    image: bfoujols/mock-veliko-api:latest\n    ports: ["9142:80"]\n${volumes}`);
		const result = await token(root, []);
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('/api/velo/1/location');
		expect(result.stdout).toContain(' http://localhost:9142/api/velo/1/location');
		expect(result.stderr).toBe(warned ? 'Warning: compose.yaml: the service "mock-veliko-api" does not mount ./var/api yet, so the mock API does not read var/api/configDataset.json: run edu mock:persist, then restart the mock (docker compose up -d).\n' : '');
	});

	it('the skeleton\'s compose file (a database, a mailer, no mock): the token is written, with a warning that nothing reads it until the service is added', async () => {
		const root = tempProject('skeleton');
		const result = await token(root, []);
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('Warning: compose.yaml has no mock API service, so nothing reads var/api/configDataset.json yet: add the service (image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]), then run edu mock:persist.\n');
	});

	it('outside any project (no Edu project, compose file or var/api/): refused, nothing written', async () => {
		const root = tempProject();
		expect(await token(root, [])).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: `No project in ${root} or above it (no Edu Framework project, compose file or var/api/ folder). Run edu at the project root, or pass --cwd.\n`,
		});
		expect(snapshotTree(root)).toEqual({});
	});

	it.each([['../../x.json'], ['../x.json']])('--file %s (outside the project): refused, nothing written there', async (given) => {
		const outer = tempProject();
		const root = path.join(outer, 'a', 'project');
		mkdirSync(path.join(root, 'app/Config'), {recursive: true});
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), '');
		const result = await token(root, ['--file', given]);
		expect(result).toEqual({exitCode: 1, stdout: '', stderr: `${given}: outside the project (${root}); edu writes only inside it.\n`});
		expect(snapshotTree(outer)).toEqual({'a/': '', 'a/project/': '', 'a/project/app/': '', 'a/project/app/Config/': '', 'a/project/app/Config/routes.yaml': ''});
	});

	it.skipIf(!posix)('a symlinked token file: its target is updated, the link kept', async () => {
		const root = project();
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		writeFileSync(path.join(root, 'var/tokens.json'), '{"token": {}}\n');
		symlinkSync('../tokens.json', path.join(root, file));
		expect((await token(root, ['a'])).exitCode).toBe(0);
		expect(lstatSync(path.join(root, file)).isSymbolicLink()).toBe(true);
		expect(readlinkSync(path.join(root, file))).toBe('../tokens.json');
		expect(JSON.parse(readFileSync(path.join(root, 'var/tokens.json'), 'utf8'))).toEqual({token: {a: expect.stringMatching(urlSafe)}});
	});

	it.skipIf(!posix)('a token file linked to a file outside the project: refused, the target untouched', async () => {
		const outside = tempProject();
		writeFileSync(path.join(outside, 'x.json'), '{}');
		const root = project();
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		symlinkSync(path.join(outside, 'x.json'), path.join(root, file));
		const result = await token(root, ['a']);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^var\/api\/configDataset\.json: a link to .*x\.json, outside the project \(.*\); edu writes only inside it\.\n$/);
		expect(readFileSync(path.join(outside, 'x.json'), 'utf8')).toBe('{}');
	});

	it.skipIf(!posix)('a FIFO in place of the token file: refused at once, never waits', async () => {
		const root = project();
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		execFileSync('mkfifo', [path.join(root, file)]);
		expect(await token(root, [])).toEqual({exitCode: 1, stdout: '', stderr: `${file}: not a regular file (a FIFO); edu reads and writes only regular files; nothing was written.\n`});
	});

	it('a var/api/configData.json left by the docs\' procedure: a one-line warning that the mock does not read it', async () => {
		const root = project();
		mkdirSync(path.join(root, 'var/api'), {recursive: true});
		writeFileSync(path.join(root, 'var/api/configData.json'), '{"token": {"old": "x"}}');
		const result = await token(root, ['a']);
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe([
			'Warning: var/api/configData.json is not read by the mock API: it reads var/api/configDataset.json (var/configDataset.json in the container). Tokens in configData.json do not work.',
			// This project has no compose file at all: nothing would read the token either.
			'Warning: There is no compose file here, so nothing reads var/api/configDataset.json yet: declare the mock API service in a compose.yaml at the project root (image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]), then run edu mock:persist.',
			'',
		].join('\n'));
		const json = await token(root, ['b', '--json']);
		expect(JSON.parse(json.stdout)).toMatchObject({ok: true, file, warnings: [expect.stringContaining('configData.json is not read by the mock API'), expect.stringContaining('There is no compose file here')]});
	});
});

describe('findJsonProblem', () => {
	it.each([
		['{"a": [1, 2.5e3, -0, true, false, null, "\\u00e9\\n"]}', undefined],
		['{"a": 01}', '1:8'],
		['{"a": "x\ny"}', '1:9'],
		['{"a": "\\x"}', '1:8'],
		['[1,]', '1:3'],
		['\n\n  nul', '3:3'],
	])('%j', (text, where) => {
		const problem = findJsonProblem(text);
		expect(problem === undefined ? undefined : `${problem.line}:${problem.col}`).toBe(where);
		if (problem === undefined) expect(() => JSON.parse(text)).not.toThrow();
		else expect(() => JSON.parse(text)).toThrow();
	});
});

/** What PHP's json_decode (the mock's reader) makes of a file: its tokens, or null when it refuses it. */
function phpTokens(absolute: string): Record<string, string> | null {
	const out = execFileSync('php', ['-r', '$d = json_decode(file_get_contents($argv[1]), true); echo json_encode($d === null ? null : ($d["token"] ?? []));', absolute], {encoding: 'utf8'});
	return JSON.parse(out) as Record<string, string> | null;
}

describe.skipIf(!hasPhp)('edu mock:token and PHP\'s json_decode agree', () => {
	it.each([
		['a BOM', '\uFEFF{"token": {"a": "1"}}\n'],
		['a lone surrogate', '{"token": {"a": "\\ud800"}}'],
		['a lone low surrogate', '{"token": {}, "n": "\\udfff"}'],
		['a trailing comma', '{"token": {"a": "1"},}'],
		['a single-quoted string', "{'token': {}}"],
		['a comment', '{"token": {} /* x */}'],
		['NaN', '{"token": {}, "n": NaN}'],
		['a leading zero', '{"token": {}, "n": 01}'],
		['a vertical tab as space', '{"token": {}\u000b}'],
		['a raw control character in a string', '{"token": {"a": "x\u0001"}}'],
	])('%s: PHP refuses it, so does edu (line:col), and the file is byte-identical', async (_label, content) => {
		const root = project(content);
		expect(phpTokens(path.join(root, file))).toBeNull();
		const before = snapshotTree(root);
		const result = await token(root, ['b']);
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(new RegExp(`^${file.replaceAll('.', '\\.')}:\\d+:\\d+: `));
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['no file', undefined],
		['an empty object', '{}'],
		['a surrogate pair', '{"token": {"a": "\\ud83d\\ude00"}, "n": "\\uD83D\\uDE00"}\n'],
		['an empty key', '{"": 1, "token": {"a": "1"}}'],
		['CRLF and tabs', '{\r\n\t"token": {\r\n\t\t"a": "1"\r\n\t}\r\n}\r\n'],
		['escapes', '{"token": {"a": "\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"}}'],
	])('%s: edu adds the token and PHP reads every token back', async (_label, content) => {
		const root = project(content);
		const before = content === undefined ? {} : phpTokens(path.join(root, file));
		expect(before).not.toBeNull();
		const result = await token(root, ['b']);
		expect(result.exitCode, result.stderr).toBe(0);
		const value = /Authorization: (\S+)/.exec(result.stdout)?.[1];
		expect(phpTokens(path.join(root, file))).toEqual({...before, b: value});
	});
});
