// php-parser set up once: PHP 8 attributes, positions, and syntax errors as values with
// file:line:col instead of exceptions. The package is loaded on the first parse, so a thread
// that only waits for the parse workers (edu openapi's main thread) never loads it.
import {createRequire} from 'node:module';
import type {Engine} from 'php-parser';
import type {PhpNode, PhpSyntaxError} from './parse/php-node.js';
import {compileError} from './parse/compile-rules.js';

export type {PhpNode, PhpSyntaxError} from './parse/php-node.js';

let engine: Engine | undefined;

export function phpEngine(): Engine {
	if (!engine) {
		const {Engine} = createRequire(import.meta.filename)('php-parser') as typeof import('php-parser');
		engine = new Engine({
			parser: {php8: true, suppressErrors: false, extractDoc: false},
			ast: {withPositions: true, withSource: false},
			lexer: {short_tags: false, asp_tags: false},
		});
		completeLexer(engine.lexer as unknown as Lexer);
		linearClassBodies(engine.parser as unknown as Parser);
	}
	return engine;
}

interface Lexer {
	_input: string;
	offset: number;
	size: number;
	done: boolean;
	yytext: string;
	tok: Record<string, number>;
	input(): string;
	next(): unknown;
	consume_TOKEN(): unknown;
	consume_NUM(): unknown;
	matchST_ATTRIBUTE(): unknown;
	T_STRING(): unknown;
}

const whitespace = new Set([' ', '\t', '\n', '\r']);
const labelStart = /[A-Za-z_\u0080-\uffff]/;
const labelPart = /[A-Za-z0-9_\u0080-\uffff]/;
/** Lexer calls in a row that may return nothing without consuming input before it counts as stuck. */
const stuckLimit = 1000;

/**
 * php-parser 3.x's lexer, completed and bounded on this engine instance only:
 * - its attribute state stops at `?` (so `a ?? b`, `a ? b : c`, `a ?: b`) and at `.5`, both valid
 *   PHP: those get the treatment its main PHP state gives them;
 * - its attribute state's whitespace loop and its `enum` look-ahead re-test the last character
 *   read, which at the end of the input never changes: a file ending in whitespace inside `#[`,
 *   or right after `enum` (`enum Name`, `Foo::enum`), spun forever. Both are scanned here with
 *   loops that stop at the end of the input;
 * - a lexer step that neither consumes input nor yields a token, many times in a row, throws a
 *   syntax error instead of looping.
 */
function completeLexer(lexer: Lexer): void {
	const attribute = lexer.matchST_ATTRIBUTE;
	lexer.matchST_ATTRIBUTE = function (this: Lexer) {
		const next = this._input[this.offset];
		if (next !== undefined && whitespace.has(next)) {
			while (this.offset < this.size && whitespace.has(this._input[this.offset]!)) this.input();
			return null;
		}
		if (next === '?') {
			this.input();
			return this.consume_TOKEN();
		}
		if (next === '.' && /[0-9]/.test(this._input[this.offset + 1] ?? '')) {
			this.input();
			this.input();
			return this.consume_NUM();
		}
		return attribute.call(this);
	};

	const word = lexer.T_STRING;
	lexer.T_STRING = function (this: Lexer) {
		if (this.yytext.toLowerCase() !== 'enum') return word.call(this);
		// As PHP's scanner: `enum` is the keyword when a name follows it (other than extends/implements).
		let at = this.offset;
		while (at < this.size && whitespace.has(this._input[at]!)) at++;
		const start = at;
		if (at < this.size && labelStart.test(this._input[at]!)) {
			while (at < this.size && labelPart.test(this._input[at]!)) at++;
		}
		const label = this._input.slice(start, at).toLowerCase();
		return label !== '' && label !== 'extends' && label !== 'implements' ? this.tok['T_ENUM'] : this.tok['T_STRING'];
	};

	const step = lexer.next;
	let idle = 0;
	lexer.next = function (this: Lexer) {
		const before = this.offset;
		const token = step.call(this);
		idle = token || this.offset !== before || this.done ? 0 : idle + 1;
		if (idle > stuckLimit) {
			idle = 0;
			throw new Error(`Bad terminal sequence "${this._input[this.offset] ?? ''}" at line 0 (offset ${this.offset + 1})`);
		}
		return token;
	};
}

interface Parser {
	token: unknown;
	EOF: unknown;
	tok: Record<string, number>;
	next(): Parser;
	expect(token: unknown): boolean;
	position(): unknown;
	error(expected: unknown): void;
	raiseError(message: string): void;
	read_class_body(allowVariables: boolean, allowEnumCases: boolean): unknown[];
	read_interface_body(): unknown[];
	[reader: string]: unknown;
}

type Reader = (...args: unknown[]) => unknown;

/**
 * php-parser joins class and interface members with `result = result.concat(…)`, which copies the
 * list once per member, so a class of many constants takes quadratic time. The same reading, with the members pushed
 * onto one list. Also, as PHP does, a member's attributes never carry over to the next member.
 */
function linearClassBodies(parser: Parser): void {
	const read = (name: string, ...args: unknown[]): unknown => (parser[name] as Reader).apply(parser, args);
	const body = (isInterface: boolean, allowVariables: boolean, allowEnumCases: boolean): unknown[] => {
		const {tok} = parser;
		const members: unknown[] = [];
		const add = (found: unknown): void => {
			if (Array.isArray(found)) for (const member of found) members.push(member);
			else members.push(found);
		};
		while (parser.token !== parser.EOF && parser.token !== '}') {
			if (parser.token === tok['T_COMMENT']) {
				add(read('read_comment'));
				continue;
			}
			if (parser.token === tok['T_DOC_COMMENT']) {
				add(read('read_doc_comment'));
				continue;
			}
			if (!isInterface && parser.token === tok['T_USE']) {
				add(read('read_trait_use_statement'));
				continue;
			}
			const locStart = parser.position();
			const attrs = parser.token === tok['T_ATTRIBUTE'] ? read('read_attr_list') : [];
			if (allowEnumCases && parser.token === tok['T_CASE']) {
				add(read('read_enum_case', attrs));
				if (parser.expect(';')) parser.next();
				continue;
			}
			const flags = read('read_member_flags', isInterface) as [[unknown, number], unknown];
			if (parser.token === tok['T_CONST']) {
				if (flags[0][1] !== -1) parser.raiseError('Cannot use asymmetric visibility on constants');
				add(read('read_constant_list', flags, attrs, locStart));
				if (parser.expect(';')) parser.next();
				continue;
			}
			if (isInterface) {
				if (parser.token === tok['T_FUNCTION']) {
					const method = read('read_function_declaration', 2, flags, attrs, locStart) as {parseFlags(flags: unknown): void};
					method.parseFlags(flags);
					add(method);
					if (parser.expect(';')) parser.next();
				} else if (parser.token === tok['T_STRING']) {
					add(read('read_variable_list', flags, attrs, locStart));
				} else {
					parser.error([tok['T_CONST'], tok['T_FUNCTION'], tok['T_STRING']]);
					parser.next();
				}
				continue;
			}
			if (allowVariables && parser.token === tok['T_VAR']) {
				parser.next().expect(tok['T_VARIABLE']);
				(flags as unknown as [unknown[], number])[0][0] = null;
				(flags as unknown as [unknown[], number])[1] = 0;
			}
			if (parser.token === tok['T_FUNCTION']) {
				add(read('read_function', false, flags, attrs, locStart));
			} else if (allowVariables && startsProperty(parser)) {
				add(read('read_variable_list', flags, attrs, locStart));
			} else {
				parser.error([tok['T_CONST'], ...(allowVariables ? [tok['T_VARIABLE']] : []), ...(allowEnumCases ? [tok['T_CASE']] : []), tok['T_FUNCTION']]);
				parser.next();
			}
		}
		if (isInterface) {
			if (parser.expect('}')) parser.next();
		} else {
			parser.expect('}');
			parser.next();
		}
		return members;
	};
	parser.read_class_body = (allowVariables, allowEnumCases) => body(false, allowVariables, allowEnumCases);
	parser.read_interface_body = () => body(true, false, false);
}

/** Where a property declaration may start (typed properties, readonly, `var`). */
function startsProperty(parser: Parser): boolean {
	const {tok, token} = parser;
	return token === tok['T_VARIABLE'] || token === tok['T_READ_ONLY'] || token === '?' || [
		'T_ARRAY', 'T_CALLABLE', 'T_NAMESPACE', 'T_NAME_FULLY_QUALIFIED', 'T_NAME_QUALIFIED', 'T_NAME_RELATIVE', 'T_NS_SEPARATOR', 'T_STRING',
	].some((name) => token === tok[name]);
}

export function isSyntaxError(value: PhpNode | PhpSyntaxError): value is PhpSyntaxError {
	return value.kind === 'syntax-error';
}

/** The file's syntax tree, or where and why it is not PHP. */
export function parsePhp(text: string, file: string): PhpNode | PhpSyntaxError {
	const engine = phpEngine(); // outside the try: a parser that cannot load is no syntax error of the file
	let program: PhpNode;
	try {
		program = engine.parseCode(text, file) as unknown as PhpNode;
	} catch (error) {
		return syntaxError(error, text, file);
	}
	return compileError(program, text, file) ?? program;
}

/** php-parser's parser errors carry a line and column; its lexer errors only an offset in the message. */
function syntaxError(error: unknown, text: string, file: string): PhpSyntaxError {
	const {lineNumber, columnNumber, message} = error as {lineNumber?: number; columnNumber?: number; message?: string};
	const raw = String(message ?? error);
	const lexer = /^Bad terminal sequence "(.*)" at line \d+ \(offset (\d+)\)$/s.exec(raw);
	if (lexer) {
		const offset = Math.max(0, Math.min(text.length, Number(lexer[2])) - 1);
		const before = text.slice(0, offset);
		const line = before.split('\n').length;
		return {kind: 'syntax-error', site: {file, line, col: offset - before.lastIndexOf('\n')}, message: `syntax error, unexpected '${lexer[1]}'`};
	}
	if (error instanceof RangeError) {
		return {kind: 'syntax-error', site: {file, line: 1, col: 1}, message: 'cannot be parsed: its expressions are nested too deeply'};
	}
	if (typeof lineNumber !== 'number') {
		return {kind: 'syntax-error', site: {file, line: 1, col: 1}, message: `cannot be parsed (${raw.split('\n')[0]})`};
	}
	const reason = raw.replace(/^Parse Error\s*:\s*/i, '').replace(/\s+on line \d+\s*$/, '');
	const site = {file, line: lineNumber, col: (columnNumber ?? 0) + 1};
	return {kind: 'syntax-error', site, message: atEnd(text, site.line, site.col) ? endOfFile(reason) : reason};
}

/** Whether only whitespace follows line:col (php-parser says just "syntax error" there). */
function atEnd(text: string, line: number, col: number): boolean {
	let offset = 0;
	for (let current = 1; current < line; current++) {
		const next = text.indexOf('\n', offset);
		if (next === -1) return true;
		offset = next + 1;
	}
	return text.slice(offset + col - 1).trim() === '';
}

function endOfFile(reason: string): string {
	if (/unexpected/.test(reason)) return reason;
	return reason.replace(/^syntax error/, 'syntax error, unexpected end of file');
}
