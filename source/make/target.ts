// Where a template's file goes for a name, and the name variables every file and path can use.
// Pure.
import {refusal, type Refusal} from '../base/errors.js';
import type {Names} from './naming.js';
import {render} from '../templates/fill.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import {pathProblem} from '../templates/manifest.js';

/** The name variables every file and path can use. */
export function nameView(names: Names, uri = names.uri): Record<string, string> {
	return {className: names.className, routeName: names.routeName, uri, kebab: names.kebab, twigFolder: names.twigFolder};
}

/** Where a file of the template goes for these names (`to` filled), or why it would land outside the project. */
export function targetOf(template: LoadedTemplate, role: string, names: Names, extra: Readonly<Record<string, string>> = {}): string | Refusal {
	const file = template.manifest.files.find((entry) => entry.role === role);
	if (file === undefined) throw new Error(`the ${template.name} template has no ${role} file`);
	const target = render(file.to, {...nameView(names), ...extra});
	const problem = pathProblem(target);
	return problem === undefined ? target : refusal('OUTSIDE_PROJECT', `${template.folder}/template.json: ${problem}`);
}
