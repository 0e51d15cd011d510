// Every file's attributes → one OpenAPI 3.0.0 document: keys openapi, info, servers, paths,
// components, tags; paths sorted, operations in Path Item order. Pure: no I/O.
import {Args, type JsonObject} from './arguments.js';
import {classSchema} from './class-schema.js';
import {Diagnostics} from '../../php/diagnostics.js';
import {evaluateClasses, type Evaluated} from '../../php/evaluate/evaluate-attributes.js';
import {infoFrom, securitySchemeFrom, serverFrom, tagFrom} from './info.js';
import {operationFrom, type MethodLevel} from './operation.js';
import {openapiPaths} from '../../project/fast-route/route-variants.js';
import type {PhpFileFacts} from '../../php/php-file.js';
import {shortName, type PhpObject, type Site} from '../../php/php-value.js';
import type {SchemaContext} from './schema.js';

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

const pathItemOrder = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const nestedOnly = ['mediaType', 'jsonContent', 'xmlContent', 'items', 'examples', 'additionalProperties'];

export function buildDocument(files: readonly PhpFileFacts[]): BuildResult {
	const report = new Diagnostics();
	const classes = evaluateClasses(files, report);

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

	const parts = new DocumentParts(context);
	for (const entry of classes) {
		parts.readTarget(entry.own, entry.facts.name, '');
		for (const {member, attributes} of entry.methods) {
			for (const item of attributes) {
				if (item.spec.role === 'schema' || item.spec.role === 'property') {
					report.warn(item.object.site, `#[${item.spec.name}] on a method is not read by edu (put it on the class, or nest it in a Response); left out`);
				}
			}
			parts.readTarget(attributes, entry.facts.name, member.name);
		}
		const schema = classSchema(entry, context);
		if (!schema) continue;
		const name = context.schemaNameOf(entry.facts.name);
		if (parts.schemas[name] !== undefined) report.warn(entry.facts.site, `schema ${name} is declared twice; the first one is kept`);
		else parts.schemas[name] = schema;
	}
	return {document: parts.assemble(files), diagnostics: report, operations: parts.operations};
}

/** What the attributes add up to, filled class by class and method by method. */
class DocumentParts {
	readonly infos: JsonObject[] = [];
	readonly servers: JsonObject[] = [];
	readonly tags: Array<{tag: JsonObject; site: Site}> = [];
	/** Tags named by operations, in the order the operations were read. */
	readonly usedTags: string[] = [];
	readonly schemas: JsonObject = {};
	readonly securitySchemes: JsonObject = {};
	readonly paths = new Map<string, Map<string, {operation: JsonObject; site: Site}>>();
	readonly operations: ApiOperation[] = [];

	constructor(readonly context: SchemaContext) {}

	/** The attributes of one class (methodName '') or one method, read together as swagger-php does. */
	readTarget(attributes: readonly Evaluated[], className: string, methodName: string): void {
		if (attributes.length === 0) return;
		const {report} = this.context;
		const roles = group(attributes);
		const operations = roles.get('operation') ?? [];
		const hasOperation = operations.length > 0;
		const methodLevel: MethodLevel = {
			parameters: objectsOf(roles, 'parameter'),
			responses: objectsOf(roles, 'response'),
			requestBodies: objectsOf(roles, 'requestBody'),
			servers: hasOperation ? objectsOf(roles, 'server') : [],
			externalDocs: hasOperation ? objectsOf(roles, 'externalDocs') : [],
			paths: operations.map((item) => item.object.named.get('path') ?? item.object.positional[0]).filter((path): path is string => typeof path === 'string').flatMap((path) => openapiPaths(path) ?? [path]),
			optionalInPath: optionalNames(operations.map((item) => item.object.named.get('path') ?? item.object.positional[0])),
			converted: new Map(),
		};
		for (const item of operations) {
			const written = item.object.named.get('path') ?? item.object.positional[0];
			// A route's optional parts (`/status[/{detail}]`) and patterns (`{id:\d+}`) are no OpenAPI
			// path: one path per form the route answers, each with its own parameters.
			const forms = typeof written === 'string' ? openapiPaths(written) : undefined;
			const paths = forms === undefined || (forms.length === 1 && forms[0] === written) ? [undefined] : forms;
			paths.forEach((path, index) => {
				const form = path === undefined ? undefined : {path, index};
				const built = operationFrom({args: new Args(item.object, item.spec, report), className, methodName, methodLevel, ...(form ? {form} : {})}, this.context);
				this.#addOperation(built, className, methodName, index === 0 && typeof written === 'string' ? written : undefined);
			});
		}
		const place = methodName === '' ? 'class' : 'method';
		if (!hasOperation) {
			for (const item of [...(roles.get('parameter') ?? []), ...(roles.get('response') ?? []), ...(roles.get('requestBody') ?? [])]) {
				report.warn(item.object.site, `#[${item.spec.name}] needs an operation attribute (#[Attributes\\Get(path: …)], …) on the same ${place}; left out`);
			}
			for (const item of roles.get('externalDocs') ?? []) {
				report.warn(item.object.site, '#[ExternalDocumentation] needs an operation on the same method (or externalDocs: on a Tag); left out');
			}
			for (const item of roles.get('server') ?? []) {
				const server = serverFrom(item.object, report, 'Server');
				if (server) this.servers.push(server);
			}
		}
		const infos = roles.get('info') ?? [];
		for (const item of infos) {
			const siblings = {contact: roles.get('contact')?.[0]?.object, license: roles.get('license')?.[0]?.object};
			this.infos.push(infoFrom(new Args(item.object, item.spec, report), siblings, defaultInfo));
		}
		if (infos.length === 0) {
			for (const item of [...(roles.get('contact') ?? []), ...(roles.get('license') ?? [])]) {
				report.warn(item.object.site, `#[${item.spec.name}] belongs to an #[Attributes\\Info] on the same class; left out`);
			}
		}
		for (const item of roles.get('tag') ?? []) {
			const tag = tagFrom(new Args(item.object, item.spec, report));
			if (tag) this.tags.push({tag, site: item.object.site});
		}
		for (const item of roles.get('securityScheme') ?? []) {
			const scheme = securitySchemeFrom(new Args(item.object, item.spec, report));
			if (!scheme) continue;
			if (this.securitySchemes[scheme[0]] !== undefined) report.warn(item.object.site, `SecurityScheme ${scheme[0]} is declared twice; the first one is kept`);
			else this.securitySchemes[scheme[0]] = scheme[1];
		}
		for (const role of nestedOnly) {
			for (const item of roles.get(role) ?? []) {
				report.warn(item.object.site, `#[${item.spec.name}] is only read nested in another attribute (e.g. content: new Attributes\\${item.spec.name}(…)); left out`);
			}
		}
	}

	/** `routed`: the path as written, for the comparison with routes.yaml (once per attribute); undefined for another form of it. */
	#addOperation(built: ReturnType<typeof operationFrom>, className: string, methodName: string, routed: string | undefined): void {
		if (!built) return;
		let item = this.paths.get(built.path);
		if (!item) {
			item = new Map();
			this.paths.set(built.path, item);
		}
		const existing = item.get(built.method);
		if (existing) {
			this.context.report.warn(built.site, `${built.method.toUpperCase()} ${built.path} is already documented at ${existing.site.file}:${existing.site.line}; this one is left out`);
			return;
		}
		item.set(built.method, {operation: built.operation, site: built.site});
		const tags = built.operation['tags'];
		if (Array.isArray(tags)) for (const tag of tags) if (typeof tag === 'string') this.usedTags.push(tag);
		if (routed !== undefined) this.operations.push({method: built.method.toUpperCase(), path: routed, className, methodName, site: built.site});
	}

	assemble(files: readonly PhpFileFacts[]): JsonObject {
		const {report} = this.context;
		// No file at all: the folder is named alone, with no line and column (line 0).
		const where: Site = files[0] === undefined ? {file: 'app/Controller/api', line: 0, col: 0} : {file: files[0].file, line: 1, col: 1};
		const document: JsonObject = {openapi: '3.0.0'};
		const [info] = this.infos;
		if (this.infos.length > 1) report.warn(where, `${this.infos.length} Info attributes found; the first one (in file order) is used`);
		if (!info) {
			report.warn(where, `no #[Attributes\\Info] found in app/Controller/api (openapi.php normally holds it; edu make:api creates it); title '${defaultInfo.title}' and version '${defaultInfo.version}' are used`);
		}
		document['info'] = info ?? {...defaultInfo};
		if (this.servers.length > 0) document['servers'] = this.servers;
		const paths: JsonObject = {};
		for (const path of [...this.paths.keys()].sort(byCodePoint)) {
			const item: JsonObject = {};
			const methods = this.paths.get(path)!;
			for (const method of pathItemOrder) {
				const operation = methods.get(method)?.operation;
				if (!operation) continue;
				item[method] = operation;
			}
			paths[path] = item;
		}
		document['paths'] = paths;
		if (this.operations.length === 0) report.warn(where, 'no operation attribute (#[Attributes\\Get(path: …)], …) found; the document has no paths');
		const components: JsonObject = {};
		if (Object.keys(this.schemas).length > 0) components['schemas'] = this.schemas;
		if (Object.keys(this.securitySchemes).length > 0) components['securitySchemes'] = this.securitySchemes;
		if (Object.keys(components).length > 0) document['components'] = components;
		const tags = this.#tags();
		if (tags.length > 0) document['tags'] = tags;
		return document;
	}

	/**
	 * The top-level tags, by swagger-php's rules (its AugmentTags processor): a tag declared twice
	 * keeps the place of its first declaration and the content of its last; declared tags no
	 * operation uses are dropped; tags operations use without declaring them follow, in the order
	 * first used, with their name as description.
	 */
	#tags(): JsonObject[] {
		const {report} = this.context;
		const used = new Set(this.usedTags);
		const declared = new Map<string, {tag: JsonObject; site: Site}>();
		for (const entry of this.tags) {
			const name = String(entry.tag['name']);
			const earlier = declared.get(name);
			if (earlier) report.warn(earlier.site, `Tag ${name} is declared again at ${entry.site.file}:${entry.site.line}; that last declaration is used (as swagger-php does)`);
			declared.set(name, entry);
		}
		const tags: JsonObject[] = [];
		for (const [name, {tag, site}] of declared) {
			if (used.has(name)) tags.push(tag);
			else report.warn(site, `Tag ${name} is used by no operation; left out (as swagger-php does)`);
		}
		for (const name of used) if (!declared.has(name)) tags.push({name, description: name});
		return tags;
	}
}

/** Code-point order: the same on every machine and locale. */
function byCodePoint(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function group(attributes: readonly Evaluated[]): Map<string, Evaluated[]> {
	const roles = new Map<string, Evaluated[]>();
	for (const item of attributes) {
		const list = roles.get(item.spec.role);
		if (list) list.push(item);
		else roles.set(item.spec.role, [item]);
	}
	return roles;
}

function objectsOf(roles: Map<string, Evaluated[]>, role: string): PhpObject[] {
	return (roles.get(role) ?? []).map((item) => item.object);
}

/** The placeholders of the paths' optional parts: in their longest form, not in their shortest. */
function optionalNames(paths: readonly unknown[]): Set<string> {
	const names = (path: string): string[] => [...path.matchAll(/\{([^}/]+)\}/g)].map((match) => match[1]!);
	const optional = new Set<string>();
	for (const path of paths) {
		const forms = typeof path === 'string' ? openapiPaths(path) : undefined;
		if (forms === undefined || forms.length < 2) continue;
		const required = new Set(names(forms[0]!));
		for (const name of names(forms.at(-1)!)) if (!required.has(name)) optional.add(name);
	}
	return optional;
}
