// edu routes: the routes of routes.yaml with what is wrong with each; --check for CI.
import type {Command} from 'commander';
import type {Outcome} from '../../base/io.js';
import {startFolder} from '../../base/options.js';
import type {CommandContext} from './context.js';
import {terminalWidth, wrapLine} from '../../present/help-text.js';

export interface RoutesOptions {
	readonly json?: boolean;
	readonly check?: boolean;
	readonly cwd?: string;
}

const examples = `
Examples:
  $ edu routes           every route of app/Config/routes.yaml with its status
  $ edu routes --check   the same; exit 1 if anything is reported (for CI)
  $ edu routes --json    for scripts: one JSON object on stdout

Status reports: a controller file missing (PSR-4 from app/), a class not matching its file, an API route whose uri is no operation attribute's path, a method in httpMethod with no operation attribute, an operation attribute no route serves, two routes the router cannot tell apart (the same method and URI, the same pattern under other parameter names such as /a/{id} and /a/{code}, or a fixed path after a parameter route that already takes it, as /user/list after /user/{id}): the framework's router then fails on every request.`;

export function registerRoutes(program: Command, context: CommandContext): void {
	program
		.command('routes')
		.description('list the routes and check them against controller files and OpenAPI attributes')
		.option('--check', 'exit 1 when anything is reported')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', examples)
		.action(async (options: RoutesOptions) => {
			context.outcome = await runRoutes(options, context);
		});
}

export async function runRoutes(options: RoutesOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	const {inspectRoutes} = await import('../../routes/report.js');
	const {problemCount, renderProblems, renderTable, statusText} = await import('../../routes/table.js');
	// Its table (or problems) is the output: the project's line goes to stderr, out of a pipe's way.
	const root = context.projectRoot(startFolder(io, options), 'stderr');
	const {routes, rows} = await inspectRoutes(root, io.kept ? {kept: io.kept} : {});
	const problems = problemCount(rows);
	const failed = Boolean(options.check) && problems > 0;
	const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
	const named = [...new Set(rows.filter((row) => row.problems.length > 0).map((row) => row.name ?? `${row.file}:${row.line}`))];
	const verdict = `edu routes --check: ${count(problems, 'problem')} (${named.join(', ')})`;
	// `ok` (set by the renderer) follows the exit code: a listing with problems is done; --check is not.
	const json = {
		...(failed ? {error: {code: 'ROUTE_PROBLEMS', message: verdict}} : {}),
		problems,
		routes: rows.map((row) => ({
			name: row.name,
			methods: row.methods,
			uri: row.uri,
			controller: row.controller,
			file: row.file,
			// Where the row comes from: its entry in routes.yaml, or (no route) the attribute or error in its file.
			at: {file: row.name === null ? row.file : routes.path, line: row.line},
			status: statusText(row),
			problems: row.problems.map(({code, message}) => ({code, message})),
		})),
	};
	// Piped (to grep, to a file), rows are whole unless COLUMNS gives a width: cut URIs and class names match nothing.
	const width = io.stdout.isTTY || /^[1-9][0-9]{0,5}$/.test(io.env['COLUMNS'] ?? '') ? terminalWidth(io.stdout, io.env) : Number.POSITIVE_INFINITY;
	const lines = rows.length > 0 ? renderTable(rows, width) : [`No routes in ${routes.path}.`];
	lines.push('');
	const routeCount = count(routes.count, 'route');
	if (problems === 0) {
		lines.push(`${routeCount}, no problems: routes.yaml, controllers and attributes agree.`);
	} else {
		// In a terminal a long problem is broken between words, never inside one; piped, one line each.
		const problemLines = renderProblems(rows, routes.path);
		lines.push(`${routeCount}, ${count(problems, 'problem')}:`, ...(io.stdout.isTTY ? problemLines.flatMap((line) => wrapLine(line, width, 4)) : problemLines));
	}
	return {
		json,
		text: `${lines.join('\n')}\n`,
		exitCode: failed ? 1 : 0,
		...(failed ? {trailer: `${verdict}\n`} : {}),
	};
}

