// The swagger-php attributes edu reads (OpenApi\Attributes\…), with their constructor
// parameters in order so positional arguments land where PHP would put them.

export const attributesNamespace = 'OpenApi\\Attributes';

const schemaParameters = [
	'ref', 'schema', 'title', 'description', 'maxProperties', 'minProperties', 'required', 'properties', 'type', 'format',
	'items', 'collectionFormat', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
	'minLength', 'maxItems', 'minItems', 'uniqueItems', 'pattern', 'enum', 'discriminator', 'readOnly', 'writeOnly', 'xml',
	'externalDocs', 'example', 'examples', 'nullable', 'deprecated', 'allOf', 'anyOf', 'oneOf', 'not', 'additionalProperties',
	'multipleOf', 'const', 'x', 'attachables',
] as const;

const operationParameters = [
	'path', 'operationId', 'description', 'summary', 'security', 'servers', 'requestBody', 'tags', 'parameters', 'responses',
	'externalDocs', 'callbacks', 'deprecated', 'x', 'attachables',
] as const;

const parameterParameters = [
	'parameter', 'name', 'description', 'in', 'required', 'deprecated', 'allowEmptyValue', 'ref', 'schema', 'example', 'examples',
	'content', 'style', 'explode', 'allowReserved', 'spaceDelimited', 'pipeDelimited', 'x', 'attachables',
] as const;

export type AttributeRole =
	| 'info' | 'contact' | 'license' | 'server' | 'securityScheme' | 'tag' | 'externalDocs'
	| 'operation' | 'parameter' | 'requestBody' | 'response' | 'mediaType' | 'jsonContent' | 'xmlContent'
	| 'schema' | 'property' | 'items' | 'examples' | 'additionalProperties';

export interface AttributeSpec {
	/** Short name, e.g. `Get`. */
	readonly name: string;
	readonly role: AttributeRole;
	/** Every parameter name the constructor takes. */
	readonly parameters: readonly string[];
	/**
	 * How many leading parameters keep their position across swagger-php 4 and 5; a positional
	 * argument beyond them is ambiguous and is reported instead of guessed.
	 */
	readonly positional: number;
	/** For operations: the HTTP method. For typed parameters: the implied `in`. */
	readonly method?: string;
	readonly impliedIn?: string;
}

function spec(name: string, role: AttributeRole, parameters: readonly string[], positional = parameters.length, extra: Partial<AttributeSpec> = {}): AttributeSpec {
	return {name, role, parameters, positional, ...extra};
}

const specs: AttributeSpec[] = [
	spec('Info', 'info', ['version', 'description', 'title', 'termsOfService', 'contact', 'license', 'x', 'attachables'], 6),
	spec('Contact', 'contact', ['name', 'url', 'email', 'x', 'attachables'], 3),
	spec('License', 'license', ['name', 'identifier', 'url', 'x', 'attachables'], 1),
	spec('Server', 'server', ['url', 'description', 'variables', 'x', 'attachables'], 2),
	spec('SecurityScheme', 'securityScheme', ['ref', 'securityScheme', 'type', 'description', 'name', 'in', 'bearerFormat', 'scheme', 'openIdConnectUrl', 'flows', 'x', 'attachables'], 9),
	spec('Tag', 'tag', ['name', 'description', 'externalDocs', 'x', 'attachables'], 3),
	spec('ExternalDocumentation', 'externalDocs', ['description', 'url', 'x', 'attachables'], 2),
	...(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'Trace'] as const).map((name) =>
		spec(name, 'operation', operationParameters, 11, {method: name.toLowerCase()})),
	spec('Parameter', 'parameter', parameterParameters, 12),
	spec('PathParameter', 'parameter', parameterParameters, 12, {impliedIn: 'path'}),
	spec('QueryParameter', 'parameter', parameterParameters, 12, {impliedIn: 'query'}),
	spec('HeaderParameter', 'parameter', parameterParameters, 12, {impliedIn: 'header'}),
	spec('CookieParameter', 'parameter', parameterParameters, 12, {impliedIn: 'cookie'}),
	spec('RequestBody', 'requestBody', ['ref', 'request', 'description', 'required', 'content', 'x', 'attachables'], 5),
	spec('Response', 'response', ['ref', 'response', 'description', 'headers', 'content', 'links', 'x', 'attachables'], 6),
	spec('MediaType', 'mediaType', ['mediaType', 'schema', 'example', 'examples', 'encoding', 'x', 'attachables'], 5),
	spec('JsonContent', 'jsonContent', ['examples', ...schemaParameters], 5),
	spec('XmlContent', 'xmlContent', ['examples', ...schemaParameters], 5),
	spec('Schema', 'schema', schemaParameters, 4),
	spec('Items', 'items', schemaParameters, 4),
	spec('AdditionalProperties', 'additionalProperties', schemaParameters, 4),
	spec('Property', 'property', ['property', ...schemaParameters], 5),
	spec('Examples', 'examples', ['example', 'summary', 'description', 'value', 'externalValue', 'ref', 'x', 'attachables'], 6),
];

const byName = new Map(specs.map((entry) => [entry.name.toLowerCase(), entry]));

/** PHP's own attributes: never reported as unknown. */
const builtinAttributes = new Set(['attribute', 'returntypewillchange', 'allowdynamicproperties', 'sensitiveparameter', 'override', 'deprecated']);

export type AttributeLookup =
	| {readonly kind: 'known'; readonly spec: AttributeSpec}
	| {readonly kind: 'builtin'}
	/** In OpenApi\Attributes but not read by edu. */
	| {readonly kind: 'unsupported'; readonly name: string}
	/** Named like an OpenAPI attribute but resolving elsewhere: usually a missing `use OpenApi\Attributes;`. */
	| {readonly kind: 'misresolved'; readonly spec: AttributeSpec}
	| {readonly kind: 'foreign'};

/** What a fully qualified attribute class is to edu. */
export function lookupAttribute(className: string): AttributeLookup {
	const lower = className.toLowerCase();
	const prefix = `${attributesNamespace.toLowerCase()}\\`;
	if (lower.startsWith(prefix)) {
		const rest = className.slice(prefix.length);
		const found = byName.get(rest.toLowerCase());
		return found ? {kind: 'known', spec: found} : {kind: 'unsupported', name: rest};
	}
	if (builtinAttributes.has(lower)) return {kind: 'builtin'};
	const short = lower.slice(lower.lastIndexOf('\\') + 1);
	const similar = byName.get(short);
	if (similar && !lower.startsWith('openapi\\annotations\\')) return {kind: 'misresolved', spec: similar};
	if (lower.startsWith('openapi\\')) return {kind: 'unsupported', name: className};
	return {kind: 'foreign'};
}
