// The document-level attributes: Info (with Contact and License), Server, Tag, SecurityScheme,
// and ExternalDocumentation (also nested in tags, operations and schemas).
import {addExtensions, type Args, nestedArgs, put, type JsonObject} from './arguments.js';
import type {Diagnostics} from '../../php/diagnostics.js';
import type {PhpObject} from '../../php/php-value.js';

/** Info; Contact and License may be nested (contact: new Contact(…)) or sit beside it on the class. */
export function infoFrom(args: Args, siblings: {contact?: PhpObject | undefined; license?: PhpObject | undefined}, defaults: {title: string; version: string}): JsonObject {
	const {report} = args;
	const info: JsonObject = {};
	const title = args.string('title');
	const version = args.string('version');
	if (title === undefined) report.warn(args.site, `Info has no title; '${defaults.title}' is used`);
	if (version === undefined) report.warn(args.site, `Info has no version; '${defaults.version}' is used`);
	info['title'] = title ?? defaults.title;
	put(info, 'description', args.string('description'));
	put(info, 'termsOfService', args.string('termsOfService'));
	const [contact] = [...args.objects('contact').map(({object}) => object), ...(siblings.contact ? [siblings.contact] : [])];
	if (contact) put(info, 'contact', contactFrom(contact, report));
	const [license] = [...args.objects('license').map(({object}) => object), ...(siblings.license ? [siblings.license] : [])];
	if (license) put(info, 'license', licenseFrom(license, report));
	info['version'] = version ?? defaults.version;
	addExtensions(info, args);
	args.finish();
	return info;
}

function contactFrom(object: PhpObject, report: Diagnostics): JsonObject | undefined {
	const args = nestedArgs(object, ['contact'], report, 'Info: contact');
	if (!args) return undefined;
	const contact: JsonObject = {};
	put(contact, 'name', args.string('name'));
	put(contact, 'url', args.string('url'));
	put(contact, 'email', args.string('email'));
	addExtensions(contact, args);
	args.finish();
	return contact;
}

function licenseFrom(object: PhpObject, report: Diagnostics): JsonObject | undefined {
	const args = nestedArgs(object, ['license'], report, 'Info: license');
	if (!args) return undefined;
	const license: JsonObject = {};
	const name = args.string('name');
	if (name === undefined) {
		report.warn(args.site, 'License needs a name; left out');
		args.discard();
		return undefined;
	}
	license['name'] = name;
	if (args.has('identifier')) {
		args.value('identifier');
		report.warn(args.site, 'License: identifier is OpenAPI 3.1; give url instead; left out');
	}
	put(license, 'url', args.string('url'));
	addExtensions(license, args);
	args.finish();
	return license;
}

export function serverFrom(object: PhpObject, report: Diagnostics, where: string): JsonObject | undefined {
	const args = nestedArgs(object, ['server'], report, where);
	if (!args) return undefined;
	const url = args.string('url');
	if (url === undefined) {
		report.warn(args.site, 'Server needs a url; left out');
		args.discard();
		return undefined;
	}
	const server: JsonObject = {url};
	put(server, 'description', args.string('description'));
	addExtensions(server, args);
	args.finish();
	return server;
}

export function tagFrom(args: Args): JsonObject | undefined {
	const name = args.string('name');
	if (name === undefined) {
		args.report.warn(args.site, 'Tag needs a name; left out');
		args.discard();
		return undefined;
	}
	const tag: JsonObject = {name};
	put(tag, 'description', args.string('description'));
	const [docs] = args.objects('externalDocs');
	if (docs) put(tag, 'externalDocs', externalDocsFrom(docs.object, args.report, `Tag ${name}: externalDocs`));
	addExtensions(tag, args);
	args.finish();
	return tag;
}

const schemeTypes = new Set(['apiKey', 'http', 'oauth2', 'openIdConnect']);

/** SecurityScheme → [its components key, a Security Scheme Object]. */
export function securitySchemeFrom(args: Args): [string, JsonObject] | undefined {
	const {report} = args;
	const key = args.string('securityScheme');
	const ref = args.string('ref');
	if (key === undefined) {
		report.warn(args.site, "SecurityScheme needs a name (securityScheme: 'bearerAuth'); left out");
		args.discard();
		return undefined;
	}
	if (ref !== undefined) {
		args.finish();
		return [key, {$ref: ref}];
	}
	const scheme: JsonObject = {};
	const type = args.string('type');
	if (type === undefined || !schemeTypes.has(type)) {
		report.warn(args.site, `SecurityScheme ${key}: type must be apiKey, http, oauth2 or openIdConnect; left out`);
		args.discard();
		return undefined;
	}
	scheme['type'] = type;
	put(scheme, 'description', args.string('description'));
	put(scheme, 'name', args.string('name'));
	put(scheme, 'in', args.string('in'));
	put(scheme, 'bearerFormat', args.string('bearerFormat'));
	put(scheme, 'scheme', args.string('scheme'));
	put(scheme, 'openIdConnectUrl', args.string('openIdConnectUrl'));
	const missing = type === 'apiKey' ? ['name', 'in'] : type === 'http' ? ['scheme'] : type === 'openIdConnect' ? ['openIdConnectUrl'] : [];
	for (const field of missing) {
		if (scheme[field] === undefined) {
			report.warn(args.site, `SecurityScheme ${key}: a ${type} scheme needs ${field}; left out`);
			args.discard();
			return undefined;
		}
	}
	if (type === 'oauth2') {
		report.warn(args.site, `SecurityScheme ${key}: oauth2 flows are not read by edu; left out`);
		args.discard();
		return undefined;
	}
	addExtensions(scheme, args);
	args.finish();
	return [key, scheme];
}

/** ExternalDocumentation → an External Documentation Object. */
export function externalDocsFrom(object: PhpObject, report: Diagnostics, where: string): JsonObject | undefined {
	const args = nestedArgs(object, ['externalDocs'], report, where);
	if (!args) return undefined;
	const docs: JsonObject = {};
	put(docs, 'description', args.string('description'));
	const url = args.string('url');
	if (url === undefined) report.warn(args.site, `${where}: ExternalDocumentation needs a url; left out`);
	put(docs, 'url', url);
	addExtensions(docs, args);
	args.finish();
	return url === undefined ? undefined : docs;
}
