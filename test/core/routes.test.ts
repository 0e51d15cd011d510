import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {appendRoutes, verifyAppended} from '../../source/project/routes-yaml/append.js';
import {composeRoutes, parseRoutes, type NewRoute, type RoutesFile} from '../../source/project/routes-yaml/routes.js';
import {hasPhp, symfonyYamlParse} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';

const ville: NewRoute = {name: 'api_ville', uri: '/api/ville', controller: 'Controller\\api\\VilleController', methods: ['GET']};
const byId: NewRoute = {name: 'api_ville-by-id', uri: '/api/ville/{id}', controller: 'Controller\\api\\VilleByIdController', methods: ['GET', 'POST']};

function parsed(text: string): RoutesFile {
	const result = parseRoutes(text);
	if ('code' in result) throw new Error(result.message);
	return result;
}

function appended(text: string, routes: NewRoute[] = [ville]): string {
	const result = appendRoutes(parsed(text), routes);
	if (typeof result !== 'string') throw new Error(result.message);
	return result;
}

const fixture = (name: string): string => readFileSync(path.join(fixturesDir, name, 'app/Config/routes.yaml'), 'utf8');

describe('appending keeps every existing byte', () => {
	it.each(['sample', 'comments', 'crlf'])('fixtures/%s: the old text is a prefix of the new one', (name) => {
		const before = fixture(name);
		const after = appended(before, [ville, byId]);
		const kept = before.endsWith('\n') ? before : before + (before.includes('\r\n') ? '\r\n' : '\n');
		expect(after.startsWith(kept)).toBe(true);
	});

	it('uses the file indentation (two spaces) and adds the missing final newline', () => {
		const after = appended(fixture('comments'));
		expect(after).toContain('# end of file, no final newline\n\napi_ville:\n  uri: /api/ville\n  controller: Controller\\api\\VilleController\n  httpMethod: [GET]\n');
	});

	it('writes a list of methods as the file does: [GET,POST] in the 2.3 skeleton\'s, [GET, POST] where no list says', () => {
		expect(appended(fixture('skeleton'), [byId])).toMatch(/api_ville-by-id:\n {4}uri: '\/api\/ville\/\{id\}'\n {4}controller: Controller\\api\\VilleByIdController\n {4}httpMethod: \[GET,POST\]\n$/);
		expect(appended(fixture('sample'), [byId])).toMatch(/httpMethod: \[GET, POST\]\n$/);
		expect(appended('a:\n    uri: /a\n    controller: A\n    httpMethod: [GET , POST]\n', [byId])).toMatch(/httpMethod: \[GET, POST\]\n$/);
	});

	it('keeps CRLF line endings', () => {
		const after = appended(fixture('crlf'));
		expect(after.endsWith('api_ville:\r\n    uri: /api/ville\r\n    controller: Controller\\api\\VilleController\r\n    httpMethod: [GET]\r\n')).toBe(true);
		expect(after.replace(/\r\n/g, '')).not.toContain('\n');
	});

	it('ends a CRLF file that has no final newline with CRLF, not LF, before the new route', () => {
		const before = fixture('crlf').replace(/(\r\n)+$/, '');
		expect(before.endsWith('\n')).toBe(false);
		const after = appended(before);
		expect(after.startsWith(`${before}\r\n`)).toBe(true);
		expect(after.replace(/\r\n/g, '')).not.toContain('\n');
	});

	it('separates entries by a blank line when the file does', () => {
		expect(appended(fixture('sample'))).toMatch(/httpMethod: \[GET\]\n\napi_ville:\n/);
		expect(appended(fixture('crlf'))).toMatch(/httpMethod: \[GET\]\r\napi_ville:\r\n/);
	});

	it('defaults to four spaces for an empty or missing file', () => {
		expect(appended('')).toBe('api_ville:\n    uri: /api/ville\n    controller: Controller\\api\\VilleController\n    httpMethod: [GET]\n');
		expect(appended('# no routes yet\n')).toBe('# no routes yet\napi_ville:\n    uri: /api/ville\n    controller: Controller\\api\\VilleController\n    httpMethod: [GET]\n');
	});

	it('single-quotes URIs with a path parameter and lists methods in flow style', () => {
		expect(appended('', [byId])).toContain("    uri: '/api/ville/{id}'\n    controller: Controller\\api\\VilleByIdController\n    httpMethod: [GET, POST]\n");
	});
});

describe('appending is refused rather than risky', () => {
	it.each([
		// Symfony YAML refuses a `...` there: refused when read, as by Symfony.
		['a document end marker', 'home:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n...\n', 'app/Config/routes.yaml:5:1: a document end marker'],
		['--- and a final document end marker', '---\nhome:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n...\n', 'it ends with "..."'],
		['a second document', 'home:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n---\nother: 1\n', 'app/Config/routes.yaml:'],
		['indented routes', '  home:\n    uri: /\n    controller: A\n    httpMethod: [GET]\n', 'indented'],
		['~ alone, as Symfony YAML writes no routes', '~\n', 'app/Config/routes.yaml: cannot append a route: it holds only ~ (line 1, column 1), the empty value that Symfony YAML reads as no routes, and no route can follow it: delete it (an empty file is fine) and run edu again; the file was left unchanged'],
		['null after a comment', '# none yet\nnull\n', 'it holds only null (line 2, column 1)'],
		['{} alone', '{}\n', 'it holds only {} (line 1, column 1)'],
	])('%s', (_label, text, reason) => {
		const file = parseRoutes(text);
		const result = 'code' in file ? file : appendRoutes(file, [ville]);
		expect(result).toMatchObject({code: 'BAD_PROJECT_FILE'});
		expect((result as {message: string}).message).toContain(reason);
	});

	it.each(['~\n', 'null', '# none yet\n{}\n'])('%j reads as no routes (edu routes lists none), as Symfony YAML reads it', (text) => {
		expect(parsed(text).entries).toEqual([]);
	});

	it('verifyAppended accepts the append and rejects a text that changes an old route', () => {
		const file = parsed(fixture('sample'));
		const text = appended(fixture('sample'));
		expect(verifyAppended(file, text, [ville])).toBeUndefined();
		expect(verifyAppended(file, text.replace('uri: /\n', 'uri: /home\n'), [ville])).toMatchObject({code: 'BAD_PROJECT_FILE'});
		// The last old route is re-read with the new ones: a change to it is caught too.
		expect(verifyAppended(file, text.replace("uri: '/api/hello'", "uri: '/api/hi'"), [ville])).toMatchObject({code: 'BAD_PROJECT_FILE'});
		expect(verifyAppended(file, text.replace('api_ville:\n    uri: /api/ville', 'api_ville:\n    uri: /api/villes'), [ville])).toMatchObject({code: 'BAD_PROJECT_FILE'});
	});
});

describe('reading routes.yaml', () => {
	it('indexes names and method+URI pairs, whatever the quoting and list style', () => {
		const file = parsed(fixture('comments'));
		expect(file.entries.map((entry) => [entry.name, entry.uri, entry.methods])).toEqual([
			['home', '/', ['GET']],
			['api_ville_by_id', '/api/ville/{id}', ['GET']],
			['contact', '/contact', ['GET', 'POST']],
		]);
		expect(file.serving('POST', '/contact')?.name).toBe('contact');
		expect(file.serving('get', '/api/ville/{code}')?.name).toBe('api_ville_by_id');
	});

	it.each([
		['home:\n    uri: /\n  bad: [\n', 'app/Config/routes.yaml:3:'],
		['home:\n    uri: /\n    uri: /x\n    controller: A\n    httpMethod: [GET]\n', 'app/Config/routes.yaml:3:5: route "home": duplicate key uri'],
		['home:\n    uri: /\n    controller: A\n    httpMethod: [GET]\nhome:\n    uri: /x\n    controller: B\n    httpMethod: [GET]\n', 'app/Config/routes.yaml:5:1: duplicate key: home'],
		['- home\n- about\n', 'app/Config/routes.yaml:1:1: the top level must be a mapping'],
		['home: /\n', 'app/Config/routes.yaml:1:7: route "home" must be a mapping'],
		['home:\n    controller: A\n    httpMethod: [GET]\n', 'app/Config/routes.yaml:1:1: route "home" has no "uri"'],
		['home:\n    uri: /\n    httpMethod: [GET]\n', 'app/Config/routes.yaml:1:1: route "home" has no "controller"'],
		['home:\n    uri: /\n    controller: A\n', 'app/Config/routes.yaml:1:1: route "home" has no "httpMethod"'],
		['home:\n    uri: /\n    controller: A\n    httpMethod: {a: 1}\n', 'app/Config/routes.yaml:4:17: route "home": httpMethod must be a list'],
		['{home: {uri: /, controller: A, httpMethod: [GET]}}\n', 'flow mapping'],
		['ho\0me: x\n', 'app/Config/routes.yaml:1:3: not a text file'],
	])('refuses %j with %s', (text, expected) => {
		const result = parseRoutes(text);
		expect(result).toMatchObject({code: 'BAD_PROJECT_FILE'});
		expect((result as {message: string}).message).toContain(expected);
	});

	it('finds a route by its method and URI on a large file as the full parse does, the first one when two serve it', () => {
		const routes = Array.from({length: 300}, (_, index) => [
			`api_item${index}:`,
			`    uri: ${index % 3 === 0 ? `'/api/item${index}/{id}'` : `/api/item${index}`}`,
			'    controller: Controller\\api\\ItemController',
			`    httpMethod: ${index % 4 === 0 ? '[GET, POST]' : '[GET]'}`,
		].join('\n'));
		// A second route on the URI of an earlier one, and one in a block list further down.
		routes.push("api_again:\n    uri: /api/item7\n    controller: C\n    httpMethod: [GET]");
		routes.push('api_listed:\n    uri: "/api/listed"\n    controller: C\n    httpMethod:\n      - PUT');
		const text = `# Items\n${routes.join('\n\n')}\n`;
		const fast = parsed(text);
		const full = composeRoutes(text);
		if ('code' in full) throw new Error(full.message);
		const queries = [
			['GET', '/api/item7'], ['GET', '/api/item70'], ['POST', '/api/item8'], ['POST', '/api/item9'], ['GET', '/api/item3/{code}'],
			['GET', '/api/item3'], ['PUT', '/api/listed'], ['GET', '/api/listed'], ['GET', '/api/i'], ['GET', '/api/item'], ['GET', '/api/item299'],
		] as const;
		for (const [method, uri] of queries) {
			expect(fast.serving(method, uri)?.name, `${method} ${uri}`).toBe(full.serving(method, uri)?.name);
		}
		expect(fast.serving('GET', '/api/item7')).toMatchObject({name: 'api_item7', line: 2 + 7 * 5});
		expect(fast.serving('post', '/api/item12/{code}')?.name).toBe('api_item12');
		expect(fast.serving('POST', '/api/item3/{id}')).toBeUndefined();
		expect(fast.serving('PUT', '/api/listed')?.name).toBe('api_listed');
		expect(fast.serving('GET', '/api/item1')?.name).toBe('api_item1');
		// A prefix of many URIs is no URI: looked up in the index of every route.
		expect(fast.serving('GET', '/api/item')).toBeUndefined();
		expect(fast.clashes.map(([first, second]) => [first.name, second.name])).toEqual([['api_item7', 'api_again']]);
	});

	it('keeps each method as written: the router compares it with the request\'s exactly, so `get` serves no GET and clashes with no GET', () => {
		const text = 'home:\n    uri: /\n    controller: C\n    httpMethod: [get]\nlisted:\n    uri: /listed\n    controller: C\n    httpMethod:\n      - Post\nagain:\n    uri: /\n    controller: D\n    httpMethod: [GET]\n';
		const full = composeRoutes(text);
		if ('code' in full) throw new Error(full.message);
		for (const routes of [parsed(text), full]) {
			expect(routes.entries.map((entry) => entry.methods)).toEqual([['get'], ['Post'], ['GET']]);
			expect(routes.serving('GET', '/')?.name).toBe('again');
			expect(routes.serving('POST', '/listed')).toBeUndefined();
			expect(routes.clashes).toEqual([]);
		}
	});

	it('a second document (---) is said in Symfony YAML\'s terms, at its line', () => {
		const text = '---\nhome:\n    uri: /\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n---\nx: 1\n';
		expect(parseRoutes(text)).toMatchObject({code: 'BAD_PROJECT_FILE', message: 'app/Config/routes.yaml:6:1: a second YAML document starts here (---): this file must hold one; remove this line and put what follows with the rest'});
	});

	it('a list never closed at the end of the file is placed at the end of its line, not on a line after the file', () => {
		for (const end of ['\n', '\n\n', '']) {
			const text = `home:\n    uri: /\n    controller: Controller\\HomeController\n    httpMethod: [GET${end}`;
			expect(parseRoutes(text)).toMatchObject({code: 'BAD_PROJECT_FILE', message: expect.stringMatching(/^app\/Config\/routes\.yaml:4:21: /) as unknown});
		}
	});

	// Expanded, it would be 9^12 nodes: a parser that expands it never returns, and the test times out.
	it('refuses a YAML alias bomb without expanding it', () => {
		const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
		for (let index = 1; index < 12; index++) {
			const previous = String.fromCharCode(96 + index);
			const current = String.fromCharCode(97 + index);
			lines.push(`${current}: &${current} [${Array.from({length: 9}, () => `*${previous}`).join(',')}]`);
		}
		const result = parseRoutes(`${lines.join('\n')}\n`);
		expect(result).toMatchObject({code: 'BAD_PROJECT_FILE'});
	});
});

describe.skipIf(!hasPhp)('Symfony YAML (the framework parser) reads the result as intended', () => {
	it.each(['sample', 'comments', 'crlf'])('fixtures/%s plus two routes', (name) => {
		const before = fixture(name);
		const data = symfonyYamlParse(appended(before, [ville, byId])) as Record<string, unknown>;
		const original = symfonyYamlParse(before) as Record<string, unknown>;
		expect(data).toEqual({
			...original,
			api_ville: {uri: '/api/ville', controller: 'Controller\\api\\VilleController', httpMethod: ['GET']},
			'api_ville-by-id': {uri: '/api/ville/{id}', controller: 'Controller\\api\\VilleByIdController', httpMethod: ['GET', 'POST']},
		});
	});
});
