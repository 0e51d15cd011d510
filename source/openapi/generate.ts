// edu openapi: scan app/Controller/api, build the document, turn it into YAML and (unless asked
// to print it) replace the output file. Errors leave every file as it was.
import path from 'node:path';
import {stringify} from 'yaml';
import {EduError, UsageError} from '../base/errors.js';
import type {SinkChoice} from '../sink/sink.js';
import type {SinkMode} from '../sink/file-change.js';
import type {JsonObject} from './document/arguments.js';
import {buildDocument, type ApiOperation} from './document/build-document.js';
import {readRoutesFile} from '../project/routes-yaml/routes-file.js';
import {pageSpecName} from './html/doc-page.js';
import {docFolder} from './html/doc-location.js';
import {pageOwner} from './html/page-owner.js';
import {distinctFiles, outputChanges, type OutputFile, type OutputReport} from './output-files.js';
import type {Changeset, FileChange} from '../sink/file-change.js';
import {formatDiagnostic, type Diagnostic} from '../php/diagnostics.js';
import type {ParseOptions} from '../php/parse-pool.js';
import {apiFolder, scanApiFolder} from '../php/scan.js';
import {editedByHand, withHeader} from './spec-header.js';
import {posixPath} from '../base/posix-path.js';
import {readTextFile} from '../base/path-kind.js';

export const defaultOut = 'public/openapi.yaml';

export type PageState = 'none' | 'created' | 'written';

export interface GenerateOptions {
	readonly root: string;
	/** Output path as given: relative to the project root, or absolute inside it. */
	readonly out?: string;
	/** False: build and return the YAML, write nothing. */
	readonly write: boolean;
	/** Replace an existing output file that is not an OpenAPI document (never an input of the project). */
	readonly force?: boolean;
	/** Also the documentation page in public/doc/ (edu openapi --html). */
	readonly html?: boolean;
	/** How to write: a dry run reports the changes and writes nothing. */
	readonly sink?: SinkChoice;
	/** Worker threads, time budget per file (see parse-pool.ts). */
	readonly parse?: ParseOptions;
	/** The run as edu history and undo name it (`openapi --html`). */
	readonly label?: string;
}

export interface GenerateResult {
	readonly out: string;
	readonly written: boolean;
	/** Every file of the run (the page's too), and whether it was (or would be) created, modified or left unchanged. */
	readonly outputs: readonly OutputReport[];
	readonly mode: SinkMode;
	/** The page was written for the first time with its folder's .gitignore. */
	readonly pageCreated: boolean;
	/** The page in public/doc/: made now, written (asked for, or kept in step), or not part of the run. */
	readonly page: PageState;
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
	constructor(readonly errors: readonly Diagnostic[], readonly warnings: readonly Diagnostic[], out: string, page = false) {
		super('BAD_PROJECT_FILE', [...errors.map(formatDiagnostic), page ? `${out} was not written, nor the page in ${docFolder}/ (it still shows the API as it was).` : `${out} was not written.`].join('\n'));
		this.name = 'GenerateError';
	}
}

/**
 * Operations that no route of routes.yaml serves (the route URI and the attribute's
 * path are one): documented all the same, with a warning, since a call there gets the router's
 * "not found" page. A routes.yaml that cannot be read is edu routes' business, not this one's.
 */
function unroutedOperations(root: string, operations: readonly ApiOperation[]): Diagnostic[] {
	const routes = readRoutesFile(root);
	if ('code' in routes || !routes.exists) return [];
	// The router matches /api/ville/{id} and /api/ville/{identifiant} alike: only the names differ.
	const shape = (uri: string): string => uri.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '{}');
	return operations
		.filter((operation) => !routes.entries.some((route) => route.uri === operation.path && route.methods.includes(operation.method)))
		.map((operation) => {
			const alike = routes.entries.find((route) => route.methods.includes(operation.method) && shape(route.uri) === shape(operation.path));
			return {
				severity: 'warning',
				site: operation.site,
				message: alike === undefined
					? `${operation.method} ${operation.path} is served by no route of ${routes.path}: a call there gets the router's "not found" page (edu routes --check compares the two)`
					: `${operation.method} ${operation.path}: route "${alike.name}" of ${routes.path} serves it as ${alike.uri}, its placeholders named otherwise; the route's uri and the attribute's path must be identical (edu routes --check compares the two)`,
			};
		});
}

export async function writeOpenApi(options: GenerateOptions): Promise<GenerateResult> {
	const {root} = options;
	const out = outputPath(root, options.out ?? defaultOut);
	// The page's folder is the page's (with --html, or where a run of it left the page, which every
	// later run keeps in step): a specification written there would replace one of its files.
	const pageSpec = `${docFolder}/${pageSpecName}`;
	if (out.startsWith(`${docFolder}/`) && out !== pageSpec && (options.html === true || (options.write && pageOwner(root).present))) {
		throw new EduError('INVALID_OPTION', `Refusing to write ${out}${options.html === true ? ' with --html' : ''}: ${docFolder}/ is the page's folder, rewritten by each run; choose --out outside it (or ${pageSpec}, the page's own copy).`, 2);
	}
	if (options.write) {
		const {confinementProblem} = await import('../make/commit.js');
		const problem = confinementProblem(root, out) ?? (await import('./output-check.js')).openapiOutputProblem(root, out, options.force ?? false, options.out !== undefined);
		if (problem) throw EduError.from(problem);
	}
	const scan = await scanApiFolder(root, options.parse);
	if (!scan.found) {
		throw new EduError('NOT_A_PROJECT', `${apiFolder}: no such folder, so there is nothing to document. Create an API controller with: edu make:api <name>`);
	}
	const page = options.write && (options.html === true || pageOwner(root).present);
	if (scan.errors.length > 0) {
		throw new GenerateError(scan.errors.map((error) => ({severity: 'error', site: error.site, message: error.message})), [], out, page);
	}
	const built = buildDocument(scan.files);
	const errors = built.diagnostics.errors;
	if (errors.length > 0) throw new GenerateError(errors, built.diagnostics.warnings, out, page);
	const warnings = [...built.diagnostics.warnings, ...unroutedOperations(root, built.operations)];
	const yaml = toYaml(built.document);
	let notes: readonly string[] = [];
	let outputs: OutputReport[] = [];
	let mode: SinkMode = 'write';
	let pageCreated = false;
	let pageState: PageState = 'none';
	let forced: ReadonlySet<string> = new Set();
	const pageNotes: string[] = [];
	if (options.write) {
		const {sinkFor} = await import('../sink/sink.js');
		const files: OutputFile[] = [];
		const specification = withHeader(yaml, apiFolder);
		// A page edu made is kept in step by every run, so /doc/ never shows an older API.
		if (page) {
			const {docFiles} = await import('./html/doc-files.js');
			const doc = docFiles(root, built.document, specification, options.force === true);
			const [first, ...more] = doc.notOwn;
			const others = more.length === 0 ? '' : ` (and ${more.length} other file${more.length === 1 ? '' : 's'} there)`;
			if (first !== undefined && options.html === true) {
				throw new EduError('OUTPUT_EXISTS', `Refusing to replace ${first}${others}: edu did not write it, or it was changed since; nothing was written. Pass --force to replace it (what it holds is kept in .edu/backups/).`);
			}
			if (first === undefined) {
				files.push(...doc.files);
				forced = doc.forced;
				pageCreated = doc.firstTime && doc.files.some((file) => file.path === `${docFolder}/.gitignore`);
				pageState = doc.firstTime ? 'created' : 'written';
			} else {
				pageNotes.push(`${docFolder}/ was not updated, so /doc/ shows the API as it was: ${first}${others} was changed since edu wrote it. Run edu openapi --html --force to replace it (what it holds is kept in .edu/backups/).`);
			}
		}
		// The specification last: the commit point, as before the page existed.
		files.push({path: out, content: specification});
		const output = outputChanges(root, distinctFiles(files));
		const {report} = output;
		// What it replaces is kept when it is the user's: a file that is no OpenAPI document (replaced
		// only with --force), or a specification edited by hand since edu openapi wrote it.
		const {isOpenapiDocument} = await import('./output-check.js');
		const keep = (change: FileChange): FileChange['keep'] => {
			if (forced.has(change.path)) return true;
			if (change.path !== out || change.before === null) return undefined;
			if (!isOpenapiDocument(change.before)) return options.force === true ? true : undefined;
			return editedByHand(change.before) ? {because: 'was edited by hand or written by another tool'} : undefined;
		};
		const changes = output.changes.map((change): FileChange => {
			const kept = keep(change);
			return kept === undefined ? change : {...change, keep: kept};
		});
		outputs = report;
		const sink = sinkFor(options.sink ?? {});
		mode = sink.mode;
		// Another edu openapi that ran at the same moment wrote these files while this one waited for
		// the lock: when they hold what this run would write, there is nothing left to do.
		const alreadyWritten = (): Changeset<undefined> | undefined => (changes.every((change) => readTextFile(path.join(root, change.path)) === change.after)
			? {root, changes: [], lock: out, value: undefined}
			: undefined);
		if (changes.length > 0) notes = (await sink.write({root, changes, lock: out, value: undefined, revise: alreadyWritten, ...(options.label === undefined ? {} : {label: options.label})})).notes;
		notes = [...pageNotes, ...notes];
	}
	const paths = Object.keys(built.document['paths'] as JsonObject).length;
	return {
		out,
		written: options.write,
		outputs,
		mode,
		pageCreated,
		page: pageState,
		yaml,
		document: built.document,
		warnings,
		files: scan.files.length,
		paths,
		// As the page lists them: a path with optional parts counts once per form.
		operations: Object.values(built.document['paths'] as JsonObject).reduce<number>((sum, item) => sum + Object.keys(item as JsonObject).filter((key) => key !== 'parameters' && key !== 'summary' && key !== 'description' && key !== 'servers').length, 0),
		notes,
	};
}

/** `--out` relative to the project root (an absolute path is taken as is), written with /. */
function outputPath(root: string, given: string): string {
	if (given.trim() === '') throw new UsageError('edu: --out is empty: write --out FILE, or leave it out (edu help openapi lists its options).', 'USAGE');
	const absolute = path.resolve(root, given);
	const relative = path.relative(root, absolute);
	if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
		throw new EduError('OUTSIDE_PROJECT', `Refusing to write ${given}: --out must name a file inside the project (${root}).`);
	}
	return posixPath(relative);
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
