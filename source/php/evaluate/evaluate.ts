// Evaluates attribute arguments the way PHP does: literals with their escapes, arrays, `new X()`,
// class and global constants, `X::class`, and the operators PHP allows in constant expressions.
import {constantCandidates, resolveClassName, type NameScope} from '../php-names.js';
import {isNode, siteOf, type ClassFacts, type PhpNode} from '../php-file.js';
import {binary, EvaluationProblem, maxArrayEntries, numberValue, unary} from './php-operators.js';
import {normalizeKey, PhpArray, phpTruthy, type PhpObject, type PhpValue, type Site} from '../php-value.js';
import {unescapeDoubleQuoted} from '../php-strings.js';
import {enumCaseProperty} from './enum-case.js';

export {EvaluationProblem} from './php-operators.js';

/** What the evaluator may look up beyond the expression itself. */
export interface ConstantTable {
	/** A class by fully qualified name (case-insensitive), if it is among the files read. */
	classNamed(name: string): ClassFacts | undefined;
	/** A namespace-level constant by fully qualified name. */
	globalConstant(name: string): {readonly expression: PhpNode; readonly scope: NameScope; readonly file: string} | undefined;
}

export interface EvaluationContext {
	readonly file: string;
	readonly scope: NameScope;
	/** The class the expression is written in, for self::, static:: and parent::. */
	readonly currentClass?: ClassFacts;
	readonly table: ConstantTable;
}

/** PHP's own constants that make sense in an API description. */
const builtinConstants: ReadonlyMap<string, PhpValue> = new Map<string, PhpValue>([
	['PHP_EOL', '\n'],
	['PHP_INT_SIZE', 8],
	['PHP_FLOAT_EPSILON', Number.EPSILON],
	['PHP_FLOAT_MAX', Number.MAX_VALUE],
	['PHP_FLOAT_MIN', 2.2250738585072014e-308],
	['M_PI', Math.PI],
	['M_E', Math.E],
	['NAN', Number.NaN],
	['INF', Number.POSITIVE_INFINITY],
]);

/** Memo of evaluated class constants, with a marker to catch `const A = self::B; const B = self::A;`. */
const inProgress = Symbol('in progress');
type Memo = Map<string, PhpValue | typeof inProgress>;

export class Evaluator {
	readonly #memo: Memo = new Map();

	constructor(readonly table: ConstantTable) {}

	evaluate(node: PhpNode, context: EvaluationContext): PhpValue {
		const site = siteOf(node, context.file);
		switch (node.kind) {
			case 'string':
				return stringValue(node);
			case 'nowdoc':
				return String(node['value'] ?? '');
			case 'encapsed':
				return this.#encapsed(node, context, site);
			case 'number':
				return numberValue(String(node['value']), site);
			case 'boolean':
				return Boolean(node['value']);
			case 'nullkeyword':
				return null;
			case 'array':
				return this.#array(node, context);
			case 'new':
				return this.#new(node, context, site);
			case 'name':
				return this.#constant(String(node['name']), context, site);
			case 'staticlookup':
				return this.#classConstant(node, context, site);
			case 'propertylookup':
			case 'nullsafepropertylookup': {
				// PHP 8.2 reads an enum case's ->value and ->name in constant expressions.
				const found = enumCaseProperty(node, context, (name) => this.table.classNamed(name));
				if (found === undefined) break;
				if (found.kind === 'name') return found.name;
				const {owner} = found;
				return this.evaluate(found.expression, {file: owner.file, scope: owner.scope, currentClass: owner, table: this.table});
			}
			case 'unary':
				return unary(String(node['type']), this.evaluate(expression(node['what'], site), context), site);
			case 'bin':
				return this.#binary(node, context, site);
			case 'retif': {
				const test = this.evaluate(expression(node['test'], site), context);
				if (node['trueExpr'] === null || node['trueExpr'] === undefined) {
					return phpTruthy(test) ? test : this.evaluate(expression(node['falseExpr'], site), context);
				}
				return this.evaluate(expression(phpTruthy(test) ? node['trueExpr'] : node['falseExpr'], site), context);
			}
			case 'variable':
				throw new EvaluationProblem('invalid', `attribute arguments must be constant expressions; $${String(node['name'])} is a variable`, site);
			case 'call':
				throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; a function call is not one', site);
		}
		throw new EvaluationProblem('invalid', `attribute arguments must be constant expressions; ${describeKind(node.kind)} is not one`, site);
	}

	#encapsed(node: PhpNode, context: EvaluationContext, site: Site): string {
		// A heredoc or double-quoted string: only literal parts are constant.
		let text = '';
		for (const part of Array.isArray(node['value']) ? (node['value'] as PhpNode[]) : []) {
			const inner = part['expression'];
			if (isNode(inner) && inner.kind === 'string') {
				text += String(inner['value'] ?? '');
			} else {
				throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; a string with a variable in it is not one', isNode(inner) ? siteOf(inner, context.file) : site);
			}
		}
		return text;
	}

	#array(node: PhpNode, context: EvaluationContext): PhpArray {
		const array = new PhpArray();
		for (const item of Array.isArray(node['items']) ? (node['items'] as unknown[]) : []) {
			if (!isNode(item)) continue;
			const entry = item.kind === 'entry' ? item : undefined;
			const valueNode = entry ? entry['value'] : item;
			const site = siteOf(item, context.file);
			if (entry?.['byRef']) throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; a reference (&) is not one', site);
			const value = this.evaluate(expression(valueNode, site), context);
			if (entry?.['unpack']) {
				if (!(value instanceof PhpArray)) throw new EvaluationProblem('invalid', 'only arrays can be unpacked with ...', site);
				if (array.size + value.size > maxArrayEntries) throw new EvaluationProblem('invalid', `this array has more than ${maxArrayEntries} entries; edu reads arrays up to that size`, site);
				for (const [key, inner] of value.entries()) {
					if (typeof key === 'number') array.push(inner);
					else array.set(key, inner);
				}
				continue;
			}
			if (entry && isNode(entry['key'])) {
				const key = normalizeKey(this.evaluate(entry['key'], context));
				if (key === undefined) throw new EvaluationProblem('invalid', 'an array key must be a string or an integer', site);
				array.set(key, value);
			} else {
				array.push(value);
			}
			if (array.size > maxArrayEntries) throw new EvaluationProblem('invalid', `this array has more than ${maxArrayEntries} entries; edu reads arrays up to that size`, site);
		}
		return array;
	}

	#new(node: PhpNode, context: EvaluationContext, site: Site): PhpObject {
		const what = node['what'];
		if (!isNode(what) || what.kind !== 'name') {
			throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; `new` needs a class name here', site);
		}
		const className = resolveClassName(String(what['name']), context.scope);
		const {positional, named} = this.arguments(Array.isArray(node['arguments']) ? (node['arguments'] as PhpNode[]) : [], context);
		return {kind: 'object', className, positional, named, site};
	}

	/** Evaluates an argument list: positional values in order, named ones by name. */
	arguments(args: readonly PhpNode[], context: EvaluationContext): {positional: PhpValue[]; named: Map<string, PhpValue>} {
		const positional: PhpValue[] = [];
		const named = new Map<string, PhpValue>();
		for (const arg of args) {
			const site = siteOf(arg, context.file);
			if (arg.kind === 'namedargument') {
				const name = String(arg['name']);
				if (named.has(name)) throw new EvaluationProblem('invalid', `named argument ${name} is given twice`, site);
				named.set(name, this.evaluate(expression(arg['value'], site), context));
			} else if (arg.kind === 'variadic') {
				throw new EvaluationProblem('unknown', 'unpacked arguments (...) are not read; write the arguments out', site);
			} else {
				if (named.size > 0) throw new EvaluationProblem('invalid', 'a positional argument cannot follow a named one', site);
				positional.push(this.evaluate(arg, context));
			}
		}
		return {positional, named};
	}

	#constant(written: string, context: EvaluationContext, site: Site): PhpValue {
		const lower = written.replace(/^\\/, '').toLowerCase();
		if (lower === 'true') return true;
		if (lower === 'false') return false;
		if (lower === 'null') return null;
		for (const candidate of constantCandidates(written, context.scope)) {
			const declared = this.table.globalConstant(candidate);
			if (declared) {
				return this.#memoised(`const ${candidate}`, site, () => this.evaluate(declared.expression, {file: declared.file, scope: declared.scope, table: this.table}));
			}
			const builtin = builtinConstants.get(candidate);
			if (builtin !== undefined) return builtin;
		}
		throw new EvaluationProblem('unknown', `the constant ${written} is not defined in the files read`, site);
	}

	#classConstant(node: PhpNode, context: EvaluationContext, site: Site): PhpValue {
		const what = node['what'];
		const offset = node['offset'];
		const constantName = isNode(offset) && typeof offset['name'] === 'string' ? offset['name'] : undefined;
		if (!isNode(what) || constantName === undefined) {
			throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; this lookup is not one', site);
		}
		let className: string;
		if (what.kind === 'selfreference' || what.kind === 'staticreference') {
			if (!context.currentClass) throw new EvaluationProblem('invalid', `${String(what['raw'])}:: is only allowed inside a class`, site);
			className = context.currentClass.name;
		} else if (what.kind === 'parentreference') {
			if (!context.currentClass?.parent) throw new EvaluationProblem('invalid', 'parent:: is used in a class without a parent', site);
			className = context.currentClass.parent;
		} else if (what.kind === 'name') {
			className = resolveClassName(String(what['name']), context.scope);
		} else {
			throw new EvaluationProblem('invalid', 'attribute arguments must be constant expressions; a dynamic class name is not one', site);
		}
		if (constantName.toLowerCase() === 'class') return className;
		const owner = this.#findConstantOwner(className, constantName);
		if (!owner) {
			const known = this.table.classNamed(className);
			throw new EvaluationProblem(
				'unknown',
				known ? `${className} has no constant ${constantName} with a plain value` : `the class ${className} is not among the files read, so ${constantName} is unknown`,
				site,
			);
		}
		const [facts, expressionNode] = owner;
		return this.#memoised(`${facts.name.toLowerCase()}::${constantName}`, site, () =>
			this.evaluate(expressionNode, {file: facts.file, scope: facts.scope, currentClass: facts, table: this.table}));
	}

	/** The class (itself or an ancestor among the files read) declaring the constant. */
	#findConstantOwner(className: string, constantName: string): [ClassFacts, PhpNode] | undefined {
		const seen = new Set<string>();
		let facts = this.table.classNamed(className);
		while (facts && !seen.has(facts.name.toLowerCase())) {
			seen.add(facts.name.toLowerCase());
			const found = facts.constants.get(constantName);
			if (found) return [facts, found];
			facts = facts.parent === undefined ? undefined : this.table.classNamed(facts.parent);
		}
		return undefined;
	}

	#memoised(key: string, site: Site, compute: () => PhpValue): PhpValue {
		const known = this.#memo.get(key);
		if (known === inProgress) throw new EvaluationProblem('invalid', `the constant ${key.replace(/^const /, '')} refers to itself`, site);
		if (known !== undefined) return known;
		this.#memo.set(key, inProgress);
		try {
			const value = compute();
			this.#memo.set(key, value);
			return value;
		} catch (error) {
			this.#memo.delete(key);
			throw error;
		}
	}

	#binary(node: PhpNode, context: EvaluationContext, site: Site): PhpValue {
		const operator = String(node['type']);
		const left = this.evaluate(expression(node['left'], site), context);
		// Short-circuit operators evaluate their right side only when needed, as PHP does.
		if (operator === '??') return left ?? this.evaluate(expression(node['right'], site), context);
		if (operator === '||' || operator === 'or') return phpTruthy(left) || phpTruthy(this.evaluate(expression(node['right'], site), context));
		if (operator === '&&' || operator === 'and') return phpTruthy(left) && phpTruthy(this.evaluate(expression(node['right'], site), context));
		const right = this.evaluate(expression(node['right'], site), context);
		return binary(operator, left, right, site);
	}
}

function expression(value: unknown, site: Site): PhpNode {
	if (!isNode(value)) throw new EvaluationProblem('invalid', 'an expression is missing here', site);
	return value;
}

function stringValue(node: PhpNode): string {
	const raw = typeof node['raw'] === 'string' ? node['raw'] : undefined;
	if (node['isDoubleQuote'] && raw !== undefined) {
		// php-parser decodes escapes to UTF-16 code units; PHP works on bytes (\xC3\xA9 is "é").
		const body = raw.replace(/^[bB]?"/, '').replace(/"$/, '');
		return unescapeDoubleQuoted(body);
	}
	return String(node['value'] ?? '');
}

function describeKind(kind: string): string {
	const names: Record<string, string> = {
		propertylookup: 'a property lookup (->)',
		nullsafepropertylookup: 'a property lookup (?->)',
		offsetlookup: 'an array lookup ([…])',
		closure: 'a closure',
		arrowfunc: 'an arrow function',
		assign: 'an assignment',
		match: 'a match expression',
		isset: 'isset()',
		cast: 'a cast such as (int)',
		empty: 'empty()',
	};
	return names[kind] ?? `a ${kind} expression`;
}
