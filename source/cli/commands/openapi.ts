// edu openapi: public/openapi.yaml from the controllers' PHP attributes, without PHP.
import type {Command} from 'commander';
import {EduError, UsageError} from '../../base/errors.js';
import {withNotes, type Outcome} from '../../base/io.js';
import {shellWord} from '../../sink/leftovers.js';
import {docFolder, docPage, docUrlPath, localServer} from '../../openapi/html/doc-location.js';
import type {OutputReport} from '../../openapi/output-files.js';
import type {Diagnostic} from '../../php/diagnostics.js';
import {startFolder, waitNotice} from '../../base/options.js';
import type {CommandContext} from './context.js';


export interface OpenapiOptions {
	readonly quiet?: boolean;
	readonly out?: string;
	readonly stdout?: boolean;
	readonly force?: boolean;
	readonly html?: boolean;
	readonly dryRun?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
	/** --out was typed (its default is public/openapi.yaml). */
	readonly outGiven?: boolean;
}

const examples = `
Examples:
  $ edu openapi                       write public/openapi.yaml
  $ edu openapi --stdout | less       print the YAML, write nothing
  $ edu openapi --out docs/api.yaml   another file, relative to the project root
  $ edu openapi --html                also public/doc/, a page to try the API
  $ edu openapi --html --dry-run      the files it would write, writing nothing
  $ edu openapi --json                for scripts: one JSON object on stdout

Reads every .php file under app/Controller/api with a PHP parser (PHP itself is not needed) and evaluates the OpenApi\\Attributes found there: Info, Server, Tag, SecurityScheme, Get/Post/Put/Patch/Delete, Parameter, RequestBody, Response, JsonContent, MediaType, Schema, Property, Items, Examples. Attributes it does not know are left out with a warning naming file:line:col. A file with a PHP syntax error stops the run and nothing is written. The specification's first line says where it comes from, with a digest of the rest: one edited by hand (or by another tool) is copied to .edu/backups/ before it is replaced.

--html writes public/doc/: Swagger UI (copied from the installed package, so the page works offline), the specification beside it and index.html. edu start serves it at http://localhost:8042/doc/, where "Try it out" calls the running application. The folder is generated: its own .gitignore keeps edu's files out of git. edu replaces there only the files it wrote (a page or file of yours: refused, or --force with a copy in .edu/backups/), and once the page exists every edu openapi keeps it in step. A file whose content is unchanged is not written again.`;

export function registerOpenapi(program: Command, context: CommandContext): void {
	program
		.command('openapi')
		.description('write public/openapi.yaml from the OpenAPI attributes of app/Controller/api (no PHP needed)')
		.option('--out <file>', 'the file to write, relative to the project root', 'public/openapi.yaml')
		.option('--stdout', 'print the YAML on stdout instead of writing a file')
		.option('--force', 'replace an existing --out file that is not an OpenAPI document, keeping what it held in .edu/backups/ (a project input such as routes.yaml, a PHP file or anything under app/ is never replaced)')
		.option('--html', 'also write a documentation page with a "try it" console to public/doc/ (served by edu start at /doc/)')
		.option('--dry-run', 'print the files that would be written, write nothing')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', examples)
		.action(async (options: OpenapiOptions, command: Command) => {
			context.outcome = await runOpenapi({...options, outGiven: command.getOptionValueSource('out') === 'cli'}, context);
		});
}

function diagnosticJson(diagnostic: Diagnostic): object {
	return {file: diagnostic.site.file, line: diagnostic.site.line, col: diagnostic.site.col, message: diagnostic.message};
}

export async function runOpenapi(options: OpenapiOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	const {writeOpenApi, GenerateError} = await import('../../openapi/generate.js');
	const {formatDiagnostic} = await import('../../php/diagnostics.js');
	const root = context.projectRoot(startFolder(io, options), options.stdout ? 'stderr' : 'stdout');
	let result: Awaited<ReturnType<typeof writeOpenApi>>;
	try {
		if (options.stdout && options.html) throw new UsageError('--stdout and --html cannot go together: --stdout writes no file, and the page is files.', 'INVALID_OPTION');
		if (options.stdout && options.force) throw new UsageError('--stdout and --force cannot go together: --stdout writes no file, so there is nothing to replace.', 'INVALID_OPTION');
		if (options.stdout && options.outGiven) throw new UsageError('--stdout and --out cannot go together: --stdout prints the YAML instead of writing it to a file.', 'INVALID_OPTION');
		if (options.html) await refuseShadowedRoute(root);
		result = await writeOpenApi({
			root,
			write: !options.stdout,
			force: options.force === true,
			html: Boolean(options.html),
			sink: {dryRun: Boolean(options.dryRun), ...(io.onSignal ? {onSignal: io.onSignal} : {}), ...(io.commitBegan ? {commitBegan: io.commitBegan} : {}), onWait: waitNotice(io, options, false)},
			...(io.kept ? {parse: {kept: io.kept}} : {}),
			// Only a file the user named: --out's default is edu's own place, where an empty file is no one's work.
			...(options.out === undefined || !options.outGiven ? {} : {out: options.out}),
			label: ['openapi', ...(options.html ? ['--html'] : []), ...(options.force ? ['--force'] : []), ...(options.out === undefined || !options.outGiven ? [] : ['--out', shellWord(options.out)])].join(' '),
		});
	} catch (error) {
		if (!(error instanceof GenerateError)) throw error;
		throw new EduError(error.code, error.message, error.exitCode, {details: {errors: error.errors.map(diagnosticJson), warnings: error.warnings.map(diagnosticJson)}});
	}
	const json = withNotes({
		out: result.written ? result.out : null,
		// Whether a file changed on disk: not for a dry run, --stdout, or a document already up to date.
		written: result.written && result.mode === 'write' && result.outputs.some((output) => output.action !== 'unchanged'),
		dryRun: result.mode === 'dry-run',
		changes: result.outputs,
		...(options.html ? {page: docPage, pageUrl: `${localServer}${docUrlPath}`} : {}),
		files: result.files,
		paths: result.paths,
		operations: result.operations,
		warnings: result.warnings.map(diagnosticJson),
		...(options.stdout ? {document: result.document} : {}),
	}, result.notes);
	const warnings = [...result.warnings.map(formatDiagnostic), ...result.notes];
	if (options.stdout) return {json, warnings, text: result.yaml};
	const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
	const above = result.warnings.length > 0 ? ` (${count(result.warnings.length, 'warning')} above)` : '';
	const operations = `Operations : ${result.operations} on ${count(result.paths, 'path')} (${count(result.files, 'PHP file')} read)`;
	if (result.mode === 'dry-run') {
		const {dryRunDone} = await import('../../present/describe-plan.js');
		return {json, warnings, text: [dryRunDone, ...changeLines(result.outputs), operations, ''].join('\n')};
	}
	const unchanged = (path: string): string => (result.outputs.find((output) => output.path === path)?.action === 'unchanged' ? ' (unchanged)' : '');
	const file = `File : ./${result.out}${unchanged(result.out)}`;
	if (result.page === 'none') {
		return {json, warnings, text: [file, operations, `[OK] OpenAPI specification successfully generated${above}`, ''].join('\n')};
	}
	const page = `Page : ./${docPage}${pageChange(result.outputs)}`;
	if (!options.html) {
		return {json, warnings, text: [file, page, operations, `[OK] OpenAPI specification successfully generated, and the page in ${docFolder}/ kept in step${above}`, ''].join('\n')};
	}
	return {json, warnings, text: [
		file,
		page,
		operations,
		`[OK] OpenAPI specification and documentation page successfully generated${above}`,
		...(result.pageCreated ? ['', `Note: ${docFolder}/ is generated (Swagger UI and the page), so git ignores its files (${docFolder}/.gitignore, written once); every edu openapi keeps the page in step with the attributes.`] : []),
		'',
		'Next steps:',
		result.operations === 0
			? `  the API has no operation yet: edu make:api <name>, then edu openapi; the page at ${localServer}${docUrlPath} (edu start) will show it.`
			: `  edu start, then open ${localServer}${docUrlPath} to see the API and try ${result.operations === 1 ? 'its operation' : `each of its ${result.operations} operations`} ("Try it out").`,
		'',
	].join('\n')};
}

/** --html would take the page's path from a route that serves it (PHP's server answers it from public/doc/): refused, nothing written. */
async function refuseShadowedRoute(root: string): Promise<void> {
	const {routeAtPage} = await import('../../openapi/html/page-route.js');
	const route = routeAtPage(root);
	if (route === undefined) return;
	const {routesPath} = await import('../../project/root.js');
	throw new EduError('URI_TAKEN', [
		`Refusing --html: route "${route.name}" (${routesPath}:${route.line}) serves ${route.uri}, where the page would go (${docFolder}/, served at ${docUrlPath}); edu start would answer that path with the page instead of ${route.controller}. Nothing was written.`,
		`Way out: run edu openapi without --html (public/openapi.yaml only, which the route's own page can show), or move the route to another URI in ${routesPath}.`,
	].join('\n'));
}

/** What a run changed in the page, beside its index.html: nothing, or the files it rewrote. */
function pageChange(outputs: readonly OutputReport[]): string {
	const inPage = outputs.filter((output) => output.path.startsWith(`${docFolder}/`));
	const index = inPage.find((output) => output.path === docPage);
	if (index !== undefined && index.action !== 'unchanged') return '';
	// The list of what edu wrote there follows every change: not worth naming.
	const changed = inPage.filter((output) => output.action !== 'unchanged' && !/\/\.edu-page$/.test(output.path)).map((output) => output.path.slice(docFolder.length + 1));
	if (changed.length === 0) return ' (unchanged)';
	const named = [...new Set(changed.map((name) => (name.startsWith('swagger-ui') ? 'Swagger UI' : name)))];
	return ` (index.html unchanged; ${named.join(', ')} updated)`;
}

/** `  create  public/doc/index.html`, as make:* --dry-run lists its files. */
function changeLines(outputs: readonly OutputReport[]): string[] {
	const width = Math.max(...outputs.map((output) => output.action.length));
	return outputs.map((output) => `  ${output.action.padEnd(width)}  ${output.path}`);
}
