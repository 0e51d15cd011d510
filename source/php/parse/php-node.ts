// What php-parser gives, as edu reads it: a syntax node, or where and why a text is not PHP.
import type {Site} from '../php-value.js';

/** A php-parser syntax node, read loosely: we only look at the fields we know. */
export interface PhpNode {
	readonly kind: string;
	readonly loc?: {readonly start: {readonly line: number; readonly column: number}} | null;
	readonly [field: string]: unknown;
}

export interface PhpSyntaxError {
	readonly kind: 'syntax-error';
	readonly site: Site;
	readonly message: string;
}
