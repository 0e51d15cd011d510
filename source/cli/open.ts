// The one entry the commands import (lazily): opens the full-screen wizard, or the plain
// prompts with --plain. Each is itself imported on demand, so --plain never loads Ink.
import type {Kind} from '../make/naming.js';
import {methodNames, type MakeRequest} from '../make/request.js';
import type {Sink} from '../sink/sink.js';
import type {TemplateCatalog} from '../templates/catalog.js';
import type {CommandSnapshot} from '../make/command/command-plan.js';
import type {Io} from '../base/io.js';
import {waitNotice} from '../base/options.js';
import {fieldRowsOf, uploadRowOf, type WizardForm} from '../tui/form.js';
import {cannotDraw} from '../tui/keys/type-ahead.js';

export interface OpenWizard {
	/** Given by make:api / make:controller; asked first when absent (`edu` alone). */
	readonly kind?: Kind;
	/** The project's root, found by the command. */
	readonly root: string;
	readonly plain?: boolean;
	/** -q: nothing is printed below the wizard once it has written (a dry run's plan still is), and the plain prompts do not say a wait for another run's lock. */
	readonly quiet?: boolean;
	/** Where the plan goes, chosen by the command from --dry-run; the file system when absent (`edu` alone). */
	readonly sink?: Sink;
	/** The command's flags as its request, already checked (commands/make.ts): the wizard's starting values. */
	readonly request?: MakeRequest;
	/** The project's templates as they checked the flags (read once, by the command). */
	readonly templates?: TemplateCatalog;
}

/** The request the flags made, as the wizard's form: what it leaves out keeps the form's defaults. */
function formOf(request: MakeRequest, templates?: TemplateCatalog): Partial<WizardForm> {
	return {
		...(request.name === '' ? {} : {name: request.name}),
		...(request.methods === undefined ? {} : {methods: methodNames(request.methods)}),
		...(request.uri === undefined ? {} : {uri: request.uri}),
		...(request.description === undefined ? {} : {description: request.description}),
		...(request.template === undefined ? {} : {template: request.template}),
		...(request.table === undefined ? {} : {table: request.table}),
		...(request.fields === undefined ? {} : {fields: fieldRowsOf(request.fields)}),
		...(request.upload === undefined ? {} : {upload: uploadRowOf(request.upload, templates?.get(request.template ?? 'default'))}),
		...(request.force === true ? {force: true} : {}),
	};
}


export async function openWizard(io: Io, {kind, root, plain, quiet, sink: chosen, request, templates}: OpenWizard): Promise<number> {
	const initial = request === undefined ? {} : formOf(request, templates);
	// A wait for another run's lock is said on stderr by the plain prompts; the full-screen wizard says it on its review.
	const sink = chosen ?? (await import('../sink/sink.js')).sinkFor({onSignal: io.onSignal, commitBegan: io.commitBegan, onWait: waitNotice(io, {quiet}, false)});
	// Where Ink cannot draw (CI set: a blank screen until the end; TERM=dumb), the plain prompts work.
	const cannot = cannotDraw(io.env);
	if (!plain && cannot !== undefined) io.stderr.write(`${cannot}\n`);
	if (plain || cannot !== undefined) {
		const {runPlain} = await import('../prompts/plain.js');
		return runPlain({io, root, kind, initial, sink, templates, quiet});
	}
	const {runWizard} = await import('../tui/run-wizard.js');
	return runWizard({io, root, kind, initial, sink, templates, quiet});
}

/** `edu make:command` without a name: its one screen, or with --plain (or CI set) its line prompts. */
export async function openCommandWizard(io: Io, {snapshot, plain, quiet, sink}: {snapshot: CommandSnapshot; plain?: boolean; quiet?: boolean; sink: Sink}): Promise<number> {
	const cannot = cannotDraw(io.env);
	if (!plain && cannot !== undefined) io.stderr.write(`${cannot}\n`);
	if (plain || cannot !== undefined) {
		const {runPlain} = await import('../prompts/plain.js');
		return runPlain({io, root: snapshot.root, kind: 'command', sink, commandSnapshot: snapshot, quiet});
	}
	const {runCommandWizard} = await import('../tui/run-command-wizard.js');
	return runCommandWizard({io, snapshot, sink});
}
