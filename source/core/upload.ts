// The `upload` template of make:api: `--field`, `--extensions` and `--dir` checked, and the POST
// controller and route it generates: the seed's upload flow over the project's Request where its
// framework has the seed's upload methods, the same checks and answers over $_FILES where not. Pure.
import {refusal, type Refusal} from './errors.js';
import type {UploadApi} from './framework-request.js';
import type {UploadSpec} from './request.js';
import {printable} from './resource.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {nameView, targetOf} from '../templates/target.js';
import {render} from './templates.js';
import type {Resolved, TemplateUnits} from './unit.js';

export const defaultUpload: UploadSpec = {field: 'file', extensions: ['csv', 'txt'], dir: 'var/uploads'};

/**
 * What was given (flags, the wizard's form), the defaults for the rest: the one place they are
 * applied. `template`: its manifest's defaults win over the built-in ones (a project may change them).
 */
export function uploadSpecOf(given: Partial<UploadSpec> = {}, template?: LoadedTemplate): UploadSpec {
	const declared = (name: string): string | undefined => template?.manifest.options.find((option) => option.name === name)?.default;
	const extensions = declared('extensions');
	return {
		field: given.field ?? declared('field') ?? defaultUpload.field,
		extensions: given.extensions ?? (extensions === undefined ? defaultUpload.extensions : parseExtensions(extensions)),
		dir: given.dir ?? declared('dir') ?? defaultUpload.dir,
	};
}

/** Extensions a web server may run, or that configure it: never on an allow-list. */
const executable = /^(php[0-9]*|phtml|pht|phps|phar|pgif|inc|htaccess|htpasswd|ini|cgi|fcgi|pl|py|rb|sh|bash|asp|aspx|ashx|jsp|jspx|exe|bat|cmd|com|dll|so)$/;

/** `csv, .TXT` → ["csv", "txt"]; anything else is kept as typed, so its refusal names it so. */
export function parseExtensions(text: string): string[] {
	return [...new Set(text.split(/[\s,]+/).map((item) => (/^\.?[A-Za-z0-9]+$/.test(item) ? item.replace(/^\./, '').toLowerCase() : item)).filter((item) => item !== ''))];
}

/** Why this upload cannot be generated, or undefined when it can. */
export function uploadProblem(upload: UploadSpec): string | undefined {
	if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(upload.field)) {
		return `Invalid upload field "${printable(upload.field)}": use letters, digits, _ and -, starting with a letter or _ (PHP turns . and spaces into _).`;
	}
	if (upload.extensions.length === 0) return 'Invalid extensions: allow at least one, e.g. --extensions csv,txt.';
	for (const extension of upload.extensions) {
		if (!/^[a-z0-9]{1,10}$/.test(extension)) {
			return `Invalid extension "${printable(extension)}": use lower-case letters and digits only, at most 10, e.g. csv.`;
		}
		if (executable.test(extension)) {
			return `The extension "${extension}" is refused: a web server may run or obey such a file, so it never belongs on an upload allow-list.`;
		}
	}
	return dirProblem(upload.dir);
}

/** Extensions a browser runs as a page of the site when the server hands them out (scripts included). */
const pageExtensions = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'js', 'mjs']);

/** The upload folder is relative to the project root and stays inside it. */
export function dirProblem(dir: string): string | undefined {
	const what = `Invalid upload folder "${printable(dir)}"`;
	if (dir === '') return `${what}: it is empty.`;
	if (dir.length > 200) return `${what}: it is longer than 200 characters.`;
	if (/^[/\\]/.test(dir) || /^[A-Za-z]:/.test(dir)) return `${what}: give a folder relative to the project root, such as var/uploads.`;
	if (dir.includes('\\')) return `${what}: separate folders with /, not \\.`;
	const segments = dir.replace(/\/+$/, '').split('/');
	for (const segment of segments) {
		if (segment === '') return `${what}: it contains an empty segment (//).`;
		if (segment === '.' || segment === '..') return `${what}: "${segment}" segments are not allowed; the folder must stay inside the project.`;
		if (!/^[A-Za-z0-9._-]+$/.test(segment)) return `${what}: use letters, digits, ., _ and - in folder names.`;
	}
	return undefined;
}

export function uploadUnits(template: LoadedTemplate, {names, uri, parameters}: Resolved, upload: Partial<UploadSpec> | undefined, description: string | undefined, uploadApi: UploadApi): TemplateUnits {
	const spec = uploadSpecOf(upload, template);
	const refusals: Refusal[] = [];
	const problem = uploadProblem(spec);
	if (problem !== undefined) refusals.push(refusal('INVALID_OPTION', problem));
	if (parameters.length > 0) {
		refusals.push(refusal('INVALID_URI', `Invalid URI "${uri}": the upload template's URI cannot contain {parameters}.`));
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
	const controller = render(template.texts.controller ?? '', {
		...nameView(names, uri),
		uri,
		field: spec.field,
		dir,
		extensions: spec.extensions.map((value, index) => ({value, last: index === spec.extensions.length - 1})),
		extensionList: spec.extensions.join(', '),
		createdDescription: description ?? 'The file was stored under a name made by the server',
		requestApi: uploadApi === 'request',
	});
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
			controller,
		}],
		warnings,
	};
}
