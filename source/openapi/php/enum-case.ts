// `E::A->value` and `E::A->name` in an attribute: PHP 8.2 reads an enum case's properties in
// constant expressions. Anything else on the left of -> is still not a constant expression.
import {resolveClassName} from './php-names.js';
import {isNode, type PhpNode} from './php-file.js';
import type {ConstantTable, EvaluationContext} from './evaluate.js';

export type EnumCaseProperty =
	| {readonly kind: 'name'; readonly name: string}
	| {readonly kind: 'value'; readonly expression: PhpNode; readonly context: EvaluationContext};

/** The case's name or backing value expression; undefined when `node` is not such a read. */
export function enumCaseProperty(node: PhpNode, context: EvaluationContext, table: ConstantTable): EnumCaseProperty | undefined {
	const what = node['what'];
	const offset = node['offset'];
	const property = isNode(offset) && offset.kind === 'identifier' && typeof offset['name'] === 'string' ? offset['name'] : undefined;
	if (!isNode(what) || what.kind !== 'staticlookup' || (property !== 'value' && property !== 'name')) return undefined;
	const owner = what['what'];
	const caseOffset = what['offset'];
	const caseName = isNode(caseOffset) && typeof caseOffset['name'] === 'string' ? caseOffset['name'] : undefined;
	if (!isNode(owner) || caseName === undefined) return undefined;
	let className: string | undefined;
	if (owner.kind === 'name') className = resolveClassName(String(owner['name']), context.scope);
	else if (owner.kind === 'selfreference' || owner.kind === 'staticreference') className = context.currentClass?.name;
	const facts = className === undefined ? undefined : table.classNamed(className);
	if (facts?.kind !== 'enum' || !facts.cases?.has(caseName)) return undefined;
	if (property === 'name') return {kind: 'name', name: caseName};
	const backing = facts.cases.get(caseName);
	// A pure enum's case has no ->value: PHP fails there too.
	if (backing === null || backing === undefined) return undefined;
	return {kind: 'value', expression: backing, context: {file: facts.file, scope: facts.scope, currentClass: facts, table}};
}
