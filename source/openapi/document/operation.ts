// Get/Post/Put/Patch/Delete with their Parameter, RequestBody and Response attributes → an
// Operation Object. As in swagger-php, the method-level ones belong to every operation of the
// method, the inline ones (parameters:, responses:, requestBody:) only to their own.
import {md5Hex} from './md5.js';
import {addExtensions, Args, nestedArgs, put, type Json, type JsonObject} from './arguments.js';
import {externalDocsFrom, serverFrom} from './info.js';
import type {PhpObject, Site} from '../../php/php-value.js';
import {parameterFrom} from './parameter.js';
import {requestBodyFrom, responseFrom} from './response.js';
import type {SchemaContext} from './schema.js';

export interface MethodLevel {
	readonly parameters: readonly PhpObject[];
	readonly responses: readonly PhpObject[];
	readonly requestBodies: readonly PhpObject[];
	readonly servers: readonly PhpObject[];
	readonly externalDocs: readonly PhpObject[];
	/** The paths of every operation on the method, so a method-level path parameter goes only where it fits. */
	readonly paths: readonly string[];
	/** Placeholders in an optional part of a path of the method (`[/{detail}]`): `required: false` is what they mean. */
	readonly optionalInPath: ReadonlySet<string>;
	/** Method-level attributes already converted for another operation of the method. */
	readonly converted: Map<PhpObject, JsonObject | [string, JsonObject] | undefined>;
}

export interface OperationSource {
	readonly args: Args;
	readonly className: string;
	readonly methodName: string;
	readonly methodLevel: MethodLevel;
	/** One form of a path with optional parts (its index among them): documented instead of the path as written. */
	readonly form?: {readonly path: string; readonly index: number};
}

export interface BuiltOperation {
	/** Lower case, as a Path Item key. */
	readonly method: string;
	readonly path: string;
	readonly operation: JsonObject;
	readonly site: Site;
}

export function operationFrom(source: OperationSource, context: SchemaContext): BuiltOperation | undefined {
	const {args, methodLevel} = source;
	const {report} = context;
	const method = args.spec.method ?? 'get';
	const written = args.string('path');
	const path = written === undefined ? undefined : source.form?.path ?? written;
	if (path === undefined || !path.startsWith('/')) {
		// A misspelt path (paht:) is the usual reason: named, as PHP would refuse it.
		const unknown = args.unknownNames().map((name) => `${name}:`);
		const misspelt = unknown.length === 0 ? '' : ` (${unknown.join(', ')} ${unknown.length === 1 ? 'is no argument' : 'are no arguments'} of ${args.name}: PHP refuses ${unknown.length === 1 ? 'it' : 'them'} as an unknown named parameter)`;
		report.warn(args.site, path === undefined
			? `${args.name} has no path (path: '/api/…')${misspelt}; left out`
			: `${args.name}: path '${path}' must start with /; left out`);
		args.discard();
		return undefined;
	}
	const where = `${method.toUpperCase()} ${path}`;
	const operation: JsonObject = {};
	put(operation, 'tags', args.stringList('tags'));
	put(operation, 'summary', args.string('summary'));
	put(operation, 'description', args.string('description'));
	const [docs] = [...args.objects('externalDocs').map(({object}) => object), ...methodLevel.externalDocs];
	if (docs) put(operation, 'externalDocs', externalDocsFrom(docs, report, `${where}: externalDocs`));
	const given = args.string('operationId');
	// An operationId names one operation: the shortest form keeps swagger-php's, the longer ones get their own.
	operation['operationId'] = given === undefined ? operationId(method, source.form !== undefined && source.form.index > 0 ? path : written!, source.className, source.methodName) : source.form === undefined || source.form.index === 0 ? given : `${given}_${source.form.index + 1}`;

	const parameters = parametersOf(source, path, context, where);
	if (parameters.length > 0) operation['parameters'] = parameters;

	const bodies = [...args.objects('requestBody').map(({object}) => object), ...methodLevel.requestBodies];
	const [body, ...extraBodies] = bodies;
	for (const extra of extraBodies) report.warn(extra.site, `${where}: only one RequestBody per operation; this one is left out`);
	if (body) {
		const bodyArgs = nestedArgs(body, ['requestBody'], report, `${where}: requestBody`);
		if (bodyArgs) operation['requestBody'] = requestBodyFrom(bodyArgs, context);
	}

	operation['responses'] = responsesOf(source, context, where);
	put(operation, 'deprecated', args.boolean('deprecated'));
	put(operation, 'security', securityFrom(args));
	const servers = [...args.objects('servers').map(({object}) => object), ...methodLevel.servers]
		.map((object) => serverFrom(object, report, `${where}: servers`))
		.filter((server): server is JsonObject => server !== undefined);
	if (servers.length > 0) operation['servers'] = servers;
	addExtensions(operation, args);
	args.finish();
	return {method, path, operation, site: args.site};
}

/** swagger-php's default operationId: md5 of "METHOD::path::Namespace\Class::method". */
export function operationId(method: string, path: string, className: string, methodName: string): string {
	return md5Hex(`${method.toUpperCase()}::${path}::${className}::${methodName}`);
}

function pathParameterNames(path: string): string[] {
	return [...path.matchAll(/\{([^}/]+)\}/g)].map((match) => match[1]!);
}

function parametersOf(source: OperationSource, path: string, context: SchemaContext, where: string): JsonObject[] {
	const {report} = context;
	const inPath = new Set(pathParameterNames(path));
	const result: JsonObject[] = [];
	const seen = new Map<string, Site>();
	const inline = source.args.objects('parameters').map(({object}) => ({object, inline: true}));
	const methodLevel = source.methodLevel.parameters.map((object) => ({object, inline: false}));
	for (const {object, inline: isInline} of [...inline, ...methodLevel]) {
		const parameter = convertOnce(source.methodLevel, object, !isInline, () => {
			const args = nestedArgs(object, ['parameter'], report, `${where}: parameters`);
			return args ? parameterFrom(args, context, source.methodLevel.optionalInPath) : undefined;
		}) as JsonObject | undefined;
		if (!parameter) continue;
		const site = object.site;
		if (parameter['in'] === 'path' && !inPath.has(String(parameter['name']))) {
			// A method-level path parameter serves the operations whose path has it; any, another form of the same path.
			const others = isInline ? (source.form === undefined ? [] : source.methodLevel.paths) : source.methodLevel.paths;
			const usedElsewhere = others.some((other) => pathParameterNames(other).includes(String(parameter['name'])));
			if (!usedElsewhere) report.warn(site, `${where}: path parameter ${String(parameter['name'])} is not in the path; left out (the path needs {${String(parameter['name'])}})`);
			continue;
		}
		const key = parameter['$ref'] === undefined ? `${String(parameter['in'])} ${String(parameter['name'])}` : `ref ${String(parameter['$ref'])}`;
		if (seen.has(key)) {
			report.warn(site, `${where}: parameter ${String(parameter['name'] ?? parameter['$ref'])} is documented twice; the first one is kept`);
			continue;
		}
		seen.set(key, site);
		result.push(parameter);
	}
	const documented = new Set(result.filter((parameter) => parameter['in'] === 'path').map((parameter) => String(parameter['name'])));
	const hasRefs = result.some((parameter) => parameter['$ref'] !== undefined);
	for (const name of inPath) {
		if (!documented.has(name) && !hasRefs) {
			// OpenAPI requires every {name} of a path to be declared: a string meanwhile, so the document stays valid.
			result.push({name, in: 'path', required: true, schema: {type: 'string'}});
			report.warn(source.args.site, `${where}: path parameter {${name}} is not documented; add #[Attributes\\Parameter(name: '${name}', in: 'path', required: true, schema: new Attributes\\Schema(type: 'integer'))] (documented as a string meanwhile)`);
		}
	}
	return result;
}

/** A method-level attribute is the same for every operation of the method: converted once. */
function convertOnce(
	methodLevel: MethodLevel,
	object: PhpObject,
	shared: boolean,
	convert: () => JsonObject | [string, JsonObject] | undefined,
): JsonObject | [string, JsonObject] | undefined {
	if (!shared) return convert();
	if (methodLevel.converted.has(object)) return methodLevel.converted.get(object);
	const converted = convert();
	methodLevel.converted.set(object, converted);
	return converted;
}

function responsesOf(source: OperationSource, context: SchemaContext, where: string): JsonObject {
	const {report} = context;
	const responses: JsonObject = {};
	const inline = source.args.objects('responses').map(({key, object}) => ({key, object, shared: false}));
	const methodLevel = source.methodLevel.responses.map((object) => ({key: undefined, object, shared: true}));
	for (const {key, object, shared} of [...inline, ...methodLevel]) {
		const converted = convertOnce(source.methodLevel, object, shared, () => {
			const args = nestedArgs(object, ['response'], report, `${where}: responses`);
			return args ? responseFrom(args, key, context) : undefined;
		}) as [string, JsonObject] | undefined;
		if (!converted) continue;
		const [code, response] = converted;
		if (responses[code] !== undefined) {
			report.warn(object.site, `${where}: response ${code} is documented twice; the first one is kept`);
			continue;
		}
		responses[code] = response;
	}
	if (Object.keys(responses).length === 0) {
		report.warn(source.args.site, `${where} has no Response; add #[Attributes\\Response(response: 200, description: '…')] (documented as a default response meanwhile)`);
		responses['default'] = {description: 'Not documented yet'};
	}
	return responses;
}

/** security: [['bearerAuth' => []]] → a list of Security Requirement Objects. */
function securityFrom(args: Args): Json[] | undefined {
	const value = args.json('security');
	if (value === undefined) return undefined;
	const list = Array.isArray(value) ? value : [value];
	const requirements: Json[] = [];
	for (const item of list) {
		if (typeof item === 'string') requirements.push({[item]: []});
		else if (typeof item === 'object' && item !== null && !Array.isArray(item)) requirements.push(item);
		else if (Array.isArray(item) && item.length === 0) requirements.push({});
		else args.report.warn(args.site, `${args.name}: security should look like [['bearerAuth' => []]]; an entry is left out`);
	}
	return requirements;
}

