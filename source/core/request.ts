// What the user asks for, whether it came from flags or from the wizard.
import type {Kind} from './naming.js';

export type TemplateKind = 'default' | 'resource' | 'upload';

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
}

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export const defaultDescription = 'Successful response (describe it here)';
