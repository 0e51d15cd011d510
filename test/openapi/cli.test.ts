// edu openapi end to end: the built binary in temp copies of fixture projects, and main() in-process.
import {existsSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/main.js';
import {buildDocument} from '../../source/openapi/document/build-document.js';
import {parseAll, type ParseResult} from '../../source/openapi/php/parse-pool.js';
import type {PhpFileFacts} from '../../source/openapi/php/php-file.js';
import {listPhpFiles} from '../../source/openapi/php/scan.js';
import {captureIo} from '../helpers/io.js';
import {hasPhp, symfonyYamlParse} from '../helpers/php.js';
import {readProjectFile, repoRoot, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';
import {expectValidOpenApi} from './validate.js';

type Document = Record<string, any>;

/** The worker module of the bundle (test/helpers/bundle-setup.ts rebuilds it before every run). */
const bundledWorker = pathToFileURL(path.join(repoRoot, 'dist', 'bin', 'parse-worker.js'));

describe('the done-when project: Info/Server, GET+POST on one method, inline and method-level responses, a {id} parameter', () => {
	it('writes a valid public/openapi.yaml with exactly the expected operations, parameters and responses', async () => {
		const root = tempProject('openapi/project');
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result).toEqual({
			exitCode: 0,
			stdout: 'File : ./public/openapi.yaml\nOperations : 3 on 2 paths (3 PHP files read)\n[OK] OpenAPI specification successfully generated\n',
			stderr: '',
		});
		const text = readProjectFile(root, 'public/openapi.yaml');
		const document = parse(text) as Document;
		await expectValidOpenApi(text);
		expect(document['info']).toEqual({title: 'My First API', version: '0.1'});
		expect(document['servers']).toEqual([{url: 'http://localhost:8042', description: 'php -S (edu start)'}]);
		const operations = Object.entries(document['paths'] as Document).flatMap(([uri, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${uri}`));
		expect(operations).toEqual(['GET /api/ville', 'POST /api/ville', 'GET /api/ville/{id}']);
		const ville = document['paths']['/api/ville'];
		expect(Object.keys(ville.get.responses)).toEqual(['200']);
		expect(Object.keys(ville.post.responses)).toEqual(['200', '201']);
		expect(ville.post.responses['201']).toEqual({description: 'La ville créée'});
		expect(ville.get.parameters).toBeUndefined();
		const byId = document['paths']['/api/ville/{id}'];
		expect(byId.get.parameters).toEqual([{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]);
		expect(byId.get.responses).toEqual({
			200: {description: 'Une ville'},
			404: {description: 'Ville inconnue', content: {'application/json': {schema: {properties: {erreur: {type: 'string'}}, type: 'object'}}}},
		});
		// Response codes are strings in the file.
		expect(text).toContain("'200':");
		if (hasPhp) expect(symfonyYamlParse(text)).toMatchObject({openapi: '3.0.0', info: {title: 'My First API', version: '0.1'}});
	});

	it('replaces an existing file atomically and leaves no temp file behind', async () => {
		const root = tempProject('openapi/project');
		mkdirSync(path.join(root, 'public'));
		writeFileSync(path.join(root, 'public/openapi.yaml'), 'old: content\n');
		expect((await runEdu(['openapi'], {cwd: root})).exitCode).toBe(0);
		expect(readProjectFile(root, 'public/openapi.yaml')).toMatch(/^openapi: 3\.0\.0\n/);
		expect(readdirSync(path.join(root, 'public'))).toEqual(['openapi.yaml']);
	});
});

describe('controllers written by edu make:api', () => {
	it('documents the default, resource and upload templates and --uri path parameters, valid and agreeing with routes.yaml', async () => {
		const root = tempProject('empty');
		for (const args of [
			['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string:255,code_postal:string:10,nombre_habitant:int', '--table', 'ville'],
			['make:api', 'fichier', '--template', 'upload'],
			['make:api', 'MyUserTest', '--methods', 'GET,POST,DELETE', '--uri', '/api/user/{id}'],
			['make:api', 'hello'],
		]) {
			const made = await runEdu([...args, '--yes'], {cwd: root});
			expect(made.exitCode, made.stderr).toBe(0);
		}
		const result = await runEdu(['openapi', '--json'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		const report = JSON.parse(result.stdout) as Document;
		expect(report['warnings']).toEqual([]);
		const document = parse(readProjectFile(root, 'public/openapi.yaml')) as Document;
		await expectValidOpenApi(document);
		expect(Object.keys(document['paths'])).toEqual(['/api/fichier', '/api/hello', '/api/user/{id}', '/api/ville', '/api/ville/{id}']);
		expect(Object.keys(document['paths']['/api/user/{id}'])).toEqual(['get', 'post', 'delete']);
		for (const method of ['get', 'post', 'delete']) {
			expect(document['paths']['/api/user/{id}'][method].parameters).toEqual([{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]);
		}
		// The resource template's inline responses and request body.
		expect(Object.keys(document['paths']['/api/ville/{id}'])).toEqual(['get', 'put', 'delete']);
		for (const method of ['get', 'put', 'delete']) {
			expect(document['paths']['/api/ville/{id}'][method].parameters).toEqual([{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]);
		}
		expect(Object.keys(document['paths']['/api/ville/{id}'].get.responses)).toEqual(['200', '404', '500']);
		expect(Object.keys(document['paths']['/api/ville/{id}'].put.responses)).toEqual(['200', '400', '404', '500']);
		expect(Object.keys(document['paths']['/api/ville/{id}'].delete.responses)).toEqual(['204', '404', '500']);
		expect(document['paths']['/api/ville'].post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['nom', 'code_postal', 'nombre_habitant']);
		const routes = await runEdu(['routes', '--check'], {cwd: root});
		expect(routes.exitCode, routes.stdout).toBe(0);
	});
});

describe('options', () => {
	it('--stdout prints the YAML and writes nothing', async () => {
		const root = tempProject('openapi/project');
		const before = snapshotTree(root);
		const result = await runEdu(['openapi', '--stdout'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toMatch(/^openapi: 3\.0\.0\ninfo:\n {2}title: My First API\n/);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--out writes another file, folders included; --cwd finds the project from elsewhere', async () => {
		const root = tempProject('openapi/project');
		const result = await runEdu(['openapi', '--out', 'docs/api/spec.yaml', '--cwd', root], {cwd: path.dirname(root)});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(result.stdout).toContain('File : ./docs/api/spec.yaml');
		expect(existsSync(path.join(root, 'public/openapi.yaml'))).toBe(false);
		await expectValidOpenApi(readProjectFile(root, 'docs/api/spec.yaml'));
	});

	it('--out outside the project is refused and nothing is written', async () => {
		const root = tempProject('openapi/project');
		const before = snapshotTree(root);
		const result = await runEdu(['openapi', '--out', '../elsewhere.yaml'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^Refusing to write \.\.\/elsewhere\.yaml: --out must name a file inside the project/);
		expect(existsSync(path.join(root, '..', 'elsewhere.yaml'))).toBe(false);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--json reports counts and warnings with their positions', async () => {
		const root = tempProject('openapi/warnings');
		const io = captureIo(root);
		expect(await main(['openapi', '--json'], io)).toBe(0);
		const report = JSON.parse(io.out()) as Document;
		expect(report).toMatchObject({ok: true, out: 'public/openapi.yaml', written: true, files: 2, paths: 2, operations: 2});
		expect(report['warnings'][0]).toEqual({
			file: 'app/Controller/api/BrokenController.php',
			line: 9,
			col: 50,
			message: 'Get: the class Controller\\api\\Ailleurs is not among the files read, so TAG is unknown; tags is left out',
		});
		expect(io.err()).toBe('');
	});

	it('--json --stdout carries the document itself', async () => {
		const root = tempProject('openapi/project');
		const io = captureIo(root);
		expect(await main(['openapi', '--json', '--stdout'], io)).toBe(0);
		const report = JSON.parse(io.out()) as Document;
		expect(report).toMatchObject({ok: true, out: null, written: false});
		await expectValidOpenApi(report['document']);
		expect(existsSync(path.join(root, 'public/openapi.yaml'))).toBe(false);
	});

	it('warnings go to stderr in text mode, the file is still written', async () => {
		const root = tempProject('openapi/warnings');
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stderr.split('\n')[0]).toBe('Warning: app/Controller/api/BrokenController.php:9:50: Get: the class Controller\\api\\Ailleurs is not among the files read, so TAG is unknown; tags is left out');
		expect(result.stdout).toContain('[OK] OpenAPI specification successfully generated (9 warnings above)');
	});

	it('--help shows the examples', async () => {
		const io = captureIo(process.cwd());
		expect(await main(['openapi', '--help'], io)).toBe(0);
		expect(io.out()).toContain('$ edu openapi --stdout');
		expect(io.out()).toContain('--out <file>');
	});
});

describe('failures write nothing', () => {
	it('a PHP syntax error: file:line:col on stderr, exit 1, the old file kept byte for byte', async () => {
		const root = tempProject('openapi/syntax-error');
		const before = snapshotTree(root);
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result).toEqual({
			exitCode: 1,
			stdout: '',
			stderr: "app/Controller/api/VilleController.php:9:40: syntax error, unexpected ']', expecting ')'\npublic/openapi.yaml was not written.\n",
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a syntax error with --json: ok false and the error list', async () => {
		const root = tempProject('openapi/syntax-error');
		const result = await runEdu(['openapi', '--json'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(JSON.parse(result.stdout)).toEqual({
			ok: false,
			error: {code: 'BAD_PROJECT_FILE', message: "app/Controller/api/VilleController.php:9:40: syntax error, unexpected ']', expecting ')'"},
			errors: [{file: 'app/Controller/api/VilleController.php', line: 9, col: 40, message: "syntax error, unexpected ']', expecting ')'"}],
			warnings: [],
		});
	});

	it('a function call in an attribute, as PHP refuses it', async () => {
		const root = tempProject('openapi/not-constant');
		const before = snapshotTree(root);
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('app/Controller/api/VilleController.php:11:55: attribute arguments must be constant expressions; a function call is not one\npublic/openapi.yaml was not written.\n');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('no app/Controller/api folder', async () => {
		const root = tempProject('empty');
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('app/Controller/api: no such folder, so there is nothing to document. Create an API controller with: edu make:api <name>\n');
		expect(existsSync(path.join(root, 'public'))).toBe(false);
	});

	it('a target it cannot replace: one line, exit 1, no temp file left, nothing else touched', async () => {
		const root = tempProject('openapi/project');
		// A folder where the file should go: renaming onto it fails, for root too.
		mkdirSync(path.join(root, 'public/openapi.yaml'), {recursive: true});
		writeFileSync(path.join(root, 'public/openapi.yaml/keep.txt'), 'mine\n');
		const before = snapshotTree(root);
		const result = await runEdu(['openapi'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^Cannot write public\/openapi\.yaml \((EISDIR|ENOTEMPTY|EEXIST|EPERM): .*\); it was left as it was\.\n$/);
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('large projects: files parsed in worker threads give the same document', () => {
	it('250 controllers, with a syntax error among them, on this thread and on 3 workers', async () => {
		const root = tempProject('openapi/project');
		const template = readProjectFile(root, 'app/Controller/api/VilleByIdController.php');
		for (let index = 0; index < 250; index++) {
			const text = template.replaceAll('VilleByIdController', `Ville${index}Controller`).replaceAll('/api/ville/{id}', `/api/ville${index}/{id}`);
			writeFileSync(path.join(root, `app/Controller/api/Ville${index}Controller.php`), index === 137 ? text.replace("schema: new", "schema: new new") : text);
		}
		const files = listPhpFiles(root)!;
		expect(files).toHaveLength(253);
		const here = await parseAll(root, files, {workerUrl: undefined});
		const workers = await parseAll(root, files, {threads: 3, workerUrl: bundledWorker});
		// Results that came back from a worker thread: their syntax nodes keep only where they start.
		const firstArgument = (result: ParseResult) => ('kind' in result ? undefined : result.classes[0]?.methods[0]?.attributes[0]?.args[0]);
		for (const index of ['Ville0', 'Ville200', 'Ville'].map((name) => files.indexOf(`app/Controller/api/${name}Controller.php`))) {
			expect(Object.keys(firstArgument(workers[index]!)!.loc!)).toEqual(['start']);
			expect(Object.keys(firstArgument(here[index]!)!.loc!)).toContain('end');
		}
		const errors = (results: ParseResult[]) => results.filter((result) => 'kind' in result);
		expect(errors(workers)).toEqual(errors(here));
		expect(errors(here).map((error) => 'kind' in error && `${error.site.file}:${error.site.line}`)).toEqual(['app/Controller/api/Ville137Controller.php:16']);
		const facts = (results: ParseResult[]) => results.filter((result) => !('kind' in result)) as PhpFileFacts[];
		const sequential = buildDocument(facts(here));
		const parallel = buildDocument(facts(workers));
		expect(parallel.document).toEqual(sequential.document);
		expect(parallel.operations).toEqual(sequential.operations);
		expect(parallel.diagnostics.all).toEqual(sequential.diagnostics.all);
		expect(Object.keys(sequential.document['paths'] as object)).toHaveLength(251);
	});
});
