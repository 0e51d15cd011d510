// One PHP file read with php-parser (never with regular expressions): its classes, their
// constants, and the attributes on classes, methods and properties. Attribute arguments stay
// syntax nodes here; evaluate.ts turns them into values once every file's constants are known.
import type {NameScope} from './php-names.js';
import {resolveClassName} from './php-names.js';
import {isSyntaxError, parsePhp, type PhpNode, type PhpSyntaxError} from './php-parser.js';
import type {Site} from './php-value.js';

export type {PhpNode, PhpSyntaxError} from './php-parser.js';

export interface AttributeFact {
	/** The name as written, e.g. `Attributes\Get`. */
	readonly written: string;
	/** Fully qualified, resolved against the file's namespace and imports. */
	readonly className: string;
	readonly args: readonly PhpNode[];
	readonly site: Site;
}

export interface MemberFacts {
	readonly name: string;
	readonly attributes: readonly AttributeFact[];
	/** For properties: the declared type, e.g. `int` or `?string`. */
	readonly type?: {readonly name: string; readonly nullable: boolean};
	readonly site: Site;
}

export interface ClassFacts {
	/** Fully qualified class name. */
	readonly name: string;
	readonly kind: 'class' | 'interface' | 'trait' | 'enum';
	readonly parent?: string;
	readonly scope: NameScope;
	readonly file: string;
	readonly site: Site;
	/** Constant name → its value expression. */
	readonly constants: ReadonlyMap<string, PhpNode>;
	/** An enum's case name → its backing value expression (null for a pure enum's case). */
	readonly cases?: ReadonlyMap<string, PhpNode | null>;
	readonly attributes: readonly AttributeFact[];
	readonly methods: readonly MemberFacts[];
	readonly properties: readonly MemberFacts[];
}

export interface ConstantFact {
	readonly name: string;
	readonly expression: PhpNode;
	readonly scope: NameScope;
	readonly site: Site;
}

export interface PhpFileFacts {
	readonly file: string;
	readonly classes: readonly ClassFacts[];
	/** Namespace-level `const X = …;` statements, by fully qualified name. */
	readonly constants: readonly ConstantFact[];
}


export function siteOf(node: PhpNode | null | undefined, file: string): Site {
	const start = node?.loc?.start;
	return {file, line: start?.line ?? 1, col: (start?.column ?? 0) + 1};
}

/** Parses a file; a syntax error comes back as a value naming file:line:col. */
export function readPhpFile(text: string, file: string): PhpFileFacts | PhpSyntaxError {
	const program = parsePhp(text, file);
	if (isSyntaxError(program)) return program;
	const facts: {classes: ClassFacts[]; constants: ConstantFact[]} = {classes: [], constants: []};
	readStatements(children(program), {namespace: '', classes: new Map(), constants: new Map()}, file, facts);
	return {file, ...facts};
}

function children(node: PhpNode): PhpNode[] {
	return Array.isArray(node['children']) ? (node['children'] as PhpNode[]) : [];
}

interface MutableScope {
	namespace: string;
	classes: Map<string, string>;
	constants: Map<string, string>;
	/** The last snapshot, shared until the next `use`: many classes, one copy of the imports. */
	frozen?: NameScope | undefined;
}

function readStatements(statements: readonly PhpNode[], scope: MutableScope, file: string, facts: {classes: ClassFacts[]; constants: ConstantFact[]}): void {
	for (const statement of statements) {
		switch (statement.kind) {
			case 'namespace': {
				const inner: MutableScope = {namespace: String(statement['name'] ?? ''), classes: new Map(), constants: new Map()};
				readStatements(children(statement), inner, file, facts);
				break;
			}
			case 'usegroup':
				readUse(statement, scope);
				break;
			case 'class':
			case 'interface':
			case 'trait':
			case 'enum':
				facts.classes.push(readClass(statement, snapshot(scope), file));
				break;
			case 'constantstatement':
				for (const constant of asNodes(statement['constants'])) {
					const name = identifierName(constant['name']);
					if (name === undefined || !isNode(constant['value'])) continue;
					facts.constants.push({
						name: scope.namespace === '' ? name : `${scope.namespace}\\${name}`,
						expression: constant['value'],
						scope: snapshot(scope),
						site: siteOf(constant, file),
					});
				}
				break;
			case 'block':
				readStatements(children(statement), scope, file, facts);
				break;
			default:
				// Functions, statements, closures: no attributes we document.
				break;
		}
	}
}

function snapshot(scope: MutableScope): NameScope {
	scope.frozen ??= {namespace: scope.namespace, classes: new Map(scope.classes), constants: new Map(scope.constants)};
	return scope.frozen;
}

function readUse(group: PhpNode, scope: MutableScope): void {
	scope.frozen = undefined;
	const prefix = typeof group['name'] === 'string' && group['name'] !== '' ? `${group['name'].replace(/^\\/, '')}\\` : '';
	for (const item of asNodes(group['items'])) {
		const type = (item['type'] ?? group['type']) as string | null;
		const name = `${prefix}${String(item['name'] ?? '').replace(/^\\/, '')}`;
		const alias = identifierName(item['alias']) ?? name.slice(name.lastIndexOf('\\') + 1);
		if (type === 'function') continue;
		if (type === 'const') scope.constants.set(alias, name);
		else scope.classes.set(alias.toLowerCase(), name);
	}
}

function readClass(node: PhpNode, scope: NameScope, file: string): ClassFacts {
	const shortName = identifierName(node['name']) ?? 'class@anonymous';
	const name = scope.namespace === '' ? shortName : `${scope.namespace}\\${shortName}`;
	const constants = new Map<string, PhpNode>();
	const cases = new Map<string, PhpNode | null>();
	const methods: MemberFacts[] = [];
	const properties: MemberFacts[] = [];
	for (const member of asNodes(node['body'])) {
		if (member.kind === 'classconstant') {
			for (const constant of asNodes(member['constants'])) {
				const constantName = identifierName(constant['name']);
				if (constantName !== undefined && isNode(constant['value'])) constants.set(constantName, constant['value']);
			}
		} else if (member.kind === 'enumcase') {
			// An enum case is an object in PHP, not a plain value: only its ->value and ->name are read.
			const caseName = identifierName(member['name']);
			if (caseName !== undefined) cases.set(caseName, isNode(member['value']) ? member['value'] : null);
		} else if (member.kind === 'method') {
			const methodName = identifierName(member['name']) ?? '';
			methods.push({name: methodName, attributes: readAttributes(member, scope, file), site: siteOf(member, file)});
			// Promoted constructor parameters are properties too.
			if (methodName.toLowerCase() === '__construct') {
				for (const parameter of asNodes(member['arguments'])) {
					if (!parameter['flags']) continue;
					properties.push(readProperty(parameter, scope, file));
				}
			}
		} else if (member.kind === 'propertystatement') {
			for (const property of asNodes(member['properties'])) properties.push(readProperty(property, scope, file));
		}
	}
	const parent = isNode(node['extends']) ? resolveClassName(String(node['extends']['name']), scope) : undefined;
	return {
		name,
		kind: node.kind as ClassFacts['kind'],
		...(parent === undefined ? {} : {parent}),
		scope,
		file,
		site: siteOf(node, file),
		constants,
		...(cases.size > 0 ? {cases} : {}),
		attributes: readAttributes(node, scope, file),
		methods,
		properties,
	};
}

function readProperty(node: PhpNode, scope: NameScope, file: string): MemberFacts {
	const type = isNode(node['type']) ? typeName(node['type']) : undefined;
	return {
		name: identifierName(node['name']) ?? '',
		attributes: readAttributes(node, scope, file),
		...(type === undefined ? {} : {type: {name: type, nullable: Boolean(node['nullable'])}}),
		site: siteOf(node, file),
	};
}

function typeName(node: PhpNode): string | undefined {
	if (node.kind === 'typereference' || node.kind === 'name') return String(node['name'] ?? '');
	return undefined;
}

function readAttributes(node: PhpNode, scope: NameScope, file: string): AttributeFact[] {
	const found: AttributeFact[] = [];
	for (const group of asNodes(node['attrGroups'])) {
		for (const attribute of asNodes(group['attrs'])) {
			const written = String(attribute['name'] ?? '');
			found.push({
				written,
				className: resolveClassName(written, scope),
				args: asNodes(attribute['args']),
				site: siteOf(attribute, file),
			});
		}
	}
	return found;
}

export function isNode(value: unknown): value is PhpNode {
	return typeof value === 'object' && value !== null && typeof (value as {kind?: unknown}).kind === 'string';
}

function asNodes(value: unknown): PhpNode[] {
	return Array.isArray(value) ? value.filter(isNode) : [];
}

function identifierName(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (isNode(value) && typeof value['name'] === 'string') return value['name'];
	return undefined;
}
