// make:api and make:controller: flags → request → plan → dry-run report or commit.
import {Command} from 'commander';
import {EduError, messages, refusal, type Refusal} from '../core/errors.js';
import {fileLines, jsonFailure, jsonSuccess, routesDiff, successLine, summaryLines} from '../core/describe-plan.js';
import type {Kind} from '../core/naming.js';
import {plan as makePlan} from '../core/plan.js';
import {findProjectRoot, readSnapshot} from '../core/project.js';
import type {MakeRequest} from '../core/request.js';
import type {Io} from '../io.js';
import type {CommandContext} from '../main.js';
import {addTemplateOptions, templateExamples, templateHelp, templateRequest, type TemplateOptions} from './make-templates.js';
import {addCommonOptions, splitList, startFolder, writeJson, type CommonOptions} from './options.js';

export interface MakeOptions extends CommonOptions, TemplateOptions {
	readonly methods?: string;
	readonly uri?: string;
	readonly description?: string;
}

const examples: Record<Kind, string> = {
	api: `
Examples:
  $ edu make:api ville                         GET /api/ville → Controller\\api\\VilleController
  $ edu make:api ville --methods GET,POST --uri '/api/ville/{id}'
  $ edu make:api MyUserTest --dry-run          show the plan and the routes.yaml diff
  $ edu make:api ville --yes --json            for scripts: one JSON object on stdout${templateExamples}

Naming: the class is the name with its first letter upper-cased + Controller; the URI is
/api/ + the kebab name (MyUserTest → /api/my-user-test). Use all lower case or PascalCase.
${templateHelp}`,
	controller: `
Examples:
  $ edu make:controller villeRead              /villeread, view app/Template/villeread/villeread.html.twig
  $ edu make:controller VilleRead --dry-run    /ville-read, view app/Template/ville_read/ville_read.html.twig`,
};

export function registerMake(program: Command, context: CommandContext): void {
	for (const kind of ['api', 'controller'] as const) {
		const command = program
			.command(kind === 'api' ? 'make:api' : 'make:controller')
			.description(kind === 'api'
				? 'generate a JSON API controller, its route and (once) openapi.php'
				: 'generate a web controller, its Twig view and its route')
			.argument('[controller-name]', 'the controller name, e.g. ville or MyUserTest');
		addCommonOptions(command, {plain: true});
		command
			.option('--methods <list>', 'HTTP methods, comma-separated', 'GET')
			.option('--uri <uri>', 'route URI; {param} segments become path parameters');
		if (kind === 'api') {
			command
				.option('--description <text>', 'description of the 200 response');
			addTemplateOptions(command);
		}
		command.addHelpText('after', examples[kind]);
		command.action(async (name: string | undefined, options: MakeOptions) => {
			context.exitCode = await runMake(kind, name, options, context.io);
		});
	}
}

function requestFrom(kind: Kind, name: string, options: MakeOptions): MakeRequest {
	return {
		kind,
		name,
		methods: options.methods === undefined ? undefined : splitList(options.methods),
		uri: options.uri,
		description: options.description,
		...templateRequest(options),
	};
}

export async function runMake(kind: Kind, name: string | undefined, options: MakeOptions, io: Io): Promise<number> {
	try {
		if (name === undefined) {
			// In a terminal, a missing name opens the wizard (Ink and React load only then).
			if (io.interactive && !options.yes && !options.json) {
				const {openWizard} = await import('../tui/open.js');
				return await openWizard(io, {kind, start: startFolder(io, options), plain: options.plain, dryRun: options.dryRun, flags: options});
			}
			throw EduError.from(refusal('MISSING_ARGUMENT', messages.missingName));
		}
		return await generate(requestFrom(kind, name, options), options, io);
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		if (options.json) writeJson(io, jsonFailure(error));
		else io.stderr.write(`${error.message}\n`);
		return error.exitCode;
	}
}

function refuse(first: Refusal): never {
	throw EduError.from(first);
}

async function generate(request: MakeRequest, options: MakeOptions, io: Io): Promise<number> {
	const root = findProjectRoot(startFolder(io, options));
	if (typeof root !== 'string') refuse(root);
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) refuse(snapshot);
	const planned = makePlan(request, snapshot);

	if (!options.json) {
		for (const warning of planned.warnings) io.stderr.write(`Warning: ${warning}\n`);
	}
	const [firstRefusal] = planned.refusals;
	if (firstRefusal) {
		if (options.json) {
			writeJson(io, jsonFailure(firstRefusal, planned.warnings));
			return EduError.from(firstRefusal).exitCode;
		}
		refuse(firstRefusal);
	}

	if (options.dryRun) {
		if (options.json) {
			writeJson(io, jsonSuccess(planned, true));
		} else {
			io.stdout.write([
				...summaryLines(planned),
				'Dry run: nothing was written. The run would:',
				...fileLines(planned.changes),
				'',
				...routesDiff(planned),
				'',
			].join('\n'));
		}
		return 0;
	}

	const {commit} = await import('../core/commit.js');
	const {plan: written} = await commit(planned, snapshot);
	if (options.json) {
		writeJson(io, jsonSuccess(written, false));
	} else {
		io.stdout.write(`${[...summaryLines(written), successLine(written)].join('\n')}\n`);
	}
	return 0;
}
