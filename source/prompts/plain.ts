// `--plain`: the wizard's flow as line prompts (@inquirer/prompts), for terminals and screen
// readers that do not suit a full-screen app. Same form, same plan(), same refusals, same commit.
// Loaded lazily; it never loads Ink or React.
import {terminalWidth} from '../present/help-text.js';
import {Writable} from 'node:stream';
import {checkbox, input, select} from '@inquirer/prompts';
import {confirmWrite} from './confirm-write.js';
import {commit, foreseenRefusal} from '../make/commit.js';
import {dryRunNote, fileLines, refusalText, routesDiff, runHeading, successLine, summaryLines} from '../present/describe-plan.js';
import {EduError, isRefusal} from '../base/errors.js';
import {visible} from '../base/visible.js';
import type {Kind} from '../make/naming.js';
import {plan as makePlan, type Plan} from '../make/plan.js';
import {openProject, type Snapshot} from '../make/snapshot.js';
import type {FieldSpec} from '../make/request.js';
import {catalogOf, engineOf, templateChoices} from '../make/template-units.js';
import {identifierProblem, parseFields} from '../templates/option-values.js';
import type {Sink} from '../sink/sink.js';
import {sgr, useColor, type Io, type OutStream} from '../base/io.js';
import {asksTemplate, withTemplate, blockingRefusals, fieldRowsOf, fieldsText, laterHint, methodChoices, screensFor, toRequest, initialForm, type Screen, type WizardForm} from '../tui/form.js';
import {folderToEnter, nextSteps, nextStepsLines, stepsContext} from '../present/next-steps.js';
import {askCommand} from './plain-command.js';
import {readCommandSnapshot} from '../make/command/command-project.js';
import type {CommandSnapshot} from '../make/command/command-plan.js';
import {cancelledExitCode, cancelledMessage} from '../tui/session.js';
import type {TemplateCatalog} from '../templates/catalog.js';

export interface PlainRun {
	readonly io: Io;
	/** The project's root, found by the command. */
	readonly root: string;
	readonly kind?: Kind | 'command';
	readonly initial?: Partial<WizardForm>;
	readonly sink: Sink;
	/** The project's templates, when the command has read them already. */
	readonly templates?: TemplateCatalog;
	/** make:command's project as the command read it, with the template it chose. */
	readonly commandSnapshot?: CommandSnapshot;
	/** -q: nothing is printed once the files are written (a dry run still says so). */
	readonly quiet?: boolean;
}

export async function runPlain({io, root, kind: givenKind, initial, sink, templates, commandSnapshot, quiet = false}: PlainRun): Promise<number> {
	try {
		const written = await ask(io, root, givenKind, initial ?? {}, sink, {templates, commandSnapshot, quiet});
		if (written === undefined) {
			io.stderr.write(`${cancelledMessage}\n`);
			return cancelledExitCode;
		}
		return 0;
	} catch (error) {
		// Ctrl+C in a prompt.
		if (error instanceof Error && error.name === 'ExitPromptError') {
			io.stdout.write('\n');
			io.stderr.write(`${cancelledMessage}\n`);
			return cancelledExitCode;
		}
		throw error;
	}
}

/** Asks every question; returns the plan the sink took (written, or only reported), or undefined when declined. */
async function ask(io: Io, root: string, givenKind: Kind | 'command' | undefined, initial: Partial<WizardForm>, sink: Sink, {templates, commandSnapshot, quiet}: {templates?: TemplateCatalog; commandSnapshot?: CommandSnapshot; quiet: boolean}): Promise<object | undefined> {
	const context = (): Context => ({input: io.stdin, output: forwardTo(io.stdout)});
	const say = (lines: readonly string[]): void => {
		if (lines.length > 0) io.stdout.write(visible(`${lines.join('\n')}\n`));
	};
	const chosen = givenKind ?? await select<Kind | 'command'>({
		message: 'What do you want to create?',
		choices: [
			{name: 'API controller (answers JSON)', value: 'api'},
			{name: 'Web controller (an HTML page with a Twig view)', value: 'controller'},
			{name: 'Console command (runs with php bin/edu <name>)', value: 'command'},
		],
	}, context());
	if (chosen === 'command') return askCommand(commandSnapshot ?? readCommandSnapshot(root), sink, context, say, {quiet, cd: folderToEnter(io.cwd, root)});
	const kind: Kind = chosen;
	const snapshot: Snapshot = openProject(root, templates);
	const catalog = catalogOf(snapshot);
	let form = initialForm({...initial, kind}, catalog);
	const screens = (): Screen[] => screensFor(form, kind, givenKind === undefined, catalog);
	const planFor = (changed: Partial<WizardForm>, withTemplate = true): Plan => makePlan(toRequest({...form, ...changed}, kind, catalog, withTemplate), snapshot);
	const firstBlocking = (planned: Plan, screen: Screen): string | true => {
		const [refused] = blockingRefusals(planned, screen, screens());
		return refused === undefined ? true : refusalText(refused, true);
	};

	// A name with a naming warning is held once with the warning shown, and accepted by a second Enter.
	// The warning stays under the accepted name (the preview does not repeat it), without "Enter again".
	let warned: string | undefined;
	let shownWarning: string | undefined;
	let accepted = false;
	const again = ' Enter again keeps the name.';
	const name = await input({
		message: 'Controller name (letters, digits and _; e.g. ville or MyUserTest):',
		default: form.name === '' ? undefined : form.name,
		validate(value) {
			if (value.trim() === '') return 'Type a name, e.g. ville or MyUserTest.';
			const planned = planFor({name: value}, false);
			const blocking = firstBlocking(planned, 'name');
			if (blocking !== true) return blocking;
			const [warning] = planned.names?.warnings ?? [];
			accepted = warning === undefined || warned === value.trim();
			if (accepted) return true;
			warned = value.trim();
			shownWarning = warning;
			return `Warning: ${warning}${again}`;
		},
		theme: {style: {error: (text: string) => sgr('31', `> ${accepted && text.endsWith(again) ? text.slice(0, -again.length) : text}`, useColor(io))}},
	}, context());
	form = {...form, name};
	say(preview(planFor({}, false), screens(), shownWarning));

	// Built-ins and the project's own (.edu/templates/), from their manifests; a web controller's
	// only when the project has one. A broken one is refused with its file:line, and asked again.
	while (asksTemplate(kind, form, catalog)) {
		const template = await select<string>({
			message: 'Template:',
			default: kind === 'controller' && form.template === 'default' ? 'web' : form.template,
			choices: templateChoices(kind, catalog).map((choice) => ({
				// A project template's name and description, shown and never obeyed by the terminal (the prompt's own codes are left alone).
				name: visible(`${choice.name}: ${choice.description}${choice.origin === 'built-in' ? '' : ` (${choice.origin})`}`),
				value: choice.name,
			})),
		}, context());
		form = withTemplate(form, template, catalog);
		const broken = planFor({}).refusals.find((refused) => refused.code === 'BAD_PROJECT_FILE');
		if (broken === undefined) break;
		say([`✖ ${broken.message}`]);
	}
	if (kind === 'api') {
		const {template} = form;
		const engine = engineOf(template, catalog);
		// The questions are the manifest's: what it asks for each option, and its help.
		const chosen = catalog.get(template);
		const options = chosen === undefined || 'problem' in chosen ? [] : chosen.manifest.options;
		const question = (name: string, otherwise: string, help = true): string => {
			const option = options.find((each) => each.name === name);
			if (option === undefined) return otherwise;
			const example = option.example === undefined ? '' : `, e.g. ${option.example}`;
			return visible(help ? `${option.ask} (${option.help}${example}):` : `${option.ask}:`);
		};
		if (engine === 'resource') form = await askResource(form, planFor, firstBlocking, context, question);
		if (engine === 'upload') form = await askUpload(form, planFor, firstBlocking, context, question);
	}

	// Every method, or those the template narrows (resource: GET stays, shown but not toggled).
	const {all, always} = methodChoices(planFor({}));
	if (all.length > 0) {
		const methods = await checkbox({
			message: `HTTP methods${always === undefined ? '' : ` the ${form.template} template serves`} (Space toggles, Enter confirms):`,
			choices: all.map((method) => ({name: method, value: method, checked: form.methods.includes(method), ...(method === always ? {disabled: '(always)'} : {})})),
			required: always === undefined,
			// The answer line lists the method that stays too (a disabled choice is not part of the selection).
			...(always === undefined ? {} : {theme: {style: {renderSelectedChoices: (selected: ReadonlyArray<{short: string}>) => [always, ...selected.map((choice) => choice.short)].join(', ')}}}),
		}, context());
		// A template's `always` is not among the answers: its request adds it (toRequest).
		form = {...form, methods};
	}
	const uri = await input({
		message: 'URI ({param} segments become path parameters):',
		default: form.uri ?? planFor({}).uri,
		prefill: 'editable',
		validate: (value) => firstBlocking(planFor({uri: value}), 'route'),
	}, context());
	form = {...form, uri};

	const planned = planFor({});
	const [refused] = planned.refusals;
	if (refused !== undefined) throw new Error(`unexpected refusal after every answer was checked: ${refused.message}`);
	say(['', runHeading(sink.mode), ...fileLines(planned.changes), '', ...routesDiff(planned), '']);
	// A write that would be refused (a link out of the project) is refused before the question.
	const foreseen = foreseenRefusal(planned, snapshot);
	if (foreseen !== undefined) throw EduError.from(foreseen);
	const go = await confirmWrite(sink.mode === 'dry-run' ? `Finish? (${dryRunNote})` : 'Write these files?', context());
	if (!go) return undefined;
	const {plan: written, mode, notes} = await commit(planned, snapshot, sink);
	if (mode === 'dry-run') {
		say(['Dry run: nothing was written.']);
		return written;
	}
	// As the CLI reports a run in a terminal: what was written, then the next steps (with -q, nothing).
	if (!quiet) say([...summaryLines(written), successLine(written), ...notes.map((note) => `Warning: ${note}`), '', ...fileLines(written.changes), '', ...nextStepsLines(nextSteps(written, stepsContext(snapshot, written, folderToEnter(io.cwd, snapshot.root))), terminalWidth(io.stdout, io.env))]);
	return written;
}

/** The plan's preview lines; `said`: the warning the name prompt showed already, not repeated. */
function preview(planned: Plan, screens: readonly Screen[], said?: string): string[] {
	const route = planned.routes[0];
	const lines = [
		`  Class  ${planned.names?.className ?? '—'}`,
		...(route ? [`  File   ${route.controllerPath}`] : []),
		`  Route  ${planned.names?.routeName ?? '—'}`,
		`  URI    ${route?.uri ?? planned.names?.uri ?? '—'}`,
		...(route?.viewPath === undefined ? [] : [`  View   ${route.viewPath}`]),
	];
	for (const warning of planned.warnings) if (warning !== said) lines.push(`Warning: ${warning}`);
	for (const refused of planned.refusals) lines.push(`Note: ${refused.message} (${laterHint(refused, screens, {takesMethods: planned.takesMethods, ...(planned.engine === undefined ? {} : {engine: planned.engine}), plain: true})})`);
	return lines;
}

type PlanFor = (changed: Partial<WizardForm>, withTemplate?: boolean) => Plan;
type FirstBlocking = (planned: Plan, screen: Screen) => string | true;
type Context = {input: NodeJS.ReadableStream; output: NodeJS.WritableStream};

/**
 * A prompt's output: each prompt ends the stream it is given when it closes, so it gets its own,
 * which forwards to the Io's stdout and keeps its terminal size.
 */
function forwardTo(stdout: OutStream): NodeJS.WritableStream {
	const stream = new Writable({
		write(chunk: Buffer | string, _encoding, done) {
			stdout.write(chunk.toString());
			done();
		},
	});
	return Object.assign(stream, {isTTY: stdout.isTTY, columns: stdout.columns ?? 80, rows: stdout.rows ?? 24});
}

type Question = (option: string, otherwise: string, help?: boolean) => string;

async function askResource(form: WizardForm, planFor: PlanFor, firstBlocking: FirstBlocking, context: () => Context, question: Question): Promise<WizardForm> {
	// The table the plan gives (the manifest's default, or the name's) is the answer Enter takes, and shows as the answer.
	const fallback = planFor({table: ''}).table;
	const table = await input({
		message: question('table', fallback === undefined ? 'Table (Enter for the view folder of the name):' : 'Table:', false),
		default: form.table === '' ? fallback : form.table,
		// Refused here, as --table is: the fields question below cannot fix a table name.
		validate(value) {
			const problem = identifierProblem(value.trim(), 'table');
			return problem === undefined ? true : `Invalid table: ${problem}.`;
		},
	}, context());
	// The answer goes through the core's parseFields, as --fields does: once, in the check that accepts it.
	let fields: FieldSpec[] = [];
	await input({
		message: question('fields', 'Fields, as name:type or name:string:length, comma-separated (e.g. nom:string:255,nombre_habitant:int):'),
		default: fieldsText(form.fields) || undefined,
		validate(value) {
			const parsed = parseFields(value);
			if (isRefusal(parsed)) return parsed.message;
			fields = parsed;
			return firstBlocking(planFor({table, fields: fieldRowsOf(parsed)}), 'resource');
		},
	}, context());
	return {...form, table, fields: fieldRowsOf(fields)};
}

async function askUpload(form: WizardForm, planFor: PlanFor, firstBlocking: FirstBlocking, context: () => Context, question: Question): Promise<WizardForm> {
	let upload = form.upload;
	const check = (changed: Partial<WizardForm['upload']>): string | true => firstBlocking(planFor({upload: {...upload, ...changed}}), 'upload');
	const field = await input({message: question('field', 'Form field:'), default: upload.field, validate: (value) => check({field: value})}, context());
	upload = {...upload, field};
	const extensions = await input({message: question('extensions', 'Extensions:'), default: upload.extensions, validate: (value) => check({extensions: value})}, context());
	upload = {...upload, extensions};
	const dir = await input({message: question('dir', 'Folder:'), default: upload.dir, validate: (value) => check({dir: value})}, context());
	return {...form, upload: {...upload, dir}};
}
