// `E::A->value` and `E::A->name` in an attribute: PHP 8.2 reads an enum case's properties in
// constant expressions. Anything else on the left of -> is still not a constant expression.
import {resolveClassName, type NameScope} from '../php-names.js';
import {isNode, type ClassFacts, type PhpNode} from '../php-file.js';

/** A case's name, or its backing value expression and the enum it is written in (its scope). */
export type EnumCaseProperty =
	| {readonly kind: 'name'; readonly name: string}
	| {readonly kind: 'value'; readonly expression: PhpNode; readonly owner: ClassFacts};

/** What the evaluator knows where the lookup is written. */
interface Where {
	readonly scope: NameScope;
	readonly currentClass?: ClassFacts;
}

/** The case's name or backing value expression; undefined when `node` is not such a read. */
export function enumCaseProperty(node: PhpNode, context: Where, classNamed: (name: string) => ClassFacts | undefined): EnumCaseProperty | undefined {
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
	const facts = className === undefined ? undefined : classNamed(className);
	if (facts?.kind !== 'enum' || !facts.cases?.has(caseName)) return undefined;
	if (property === 'name') return {kind: 'name', name: caseName};
	const backing = facts.cases.get(caseName);
	// A pure enum's case has no ->value: PHP fails there too.
	if (backing === null || backing === undefined) return undefined;
	return {kind: 'value', expression: backing, owner: facts};
}
