// Everything a template makes for a run, written or not: what the PHP check of a project's own
// template reads before anything is written.
import {render, type TemplateView} from '../templates/fill.js';
import type {LoadedTemplate} from '../templates/catalog.js';
import type {MadeFile} from '../templates/php-syntax.js';
import type {Unit} from './unit.js';

/** Each file of `units`, then each file written once (openapi.php) filled with `onceView`: everything the template makes, written or not. */
export function madeFiles(template: LoadedTemplate, units: readonly Unit[], onceView: TemplateView): MadeFile[] {
	const made: MadeFile[] = [];
	for (const unit of units) {
		made.push({path: unit.route.controllerPath, text: unit.controller, ...(unit.controllerFrom === undefined ? {} : {from: unit.controllerFrom})});
		if (unit.route.viewPath !== undefined && unit.view !== undefined) made.push({path: unit.route.viewPath, text: unit.view, ...(unit.viewFrom === undefined ? {} : {from: unit.viewFrom})});
	}
	for (const file of template.manifest.files) {
		if (file.once) made.push({path: render(file.to, onceView), text: render(template.texts[file.role] ?? '', onceView), from: {role: file.role, view: onceView}});
	}
	return made;
}
