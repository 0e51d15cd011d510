// Response and RequestBody → a Response Object keyed by its status code, a Request Body Object.
import {addExtensions, type Args, put, type JsonObject} from './arguments.js';
import {contentFrom} from './content.js';
import {refValue, type SchemaContext} from './schema.js';

export function responseFrom(args: Args, key: string | number | undefined, context: SchemaContext): [string, JsonObject] | undefined {
	const {report} = context;
	const code = args.string('response') ?? (key === undefined ? undefined : String(key));
	const ref = args.string('ref');
	if (code === undefined) {
		report.warn(args.site, `Response needs a status code (response: 200); left out`);
		args.discard();
		return undefined;
	}
	if (!/^(default|[1-5]([0-9]{2}|XX))$/.test(code)) {
		report.warn(args.site, `Response: '${code}' is not a status code (200, 404, 4XX or default); left out`);
		args.discard();
		return undefined;
	}
	if (ref !== undefined) {
		args.finish();
		return [code, {$ref: refValue(ref, context, 'responses')}];
	}
	const response: JsonObject = {};
	const description = args.string('description');
	if (description === undefined) report.warn(args.site, `Response ${code} needs a description (description: '…'); documented with an empty one`);
	response['description'] = description ?? '';
	put(response, 'content', contentFrom(args, context));
	addExtensions(response, args);
	args.finish();
	return [code, response];
}

export function requestBodyFrom(args: Args, context: SchemaContext): JsonObject {
	args.value('request');
	const ref = args.string('ref');
	if (ref !== undefined) {
		args.finish();
		return {$ref: refValue(ref, context, 'requestBodies')};
	}
	const body: JsonObject = {};
	put(body, 'description', args.string('description'));
	put(body, 'required', args.boolean('required'));
	const content = contentFrom(args, context);
	if (content === undefined) {
		context.report.warn(args.site, `RequestBody has no content (content: new Attributes\\JsonContent(…) or new Attributes\\MediaType(…)); documented with none`);
	}
	body['content'] = content ?? {};
	addExtensions(body, args);
	args.finish();
	return body;
}
