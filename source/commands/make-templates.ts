// make:api's --template and the flags of the resource and upload templates: registered on the
// command, then read into the request. Mistakes in them are one-line errors before any planning.
import {Option, type Command} from 'commander';
import {EduError, UsageError, isRefusal} from '../core/errors.js';
import type {MakeRequest, TemplateKind} from '../core/request.js';
import {parseFields, resourceMethods} from '../core/resource.js';
import {splitList} from '../options.js';
import {defaultUpload, parseExtensions} from '../core/upload.js';

export interface TemplateOptions {
	readonly template?: TemplateKind;
	readonly table?: string;
	readonly fields?: string;
	readonly field?: string;
	readonly extensions?: string;
	readonly dir?: string;
	/** Set before the action: --methods was typed (its default is GET). */
	readonly methodsGiven?: boolean;
	readonly methods?: string;
}

export const templateHelp = `
Templates (--template):
  default    a controller returning sample JSON, for the --methods and --uri given
  resource   a table's rows as JSON: GET and POST /api/<name> (list, create: 201, or 400 {"erreur", "champs"}), GET, PUT and DELETE /api/<name>/{id} (one row: 200, replaced: 200, deleted: 204; 404 {"erreur"} when unknown); a database failure is a JSON 500 {"erreur"}
             --methods LIST          narrows GET,POST,PUT,DELETE (GET stays): --methods GET,POST gives the list, create and read by id only
             --fields name:type,...  string, string:LENGTH or int, all required
             --table NAME            the table (default: the Twig folder of the name, MyUserTest → my_user_test)
  upload     POST /api/<name>: one file stored under a name made by the server; 201 {"fichier"}, 400 no or failed file, 415 extension refused, 500 not stored; PHP's $_FILES on Edu Framework 2.3 (its Request has no upload methods), the seed's Request methods where the installed framework has them
             --field NAME            the form field of the file (default ${defaultUpload.field})
             --extensions LIST       the allowed extensions (default ${defaultUpload.extensions.join(',')})
             --dir FOLDER            where files go, relative to the project root (default ${defaultUpload.dir})
  Another method, or a path with no route: the router's HTML page "Error 405" / "Error 404", with status 200 on Edu Framework 2.3 (the seed says 405 / 404).`;

export const templateExamples = `
  $ edu make:api ville --template resource --table ville \\
      --fields nom:string:255,code_postal:string:10,nombre_habitant:int
  $ edu make:api import --template upload --extensions csv,txt --dir var/uploads`;

export function addTemplateOptions(command: Command): void {
	command
		.addOption(new Option('--template <name>', 'what the controller does (see Templates below)').choices(['default', 'resource', 'upload']).default('default'))
		.option('--table <name>', 'resource: the database table')
		.option('--fields <list>', 'resource: the columns, e.g. nom:string:255,nombre_habitant:int')
		.option('--field <name>', `upload: the form field holding the file (default ${defaultUpload.field})`)
		.option('--extensions <list>', `upload: allowed extensions (default ${defaultUpload.extensions.join(',')})`)
		.option('--dir <folder>', `upload: where files are stored, relative to the project root (default ${defaultUpload.dir})`)
		.hook('preAction', (action) => {
			action.setOptionValue('methodsGiven', action.getOptionValueSource('methods') === 'cli');
		});
}

/**
 * The template part of the request, or a usage error for a flag that does not fit the template.
 * `asked`: the wizard will ask what is missing, so --template resource may come without --fields.
 */
export function templateRequest(options: TemplateOptions, asked = false): Pick<MakeRequest, 'template' | 'table' | 'fields' | 'upload'> {
	const template = options.template ?? 'default';
	const only = (flags: ReadonlyArray<keyof TemplateOptions>, wanted: TemplateKind): void => {
		for (const flag of flags) {
			if (options[flag] !== undefined && template !== wanted) {
				throw new UsageError(`--${flag} applies to --template ${wanted} only.`);
			}
		}
	};
	only(['table', 'fields'], 'resource');
	only(['field', 'extensions', 'dir'], 'upload');
	if (template === 'upload' && options.methodsGiven === true) {
		throw new UsageError('--methods does not apply to --template upload: its routes are POST.');
	}
	if (template === 'resource') {
		if (options.methodsGiven === true && options.methods !== undefined) {
			const served = resourceMethods(splitList(options.methods));
			if (isRefusal(served)) throw EduError.from(served);
		}
		if (options.fields === undefined) {
			if (asked) return {template, table: options.table};
			throw new UsageError('--template resource needs --fields, e.g. --fields nom:string:255,code_postal:string:10,nombre_habitant:int');
		}
		const fields = parseFields(options.fields);
		if (isRefusal(fields)) throw EduError.from(fields);
		return {template, table: options.table, fields};
	}
	if (template === 'upload') {
		return {
			template,
			// Only what was given: the core fills the rest (core/upload.ts).
			upload: {
				...(options.field === undefined ? {} : {field: options.field}),
				...(options.extensions === undefined ? {} : {extensions: parseExtensions(options.extensions)}),
				...(options.dir === undefined ? {} : {dir: options.dir}),
			},
		};
	}
	return {template};
}
