// What one controller of a plan is made of (its route, its files' text), shared by the plan
// and the templates that build units, so neither imports the other. Types only.
import type {Refusal} from '../base/errors.js';
import type {UploadApi} from '../project/framework-request.js';
import type {Names} from './naming.js';
import type {NewRoute} from '../project/routes-yaml/routes.js';
import type {Filled} from '../templates/fill.js';
import type {PathParameter} from './uri.js';

/** What the plan resolved once and hands to the templates: the names, the route URI and its {params}. */
export interface Resolved {
	readonly names: Names;
	readonly uri: string;
	readonly parameters: readonly PathParameter[];
}

/** A route as a unit makes it. */
export interface UnitRoute extends NewRoute {
	readonly className: string;
	readonly controllerPath: string;
	readonly viewPath?: string;
	/** Upload template: the upload API the controller uses. */
	readonly uploadApi?: UploadApi;
}

/** A route of a plan: as its unit made it, with the {params} of its URI. */
export interface PlannedRoute extends UnitRoute {
	readonly parameters: readonly PathParameter[];
}

export interface Unit {
	readonly route: UnitRoute;
	readonly controller: string;
	readonly view?: string;
	/** What made `controller` and `view`. */
	readonly controllerFrom?: Filled;
	readonly viewFrom?: Filled;
}

/** What a make:api template contributes to a plan: its controllers and routes, or why not. */
export type TemplateUnits =
	| {readonly units: readonly Unit[]; readonly warnings: readonly string[]}
	| {readonly refusals: readonly Refusal[]};
