// Attribute facts → evaluated attributes: which OpenAPI attribute each one is, and its
// arguments as PHP values. An argument that cannot be read is left out with a warning, or is an
// error when PHP itself would refuse it.
import {lookupAttribute, type AttributeSpec} from './attribute-set.js';
import type {Diagnostics} from '../diagnostics.js';
import {EvaluationProblem, Evaluator, type ConstantTable, type EvaluationContext} from './evaluate.js';
import type {AttributeFact, ClassFacts, MemberFacts, PhpFileFacts, PhpNode} from '../php-file.js';
import type {NameScope} from '../php-names.js';
import type {PhpObject, PhpValue} from '../php-value.js';

/** An attribute after evaluation: what it is and its arguments as values. */
export interface Evaluated {
	readonly spec: AttributeSpec;
	readonly object: PhpObject;
}

export interface MemberAttributes {
	readonly member: MemberFacts;
	readonly attributes: readonly Evaluated[];
}

export interface ClassAttributes {
	readonly facts: ClassFacts;
	readonly own: readonly Evaluated[];
	readonly methods: readonly MemberAttributes[];
	readonly properties: readonly MemberAttributes[];
}

/** Every class of every file with its attributes evaluated, in file order. */
export function evaluateClasses(files: readonly PhpFileFacts[], report: Diagnostics): ClassAttributes[] {
	const evaluator = new Evaluator(constantTable(files));
	const classes: ClassAttributes[] = [];
	for (const file of files) {
		for (const facts of file.classes) {
			classes.push({
				facts,
				own: evaluateAll(facts.attributes, facts, evaluator, report),
				methods: facts.methods.map((member) => ({member, attributes: evaluateAll(member.attributes, facts, evaluator, report)})),
				properties: facts.properties.map((member) => ({member, attributes: evaluateAll(member.attributes, facts, evaluator, report)})),
			});
		}
	}
	return classes;
}

function constantTable(files: readonly PhpFileFacts[]): ConstantTable {
	const classes = new Map<string, ClassFacts>();
	const constants = new Map<string, {expression: PhpNode; scope: NameScope; file: string}>();
	for (const file of files) {
		for (const facts of file.classes) {
			const key = facts.name.toLowerCase();
			if (!classes.has(key)) classes.set(key, facts);
		}
		for (const constant of file.constants) {
			if (!constants.has(constant.name)) constants.set(constant.name, {expression: constant.expression, scope: constant.scope, file: file.file});
		}
	}
	return {
		classNamed: (name) => classes.get(name.replace(/^\\/, '').toLowerCase()),
		globalConstant: (name) => constants.get(name),
	};
}

function evaluateAll(list: readonly AttributeFact[], facts: ClassFacts, evaluator: Evaluator, report: Diagnostics): Evaluated[] {
	const evaluated: Evaluated[] = [];
	for (const fact of list) {
		const found = lookupAttribute(fact.className);
		switch (found.kind) {
			case 'builtin':
				continue;
			case 'foreign':
				report.warn(fact.site, `#[${fact.written}] is not an OpenAPI attribute; left out`);
				continue;
			case 'unsupported':
				report.warn(fact.site, `#[${fact.written}] is not read by edu; left out`);
				continue;
			case 'misresolved':
				report.warn(fact.site, `#[${fact.written}] resolves to ${fact.className}, not OpenApi\\Attributes\\${found.spec.name}; add \`use OpenApi\\Attributes;\` and write #[Attributes\\${found.spec.name}(…)]; left out`);
				continue;
			case 'known':
				evaluated.push({spec: found.spec, object: evaluateArguments(fact, found.spec, facts, evaluator, report)});
		}
	}
	return evaluated;
}

function evaluateArguments(fact: AttributeFact, spec: AttributeSpec, facts: ClassFacts, evaluator: Evaluator, report: Diagnostics): PhpObject {
	const context: EvaluationContext = {file: facts.file, scope: facts.scope, currentClass: facts, table: evaluator.table};
	const positional: PhpValue[] = [];
	const named = new Map<string, PhpValue>();
	for (const arg of fact.args) {
		const isNamed = arg.kind === 'namedargument';
		try {
			if (arg.kind === 'variadic') throw new EvaluationProblem('unknown', 'unpacked arguments (...) are not read; write the arguments out', fact.site);
			const value = evaluator.evaluate(isNamed ? (arg['value'] as PhpNode) : arg, context);
			if (isNamed) named.set(String(arg['name']), value);
			else positional.push(value);
		} catch (error) {
			if (!(error instanceof EvaluationProblem)) throw error;
			if (error.severity === 'invalid') {
				report.error(error.site, error.message);
			} else {
				report.warn(error.site, `${spec.name}: ${error.message}; ${isNamed ? `${String(arg['name'])} is` : 'this argument is'} left out`);
			}
			// Keeps the following positional arguments in their slots.
			if (!isNamed) positional.push(null);
		}
	}
	return {kind: 'object', className: fact.className, positional, named, site: fact.site};
}
