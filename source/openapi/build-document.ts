// Every file's attributes → one OpenAPI 3.0.0 document: keys openapi, info, servers, paths,
// components, tags; paths sorted, operations in Path Item order. Pure: no I/O.
import {Args, type JsonObject} from './arguments.js';
import {lookupAttribute, type AttributeSpec} from './attribute-set.js';
import {Diagnostics} from './diagnostics.js';
import {EvaluationProblem, Evaluator, type ConstantTable, type EvaluationContext} from './evaluate.js';
import {infoFrom, securitySchemeFrom, serverFrom, tagFrom} from './info.js';
import {operationFrom, type MethodLevel} from './operation.js';
import type {AttributeFact, ClassFacts, MemberFacts, PhpFileFacts, PhpNode} from './php-file.js';
import type {NameScope} from './php-names.js';
import {shortName, type PhpObject, type PhpValue, type Site} from './php-value.js';
import {nestedSchema, schemaFrom, type SchemaContext} from './schema.js';

export const defaultInfo = {title: 'My First API', version: '0.1'} as const;

/** One operation attribute, where it is: what `edu routes` compares with routes.yaml. */
export interface ApiOperation {
	/** Upper case, as in routes.yaml. */
	readonly method: string;
	readonly path: string;
	readonly className: string;
	readonly methodName: string;
	readonly site: Site;
}

export interface BuildResult {
	readonly document: JsonObject;
	readonly diagnostics: Diagnostics;
	readonly operations: readonly ApiOperation[];
}

/** An attribute after evaluation: what it is and its arguments as values. */
interface Evaluated {
	readonly spec: AttributeSpec;
	readonly object: PhpObject;
}

interface ClassAttributes {
	readonly facts: ClassFacts;
	readonly own: readonly Evaluated[];
	readonly methods: ReadonlyArray<{readonly member: MemberFacts; readonly attributes: readonly Evaluated[]}>;
	readonly properties: ReadonlyArray<{readonly member: MemberFacts; readonly attributes: readonly Evaluated[]}>;
}

const pathItemOrder = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function buildDocument(files: readonly PhpFileFacts[]): BuildResult {
	const report = new Diagnostics();
	const table = constantTable(files);
	const evaluator = new Evaluator(table);
	const classes: ClassAttributes[] = [];
	for (const file of files) {
		for (const facts of file.classes) {
			const evaluate = (list: readonly AttributeFact[]): Evaluated[] => evaluateAll(list, facts, evaluator, report);
			classes.push({
				facts,
				own: evaluate(facts.attributes),
				methods: facts.methods.map((member) => ({member, attributes: evaluate(member.attributes)})),
				properties: facts.properties.map((member) => ({member, attributes: evaluate(member.attributes)})),
			});
		}
	}

	// Component names first, so `ref: Ville::class` resolves whatever the file order.
	const schemaNames = new Map<string, string>();
	for (const {facts, own} of classes) {
		const schema = own.find((item) => item.spec.role === 'schema');
		if (!schema) continue;
		const named = schema.object.named.get('schema') ?? schema.object.positional[1];
		schemaNames.set(facts.name.toLowerCase(), typeof named === 'string' ? named : shortName(facts.name));
	}
	const context: SchemaContext = {
		report,
		schemaNameOf: (className) => schemaNames.get(className.toLowerCase()) ?? shortName(className),
	};

	const infos: JsonObject[] = [];
	const servers: JsonObject[] = [];
	const tags: JsonObject[] = [];
	const schemas: JsonObject = {};
	const securitySchemes: JsonObject = {};
	const paths = new Map<string, Map<string, {operation: JsonObject; site: Site}>>();
	const operations: ApiOperation[] = [];

	const addOperation = (built: ReturnType<typeof operationFrom>, className: string, methodName: string): void => {
		if (!built) return;
		const item = paths.get(built.path) ?? new Map<string, {operation: JsonObject; site: Site}>();
		paths.set(built.path, item);
		const existing = item.get(built.method);
		if (existing) {
			report.warn(built.site, `${built.method.toUpperCase()} ${built.path} is already documented at ${existing.site.file}:${existing.site.line}; this one is left out`);
			return;
		}
		item.set(built.method, {operation: built.operation, site: built.site});
		operations.push({method: built.method.toUpperCase(), path: built.path, className, methodName, site: built.site});
	};

	for (const {facts, own, methods, properties} of classes) {
		const target = (attributes: readonly Evaluated[], methodName: string): void => {
			const roles = group(attributes);
			const operationsHere = roles.get('operation') ?? [];
			const methodLevel: MethodLevel = {
				parameters: objectsOf(roles, 'parameter'),
				responses: objectsOf(roles, 'response'),
				requestBodies: objectsOf(roles, 'requestBody'),
				servers: operationsHere.length > 0 ? objectsOf(roles, 'server') : [],
				externalDocs: operationsHere.length > 0 ? objectsOf(roles, 'externalDocs') : [],
				paths: operationsHere.map((item) => item.object.named.get('path') ?? item.object.positional[0]).filter((path): path is string => typeof path === 'string'),
			};
			for (const item of operationsHere) {
				addOperation(operationFrom({args: new Args(item.object, item.spec, report), className: facts.name, methodName, methodLevel}, context), facts.name, methodName);
			}
			if (operationsHere.length === 0) {
				for (const role of ['parameter', 'response', 'requestBody'] as const) {
					for (const item of roles.get(role) ?? []) {
						report.warn(item.object.site, `#[${item.spec.name}] needs an operation attribute (#[Attributes\\Get(path: …)], …) on the same ${methodName === '' ? 'class' : 'method'}; left out`);
					}
				}
			}
			const info = roles.get('info') ?? [];
			for (const item of info) {
				infos.push(infoFrom(new Args(item.object, item.spec, report), {contact: roles.get('contact')?.[0]?.object, license: roles.get('license')?.[0]?.object}, defaultInfo));
			}
			if (info.length === 0) {
				for (const item of [...(roles.get('contact') ?? []), ...(roles.get('license') ?? [])]) {
					report.warn(item.object.site, `#[${item.spec.name}] belongs to an #[Attributes\\Info] on the same class; left out`);
				}
			}
			if (operationsHere.length === 0) {
				for (const item of roles.get('server') ?? []) {
					const server = serverFrom(item.object, report, 'Server');
					if (server) servers.push(server);
				}
			}
			for (const item of roles.get('tag') ?? []) {
				const tag = tagFrom(new Args(item.object, item.spec, report));
				if (tag) tags.push(tag);
			}
			for (const item of roles.get('securityScheme') ?? []) {
				const scheme = securitySchemeFrom(new Args(item.object, item.spec, report));
				if (!scheme) continue;
				if (securitySchemes[scheme[0]] !== undefined) report.warn(item.object.site, `SecurityScheme ${scheme[0]} is declared twice; the first one is kept`);
				else securitySchemes[scheme[0]] = scheme[1];
			}
			for (const role of ['mediaType', 'jsonContent', 'xmlContent', 'items', 'examples', 'additionalProperties'] as const) {
				for (const item of roles.get(role) ?? []) {
					report.warn(item.object.site, `#[${item.spec.name}] is only read nested in another attribute (e.g. content: new Attributes\\${item.spec.name}(…)); left out`);
				}
			}
			if (operationsHere.length === 0) {
				for (const item of roles.get('externalDocs') ?? []) {
					report.warn(item.object.site, '#[ExternalDocumentation] needs an operation on the same method (or externalDocs: on a Tag); left out');
				}
			}
		};

		target(own, '');
		for (const {member, attributes} of methods) {
			target(attributes.filter((item) => item.spec.role !== 'schema' && item.spec.role !== 'property'), member.name);
			for (const item of attributes.filter((entry) => entry.spec.role === 'schema' || entry.spec.role === 'property')) {
				report.warn(item.object.site, `#[${item.spec.name}] on a method is not read by edu (put it on the class, or nest it in a Response); left out`);
			}
		}

		// A class-level Schema is a reusable component; Property attributes on the class or its properties fill it.
		const schemaItem = own.find((item) => item.spec.role === 'schema');
		const classProperties = own.filter((item) => item.spec.role === 'property').map((item) => ({item, member: undefined as MemberFacts | undefined}));
		const memberProperties = properties.flatMap(({member, attributes}) => attributes.filter((item) => item.spec.role === 'property').map((item) => ({item, member})));
		for (const {attributes} of properties) {
			for (const item of attributes.filter((entry) => entry.spec.role !== 'property')) {
				report.warn(item.object.site, `#[${item.spec.name}] on a property is not read by edu; left out`);
			}
		}
		if (!schemaItem) {
			for (const {item} of [...classProperties, ...memberProperties]) {
				report.warn(item.object.site, `#[Property] needs an #[Attributes\\Schema] on the class ${shortName(facts.name)}; left out`);
			}
			continue;
		}
		const name = context.schemaNameOf(facts.name);
		const schemaArgs = new Args(schemaItem.object, schemaItem.spec, report);
		const schema = schemaFrom(schemaArgs, context);
		schemaArgs.finish();
		for (const {item, member} of [...classProperties, ...memberProperties]) addProperty(schema, item, member, context);
		if (schema['type'] === undefined && schema['properties'] !== undefined && schema['$ref'] === undefined) schema['type'] = 'object';
		if (schemas[name] !== undefined) report.warn(schemaItem.object.site, `schema ${name} is declared twice; the first one is kept`);
		else schemas[name] = reorderSchema(schema);
		for (const extra of own.filter((item) => item.spec.role === 'schema').slice(1)) {
			report.warn(extra.object.site, 'only one #[Schema] per class is read; this one is left out');
		}
	}

	return {document: assemble(infos, servers, paths, schemas, securitySchemes, tags, operations, report, files), diagnostics: report, operations};
}

function assemble(
	infos: JsonObject[],
	servers: JsonObject[],
	paths: Map<string, Map<string, {operation: JsonObject; site: Site}>>,
	schemas: JsonObject,
	securitySchemes: JsonObject,
	declaredTags: JsonObject[],
	operations: ApiOperation[],
	report: Diagnostics,
	files: readonly PhpFileFacts[],
): JsonObject {
	const document: JsonObject = {openapi: '3.0.0'};
	const [info, ...extraInfos] = infos;
	if (extraInfos.length > 0) report.warn(firstSite(files), `${infos.length} Info attributes found; the first one (in file order) is used`);
	if (!info) {
		report.warn(firstSite(files), `no #[Attributes\\Info] found in app/Controller/api (openapi.php normally holds it; edu make:api creates it); title '${defaultInfo.title}' and version '${defaultInfo.version}' are used`);
	}
	document['info'] = info ?? {...defaultInfo};
	if (servers.length > 0) document['servers'] = servers;
	const pathsObject: JsonObject = {};
	for (const path of [...paths.keys()].sort(comparePaths)) {
		const item: JsonObject = {};
		const methods = paths.get(path)!;
		for (const method of pathItemOrder) {
			const entry = methods.get(method);
			if (entry) item[method] = entry.operation;
		}
		pathsObject[path] = item;
	}
	document['paths'] = pathsObject;
	if (operations.length === 0) report.warn(firstSite(files), 'no operation attribute (#[Attributes\\Get(path: …)], …) found; the document has no paths');
	const components: JsonObject = {};
	if (Object.keys(schemas).length > 0) components['schemas'] = schemas;
	if (Object.keys(securitySchemes).length > 0) components['securitySchemes'] = securitySchemes;
	if (Object.keys(components).length > 0) document['components'] = components;
	const tags = tagsOf(declaredTags, paths);
	if (tags.length > 0) document['tags'] = tags;
	return document;
}

/** Declared tags (first declaration kept), then every tag an operation uses that nobody declared. */
function tagsOf(declared: JsonObject[], paths: Map<string, Map<string, {operation: JsonObject; site: Site}>>): JsonObject[] {
	const byName = new Map<string, JsonObject>();
	for (const tag of declared) {
		const name = String(tag['name']);
		if (!byName.has(name)) byName.set(name, tag);
	}
	const used: string[] = [];
	for (const path of [...paths.keys()].sort(comparePaths)) {
		for (const method of pathItemOrder) {
			const operation = paths.get(path)?.get(method)?.operation;
			const tags = operation?.['tags'];
			if (Array.isArray(tags)) for (const tag of tags) if (typeof tag === 'string') used.push(tag);
		}
	}
	for (const name of used) if (!byName.has(name)) byName.set(name, {name});
	return [...byName.values()];
}

/** Code-point order: stable on every machine and locale. */
function comparePaths(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function firstSite(files: readonly PhpFileFacts[]): Site {
	return {file: files[0]?.file ?? 'app/Controller/api', line: 1, col: 1};
}

function group(attributes: readonly Evaluated[]): Map<string, Evaluated[]> {
	const roles = new Map<string, Evaluated[]>();
	for (const item of attributes) {
		const list = roles.get(item.spec.role) ?? [];
		list.push(item);
		roles.set(item.spec.role, list);
	}
	return roles;
}

function objectsOf(roles: Map<string, Evaluated[]>, role: string): PhpObject[] {
	return (roles.get(role) ?? []).map((item) => item.object);
}

const phpTypes: Record<string, string> = {int: 'integer', integer: 'integer', float: 'number', double: 'number', string: 'string', bool: 'boolean', boolean: 'boolean', array: 'array'};

/** A Property attribute on the class or on one of its properties → a field of the class's schema. */
function addProperty(schema: JsonObject, item: Evaluated, member: MemberFacts | undefined, context: SchemaContext): void {
	const args = new Args(item.object, item.spec, context.report);
	const name = args.string('property') ?? member?.name;
	if (name === undefined) {
		context.report.warn(item.object.site, "#[Property] on a class needs a name (property: 'nom'); left out");
		args.finish();
		return;
	}
	const requiredFlag = typeof args.value('required') === 'boolean' ? args.value('required') : undefined;
	const property = nestedSchema(args, context);
	if (member?.type && property['type'] === undefined && property['$ref'] === undefined) {
		const type = phpTypes[member.type.name.toLowerCase()];
		if (type !== undefined) {
			property['type'] = type;
			if (type === 'array' && property['items'] === undefined) property['items'] = {};
		} else if (!['mixed', 'null', 'object'].includes(member.type.name.toLowerCase())) {
			property['$ref'] = `#/components/schemas/${context.schemaNameOf(member.type.name)}`;
		}
		if (member.type.nullable && property['nullable'] === undefined) property['nullable'] = true;
	}
	const properties = (schema['properties'] as JsonObject | undefined) ?? {};
	properties[name] = reorderSchema(property);
	schema['properties'] = properties;
	if (requiredFlag === true) {
		const required = Array.isArray(schema['required']) ? schema['required'] : [];
		if (!required.includes(name)) required.push(name);
		schema['required'] = required;
	}
}

function reorderSchema(schema: JsonObject): JsonObject {
	// schemaFrom already orders; fields added afterwards (properties, type) go back in place.
	const order = ['$ref', 'title', 'description', 'maxProperties', 'minProperties', 'required', 'properties', 'type', 'format', 'items'];
	const sorted: JsonObject = {};
	for (const key of order) if (schema[key] !== undefined) sorted[key] = schema[key]!;
	for (const [key, value] of Object.entries(schema)) if (!(key in sorted)) sorted[key] = value;
	return sorted;
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

/** Evaluates the arguments of each attribute; an argument that cannot be read is left out (warning) or is an error. */
function evaluateAll(list: readonly AttributeFact[], facts: ClassFacts, evaluator: Evaluator, report: Diagnostics): Evaluated[] {
	const evaluated: Evaluated[] = [];
	for (const fact of list) {
		const found = lookupAttribute(fact.className);
		if (found.kind === 'builtin') continue;
		if (found.kind === 'foreign') {
			report.warn(fact.site, `#[${fact.written}] is not an OpenAPI attribute; left out`);
			continue;
		}
		if (found.kind === 'unsupported') {
			report.warn(fact.site, `#[${fact.written}] is not read by edu; left out`);
			continue;
		}
		if (found.kind === 'misresolved') {
			report.warn(fact.site, `#[${fact.written}] resolves to ${fact.className}, not OpenApi\\Attributes\\${found.spec.name}; add \`use OpenApi\\Attributes;\` and write #[Attributes\\${found.spec.name}(…)]; left out`);
			continue;
		}
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
					report.warn(error.site, `${found.spec.name}: ${error.message}; ${isNamed ? `${String(arg['name'])} is` : 'this argument is'} left out`);
				}
				if (!isNamed) positional.push(null);
			}
		}
		evaluated.push({spec: found.spec, object: {kind: 'object', className: fact.className, positional, named, site: fact.site}});
	}
	return evaluated;
}
