// php-parser set up once: PHP 8 attributes, positions, and syntax errors as values with
// file:line:col instead of exceptions.
import {Engine} from 'php-parser';
import type {PhpNode, PhpSyntaxError} from './php-file.js';

let engine: Engine | undefined;

function parser(): Engine {
	if (!engine) {
		engine = new Engine({
			parser: {php8: true, suppressErrors: false, extractDoc: false},
			ast: {withPositions: true, withSource: false},
			lexer: {short_tags: false, asp_tags: false},
		});
		completeAttributeLexer(engine.lexer as unknown as AttributeLexer);
	}
	return engine;
}

interface AttributeLexer {
	_input: string;
	offset: number;
	input(): string;
	consume_TOKEN(): unknown;
	consume_NUM(): unknown;
	matchST_ATTRIBUTE(): unknown;
}

/**
 * php-parser 3.x lexes attribute arguments with a reduced state machine that stops at `?`
 * (so `a ?? b`, `a ? b : c`, `a ?: b`) and at `.5`, all valid PHP. Those two characters get the
 * treatment its main PHP state gives them; everything else goes to its own code. On this
 * engine instance only.
 */
function completeAttributeLexer(lexer: AttributeLexer): void {
	const original = lexer.matchST_ATTRIBUTE;
	lexer.matchST_ATTRIBUTE = function (this: AttributeLexer) {
		const next = this._input[this.offset];
		if (next === '?') {
			this.input();
			return this.consume_TOKEN();
		}
		if (next === '.' && /[0-9]/.test(this._input[this.offset + 1] ?? '')) {
			this.input();
			this.input();
			return this.consume_NUM();
		}
		return original.call(this);
	};
}

export function isSyntaxError(value: PhpNode | PhpSyntaxError): value is PhpSyntaxError {
	return value.kind === 'syntax-error';
}

/** The file's syntax tree, or where and why it is not PHP. */
export function parsePhp(text: string, file: string): PhpNode | PhpSyntaxError {
	try {
		return parser().parseCode(text, file) as unknown as PhpNode;
	} catch (error) {
		return syntaxError(error, text, file);
	}
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
	if (typeof lineNumber !== 'number') {
		return {kind: 'syntax-error', site: {file, line: 1, col: 1}, message: `cannot be parsed (${raw.split('\n')[0]})`};
	}
	const reason = raw.replace(/^Parse Error\s*:\s*/i, '').replace(/\s+on line \d+\s*$/, '');
	return {kind: 'syntax-error', site: {file, line: lineNumber, col: (columnNumber ?? 0) + 1}, message: reason};
}
