// What a make:api template contributes to a plan: its controllers and routes, or why not. Pure.
import type {Refusal} from './errors.js';
import type {UploadApi} from './framework-request.js';
import type {Names} from './naming.js';
import type {Unit} from './plan.js';
import type {MakeRequest, TemplateKind} from './request.js';
import {resourceUnits} from './resource.js';
import {uploadUnits} from './upload.js';

export type {Unit} from './plan.js';

export type TemplateUnits =
	| {readonly units: readonly Unit[]; readonly warnings: readonly string[]}
	| {readonly refusals: readonly Refusal[]};

export const templateKinds: readonly TemplateKind[] = ['default', 'resource', 'upload'];

/** The units of the resource or upload template, for a request whose name and URI are already checked. */
export function templateUnits(template: Exclude<TemplateKind, 'default'>, request: MakeRequest, names: Names, uri: string, uploadApi: UploadApi): TemplateUnits {
	return template === 'resource'
		? resourceUnits(names, uri, request.fields, request.table, request.description)
		: uploadUnits(names, uri, request.upload, request.description, uploadApi);
}
