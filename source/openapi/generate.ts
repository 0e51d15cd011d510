// edu openapi: scan app/Controller/api, build the document, turn it into YAML and (unless asked
// to print it) replace the output file. Errors leave every file as it was.
import path from 'node:path';
import {stringify} from 'yaml';
import {EduError} from '../core/errors.js';
import type {JsonObject} from './document/arguments.js';
import {buildDocument} from './document/build-document.js';
import {formatDiagnostic, type Diagnostic} from './php/diagnostics.js';
import type {ParseOptions} from './php/parse-pool.js';
import {apiFolder, scanApiFolder} from './php/scan.js';

export const defaultOut = 'public/openapi.yaml';

export interface GenerateOptions {
	readonly root: string;
	/** Output path as given: relative to the project root, or absolute inside it. */
	readonly out?: string;
	/** False: build and return the YAML, write nothing. */
	readonly write: boolean;
	/** Replace an existing output file that is not an OpenAPI document (never an input of the project). */
	readonly force?: boolean;
	/** Worker threads, time budget per file (see parse-pool.ts). */
	readonly parse?: ParseOptions;
}

export interface GenerateResult {
	readonly out: string;
	readonly written: boolean;
	readonly yaml: string;
	readonly document: JsonObject;
	readonly warnings: readonly Diagnostic[];
	readonly files: number;
	readonly paths: number;
	readonly operations: number;
	/** What the writer could not clean up (named with the command that removes it). */
	readonly notes: readonly string[];
}

/** Errors collected before anything is written; each one is a file:line:col line. */
export class GenerateError extends EduError {
	constructor(readonly errors: readonly Diagnostic[], readonly warnings: readonly Diagnostic[], out: string) {
		super('BAD_PROJECT_FILE', [...errors.map(formatDiagnostic), `${out} was not written.`].join('\n'));
		this.name = 'GenerateError';
	}
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
	const {root} = options;
	const out = outputPath(root, options.out ?? defaultOut);
	if (options.write) {
		const {confinementProblem} = await import('../core/commit.js');
		const problem = confinementProblem(root, out) ?? (await import('./output-check.js')).openapiOutputProblem(root, out, options.force ?? false);
		if (problem) throw EduError.from(problem);
	}
	const scan = await scanApiFolder(root, options.parse);
	if (!scan.found) {
		throw new EduError('NOT_A_PROJECT', `${apiFolder}: no such folder, so there is nothing to document. Create an API controller with: edu make:api <name>`);
	}
	if (scan.errors.length > 0) {
		throw new GenerateError(scan.errors.map((error) => ({severity: 'error', site: error.site, message: error.message})), [], out);
	}
	const built = buildDocument(scan.files);
	const errors = built.diagnostics.errors;
	if (errors.length > 0) throw new GenerateError(errors, built.diagnostics.warnings, out);
	const yaml = toYaml(built.document);
	let notes: readonly string[] = [];
	if (options.write) {
		const {oneFileChangeset, sinkFor} = await import('../core/sink.js');
		notes = (await sinkFor({}).write(oneFileChangeset(root, out, yaml, undefined))).notes;
	}
	const paths = Object.keys(built.document['paths'] as JsonObject).length;
	return {
		out,
		written: options.write,
		yaml,
		document: built.document,
		warnings: built.diagnostics.warnings,
		files: scan.files.length,
		paths,
		operations: built.operations.length,
		notes,
	};
}

/** `--out` relative to the project root (an absolute path is taken as is), written with /. */
function outputPath(root: string, given: string): string {
	const absolute = path.resolve(root, given);
	const relative = path.relative(root, absolute);
	if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
		throw new EduError('OUTSIDE_PROJECT', `Refusing to write ${given}: --out must name a file inside the project (${root}).`);
	}
	return relative.split(path.sep).join('/');
}

// YAML 1.1 rules decide what gets quoted, so Symfony YAML and older readers see `'yes'`,
// `'200'` and `'1e3'` as strings too.
/** The document as YAML text, ending with a newline. */
export function toYaml(document: JsonObject): string {
	return stringify(document, {
		version: '1.1',
		lineWidth: 0,
		indent: 2,
		indentSeq: true,
		singleQuote: true,
		aliasDuplicateObjects: false,
		nullStr: 'null',
		trueStr: 'true',
		falseStr: 'false',
	});
}
