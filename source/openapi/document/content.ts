// content: JsonContent, XmlContent and MediaType (one, a list, or a map by media type) → a map of
// Media Type Objects; Examples → a map of Example Objects.
import {addExtensions, type Args, nestedArgs, put, type JsonObject} from './arguments.js';
import {nestedSchema, refValue, schemaFrom, type SchemaContext} from './schema.js';

const contentRoles = ['mediaType', 'jsonContent', 'xmlContent'] as const;
const schemaRoles = ['schema', 'jsonContent', 'xmlContent', 'items', 'property', 'additionalProperties'] as const;

export function contentFrom(args: Args, context: SchemaContext): JsonObject | undefined {
	const found = args.objects('content');
	if (found.length === 0) return undefined;
	const content: JsonObject = {};
	for (const {key, object} of found) {
		const nested = nestedArgs(object, contentRoles, context.report, `${args.name}: content`);
		if (!nested) continue;
		const converted = mediaTypeFrom(nested, typeof key === 'string' ? key : undefined, context);
		if (!converted) continue;
		const [mediaType, media] = converted;
		if (content[mediaType] !== undefined) context.report.warn(nested.site, `${args.name}: ${mediaType} content is given twice; the last one is kept`);
		content[mediaType] = media;
	}
	return content;
}

function mediaTypeFrom(args: Args, key: string | undefined, context: SchemaContext): [string, JsonObject] | undefined {
	const media: JsonObject = {};
	let mediaType: string | undefined;
	if (args.spec.role === 'mediaType') {
		mediaType = args.string('mediaType') ?? key;
		const [schemaObject] = args.objects('schema');
		const schemaArgs = schemaObject ? nestedArgs(schemaObject.object, schemaRoles, context.report, 'MediaType: schema') : undefined;
		if (schemaArgs) media['schema'] = nestedSchema(schemaArgs, context);
	} else {
		mediaType = args.spec.role === 'jsonContent' ? 'application/json' : 'application/xml';
		const schema = schemaFrom(args, context);
		if (Object.keys(schema).length > 0) media['schema'] = schema;
	}
	put(media, 'example', args.json('example'));
	put(media, 'examples', examplesFrom(args, context));
	addExtensions(media, args);
	args.finish();
	if (mediaType === undefined) {
		context.report.warn(args.site, `${args.name} needs a mediaType (e.g. mediaType: 'application/json'); left out`);
		return undefined;
	}
	return [mediaType, media];
}

/** examples: [new Examples(example: 'name', summary: …, value: …)] → {name: {summary, value}}. */
export function examplesFrom(args: Args, context: SchemaContext): JsonObject | undefined {
	const found = args.objects('examples');
	if (found.length === 0) return undefined;
	const examples: JsonObject = {};
	for (const {key, object} of found) {
		const nested = nestedArgs(object, ['examples'], context.report, `${args.name}: examples`);
		if (!nested) continue;
		const name = nested.string('example') ?? (key === undefined ? undefined : String(key));
		const example: JsonObject = {};
		const ref = nested.string('ref');
		if (ref !== undefined) example['$ref'] = refValue(ref, context, 'examples');
		put(example, 'summary', nested.string('summary'));
		put(example, 'description', nested.string('description'));
		put(example, 'value', nested.json('value'));
		put(example, 'externalValue', nested.string('externalValue'));
		addExtensions(example, nested);
		nested.finish();
		if (name === undefined) {
			context.report.warn(nested.site, `Examples needs a name (example: 'one'); left out`);
			continue;
		}
		examples[name] = example;
	}
	return examples;
}
