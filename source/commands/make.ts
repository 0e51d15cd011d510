// make:api and make:controller: flags → request → plan → dry-run report or commit.
import {Command} from 'commander';
import {EduError, messages, refusal} from '../core/errors.js';
import {jsonFailure} from '../core/describe-plan.js';
import type {Kind} from '../core/naming.js';
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
		const {generate} = await import('./make-generate.js');
		return await generate(requestFrom(kind, name, options), options, io);
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		if (options.json) writeJson(io, jsonFailure(error));
		else io.stderr.write(`${error.message}\n`);
		return error.exitCode;
	}
}
