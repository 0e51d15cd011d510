// make:api and make:controller: flags → request → plan → commit through the sink --dry-run
// chose (the file system, or a dry run that only reports).
import type {Command, Help} from 'commander';
import {EduError, UsageError, isRefusal, messages, refusal} from '../../../base/errors.js';
import {templateOf} from '../../../make/template-units.js';
import {nameProblem, type Kind} from '../../../make/naming.js';
import type {MakeRequest} from '../../../make/request.js';
import {useColor, type Outcome} from '../../../base/io.js';
import {flagsOf, splitList, startFolder, waitNotice} from '../../../base/options.js';
import type {CommandContext} from '../context.js';
import {findProjectRoot} from '../../../project/root.js';
import {templateCatalog, type TemplateCatalog} from '../../../templates/catalog.js';
import {makeCommands, type MakeInvocation, type MakeOptions} from './make-args.js';
import {terminalWidth} from '../../../present/help-text.js';
import {commandTemplatesHelp, templateDetail, templateHelp, templateOptionNames, templateRequest} from './templates.js';

/** The catalog --help lists: the project's (at --cwd or the current folder), or the built-ins outside a project. */
export function helpCatalog(command: Command, context: CommandContext): TemplateCatalog {
	const root = findProjectRoot(startFolder(context.io, command.opts<{cwd?: string}>()));
	return templateCatalog(isRefusal(root) ? undefined : root);
}

const examples = (catalog?: TemplateCatalog): Record<Kind, string> => ({
	api: `
Examples:
  $ edu make:api ville                  GET /api/ville, class VilleController
  $ edu make:api ville --methods GET,POST --uri '/api/ville/{id}'
  $ edu make:api MyUserTest --dry-run   the plan and the routes.yaml diff
  $ edu make:api ville --yes --json     for scripts: one JSON object on stdout

Naming: the name's first letter upper-cased + Controller; the URI /api/ + the kebab name (MyUserTest → /api/my-user-test).
${templateHelp(catalog)}`,
	controller: `
Examples:
  $ edu make:controller villeRead   /villeread, villeread/villeread.html.twig
  $ edu make:controller VilleRead   /ville-read, ville_read/ville_read.html.twig

Views are written under app/Template/.${catalog === undefined ? '' : `\n${commandTemplatesHelp('make:controller', catalog)}`}`,
});

/** Listed in --help elsewhere: the templates' own options under their template, the global ones in one line. */
const listedApart = new Set(['--no-interaction', '--quiet', '--verbose', '--version', ...templateOptionNames.map((name) => `--${name}`)]);
const globalLine = '  -n, -q, -v, -V        as for every command (edu --help)';

/** What follows the options: the examples and templates, or with --template NAME that template in full. */
function helpAfter(command: Command, context: CommandContext, kind: Kind): string {
	const catalog = helpCatalog(command, context);
	const named = command.getOptionValueSource('template') === 'cli' ? command.opts<{template?: string}>().template : undefined;
	return named === undefined ? examples(catalog)[kind] : `\n${templateDetail(named, catalog)}`;
}

/** make:api and make:controller (or the one `only` names) as makeCommands declares them; the action records what commander read, and main runs it. */
export function registerMake(program: Command, context: CommandContext, only?: string): void {
	for (const spec of makeCommands.filter((command) => only === undefined || only === command.name)) {
		const command = program
			.command(spec.name)
			.description(spec.description)
			.argument(`[${spec.argument.name}]`, spec.argument.description);
		for (const option of spec.options(true)) command.option(flagsOf(option), option.description, option.default);
		if (spec.given.length > 0) {
			command.hook('preAction', (action) => {
				for (const key of spec.given) action.setOptionValue(`${key}Given`, action.getOptionValueSource(key) === 'cli');
			});
		}
		// One screen: what the command itself takes; a template's options under its template.
		command.configureHelp({
			visibleOptions(this: object, shown: Command) {
				const all = (Object.getPrototypeOf(this) as {visibleOptions(command: Command): Array<{long?: string}>}).visibleOptions.call(this, shown);
				return all.filter((option) => !listedApart.has(option.long ?? ''));
			},
		} as unknown as Partial<Help>);
		command.addHelpText('after', () => `${globalLine}\n${helpAfter(command, context, spec.kind)}`);
		command.action((name: string | undefined, options: MakeOptions) => {
			context.make = {kind: spec.kind, name, options};
		});
	}
}

/**
 * The flags as a request, every flag checked (usage errors, a --fields the core cannot read):
 * the one request both the command and the wizard start from. `asked`: the wizard will ask for
 * what is missing (the name, the fields).
 */
function requestFrom(kind: Kind, name: string, options: MakeOptions, catalog: TemplateCatalog, asked = false): MakeRequest {
	return {
		kind,
		name,
		// A template's own methods stand unless --methods was typed (its default GET is the default template's).
		methods: options.methods === undefined || (kind === 'api' && (options.template ?? 'default') !== 'default' && options.methodsGiven !== true) ? undefined : splitList(options.methods),
		uri: options.uri,
		description: options.description,
		...(options.force ? {force: true} : {}),
		...(kind === 'api' ? templateRequest(options, catalog, asked) : controllerTemplate(options.template, catalog)),
	};
}

/** make:controller's --template: a project's own web template; one of another command, or none, is a usage error. */
function controllerTemplate(name: string | undefined, catalog: TemplateCatalog): Pick<MakeRequest, 'template'> {
	if (name === undefined) return {};
	const chosen = templateOf('make:controller', name, catalog);
	if ('code' in chosen && chosen.code === 'INVALID_OPTION') throw new UsageError(`edu: ${chosen.message}`, 'INVALID_OPTION');
	return {template: name};
}

/**
 * The one way into make:api and make:controller (main calls it, however the line was read).
 * `mayAsk`: whether the run may ask (global-options.ts decides it once, from the words typed).
 */
export async function runMake({kind, name, options}: MakeInvocation, context: CommandContext, mayAsk: boolean): Promise<Outcome> {
	const {io} = context;
	// Where it may ask, a missing name opens the wizard (Ink and React load only then) on what the flags
	// gave; so does a name that cannot make a class, which the wizard shows refused, to be fixed.
	const interactive = mayAsk && (name === undefined || nameProblem(name) !== undefined);
	if (name === undefined && !interactive) throw EduError.from(refusal('MISSING_ARGUMENT', messages.missingName));
	// The project's templates count (.edu/templates/); outside a project, the built-ins judge the
	// flags, so a flag that fits no template is the usage error shown before "no project".
	const found = findProjectRoot(startFolder(io, options));
	const templates = templateCatalog(isRefusal(found) ? undefined : found);
	const request = requestFrom(kind, name ?? '', options, templates, interactive);
	// Keys typed while the wizard loads are kept for it, not echoed above it.
	const typeAhead = interactive ? await context.wizard.typeAhead() : undefined;
	await typeAhead?.holdForWizard(io, options.plain);
	try {
		if (isRefusal(found)) throw EduError.from(found);
		// On stderr: stdout starts with the original's three lines wherever edu runs from.
		context.announceRoot(found, 'stderr');
		return await makeIn(kind, request, {root: found, templates}, options, context, interactive);
	} finally {
		typeAhead?.releaseTypeAhead(io.stdin);
	}
}

/** The project found once by runMake: its root, and its templates as they judged the flags. */
interface FoundProject {
	readonly root: string;
	readonly templates: TemplateCatalog;
}

async function makeIn(kind: Kind, request: MakeRequest, {root, templates}: FoundProject, options: MakeOptions, context: CommandContext, interactive: boolean): Promise<Outcome> {
	const {io} = context;
	// The sink is chosen here, once, from --dry-run: everything after works from it and from what it returns.
	const {sinkFor} = await import('../../../sink/sink.js');
	const sink = sinkFor({...options, onSignal: io.onSignal, commitBegan: io.commitBegan, onWait: waitNotice(io, options, interactive && !options.plain)});
	if (interactive) {
		const {openWizard} = await context.wizard.open();
		return {json: {}, exitCode: await openWizard(io, {kind, root, templates, plain: options.plain, quiet: options.quiet, sink, request})};
	}
	const {generateFromRequest} = await import('./generate.js');
	const {folderToEnter} = await import('../../../present/next-steps.js');
	return generateFromRequest(request, {root, templates}, sink, {terminal: Boolean(io.stdout.isTTY), color: useColor(io), cd: folderToEnter(io.cwd, root), width: terminalWidth(io.stdout, io.env)});
}
