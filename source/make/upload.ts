// The `upload` template of make:api: `--field`, `--extensions` and `--dir` checked, and the POST
// controller and route it generates: the seed's upload flow over the project's Request where its
// framework has the seed's upload methods, the same checks and answers over $_FILES where not. Pure.
import {refusal, type Refusal} from '../base/errors.js';
import type {UploadApi} from '../project/framework-request.js';
import type {UploadSpec} from './request.js';
import {declaredDefault, parseExtensions, uploadProblems} from '../templates/option-values.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {nameView, targetOf} from './target.js';
import {render} from '../templates/fill.js';
import type {Resolved, TemplateUnits} from './unit.js';

export const defaultUpload: UploadSpec = {field: 'file', extensions: ['csv', 'txt'], dir: 'var/uploads'};

/**
 * What was given (flags, the wizard's form), the defaults for the rest: the one place they are
 * applied. `template`: its manifest's defaults win over the built-in ones (a project may change them).
 */
export function uploadSpecOf(given: Partial<UploadSpec> = {}, template?: LoadedTemplate): UploadSpec {
	const declared = (name: string): string | undefined => declaredDefault(template, name);
	const extensions = declared('extensions');
	return {
		field: given.field ?? declared('field') ?? defaultUpload.field,
		extensions: given.extensions ?? (extensions === undefined ? defaultUpload.extensions : parseExtensions(extensions)),
		dir: given.dir ?? declared('dir') ?? defaultUpload.dir,
	};
}

/** Extensions a browser runs as a page of the site when the server hands them out (scripts included). */
const pageExtensions = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'js', 'mjs']);

export function uploadUnits(template: LoadedTemplate, {names, uri, parameters}: Resolved, upload: Partial<UploadSpec> | undefined, description: string | undefined, uploadApi: UploadApi, folderEscape?: (relative: string) => string | undefined): TemplateUnits {
	const spec = uploadSpecOf(upload, template);
	const refusals: Refusal[] = [];
	const problems = uploadProblems(spec);
	for (const problem of problems) refusals.push(refusal('INVALID_OPTION', problem));
	// The generated controller stores what any client sends there: never through a link out of the project.
	const escape = problems.length === 0 ? folderEscape?.(spec.dir.replace(/\/+$/, '')) : undefined;
	if (escape !== undefined) refusals.push(refusal('OUTSIDE_PROJECT', `Refusing the upload folder ${spec.dir}: ${escape.endsWith('nothing was written.') ? escape : `${escape.slice(0, -1)}; nothing was written.`}`));
	if (parameters.length > 0) {
		refusals.push(refusal('INVALID_URI', `Invalid URI "${uri}": the ${template.name} template's URI cannot contain {parameters}.`));
	}
	const controllerPath = targetOf(template, 'controller', names);
	if (typeof controllerPath !== 'string') refusals.push(controllerPath);
	if (refusals.length > 0 || typeof controllerPath !== 'string') return {refusals};
	const dir = spec.dir.replace(/\/+$/, '');
	const served = /^public(\/|$)/.test(dir);
	const pages = served ? spec.extensions.filter((extension) => pageExtensions.has(extension)) : [];
	const warnings = [
		...(served ? [`Uploads will be stored in ${dir}, under public/: anyone can download them by URL. var/uploads keeps them private.`] : []),
		...(pages.length === 0 ? [] : [`${pages.join(', ')} files uploaded to ${dir} would be served as the site's own pages: a script in one runs for every visitor who opens it (stored cross-site scripting). Keep such uploads in var/uploads, or accept only data files (csv, txt, pdf, png, jpg).`]),
	];
	const view = {
		...nameView(names, uri),
		uri,
		field: spec.field,
		dir,
		extensions: spec.extensions.map((value, index) => ({value, last: index === spec.extensions.length - 1})),
		extensionList: spec.extensions.join(', '),
		createdDescription: description ?? 'The file was stored under a name made by the server',
		requestApi: uploadApi === 'request',
	};
	return {
		units: [{
			route: {
				name: names.routeName,
				uri,
				controller: `Controller\\api\\${names.className}`,
				methods: ['POST'],
				className: names.className,
				controllerPath,
				uploadApi,
			},
			controller: render(template.texts.controller ?? '', view),
			controllerFrom: {role: 'controller', view},
		}],
		warnings,
	};
}
