// The one entry the commands import (lazily): opens the full-screen wizard, or the plain
// prompts with --plain. Each is itself imported on demand, so --plain never loads Ink.
import {splitList} from '../options.js';
import type {Kind} from '../core/naming.js';
import type {TemplateKind} from '../core/request.js';
import type {Io} from '../io.js';
import {EduError} from '../core/errors.js';
import {parseFields} from '../core/resource.js';
import {defaultUpload, fieldRowsOf, type FieldRow, type WizardForm} from './form.js';

export interface OpenWizard {
	/** Given by make:api / make:controller; asked first when absent (`edu` alone). */
	readonly kind?: Kind;
	/** Absolute folder to look for the project from. */
	readonly start: string;
	readonly plain?: boolean;
	readonly dryRun?: boolean;
	/** Flags given with the command, used as the wizard's starting values. */
	readonly flags?: {
		readonly methods?: string;
		readonly uri?: string;
		readonly description?: string;
		readonly template?: TemplateKind;
		readonly table?: string;
		readonly fields?: string;
		readonly field?: string;
		readonly extensions?: string;
		readonly dir?: string;
	};
}

/** --fields as the wizard's rows; a --fields the core cannot read is refused before the wizard opens. */
function fieldRows(text: string): FieldRow[] {
	const fields = parseFields(text);
	if (!Array.isArray(fields)) throw EduError.from(fields);
	return fieldRowsOf(fields);
}

/** The variable that makes Ink believe it runs in CI, as Ink's `is-in-ci` reads it. */
function inCi(env: Io['env']): string | undefined {
	return ['CI', 'CONTINUOUS_INTEGRATION'].find((key) => key in env && env[key] !== '0' && env[key] !== 'false');
}

export async function openWizard(io: Io, {kind, start, plain, dryRun, flags = {}}: OpenWizard): Promise<number> {
	const initial: Partial<WizardForm> = {
		...(flags.methods === undefined ? {} : {methods: splitList(flags.methods).map((method) => method.toUpperCase())}),
		...(flags.uri === undefined ? {} : {uri: flags.uri}),
		...(flags.description === undefined ? {} : {description: flags.description}),
		...(flags.template === undefined ? {} : {template: flags.template}),
		...(flags.table === undefined ? {} : {table: flags.table}),
		...(flags.fields === undefined ? {} : {fields: fieldRows(flags.fields)}),
		...(flags.field === undefined && flags.extensions === undefined && flags.dir === undefined ? {} : {
			upload: {
				field: flags.field ?? defaultUpload.field,
				extensions: flags.extensions ?? defaultUpload.extensions,
				dir: flags.dir ?? defaultUpload.dir,
			},
		}),
	};
	// Ink draws only its last frame when it believes it runs in CI (the `is-in-ci` rule below),
	// which in a real terminal is a blank screen until the end: the plain prompts work there.
	const ci = inCi(io.env);
	if (!plain && ci !== undefined) io.stderr.write(`${ci} is set, so the full-screen wizard cannot draw: using the plain prompts (--plain).\n`);
	if (plain || ci !== undefined) {
		const {runPlain} = await import('./plain.js');
		return runPlain({io, start, kind, initial, dryRun});
	}
	const {runWizard} = await import('./run-wizard.js');
	return runWizard({io, start, kind, initial, dryRun});
}
