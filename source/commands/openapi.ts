// edu openapi: public/openapi.yaml from the controllers' PHP attributes, without PHP.
import type {Command} from 'commander';
import {EduError} from '../core/errors.js';
import type {Outcome} from '../io.js';
import type {Diagnostic} from '../openapi/php/diagnostics.js';
import {startFolder} from '../options.js';
import type {CommandContext} from './context.js';

export interface OpenapiOptions {
	readonly out?: string;
	readonly stdout?: boolean;
	readonly force?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
}

const examples = `
Examples:
  $ edu openapi                       write public/openapi.yaml
  $ edu openapi --stdout | less       print the YAML, write nothing
  $ edu openapi --out docs/api.yaml   another file, relative to the project root
  $ edu openapi --json                for scripts: one JSON object on stdout

Reads every .php file under app/Controller/api with a PHP parser (PHP itself is not needed) and evaluates the OpenApi\\Attributes found there: Info, Server, Tag, SecurityScheme, Get/Post/Put/Patch/Delete, Parameter, RequestBody, Response, JsonContent, MediaType, Schema, Property, Items, Examples. Attributes it does not know are left out with a warning naming file:line:col. A file with a PHP syntax error stops the run and nothing is written.`;

export function registerOpenapi(program: Command, context: CommandContext): void {
	program
		.command('openapi')
		.description('write public/openapi.yaml from the OpenAPI attributes of app/Controller/api (no PHP needed)')
		.option('--out <file>', 'the file to write, relative to the project root', 'public/openapi.yaml')
		.option('--stdout', 'print the YAML on stdout instead of writing a file')
		.option('--force', 'replace an existing --out file that is not an OpenAPI document (a project input such as routes.yaml, a PHP file or anything under app/ is never replaced)')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', examples)
		.action(async (options: OpenapiOptions) => {
			context.outcome = await runOpenapi(options, context);
		});
}

function diagnosticJson(diagnostic: Diagnostic): object {
	return {file: diagnostic.site.file, line: diagnostic.site.line, col: diagnostic.site.col, message: diagnostic.message};
}

export async function runOpenapi(options: OpenapiOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	const {generate, GenerateError} = await import('../openapi/generate.js');
	const {formatDiagnostic} = await import('../openapi/php/diagnostics.js');
	const root = context.projectRoot(startFolder(io, options), options.stdout ? 'stderr' : 'stdout');
	let result: Awaited<ReturnType<typeof generate>>;
	try {
		result = await generate({root, write: !options.stdout, force: options.force === true, ...(options.out === undefined ? {} : {out: options.out})});
	} catch (error) {
		if (!(error instanceof GenerateError)) throw error;
		throw new EduError(error.code, error.message, error.exitCode, {details: {errors: error.errors.map(diagnosticJson), warnings: error.warnings.map(diagnosticJson)}});
	}
	const json = {
		out: result.written ? result.out : null,
		written: result.written,
		files: result.files,
		paths: result.paths,
		operations: result.operations,
		warnings: result.warnings.map(diagnosticJson),
		...(options.stdout ? {document: result.document} : {}),
	};
	const warnings = [...result.warnings.map(formatDiagnostic), ...result.notes];
	if (options.stdout) return {json, warnings, text: result.yaml};
	const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
	return {json, warnings, text: [
		`File : ./${result.out}`,
		`Operations : ${result.operations} on ${count(result.paths, 'path')} (${count(result.files, 'PHP file')} read)`,
		`[OK] OpenAPI specification successfully generated${result.warnings.length > 0 ? ` (${count(result.warnings.length, 'warning')} above)` : ''}`,
		'',
	].join('\n')};
}
