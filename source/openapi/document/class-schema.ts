// A class-level #[Schema] is a reusable component (components/schemas); #[Property] attributes
// on the class or on its properties fill it, taking the PHP property's name and type when
// they do not say otherwise.
import {Args, type JsonObject} from './arguments.js';
import type {ClassAttributes, Evaluated} from '../../php/evaluate/evaluate-attributes.js';
import type {MemberFacts} from '../../php/php-file.js';
import {shortName} from '../../php/php-value.js';
import {nestedSchema, schemaFrom, type SchemaContext} from './schema.js';

const phpTypes: Readonly<Record<string, string>> = {int: 'integer', integer: 'integer', float: 'number', double: 'number', string: 'string', bool: 'boolean', boolean: 'boolean', array: 'array'};

/** The class's component schema, or undefined (with warnings for stray Property attributes). */
export function classSchema(entry: ClassAttributes, context: SchemaContext): JsonObject | undefined {
	const {facts, own, properties} = entry;
	const {report} = context;
	const classProperties = own.filter((item) => item.spec.role === 'property').map((item) => ({item, member: undefined}));
	const memberProperties = properties.flatMap(({member, attributes}) =>
		attributes.filter((item) => item.spec.role === 'property').map((item) => ({item, member})));
	for (const {attributes} of properties) {
		for (const item of attributes.filter((entry) => entry.spec.role !== 'property')) {
			report.warn(item.object.site, `#[${item.spec.name}] on a property is not read by edu; left out`);
		}
	}
	const [schemaItem, ...extra] = own.filter((item) => item.spec.role === 'schema');
	for (const item of extra) report.warn(item.object.site, 'only one #[Schema] per class is read; this one is left out');
	if (!schemaItem) {
		for (const {item} of [...classProperties, ...memberProperties]) {
			report.warn(item.object.site, `#[Property] needs an #[Attributes\\Schema] on the class ${shortName(facts.name)}; left out`);
		}
		return undefined;
	}
	const args = new Args(schemaItem.object, schemaItem.spec, report);
	const schema = schemaFrom(args, context);
	args.finish();
	for (const {item, member} of [...classProperties, ...memberProperties]) addProperty(schema, item, member, context);
	if (schema['type'] === undefined && schema['properties'] !== undefined && schema['$ref'] === undefined) schema['type'] = 'object';
	return reorder(schema);
}

function addProperty(schema: JsonObject, item: Evaluated, member: MemberFacts | undefined, context: SchemaContext): void {
	const args = new Args(item.object, item.spec, context.report);
	const name = args.string('property') ?? member?.name;
	if (name === undefined) {
		context.report.warn(item.object.site, "#[Property] on a class needs a name (property: 'nom'); left out");
		args.discard();
		return;
	}
	const requiredFlag = typeof args.value('required') === 'boolean' ? args.value('required') : undefined;
	const property = nestedSchema(args, context);
	if (member?.type && property['type'] === undefined && property['$ref'] === undefined) {
		const type = phpTypes[member.type.name.toLowerCase()];
		if (type !== undefined) {
			property['type'] = type;
			if (type === 'array' && property['items'] === undefined) property['items'] = {};
		} else if (!['mixed', 'null', 'object', 'self', 'static'].includes(member.type.name.toLowerCase())) {
			property['$ref'] = `#/components/schemas/${context.schemaNameOf(member.type.name)}`;
		}
		if (member.type.nullable && property['nullable'] === undefined && property['$ref'] === undefined) property['nullable'] = true;
	}
	const fields = (schema['properties'] as JsonObject | undefined) ?? {};
	fields[name] = reorder(property);
	schema['properties'] = fields;
	if (requiredFlag === true) {
		const required = Array.isArray(schema['required']) ? schema['required'] : [];
		if (!required.includes(name)) required.push(name);
		schema['required'] = required;
	}
}

/** schemaFrom already orders fields; the ones added here afterwards go back in place. */
function reorder(schema: JsonObject): JsonObject {
	const order = ['$ref', 'title', 'description', 'maxProperties', 'minProperties', 'required', 'properties', 'type', 'format', 'items'];
	const sorted: JsonObject = {};
	for (const key of order) if (schema[key] !== undefined) sorted[key] = schema[key]!;
	for (const [key, value] of Object.entries(schema)) if (!(key in sorted)) sorted[key] = value;
	return sorted;
}
