// What the user asks for, whether it came from flags or from the wizard.
import type {FieldSpec, UploadSpec} from '../templates/field-spec.js';
import type {Kind} from './naming.js';

export type {FieldSpec, UploadSpec};

/** A template's name: a built-in (default, resource, upload, web) or a project's own. */
export type TemplateKind = string;

export interface MakeRequest {
	readonly kind: Kind;
	readonly name: string;
	/** HTTP methods; GET when absent. */
	readonly methods?: readonly string[];
	/** The route URI; derived from the name when absent. */
	readonly uri?: string;
	/** The 200 response's description (API controllers). */
	readonly description?: string;
	readonly template?: TemplateKind;
	/** `resource` template: the table and its columns. */
	readonly table?: string;
	readonly fields?: readonly FieldSpec[];
	/** `upload` template: what was given; core/upload.ts fills the rest with its defaults. */
	readonly upload?: Partial<UploadSpec>;
	/** --force: replace an existing controller or view file of this request (never a route). */
	readonly force?: boolean;
}

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Methods as typed (" get", "POST") → upper case, blanks and repeats left out: the one place methods are normalised. */
export function methodNames(methods: readonly string[]): string[] {
	return [...new Set(methods.map((method) => method.trim().toUpperCase()).filter((method) => method !== ''))];
}

export const defaultDescription = 'Successful response (describe it here)';
