// Attribute arguments evaluated as PHP evaluates them: literals with their escapes, arrays with
// PHP's key rules, constants, `new`, operators; checked against expected values and, where PHP
// is installed, against PHP itself.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {toJson} from '../../source/openapi/document/arguments.js';
import {buildDocument} from '../../source/openapi/document/build-document.js';
import {Diagnostics} from '../../source/php/diagnostics.js';
import {EvaluationProblem, Evaluator} from '../../source/php/evaluate/evaluate.js';
import {readPhpFile, type PhpFileFacts} from '../../source/php/php-file.js';
import {constantCandidates, resolveClassName, type NameScope} from '../../source/php/php-names.js';
import {isPhpObject, type PhpValue} from '../../source/php/php-value.js';
import {hasPhp} from '../helpers/php.js';

function facts(source: string, file = 'app/Controller/api/T.php'): PhpFileFacts {
	const result = readPhpFile(source, file);
	if ('kind' in result) throw new Error(`${result.site.line}:${result.site.col}: ${result.message}`);
	return result;
}

/** Evaluates `expression` as the `value:` argument of an attribute on class T, with other files' classes available. */
function evaluate(expression: string, others: string[] = []): PhpValue {
	const file = facts(`<?php\nnamespace Controller\\api;\nclass T {\n  const LOCAL = 'local';\n  #[A(value: ${expression})]\n  function f() {}\n}\n`);
	const all = [file, ...others.map((source, index) => facts(source, `app/Controller/api/Other${index}.php`))];
	const classes = new Map(all.flatMap((entry) => entry.classes).map((entry) => [entry.name.toLowerCase(), entry]));
	const evaluator = new Evaluator({
		classNamed: (name) => classes.get(name.toLowerCase()),
		globalConstant: (name) => {
			const found = all.flatMap((entry) => entry.constants).find((constant) => constant.name === name);
			return found && {expression: found.expression, scope: found.scope, file: 'x.php'};
		},
	});
	const owner = file.classes[0]!;
	const argument = owner.methods[0]!.attributes[0]!.args[0]!;
	return evaluator.evaluate(argument['value'] as typeof argument, {file: owner.file, scope: owner.scope, currentClass: owner, table: evaluator.table});
}

function asJson(value: PhpValue): unknown {
	return toJson(value, {file: 'x', line: 1, col: 1}, new Diagnostics(), 'test');
}

/** Expressions and what PHP makes of them, as json_encode would print them. */
const literals: ReadonlyArray<readonly [string, unknown]> = [
	[String.raw`'it\'s a \\ and a \n'`, String.raw`it's a \ and a \n`],
	[String.raw`"tab\there\nnew line"`, 'tab\there\nnew line'],
	[String.raw`"\x41\101\u{1F600}\$\e\v\f\0"`, 'AA😀$\u001b\u000b\f\u0000'],
	[String.raw`"\xC3\xA9t\u{E9}"`, 'été'],
	[String.raw`"unknown \q escape"`, String.raw`unknown \q escape`],
	['0x1F', 31],
	['0o17', 15],
	['017', 15],
	['0b101', 5],
	['1_000_000', 1000000],
	['1e3', 1000],
	['.5', 0.5],
	['-3', -3],
	['+2.5', 2.5],
	['true', true],
	['FALSE', false],
	['null', null],
	['NULL', null],
	["[1, 'a' => 2, 3]", {0: 1, a: 2, 1: 3}],
	["['x', 'y']", ['x', 'y']],
	["['1' => 'x', 1 => 'y']", {1: 'y'}],
	["[5 => 'a', 'b']", {5: 'a', 6: 'b'}],
	["[true => 'a', null => 'b', 1.7 => 'c']", {1: 'c', '': 'b'}],
	['[...[1, 2], 3]', [1, 2, 3]],
	["'a' . 'b' . 1 . true . null", 'ab11'],
	['2 ** 10', 1024],
	['7 % 3', 1],
	['10 / 4', 2.5],
	['(1 + 2) * 3 - 4', 5],
	['1 | 2 | 4', 7],
	["true ? 'yes' : 'no'", 'yes'],
	["0 ?: 'fallback'", 'fallback'],
	["null ?? 'default'", 'default'],
	['PHP_EOL', '\n'],
	['self::LOCAL', 'local'],
	['T::class', 'Controller\\api\\T'],
	['\\Other\\Thing::class', 'Other\\Thing'],
];

describe('literals and operators evaluate as PHP does', () => {
	it.each(literals)('%s', (expression, expected) => {
		expect(asJson(evaluate(expression))).toEqual(expected);
	});
});

describe.skipIf(!hasPhp)('the expected values are what PHP itself computes', () => {
	it('matches php -r for every expression of the table', () => {
		// One PHP run: each expression inside a class constant, so self:: and ::class work as in an attribute.
		const constants = literals.map(([expression], index) => `const E${index} = ${expression};`).join('\n');
		const script = `namespace Controller\\api; class T { const LOCAL = 'local';\n${constants}\n}
$out = []; foreach ((new \\ReflectionClass(T::class))->getConstants() as $name => $value) { if ($name !== 'LOCAL') $out[] = $value; }
echo json_encode($out, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE);`;
		const fromPhp = JSON.parse(execFileSync('php', ['-r', script], {encoding: 'utf8'})) as unknown[];
		expect(fromPhp).toEqual(literals.map(([, expected]) => expected));
	});
});

describe.skipIf(!hasPhp)('PHP itself refuses each of those attributes', () => {
	it.each(refused.map(([expression]) => expression))('php -l rejects #[A(value: %s)]', (expression) => {
		const folder = mkdtempSync(path.join(tmpdir(), 'edu-eval-'));
		const file = path.join(folder, 'T.php');
		writeFileSync(file, `<?php\nclass T {\n  #[A(value: ${expression})]\n  function f() {}\n}\n`);
		try {
			expect(() => execFileSync('php', ['-l', file], {stdio: 'pipe'})).toThrow();
		} finally {
			rmSync(folder, {recursive: true, force: true});
		}
	});
});

describe('constants from other classes and files', () => {
	const other = `<?php
namespace Controller\\api;
use Controller\\api\\Base as Parent_;
const GLOBAL_PREFIX = '/api';
class Base { const ROOT = GLOBAL_PREFIX . '/ville'; const SELF_REF = self::ROOT . '/{id}'; }
class Child extends Parent_ { const MINE = parent::ROOT . '/child'; const CYCLE_A = self::CYCLE_B; const CYCLE_B = self::CYCLE_A; }
`;

	it('reads a constant of another class, following self::, parent:: and namespace constants', () => {
		expect(evaluate('Base::SELF_REF', [other])).toBe('/api/ville/{id}');
		expect(evaluate('Child::MINE', [other])).toBe('/api/ville/child');
		expect(evaluate('Child::ROOT', [other])).toBe('/api/ville');
		expect(evaluate('\\Controller\\api\\Base::ROOT', [other])).toBe('/api/ville');
	});

	it('reports a constant it cannot see as unknown (a warning), not as an error', () => {
		expect(() => evaluate('Elsewhere::PATH')).toThrow(expect.objectContaining({severity: 'unknown', message: expect.stringContaining('Controller\\api\\Elsewhere')}));
		expect(() => evaluate('NOT_DEFINED')).toThrow(expect.objectContaining({severity: 'unknown'}));
		expect(() => evaluate('Base::NOPE', [other])).toThrow(expect.objectContaining({severity: 'unknown', message: expect.stringContaining('has no constant NOPE')}));
	});

	it('refuses a constant that refers to itself', () => {
		expect(() => evaluate('Child::CYCLE_A', [other])).toThrow(expect.objectContaining({severity: 'invalid', message: expect.stringContaining('refers to itself')}));
	});
});

const refused: ReadonlyArray<readonly [string, string, number, number]> = [
		['$variable', 'is a variable', 5, 14],
		["strtoupper('x')", 'a function call is not one', 5, 14],
		['"a {$b}"', 'a string with a variable', 5, 18],
		['$this->x', 'a property lookup', 5, 14],
		['fn() => 1', 'an arrow function', 5, 14],
		["(int) '42'", 'a cast such as (int)', 5, 14],
];

describe('what PHP refuses to compile in an attribute is an error with its position', () => {
	it.each(refused)('%s', (expression, message, line, col) => {
		try {
			evaluate(expression);
			expect.unreachable('no error');
		} catch (error) {
			expect(error).toBeInstanceOf(EvaluationProblem);
			const problem = error as EvaluationProblem;
			expect(problem.severity).toBe('invalid');
			expect(problem.message).toContain(message);
			expect([problem.site.line, problem.site.col]).toEqual([line, col]);
		}
	});
});

describe('new Attributes\\X(...) and argument forms', () => {
	it('keeps nested objects with their resolved class, positional and named arguments', () => {
		const value = evaluate("new Attributes\\Schema('#/components/schemas/Ville', type: 'object')");
		expect(isPhpObject(value)).toBe(true);
		if (!isPhpObject(value)) return;
		expect(value.className).toBe('Controller\\api\\Attributes\\Schema');
		expect(value.positional).toEqual(['#/components/schemas/Ville']);
		expect([...value.named]).toEqual([['type', 'object']]);
	});

	it('leaves out one unknown argument with a warning and keeps the others', () => {
		const file = facts(`<?php
namespace Controller\\api;
use OpenApi\\Attributes;
class V {
    #[Attributes\\Get(path: '/api/v', summary: Nowhere::SUMMARY)]
    #[Attributes\\Response(response: 200, description: 'ok')]
    function execute() {}
}
`);
		const info = facts("<?php\nnamespace Controller\\api;\nuse OpenApi\\Attributes;\n#[Attributes\\Info(title: 'T', version: '1')]\nclass openapi {}\n", 'app/Controller/api/openapi.php');
		const built = buildDocument([file, info]);
		expect(built.operations.map((operation) => operation.path)).toEqual(['/api/v']);
		const get = (built.document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/api/v']!['get']!;
		expect(get['summary']).toBeUndefined();
		expect(built.diagnostics.warnings.map((warning) => [warning.site.line, warning.message])).toEqual([
			[5, 'Get: the class Controller\\api\\Nowhere is not among the files read, so SUMMARY is unknown; summary is left out'],
		]);
	});
});

describe('name resolution', () => {
	const scope: NameScope = {
		namespace: 'Controller\\api',
		classes: new Map([['attributes', 'OpenApi\\Attributes'], ['oa', 'OpenApi\\Attributes'], ['get', 'OpenApi\\Attributes\\Get']]),
		constants: new Map([['ROOT', 'Config\\ROOT']]),
	};
	it.each([
		['Attributes\\Get', 'OpenApi\\Attributes\\Get'],
		['OA\\Response', 'OpenApi\\Attributes\\Response'],
		['oa\\Response', 'OpenApi\\Attributes\\Response'],
		['Get', 'OpenApi\\Attributes\\Get'],
		['\\OpenApi\\Attributes\\Post', 'OpenApi\\Attributes\\Post'],
		['Post', 'Controller\\api\\Post'],
		['namespace\\Sub\\X', 'Controller\\api\\Sub\\X'],
	])('%s → %s', (written, expected) => {
		expect(resolveClassName(written, scope)).toBe(expected);
	});

	it('looks a constant up in the namespace, then globally, or through use const', () => {
		expect(constantCandidates('PREFIX', scope)).toEqual(['Controller\\api\\PREFIX', 'PREFIX']);
		expect(constantCandidates('ROOT', scope)).toEqual(['Config\\ROOT']);
		expect(constantCandidates('\\PHP_EOL', scope)).toEqual(['PHP_EOL']);
	});
});
