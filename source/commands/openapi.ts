// edu openapi: public/openapi.yaml from the controllers' PHP attributes, without PHP.
import type {Command} from 'commander';
import {EduError} from '../core/errors.js';
import {findProjectRoot} from '../core/project-root.js';
import type {Io} from '../io.js';
import type {CommandContext} from '../main.js';
import type {Diagnostic} from '../openapi/php/diagnostics.js';
import {startFolder, writeJson} from './options.js';

export interface OpenapiOptions {
	readonly out?: string;
	readonly stdout?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
}

const examples = `
Examples:
  $ edu openapi                          write public/openapi.yaml
  $ edu openapi --stdout | less          print the YAML, write nothing
  $ edu openapi --out docs/api.yaml      another file (relative to the project root)
  $ edu openapi --json                   for scripts: one JSON object on stdout

Reads every .php file under app/Controller/api with a PHP parser (PHP itself is not needed)
and evaluates the OpenApi\\Attributes found there: Info, Server, Tag, SecurityScheme,
Get/Post/Put/Patch/Delete, Parameter, RequestBody, Response, JsonContent, MediaType, Schema,
Property, Items, Examples. Attributes it does not know are left out with a warning naming
file:line:col. A file with a PHP syntax error stops the run and nothing is written.`;

export function registerOpenapi(program: Command, context: CommandContext): void {
	program
		.command('openapi')
		.description('write public/openapi.yaml from the OpenAPI attributes of app/Controller/api (no PHP needed)')
		.option('--out <file>', 'the file to write, relative to the project root', 'public/openapi.yaml')
		.option('--stdout', 'print the YAML on stdout instead of writing a file')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', examples)
		.action(async (options: OpenapiOptions) => {
			context.exitCode = await runOpenapi(options, context.io);
		});
}

function diagnosticJson(diagnostic: Diagnostic): object {
	return {file: diagnostic.site.file, line: diagnostic.site.line, col: diagnostic.site.col, message: diagnostic.message};
}

export async function runOpenapi(options: OpenapiOptions, io: Io): Promise<number> {
	const {generate, GenerateError} = await import('../openapi/generate.js');
	const {formatDiagnostic} = await import('../openapi/php/diagnostics.js');
	try {
		const root = findProjectRoot(startFolder(io, options));
		if (typeof root !== 'string') throw EduError.from(root);
		const result = await generate({root, write: !options.stdout, ...(options.out === undefined ? {} : {out: options.out})});
		if (options.json) {
			writeJson(io, {
				ok: true,
				out: result.written ? result.out : null,
				written: result.written,
				files: result.files,
				paths: result.paths,
				operations: result.operations,
				warnings: result.warnings.map(diagnosticJson),
				...(options.stdout ? {document: result.document} : {}),
			});
			return 0;
		}
		for (const warning of result.warnings) io.stderr.write(`Warning: ${formatDiagnostic(warning)}\n`);
		if (options.stdout) {
			io.stdout.write(result.yaml);
			return 0;
		}
		const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
		io.stdout.write([
			`File : ./${result.out}`,
			`Operations : ${result.operations} on ${count(result.paths, 'path')} (${count(result.files, 'PHP file')} read)`,
			`[OK] OpenAPI specification successfully generated${result.warnings.length > 0 ? ` (${count(result.warnings.length, 'warning')} above)` : ''}`,
			'',
		].join('\n'));
		return 0;
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		if (options.json) {
			const details = error instanceof GenerateError ? {errors: error.errors.map(diagnosticJson), warnings: error.warnings.map(diagnosticJson)} : {};
			writeJson(io, {ok: false, error: {code: error.code, message: error.message.split('\n')[0]}, ...details});
		} else {
			io.stderr.write(`${error.message}\n`);
		}
		return error.exitCode;
	}
}
