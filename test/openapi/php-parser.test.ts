// php-parser as edu uses it: inputs that once made its lexer spin forever now end at once with
// file:line:col, large classes parse in linear time, and constants that double in size are a
// located error. Parsed through the worker pool with a budget, so a regression fails instead of
// hanging the suite.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {writeOpenApi, GenerateError} from '../../source/openapi/generate.js';
import {parseAll, type ParseResult} from '../../source/php/parse-pool.js';
import {repoRoot, tempProject} from '../helpers/temp-project.js';

const bundledWorker = pathToFileURL(path.join(repoRoot, 'dist', 'bin', 'parse-worker.js'));

async function parseTexts(texts: readonly string[], budgetMs = 3000): Promise<{results: ParseResult[]}> {
	const root = tempProject();
	const files = texts.map((_, index) => `case${index}.php`);
	texts.forEach((text, index) => writeFileSync(path.join(root, files[index]!), text));
	return {results: await parseAll(root, files, {threads: 2, budgetMs, workerUrl: bundledWorker})};
}

const cut = (line: number, col: number, message: string) => ({line, col, message});

describe('inputs that made php-parser spin forever', () => {
	const cases: Array<[string, string, ReturnType<typeof cut>]> = [
		['half-written attribute', '<?php\nclass A { #[X(\n', cut(3, 1, 'syntax error, unexpected end of file')],
		['whitespace inside an unclosed #[', '<?php\nclass A { #[X( \t ', cut(2, 18, 'syntax error, unexpected end of file')],
		['CRLF inside an unclosed #[', '<?php\nclass A {\r\n #[\r\n', cut(4, 1, "syntax error, unexpected end of file, expecting ']'")],
		['unclosed #[ at the very end', '<?php\n#[', cut(2, 3, "syntax error, unexpected end of file, expecting ']'")],
		['enum', '<?php\nenum', cut(2, 5, 'syntax error, unexpected end of file')],
		['ENUM in capitals', '<?php\nENUM', cut(2, 5, 'syntax error, unexpected end of file')],
		['enum and a space', '<?php\nenum ', cut(2, 6, 'syntax error, unexpected end of file')],
		['enum Name', '<?php\nenum Status', cut(2, 12, "syntax error, unexpected end of file, expecting '{'")],
		['eNuM Name', '<?php\neNuM Status', cut(2, 12, "syntax error, unexpected end of file, expecting '{'")],
		['Foo::enum(', '<?php\n$a = Foo::enum(', cut(2, 16, "syntax error, unexpected end of file")],
	];
	it.each(cases)('%s: a located syntax error at once', async (_, text, {line, col, message}) => {
		// A hang would come back as 'could not be parsed in 3 s'.
		const {results} = await parseTexts([text]);
		expect(results).toEqual([{kind: 'syntax-error', site: {file: 'case0.php', line, col}, message}]);
	});

	it('Foo::enum at the very end is a complete statement', async () => {
		const {results} = await parseTexts(['<?php\n$a = Foo::enum', '<?php\n$a = Foo::ENUM ']);
		expect(results).toEqual([{file: 'case0.php', classes: [], constants: []}, {file: 'case1.php', classes: [], constants: []}]);
	});

	it('the same words in valid PHP still read as before', async () => {
		const {results} = await parseTexts([
			'<?php\nenum Status: string { case Open = \'open\'; }\n$a = Foo::enum;\nclass enum_like {}\nclass B extends enum {}\n#[X( 1 , 2 )]\nclass C {}\n',
		]);
		const [facts] = results;
		expect(facts && !('kind' in facts) && facts.classes.map((entry) => `${entry.kind} ${entry.name}`)).toEqual(['enum Status', 'class enum_like', 'class B', 'class C']);
	});
});

describe('sizes', () => {
	it('a class and an interface of 40,000 constants each parse in linear time', async () => {
		const body = Array.from({length: 40_000}, (_, index) => `    const C${index} = ${index};`).join('\n');
		// Quadratic joining took 30 s here on an idle machine; linear, about 1 s (more under load).
		const {results} = await parseTexts([`<?php\nclass Big {\n${body}\n}\ninterface Wide {\n${body}\n}\n`], 25_000);
		const [facts] = results;
		expect(facts && !('kind' in facts) && facts.classes.map((entry) => entry.constants.size)).toEqual([40_000, 40_000]);
	}, 60_000);

	it('5,000 imports and 5,000 classes in one file: the imports are kept once, not once per class', async () => {
		const uses = Array.from({length: 5000}, (_, index) => `use Vendor\\Lib\\Thing${index};`).join('\n');
		const classes = Array.from({length: 5000}, (_, index) => `class C${index} {}`).join('\n');
		const {results} = await parseTexts([`<?php\nnamespace App;\n${uses}\n${classes}\n`], 10_000);
		const [facts] = results;
		expect(facts && !('kind' in facts) && facts.classes.length).toBe(5000);
		expect(facts && !('kind' in facts) && facts.classes[4999]!.scope.classes.get('thing4999')).toBe('Vendor\\Lib\\Thing4999');
	});

	it('brackets nested 5,000 deep: a one-line error, not a crash', async () => {
		const {results} = await parseTexts([`<?php\nconst S = ${'['.repeat(5000)}${']'.repeat(5000)};\n`]);
		expect(results).toEqual([{kind: 'syntax-error', site: {file: 'case0.php', line: 1, col: 1}, message: 'cannot be parsed: its expressions are nested too deeply'}]);
	});

	it('constants that double a string, an array or a nested value: a located error each', async () => {
		const root = tempProject('openapi/project');
		const lines = ['<?php', 'namespace Controller\\api;', 'use OpenApi\\Attributes;', "const S0 = 'ab';"];
		for (let index = 1; index <= 44; index++) lines.push(`const S${index} = S${index - 1} . S${index - 1};`);
		lines.push('const L0 = [1, 2];');
		for (let index = 1; index <= 44; index++) lines.push(`const L${index} = [...L${index - 1}, ...L${index - 1}];`);
		lines.push('const N0 = [1, 2];');
		for (let index = 1; index <= 44; index++) lines.push(`const N${index} = [N${index - 1}, N${index - 1}];`);
		lines.push(
			'class DoubleController {',
			"    #[Attributes\\Get(path: '/api/double', description: S44)]",
			"    #[Attributes\\Response(response: '200', description: 'ok', content: new Attributes\\JsonContent(example: L44))]",
			"    #[Attributes\\Response(response: '201', description: 'ok', content: new Attributes\\JsonContent(example: N44))]",
			'    public function execute() {}',
			'}',
		);
		mkdirSync(path.join(root, 'app/Controller/api'), {recursive: true});
		writeFileSync(path.join(root, 'app/Controller/api/DoubleController.php'), `${lines.join('\n')}\n`);
		const error = await writeOpenApi({root, write: false}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(GenerateError);
		expect((error as GenerateError).message.split('\n')).toEqual([
			'app/Controller/api/DoubleController.php:23:13: this string would be 1048576 characters long; edu reads strings up to 1000000',
			'app/Controller/api/DoubleController.php:65:22: this array has more than 100000 entries; edu reads arrays up to that size',
			'app/Controller/api/DoubleController.php:142:72: JsonContent: example: this value expands to more than 200000 values (nested constants repeat each other); edu stops there',
			'public/openapi.yaml was not written.',
		]);
	});
});
