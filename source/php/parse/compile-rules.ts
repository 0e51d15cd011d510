// What PHP refuses when it compiles a file that php-parser reads without a word: checked on every
// parse, so edu calls an error what php -l calls one.
import type {PhpNode, PhpSyntaxError} from './php-node.js';

/** PHP's compile error in a tree php-parser read, as PHP words it; undefined when PHP compiles it. */
export function compileError(program: PhpNode, text: string, file: string): PhpSyntaxError | undefined {
	const misplaced = misplacedNamespace(program, file);
	if (misplaced !== undefined) return misplaced;
	// php-parser takes `\foo: 'b'` for a named argument; PHP names one only by an identifier.
	return /\\[A-Za-z_\x80-\uffff][\w\\\x80-\uffff]*\s*:(?!:)/.test(text) ? badNamedArgument(program, text, file) : undefined;
}

/**
 * PHP's own refusal, which php-parser does not make: a namespace declaration after anything but
 * declare(), text before `<?php` included (a byte order mark, a blank line), fails the whole file
 * (a shebang line PHP skips).
 */
function misplacedNamespace(program: PhpNode, file: string): PhpSyntaxError | undefined {
	const children = (program['children'] ?? []) as PhpNode[];
	const at = children.findIndex((child) => child.kind === 'namespace');
	const before = children.slice(0, Math.max(at, 0)).filter((child, index) => child.kind !== 'declare' && !(index === 0 && isShebang(child)));
	const [first] = before;
	if (first === undefined) return undefined;
	const start = children[at]!.loc?.start;
	const inline = first.kind === 'inline' ? String(first['value']) : undefined;
	const what = inline === undefined ? '' : inline.startsWith('\uFEFF') ? ' (a byte order mark before <?php)' : inline.trim() === '' ? ' (a blank line before <?php)' : ' (text before <?php)';
	return {kind: 'syntax-error', site: {file, line: start?.line ?? 1, col: (start?.column ?? 0) + 1}, message: `Namespace declaration statement has to be the very first statement or after any declare call in the script${what}`};
}

/** The `#!…` line PHP skips when it opens the file. */
function isShebang(node: PhpNode): boolean {
	const value = node.kind === 'inline' ? String(node['value']) : '';
	return value.startsWith('#!') && value.indexOf('\n') === value.length - 1;
}

/** The first named argument whose name is not an identifier, as PHP words it. */
function badNamedArgument(node: unknown, text: string, file: string): PhpSyntaxError | undefined {
	if (Array.isArray(node)) {
		for (const item of node) {
			const found = badNamedArgument(item, text, file);
			if (found) return found;
		}
		return undefined;
	}
	if (node === null || typeof node !== 'object') return undefined;
	const record = node as Record<string, unknown>;
	if (record['kind'] === 'namedargument' && !/^[A-Za-z_\x80-\uffff][\w\x80-\uffff]*$/.test(String(record['name']))) {
		const start = (record['loc'] as {start?: {offset?: number}} | undefined)?.start?.offset ?? 0;
		const colon = text.indexOf(':', start);
		const before = text.slice(0, colon);
		return {kind: 'syntax-error', site: {file, line: before.split('\n').length, col: colon - before.lastIndexOf('\n')}, message: 'syntax error, unexpected token ":", expecting ")"'};
	}
	for (const [key, value] of Object.entries(record)) {
		if (key === 'loc' || typeof value !== 'object') continue;
		const found = badNamedArgument(value, text, file);
		if (found) return found;
	}
	return undefined;
}
