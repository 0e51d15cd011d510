// What edu template:list says of a project's template beyond its folder: the PHP it makes, filled
// with a sample name and the engine's default options as a make:* run fills it, must parse, so a
// template that every run refuses is not listed as fine.
import {commandNames} from './command/command-naming.js';
import {isRefusal} from '../base/errors.js';
import {deriveNames} from './naming.js';
import {defaultTitleBlock} from '../project/base-view.js';
import {defaultDescription, type FieldSpec} from './request.js';
import {defaultTable} from './resource.js';
import {parseFields} from '../templates/option-values.js';
import {templateUnits} from './template-units.js';
import {render} from '../templates/fill.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {engines} from '../templates/engines.js';
import {madeFiles} from './made-files.js';
import {misplacedTagProblem, phpProblem, type MadeFile} from '../templates/php-syntax.js';
import {nameView} from './target.js';

/** The name the sample is made for. */
export const sampleName = 'Sample';

/** The first problem of the PHP the project's `template` makes for the sample (`<file>:LINE:COL: …`), or undefined. */
export function sampleProblem(template: LoadedTemplate): string | undefined {
	const misplaced = misplacedTagProblem(template);
	if (misplaced !== undefined) return misplaced;
	const made = sampleFiles(template);
	const problem = made === undefined ? undefined : phpProblem(template, made);
	return problem === undefined ? undefined : `${problem} (checked with the sample name ${sampleName})`;
}

/** What the template makes for the sample; undefined when the engine refuses its defaults (the run says why). */
function sampleFiles(template: LoadedTemplate): MadeFile[] | undefined {
	const {engine} = template.manifest;
	if (engine === 'command') {
		const names = commandNames(sampleName);
		if (isRefusal(names)) return undefined;
		const view = {className: names.className, commandName: names.commandName};
		return template.manifest.files.map((file) => ({path: render(file.to, view), text: render(template.texts[file.role] ?? '', view), from: {role: file.role, view}}));
	}
	const kind = engines[engine].command === 'make:api' ? 'api' : 'controller';
	const names = deriveNames(kind, sampleName);
	if (isRefusal(names)) return undefined;
	const fields = sampleFields(template);
	const units = templateUnits(template, {
		request: {kind, name: sampleName, template: template.name, ...(fields === undefined ? {} : {fields})},
		resolved: {names, uri: names.uri, parameters: []},
		table: defaultTable(names),
		uploadApi: 'php',
		titleBlock: defaultTitleBlock,
		methods: ['GET'],
		description: defaultDescription,
	});
	return 'refusals' in units ? undefined : madeFiles(template, units.units, nameView(names));
}

/** A resource's fields: its option's default, else its example, else the built-in's example. */
function sampleFields(template: LoadedTemplate): FieldSpec[] | undefined {
	const option = template.manifest.options.find((each) => each.type === 'fields');
	if (option === undefined) return undefined;
	const fields = parseFields(option.default ?? option.example ?? 'nom:string:255,nombre_habitant:int');
	return isRefusal(fields) ? undefined : fields;
}
