// The values of a template's options that take a shape: a resource's columns, an upload's rules.

/** One column of a resource, from `--fields nom:string:255,nombre_habitant:int`. */
export interface FieldSpec {
	readonly name: string;
	readonly type: 'string' | 'int';
	/** Maximum length of a string field. */
	readonly length?: number;
}

export interface UploadSpec {
	/** The form field holding the file (default `file`). */
	readonly field: string;
	/** Allowed extensions, lower case, without dots (default csv, txt). */
	readonly extensions: readonly string[];
	/** Where files are stored, relative to the project root (default var/uploads). */
	readonly dir: string;
}
