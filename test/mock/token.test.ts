// edu mock:token on missing, valid and invalid var/api/configData.json files.
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/main.js';
import {findJsonProblem} from '../../source/mock/json-check.js';
import {newToken} from '../../source/mock/token-store.js';
import {captureIo} from '../helpers/io.js';
import {runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const posix = process.platform !== 'win32';
const file = 'var/api/configData.json';
const urlSafe = /^[A-Za-z0-9_-]{32,}$/;

async function token(root: string, args: readonly string[]) {
	const io = captureIo(root);
	const exitCode = await main(['mock:token', ...args], io);
	return {exitCode, stdout: io.out(), stderr: io.err()};
}

function project(content?: string): string {
	const root = tempProject();
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
	it('creates the file and its folders when missing, mode 0600, and says how to send the token', async () => {
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
			'Send it in the Authorization request header, as the mock API expects:',
			`  Authorization: ${value}`,
			`  curl -H "Authorization: ${value}" http://localhost:9042/api/…`,
			'',
		].join('\n'));
		expect(readFileSync(path.join(root, file), 'utf8')).toBe(`{\n  "token": {\n    "default": "${value}"\n  }\n}\n`);
		if (posix) expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o600);
	});

	it('adds a named token to a valid file, keeping every other key, its order and its indentation', async () => {
		const before = '{\n    "database": {"path": "sqlite/app.db.sqlite"},\n    "token": {\n        "default": "keep-me"\n    },\n    "debug": false\n}\n';
		const root = project(before);
		const result = await token(root, ['teacher']);
		expect(result.exitCode).toBe(0);
		const data = read(root) as {token: Record<string, string>};
		expect(Object.keys(data)).toEqual(['database', 'token', 'debug']);
		expect(data).toMatchObject({database: {path: 'sqlite/app.db.sqlite'}, debug: false, token: {default: 'keep-me'}});
		expect(Object.keys(data.token)).toEqual(['default', 'teacher']);
		expect(readFileSync(path.join(root, file), 'utf8')).toBe(
			`{\n    "database": {\n        "path": "sqlite/app.db.sqlite"\n    },\n    "token": {\n        "default": "keep-me",\n        "teacher": "${data.token['teacher']}"\n    },\n    "debug": false\n}\n`,
		);
		if (posix) expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o600);
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
		expect(forced.stdout).toMatch(/^Replaced token "default" in var\/api\/configData\.json:\n/);
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
		['{"token": "abc"}', `${file}: "token" should be an object of name → token, found "abc".`],
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
		expect(result.stdout).toMatch(/^Added token "ci" in \.\.\/\.\.\/var\/api\/configData\.json \(new file\):\n/);
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
		expect(await token(root, ['my token'])).toEqual({exitCode: 2, stdout: '', stderr: 'Token name "my token" is not allowed: use 1 to 64 letters, digits, "_", "-" or ".".\n'});
		expect(snapshotTree(root)).toEqual({});
	});

	it('through the built binary', async () => {
		const root = project('{"token": {"default": "abc"}}\n');
		const result = await runEdu(['mock:token', 'student'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const value = (read(root) as {token: Record<string, string>}).token['student'];
		expect(value).toMatch(urlSafe);
		expect(result.stdout).toContain(`Authorization: ${value}`);
		const refused = await runEdu(['mock:token', 'student'], {cwd: root});
		expect(refused).toEqual({exitCode: 1, stdout: '', stderr: `Token "student" already exists in ${file}: pass --force to replace it, or give another name (edu mock:token other-name).\n`});
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
