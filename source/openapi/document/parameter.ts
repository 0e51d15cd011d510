// Parameter (and PathParameter, QueryParameter…) → a Parameter Object; a path parameter is
// always required, and one with neither schema nor content is documented as a string.
import {addExtensions, type Args, nestedArgs, put, type Json, type JsonObject} from './arguments.js';
import {contentFrom, examplesFrom} from './content.js';
import {nestedSchema, refValue, type SchemaContext} from './schema.js';

const locations = new Set(['query', 'header', 'path', 'cookie']);

/** `optionalInPath`: names of an optional part of the route (`[/{detail}]`), whose own path lists them as required. */
export function parameterFrom(args: Args, context: SchemaContext, optionalInPath: ReadonlySet<string> = new Set()): JsonObject | undefined {
	const {report} = context;
	args.value('parameter'); // its components key: not used for operation parameters
	const ref = args.string('ref');
	if (ref !== undefined) {
		const parameter: JsonObject = {$ref: refValue(ref, context, 'parameters')};
		args.finish();
		return parameter;
	}
	const name = args.string('name');
	const location = args.string('in') ?? args.spec.impliedIn;
	if (name === undefined || location === undefined || !locations.has(location)) {
		report.warn(args.site, name === undefined
			? `${args.name} needs a name (name: 'id'); left out`
			: location === undefined
				? `${args.name} ${name} needs in: 'path', 'query', 'header' or 'cookie'; left out`
				: `${args.name} ${name}: in: '${location}' is not one of path, query, header, cookie; left out`);
		args.discard();
		return undefined;
	}
	const parameter: JsonObject = {name, in: location};
	put(parameter, 'description', args.string('description'));
	const required = args.boolean('required');
	if (location === 'path') {
		if (required === false && !optionalInPath.has(name)) report.warn(args.site, `${args.name} ${name}: a path parameter is always required; documented as required`);
		parameter['required'] = true;
	} else {
		put(parameter, 'required', required);
	}
	put(parameter, 'deprecated', args.boolean('deprecated'));
	put(parameter, 'allowEmptyValue', args.boolean('allowEmptyValue'));
	put(parameter, 'style', args.string('style'));
	put(parameter, 'explode', args.boolean('explode'));
	put(parameter, 'allowReserved', args.boolean('allowReserved'));
	const [schemaObject] = args.objects('schema');
	const schemaArgs = schemaObject ? nestedArgs(schemaObject.object, ['schema', 'items', 'property', 'additionalProperties'], report, `${args.name} ${name}: schema`) : undefined;
	if (schemaArgs) parameter['schema'] = nestedSchema(schemaArgs, context);
	put(parameter, 'example', args.json('example'));
	put(parameter, 'examples', examplesFrom(args, context));
	const content = contentFrom(args, context);
	if (content !== undefined && parameter['schema'] !== undefined) {
		report.warn(args.site, `${args.name} ${name}: schema and content cannot both be given; content is left out`);
	} else {
		put(parameter, 'content', content);
	}
	if (parameter['schema'] === undefined && parameter['content'] === undefined) {
		report.warn(args.site, `${args.name} ${name} has no schema; documented as a string (add schema: new Attributes\\Schema(type: …))`);
		parameter['schema'] = {type: 'string'};
	}
	addExtensions(parameter, args);
	args.finish();
	return reorder(parameter, ['name', 'in', 'description', 'required', 'deprecated', 'allowEmptyValue', 'style', 'explode', 'allowReserved', 'schema', 'example', 'examples', 'content']);
}

function reorder(object: JsonObject, order: readonly string[]): JsonObject {
	const sorted: JsonObject = {};
	for (const key of order) if (object[key] !== undefined) sorted[key] = object[key] as Json;
	for (const [key, value] of Object.entries(object)) if (!(key in sorted)) sorted[key] = value;
	return sorted;
}
