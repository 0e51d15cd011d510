// The units of a make:api template (resource or upload) for a plan. Pure.
import type {UploadApi} from './framework-request.js';
import type {MakeRequest, TemplateKind} from './request.js';
import {resourceUnits} from './resource.js';
import type {Resolved, TemplateUnits} from './unit.js';
import {uploadUnits} from './upload.js';

/**
 * The units of the resource or upload template, for a request whose name and URI are already
 * checked; `table`: the resource's, as the plan resolved it (given, or the name's default).
 */
export function templateUnits(template: Exclude<TemplateKind, 'default'>, request: MakeRequest, resolved: Resolved, table: string, uploadApi: UploadApi): TemplateUnits {
	return template === 'resource'
		? resourceUnits(resolved, request.fields, {name: table, given: request.table !== undefined}, request.description, request.methods)
		: uploadUnits(resolved, request.upload, request.description, uploadApi);
}
