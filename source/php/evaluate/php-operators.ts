// PHP's scalar semantics for constant expressions: number literals, conversions and the
// operators PHP allows in an attribute (., arithmetic, bitwise, comparisons).
import {PhpArray, phpString, phpTruthy, type PhpValue, type Site} from '../php-value.js';

/**
 * Why a value could not be had. `invalid` is what PHP itself refuses to compile (a variable or a
 * call in an attribute); `unknown` is valid PHP we cannot see into (a constant defined elsewhere).
 */
export class EvaluationProblem extends Error {
	constructor(readonly severity: 'invalid' | 'unknown', message: string, readonly site: Site) {
		super(message);
		this.name = 'EvaluationProblem';
	}
}

/**
 * Constants may double a string (`const B = A . A;` forty times is a terabyte) or an array
 * (`[...A, ...A]`): values past these sizes are refused where they are built.
 */
export const maxStringLength = 1_000_000;
export const maxArrayEntries = 100_000;

export function numberValue(text: string, site: Site): number {
	const digits = text.replace(/_/g, '');
	let value: number;
	if (/^0[xX][0-9a-fA-F]+$/.test(digits)) value = Number.parseInt(digits.slice(2), 16);
	else if (/^0[bB][01]+$/.test(digits)) value = Number.parseInt(digits.slice(2), 2);
	else if (/^0[oO][0-7]+$/.test(digits)) value = Number.parseInt(digits.slice(2), 8);
	else if (/^0[0-7]+$/.test(digits)) value = Number.parseInt(digits.slice(1), 8);
	else value = Number(digits);
	if (Number.isNaN(value)) throw new EvaluationProblem('invalid', `${text} is not a number`, site);
	return value;
}

function toNumber(value: PhpValue, site: Site): number {
	if (typeof value === 'number') return value;
	if (typeof value === 'boolean') return value ? 1 : 0;
	if (value === null) return 0;
	if (typeof value === 'string') {
		const trimmed = value.trim();
		if (trimmed !== '' && !Number.isNaN(Number(trimmed))) return Number(trimmed);
		throw new EvaluationProblem('invalid', `'${value}' is not numeric`, site);
	}
	throw new EvaluationProblem('invalid', 'arithmetic on an array or object', site);
}

function toText(value: PhpValue, site: Site): string {
	if (typeof value === 'object' && value !== null) throw new EvaluationProblem('invalid', 'an array or object cannot be joined to a string', site);
	return phpString(value);
}

export function unary(operator: string, value: PhpValue, site: Site): PhpValue {
	switch (operator) {
		case '-':
			return -toNumber(value, site);
		case '+':
			return toNumber(value, site);
		case '!':
			return !phpTruthy(value);
		case '~':
			return ~toNumber(value, site);
		default:
			throw new EvaluationProblem('invalid', `the operator ${operator} is not allowed here`, site);
	}
}

export function binary(operator: string, left: PhpValue, right: PhpValue, site: Site): PhpValue {
	switch (operator) {
		case '.': {
			const text = toText(left, site);
			const more = toText(right, site);
			if (text.length + more.length > maxStringLength) {
				throw new EvaluationProblem('invalid', `this string would be ${text.length + more.length} characters long; edu reads strings up to ${maxStringLength}`, site);
			}
			return text + more;
		}
		case '+':
			if (left instanceof PhpArray && right instanceof PhpArray) {
				const union = new PhpArray();
				for (const [key, value] of left.entries()) union.set(key, value);
				for (const [key, value] of right.entries()) if (!hasKey(union, key)) union.set(key, value);
				return union;
			}
			return toNumber(left, site) + toNumber(right, site);
		case '-':
			return toNumber(left, site) - toNumber(right, site);
		case '*':
			return toNumber(left, site) * toNumber(right, site);
		case '/': {
			const divisor = toNumber(right, site);
			if (divisor === 0) throw new EvaluationProblem('invalid', 'division by zero', site);
			return toNumber(left, site) / divisor;
		}
		case '%': {
			const divisor = Math.trunc(toNumber(right, site));
			if (divisor === 0) throw new EvaluationProblem('invalid', 'modulo by zero', site);
			return Math.trunc(toNumber(left, site)) % divisor;
		}
		case '**':
			return toNumber(left, site) ** toNumber(right, site);
		case '|':
			return toNumber(left, site) | toNumber(right, site);
		case '&':
			return toNumber(left, site) & toNumber(right, site);
		case '^':
			return toNumber(left, site) ^ toNumber(right, site);
		case '<<':
			return toNumber(left, site) << toNumber(right, site);
		case '>>':
			return toNumber(left, site) >> toNumber(right, site);
		case '===':
			return strictEqual(left, right);
		case '!==':
			return !strictEqual(left, right);
		case '<':
			return toNumber(left, site) < toNumber(right, site);
		case '<=':
			return toNumber(left, site) <= toNumber(right, site);
		case '>':
			return toNumber(left, site) > toNumber(right, site);
		case '>=':
			return toNumber(left, site) >= toNumber(right, site);
		case 'xor':
			return phpTruthy(left) !== phpTruthy(right);
		default:
			throw new EvaluationProblem('unknown', `the operator ${operator} is not evaluated by edu; write the value out`, site);
	}
}

function hasKey(array: PhpArray, key: string | number): boolean {
	for (const [existing] of array.entries()) if (existing === key) return true;
	return false;
}

function strictEqual(left: PhpValue, right: PhpValue): boolean {
	if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null) return left === right;
	return false;
}
