// What the wizard (and the plain prompts) collect, and how it becomes the core's MakeRequest.
// No names are computed here: the core's plan() derives them from the request.
import type {Refusal, RefusalCode} from '../base/errors.js';
import type {Kind} from '../make/naming.js';
import type {Plan} from '../make/plan.js';
import {httpMethods, type FieldSpec, type MakeRequest, type TemplateKind, type UploadSpec} from '../make/request.js';
import {engineOf, templateChoices} from '../make/template-units.js';
import {isBroken, type LoadedTemplate, type TemplateCatalog, type TemplateEntry} from '../templates/catalog.js';
import {engines, type Engine} from '../templates/engines.js';
import {uploadSpecOf} from '../make/upload.js';
import {defaultFields, parseExtensions} from '../templates/option-values.js';

export interface FieldRow {
	readonly name: string;
	readonly type: FieldSpec['type'];
	/** Digits only; ignored for int fields. */
	readonly length: string;
}

export interface UploadRow {
	readonly field: string;
	/** As typed: "csv, txt". */
	readonly extensions: string;
	readonly dir: string;
}

export interface WizardForm {
	readonly kind?: Kind;
	readonly name: string;
	readonly methods: readonly string[];
	/** Set once the user toggles a method: a change of template then keeps them (filtered to what it serves). */
	readonly methodsChosen?: true;
	/** Undefined while the user has not edited it: the core derives it from the name. */
	readonly uri?: string;
	readonly description?: string;
	readonly template: TemplateKind;
	readonly table: string;
	readonly fields: readonly FieldRow[];
	readonly upload: UploadRow;
	/** --force given with the command: a controller or view of this name is replaced (what it held kept). */
	readonly force?: boolean;
}

/** An upload as the upload screen shows it: what was given, the template's defaults for the rest (the core's, as the command line gets them). */
export function uploadRowOf(given?: Partial<UploadSpec>, template?: TemplateEntry): UploadRow {
	const spec = uploadSpecOf(given, loaded(template));
	return {field: spec.field, extensions: spec.extensions.join(', '), dir: spec.dir};
}

export const emptyField: FieldRow = {name: '', type: 'string', length: ''};

const loaded = (entry: TemplateEntry | undefined): LoadedTemplate | undefined => (entry === undefined || isBroken(entry) ? undefined : entry);

/** What a template fills the form with before anything is typed: its manifest's defaults, and every method it serves when it narrows them (GET otherwise). */
function templateStart(template: TemplateEntry | undefined): Pick<WizardForm, 'upload' | 'fields' | 'methods'> {
	const fields = defaultFields(loaded(template));
	const chosen = loaded(template);
	const narrows = chosen === undefined ? undefined : engines[chosen.manifest.engine].methodChoices;
	return {upload: uploadRowOf(undefined, template), fields: fields === undefined ? [emptyField] : fieldRowsOf(fields), methods: narrows?.all ?? ['GET']};
}

/** The methods the route screen and --plain offer for the plan's template: every one, the ones it narrows (`always` staying), or none (it chooses its own). */
export function methodChoices(plan: Pick<Plan, 'takesMethods' | 'engine'>): {readonly all: readonly string[]; readonly always?: string} {
	if (plan.takesMethods) return {all: httpMethods};
	return (plan.engine === undefined ? undefined : engines[plan.engine].methodChoices) ?? {all: []};
}

/** `catalog`: the form starts with the defaults of the template it names (`initial` wins). */
export function initialForm(initial: Partial<WizardForm> = {}, catalog?: TemplateCatalog): WizardForm {
	return {
		name: '',
		template: 'default',
		table: '',
		...templateStart(catalog?.get(initial.template ?? 'default')),
		...initial,
	};
}

/** The form with `template` chosen: a value still at the last template's default takes the new one's; one typed stays. */
export function withTemplate(form: WizardForm, template: string, catalog: TemplateCatalog): WizardForm {
	if (template === form.template) return form;
	const before = templateStart(catalog.get(form.template));
	const after = templateStart(catalog.get(template));
	const keys = ['field', 'extensions', 'dir'] as const;
	const upload = Object.fromEntries(keys.map((key) => [key, form.upload[key] === before.upload[key] ? after.upload[key] : form.upload[key]])) as unknown as UploadRow;
	const untouched = fieldsText(form.fields) === fieldsText(before.fields);
	const atDefault = form.methodsChosen !== true && form.methods.length === before.methods.length && before.methods.every((method) => form.methods.includes(method));
	return {...form, template, upload, fields: untouched ? after.fields : form.fields, methods: atDefault ? after.methods : form.methods};
}

/** The core's fields as the wizard's rows. */
export function fieldRowsOf(fields: readonly FieldSpec[]): FieldRow[] {
	return fields.map((field) => ({name: field.name, type: field.type, length: field.length === undefined ? '' : String(field.length)}));
}

/** The rows as --fields text, e.g. "nom:string:255,nombre_habitant:int" (rows without a name left out). */
export function fieldsText(rows: readonly FieldRow[]): string {
	return rows
		.filter((row) => row.name !== '')
		.map((row) => [row.name, row.type, ...(row.type === 'string' && row.length !== '' ? [row.length] : [])].join(':'))
		.join(',');
}

export function fieldSpecs(rows: readonly FieldRow[]): FieldSpec[] {
	return rows
		.filter((row) => row.name.trim() !== '')
		.map((row) => (row.type === 'string' && row.length !== ''
			? {name: row.name.trim(), type: row.type, length: Number(row.length)}
			: {name: row.name.trim(), type: row.type}));
}

export function uploadSpec(row: UploadRow): UploadSpec {
	return {field: row.field.trim(), extensions: parseExtensions(row.extensions), dir: row.dir.trim()};
}

/**
 * The request for the whole form; `withTemplate: false` leaves the template's options out (the
 * name screen's view): a template with options is planned as the default, so the name's own
 * refusals show whatever its options lack; a broken one, or one without options, as chosen, so its
 * problem shows there too. The template's engine says which options it takes.
 */
export function toRequest(form: WizardForm, kind: Kind, catalog: TemplateCatalog, withTemplate = true): MakeRequest {
	const named = catalog.get(form.template);
	const asChosen = named !== undefined && (isBroken(named) || Object.keys(engines[named.manifest.engine].options).length === 0);
	const template = withTemplate || asChosen ? form.template : 'default';
	const engine = kind === 'api' ? engineOf(template, catalog) : undefined;
	return {
		kind,
		// A pasted name or URI often brings a space along; it is never part of either.
		name: form.name.trim(),
		// Those that choose their own methods get none (upload); those that narrow them (resource), theirs when some are left out.
		...(engine === undefined || engines[engine].takesMethods ? {methods: form.methods} : narrowedMethods(engines[engine].methodChoices, form.methods)),
		uri: form.uri?.trim(),
		description: form.description,
		...(template === 'default' ? {} : {template}),
		...(engine === 'resource' ? {table: form.table.trim() === '' ? undefined : form.table.trim(), fields: fieldSpecs(form.fields)} : {}),
		...(engine === 'upload' ? {upload: uploadSpec(form.upload)} : {}),
		...(form.force === true ? {force: true} : {}),
	};
}

/**
 * For a template that narrows its methods, those of `methods` it serves, `always` among them (a
 * method checked under another template, PATCH, is not its to serve): as --methods when some of
 * its own are left out, else none, as a run without --methods.
 */
function narrowedMethods(choices: Engine['methodChoices'], methods: readonly string[]): {methods?: string[]} {
	if (choices === undefined) return {};
	const served = choices.all.filter((method) => method === choices.always || methods.includes(method));
	return served.length === choices.all.length ? {} : {methods: served};
}

export type Screen = 'kind' | 'name' | 'template' | 'resource' | 'upload' | 'route' | 'review' | 'done';

/** Whether the template is asked: always for an API controller; for a web controller when the project brings a web template of its own (or one was named). */
export function asksTemplate(kind: Kind, form: WizardForm, catalog: TemplateCatalog): boolean {
	return kind === 'api' || form.template !== 'default' || templateChoices(kind, catalog).some((choice) => choice.engine === 'web' && choice.name !== 'web');
}

/** The screens of a run, in order, for the form as it is now: the chosen template's engine adds its own. */
export function screensFor(form: WizardForm, kind: Kind | undefined, askKind: boolean, catalog: TemplateCatalog): Screen[] {
	const screens: Screen[] = askKind ? ['kind'] : [];
	screens.push('name');
	if (kind === 'controller' && asksTemplate(kind, form, catalog)) screens.push('template');
	if (kind === 'api') {
		screens.push('template');
		const engine = engineOf(form.template, catalog);
		if (engine === 'resource') screens.push('resource');
		if (engine === 'upload') screens.push('upload');
	}
	screens.push('route', 'review');
	return screens;
}

const nameCodes: readonly RefusalCode[] = ['INVALID_NAME', 'ROUTE_EXISTS', 'CONTROLLER_EXISTS', 'VIEW_EXISTS'];
const routeCodes: readonly RefusalCode[] = ['INVALID_URI', 'INVALID_METHODS', 'URI_TAKEN'];

/** Whether a refusal is about the name itself (fixed by typing another one). */
export function isNameRefusal(code: RefusalCode): boolean {
	return nameCodes.includes(code);
}

/** The screen where a refusal can be fixed. */
export function ownerOf({code, template}: Pick<Refusal, 'code' | 'template'>, screens: readonly Screen[]): Screen {
	// A template's own problem is fixed where the template is chosen (make:api), by choosing another.
	if (template === true && screens.includes('template')) return 'template';
	if (nameCodes.includes(code)) return 'name';
	if (routeCodes.includes(code)) return 'route';
	if (code === 'INVALID_OPTION') {
		return screens.find((screen) => screen === 'resource' || screen === 'upload') ?? (screens.includes('template') ? 'template' : 'route');
	}
	return 'name';
}

/** A refusal blocks Enter on `screen` when it belongs to this screen or an earlier one; later ones are only notes. */
export function blocks(refused: Refusal, screen: Screen, screens: readonly Screen[]): boolean {
	const owner = screens.indexOf(ownerOf(refused, screens));
	const here = screens.indexOf(screen);
	return owner === -1 || here === -1 || owner <= here;
}

/** Where a later screen fixes a refusal, as a hint shown beside it. */
export function laterHint(refused: Refusal, screens: readonly Screen[], {takesMethods = true, engine, plain = false}: {takesMethods?: boolean; engine?: Plan['engine']; plain?: boolean} = {}): string {
	const owner = ownerOf(refused, screens);
	const what = methodChoices({takesMethods, ...(engine === undefined ? {} : {engine})}).all.length > 0 ? 'the methods or the URI' : 'the URI';
	if (owner === 'route') return plain ? `you can change ${what} at the next questions` : `you can change ${what} on the route screen`;
	if (owner === 'template') return plain ? 'you can choose another template at the next question' : 'you can choose another template on the next screen';
	return plain ? 'you can fix it at a later question' : 'you can fix it on a later screen';
}

/** The refusals that keep Enter from moving on from `screen`. */
export function blockingRefusals(plan: Plan, screen: Screen, screens: readonly Screen[]): Refusal[] {
	return plan.refusals.filter((refused) => blocks(refused, screen, screens));
}

const fixedOn: Record<Screen, string> = {
	kind: 'the kind', name: 'the name', template: 'the template', resource: 'the table and fields', upload: 'the upload settings', route: 'the route', review: 'the review', done: '',
};

/** The first screen before `screen` that must change for its refusals to go (Esc leads there), as words: "the name"; undefined when they are all this screen's. */
export function fixedEarlier(refusals: readonly Refusal[], screen: Screen, screens: readonly Screen[]): string | undefined {
	const here = screens.indexOf(screen);
	const earlier = refusals.map((refused) => screens.indexOf(ownerOf(refused, screens))).filter((index) => index !== -1 && index < here);
	return earlier.length === 0 ? undefined : fixedOn[screens[Math.min(...earlier)]!];
}
