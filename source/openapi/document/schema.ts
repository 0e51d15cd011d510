// Schema, Property, Items, AdditionalProperties (and the schema half of JsonContent) →
// an OpenAPI 3.0 Schema Object, fields in swagger-php's order.
import {addExtensions, Args, nestedArgs, put, type Json, type JsonObject} from './arguments.js';
import type {Diagnostics} from '../../php/diagnostics.js';
import {externalDocsFrom} from './info.js';
import {shortName} from '../../php/php-value.js';

export interface SchemaContext {
	readonly report: Diagnostics;
	/** The components/schemas name of a class, for `ref: Ville::class`. */
	schemaNameOf(className: string): string;
}

const types = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const schemaRoles = ['schema', 'property', 'items', 'additionalProperties', 'jsonContent', 'xmlContent'] as const;

/** A `ref` argument as a JSON reference: a `#/…` path as is, a class name as its component schema. */
export function refValue(ref: string, context: SchemaContext, collection = 'schemas'): string {
	if (ref.startsWith('#') || ref.includes('/') || ref.includes(':')) return ref;
	return `#/components/${collection}/${collection === 'schemas' ? context.schemaNameOf(ref.replace(/^\\/, '')) : shortName(ref)}`;
}

export function schemaFrom(args: Args, context: SchemaContext): JsonObject {
	const schema: JsonObject = {};
	const {report} = context;
	const where = args.name;
	const ref = args.string('ref');
	if (ref !== undefined) schema['$ref'] = refValue(ref, context);
	args.value('schema'); // the component name: used by the caller where it means something
	put(schema, 'title', args.string('title'));
	put(schema, 'description', args.string('description'));
	put(schema, 'maxProperties', args.number('maxProperties', true));
	put(schema, 'minProperties', args.number('minProperties', true));

	const required = args.value('required') !== undefined && args.spec.role === 'property' && typeof args.value('required') === 'boolean' ? undefined : args.stringList('required');
	const properties = propertiesFrom(args, context);
	const requiredList = [...(required ?? []), ...properties.required.filter((name) => !(required ?? []).includes(name))];
	if (requiredList.length > 0) schema['required'] = requiredList;
	if (properties.map) schema['properties'] = properties.map;

	let nullableFromType = false;
	const typeValue = args.value('type');
	if (typeValue !== undefined) {
		const list = args.stringList('type') ?? [];
		const named = list.filter((type) => type !== 'null');
		nullableFromType = named.length < list.length;
		if (named.length > 1) {
			report.warn(args.site, `${where}: type lists several types (${named.join(', ')}); OpenAPI 3.0 allows one, so ${named[0]} is kept (use oneOf for the others)`);
		}
		const type = named[0];
		if (type !== undefined) {
			if (types.has(type)) schema['type'] = type;
			else report.warn(args.site, `${where}: type '${type}' is not an OpenAPI type (${hint(type)}); left out`);
		}
	}
	put(schema, 'format', args.string('format'));
	const [items] = args.objects('items');
	if (items) {
		const nested = nestedArgs(items.object, schemaRoles, report, `${where}: items`);
		if (nested) schema['items'] = nestedSchema(nested, context);
	}
	if (args.has('collectionFormat')) {
		args.value('collectionFormat');
		report.warn(args.site, `${where}: collectionFormat is Swagger 2.0; OpenAPI 3.0 uses style and explode on the Parameter; left out`);
	}
	put(schema, 'default', args.json('default'));
	bound(schema, args, 'maximum', 'exclusiveMaximum');
	bound(schema, args, 'minimum', 'exclusiveMinimum');
	put(schema, 'maxLength', args.number('maxLength', true));
	put(schema, 'minLength', args.number('minLength', true));
	put(schema, 'pattern', args.string('pattern'));
	put(schema, 'maxItems', args.number('maxItems', true));
	put(schema, 'minItems', args.number('minItems', true));
	put(schema, 'uniqueItems', args.boolean('uniqueItems'));
	const enumValue = args.value('enum');
	if (typeof enumValue === 'string') {
		report.warn(args.site, `${where}: enum names a class (${enumValue}); edu reads only a list of values; left out`);
	} else {
		const values = args.json('enum');
		if (values !== undefined) schema['enum'] = Array.isArray(values) ? values : Object.values(values as JsonObject);
	}
	const constant = args.json('const');
	if (constant !== undefined && schema['enum'] === undefined) schema['enum'] = [constant];
	put(schema, 'multipleOf', args.number('multipleOf'));
	put(schema, 'readOnly', args.boolean('readOnly'));
	put(schema, 'writeOnly', args.boolean('writeOnly'));
	const [docs] = args.objects('externalDocs');
	if (docs) put(schema, 'externalDocs', externalDocsFrom(docs.object, report, `${where}: externalDocs`));
	// JsonContent's example and examples belong to its media type (content.ts), as in swagger-php.
	const mediaLevel = args.spec.role === 'jsonContent' || args.spec.role === 'xmlContent';
	if (!mediaLevel) put(schema, 'example', args.json('example'));
	if (!mediaLevel && args.has('examples')) {
		args.value('examples');
		report.warn(args.site, `${where}: examples on a schema is OpenAPI 3.1; use example, or examples on the MediaType/JsonContent; left out`);
	}
	const nullable = args.boolean('nullable');
	if (nullable !== undefined || nullableFromType) schema['nullable'] = nullable ?? true;
	put(schema, 'deprecated', args.boolean('deprecated'));
	for (const combiner of ['allOf', 'anyOf', 'oneOf'] as const) {
		const parts = args.objects(combiner)
			.map(({object}) => nestedArgs(object, schemaRoles, report, `${where}: ${combiner}`))
			.filter((nested): nested is Args => nested !== undefined)
			.map((nested) => nestedSchema(nested, context));
		if (parts.length > 0) schema[combiner] = parts;
	}
	const [not] = args.objects('not');
	if (not) {
		const nested = nestedArgs(not.object, schemaRoles, report, `${where}: not`);
		if (nested) schema['not'] = nestedSchema(nested, context);
	}
	const additional = args.value('additionalProperties');
	if (typeof additional === 'boolean') {
		schema['additionalProperties'] = additional;
	} else if (additional !== undefined) {
		const [object] = args.objects('additionalProperties');
		const nested = object ? nestedArgs(object.object, schemaRoles, report, `${where}: additionalProperties`) : undefined;
		if (nested) schema['additionalProperties'] = nestedSchema(nested, context);
	}
	addExtensions(schema, args);

	// As swagger-php does: properties without a type make an object.
	if (schema['type'] === undefined && schema['$ref'] === undefined && (schema['properties'] !== undefined || schema['additionalProperties'] !== undefined)) {
		schema['type'] = 'object';
	}
	if (schema['type'] === 'array' && schema['items'] === undefined) {
		report.warn(args.site, `${where}: type 'array' needs items (e.g. items: new Attributes\\Items(type: 'string')); any item type is documented`);
		schema['items'] = {};
	}
	return reorder(schema);
}

/** A nested schema argument; its arguments are checked as soon as it is read. */
export function nestedSchema(args: Args, context: SchemaContext): JsonObject {
	const schema = schemaFrom(args, context);
	if (args.spec.role === 'property') args.value('property');
	args.finish();
	return schema;
}

interface Properties {
	readonly map: JsonObject | undefined;
	/** Properties that said `required: true` themselves. */
	readonly required: string[];
}

function propertiesFrom(args: Args, context: SchemaContext): Properties {
	const found = args.objects('properties');
	if (found.length === 0) return {map: undefined, required: []};
	const map: JsonObject = {};
	const required: string[] = [];
	for (const {key, object} of found) {
		const nested = nestedArgs(object, schemaRoles, context.report, `${args.name}: properties`);
		if (!nested) continue;
		const name = nested.spec.role === 'property' ? (nested.string('property') ?? (typeof key === 'string' ? key : undefined)) : typeof key === 'string' ? key : undefined;
		if (name === undefined) {
			context.report.warn(nested.site, `${nested.name} in properties has no name (property: 'nom'); left out`);
			nested.discard();
			continue;
		}
		if (nested.spec.role === 'property' && typeof nested.value('required') === 'boolean') {
			if (nested.value('required') === true) required.push(name);
		}
		if (map[name] !== undefined) context.report.warn(nested.site, `${args.name}: property ${name} is listed twice; the last one is kept`);
		map[name] = nestedSchema(nested, context);
	}
	return {map, required};
}

/** maximum + exclusiveMaximum (true, or a number as in OpenAPI 3.1) → the 3.0 form. */
function bound(schema: JsonObject, args: Args, limit: 'maximum' | 'minimum', exclusive: 'exclusiveMaximum' | 'exclusiveMinimum'): void {
	const value = args.number(limit);
	const flag = args.value(exclusive);
	if (typeof flag === 'number') {
		schema[limit] = flag;
		schema[exclusive] = true;
		return;
	}
	put(schema, limit, value);
	put(schema, exclusive, args.boolean(exclusive));
}

function hint(type: string): string {
	const common: Record<string, string> = {int: 'integer', float: 'number', double: 'number', bool: 'boolean', str: 'string', list: 'array', dict: 'object'};
	const suggestion = common[type.toLowerCase()];
	return suggestion === undefined ? 'use string, number, integer, boolean, array or object' : `did you mean '${suggestion}'?`;
}

/** The order swagger-php writes a schema in, whatever order the fields were computed. */
const order = [
	'$ref', 'title', 'description', 'maxProperties', 'minProperties', 'required', 'properties', 'type', 'format', 'items',
	'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems',
	'minItems', 'uniqueItems', 'enum', 'multipleOf', 'readOnly', 'writeOnly', 'externalDocs', 'example', 'nullable',
	'deprecated', 'allOf', 'anyOf', 'oneOf', 'not', 'additionalProperties',
];

function reorder(schema: JsonObject): JsonObject {
	const sorted: JsonObject = {};
	for (const key of order) if (schema[key] !== undefined) sorted[key] = schema[key] as Json;
	for (const [key, value] of Object.entries(schema)) if (!(key in sorted)) sorted[key] = value;
	return sorted;
}
