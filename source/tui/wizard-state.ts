// The wizard's moves as a value: (state, event) → state. Which kind, which screen, back and
// forth, what refuses, the write and its end are decided here, with no React and no I/O; the
// wizard (wizard.tsx) reads the project and writes, and tells this reducer what came of it.
import type {Kind} from '../make/naming.js';
import {plan as makePlan, type Plan} from '../make/plan.js';
import type {Snapshot} from '../make/snapshot.js';
import {catalogOf} from '../make/template-units.js';
import type {CommitResult} from '../make/commit.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from '../make/command/command-plan.js';
import type {NextStep} from '../present/next-steps.js';
import type {SinkMode} from '../sink/sink.js';
import {blockingRefusals, initialForm, screensFor, toRequest, type Screen, type WizardForm} from './form.js';

/** What the kind screen offers: the make:api and make:controller kinds, and make:command. */
export type Choosable = Kind | 'command';

/** The wizard's screens: the form's, and make:command's two (its name, then its review). */
export type Step = Screen | 'command' | 'command-review';

/** Whether the step is make:command's. */
export const isCommandStep = (step: Step): step is 'command' | 'command-review' => step === 'command' || step === 'command-review';

export type WizardOutcome =
	| {readonly status: 'written'; readonly plan: Plan; readonly nextSteps: readonly NextStep[]}
	| {readonly status: 'dry-run'; readonly plan: Plan}
	| {readonly status: 'command'; readonly command: CommandPlan}
	| {readonly status: 'cancelled'};

/** What make:command's write gave: its plan, the sink's mode and what the writer had to tell. */
export interface CommandResult {
	readonly plan: CommandPlan;
	readonly mode: SinkMode;
	readonly notes: readonly string[];
}

export interface CommandState {
	readonly name: string;
	/** The template chosen with Tab, kept when Esc goes back to the kinds and Enter comes again. */
	readonly template?: string;
	/** What the command is planned against, once its screen is open. */
	readonly project?: CommandSnapshot;
	/** The templates Tab goes through. */
	readonly choices: readonly string[];
}

/** Where the focus is on the current screen (a row, a column), what the review's diff shows, and whether Enter was tried: back to the start on each new screen. */
export interface Place {
	readonly row: number;
	readonly column: string;
	/** Where the review's diff window starts when ↑↓ moved it (undefined: at the new route). */
	readonly scrolled?: number;
	/** Enter was pressed while something refused (the resource screen then says what is missing). */
	readonly tried: boolean;
}

export const startPlace: Place = {row: 0, column: 'name', tried: false};

export interface WizardState {
	readonly form: WizardForm;
	/** The kind screen comes first (`edu` with no command). */
	readonly askKind: boolean;
	/** make:command on its own (`edu make:command` without a name): its name screen is the first, Esc there quits. */
	readonly commandOnly: boolean;
	readonly screen: Step;
	readonly place: Place;
	/** The kind screen's cursor is on "Console command". */
	readonly commandChosen: boolean;
	readonly command: CommandState;
	/** The project the form is planned against: read again when a write or a template refuses. */
	readonly snapshot?: Snapshot;
	/** Enter taken on the review (or the command's screen): the wizard writes until told what came of it. */
	readonly writing: boolean;
	/** Said while the write waits for another edu run's lock, instead of "Writing…". */
	readonly waiting?: string;
	/** Why the last write was refused, when the plan made again does not say it. */
	readonly failure?: string;
	readonly written?: CommitResult;
	readonly commandWritten?: CommandResult;
	/** Set once: the wizard exits with it. */
	readonly finished?: {readonly outcome: WizardOutcome; readonly error?: Error};
}

export type WizardEvent =
	/** The kind screen's cursor moved. */
	| {readonly type: 'kind-changed'; readonly kind: Choosable}
	/** Enter on an API or web controller. */
	| {readonly type: 'kind-chosen'; readonly kind: Kind}
	/** Enter on "Console command": the project as make:command reads it, and its templates. */
	| {readonly type: 'command-opened'; readonly project: CommandSnapshot; readonly choices: readonly string[]}
	| {readonly type: 'form-changed'; readonly change: (form: WizardForm) => WizardForm}
	/** The focus moved on the screen, the diff scrolled, or Enter was tried. */
	| {readonly type: 'placed'; readonly place: Partial<Place>}
	/** Enter on a screen of the form (or make:command's name): on to the next, unless a refusal of this screen or an earlier one holds it. */
	| {readonly type: 'next'}
	/** Esc: the screen before; on the first, it clears the name typed there, and quits once it is empty. */
	| {readonly type: 'back'}
	/** Ctrl+C, or Esc on the first screen. */
	| {readonly type: 'cancel'}
	/** The project's templates read again (one fixed on disk): on to the next screen when that clears the template's refusal. */
	| {readonly type: 'templates-read'; readonly snapshot: Snapshot}
	| {readonly type: 'command-named'; readonly name: string}
	/** Tab on the command's screen: the next template, and the project read with it. */
	| {readonly type: 'command-template'; readonly project: CommandSnapshot}
	/** Enter on the review (the form's or the command's). */
	| {readonly type: 'write'}
	| {readonly type: 'waiting'; readonly what: string}
	| {readonly type: 'written'; readonly result: CommitResult; readonly outcome: WizardOutcome}
	| {readonly type: 'command-written'; readonly result: CommandResult}
	/** On a review, before Enter: what the write would refuse (a link out of the project). */
	| {readonly type: 'foreseen'; readonly failure: string}
	/** The write refused (the project changed meanwhile): planned again on the project as it is now; `failure` when that plan does not refuse. */
	| {readonly type: 'write-refused'; readonly failure?: string; readonly snapshot?: Snapshot; readonly project?: CommandSnapshot}
	/** The write stopped (Ctrl+C, a signal) or failed: the wizard quits with why. */
	| {readonly type: 'write-stopped'; readonly error: Error};

export interface WizardStart {
	readonly snapshot?: Snapshot;
	/** Given by the command (make:api, make:controller): the kind screen is skipped. */
	readonly kind?: Kind;
	readonly initial?: Partial<WizardForm>;
	/** make:command on its own: its screen, on this project. */
	readonly command?: CommandSnapshot;
	readonly commandChoices?: readonly string[];
}

export function startState({snapshot, kind, initial, command, commandChoices = []}: WizardStart): WizardState {
	const commandOnly = command !== undefined;
	return {
		form: initialForm({...initial, ...(kind ? {kind} : {})}, commandOnly || snapshot === undefined ? undefined : catalogOf(snapshot)),
		askKind: kind === undefined && !commandOnly,
		commandOnly,
		screen: commandOnly ? 'command' : kind === undefined ? 'kind' : 'name',
		place: startPlace,
		commandChosen: false,
		command: {name: '', project: command, choices: commandChoices},
		snapshot,
		writing: false,
	};
}

/** The kind the form is for (an API controller until one is chosen). */
export const kindOf = (state: WizardState): Kind => state.form.kind ?? 'api';

/** The form's screens, in order, for the form as it is now. */
export function screensOf(state: WizardState, snapshot = state.snapshot): Screen[] {
	return screensFor(state.form, kindOf(state), state.askKind, catalogOf(snapshot ?? {}));
}

/**
 * The core's plan for the form. The name screen plans without the template's options, so the
 * name's own refusals always show; every later screen (the review included) plans the whole form.
 */
export function planOf(state: WizardState, snapshot = state.snapshot): Plan | undefined {
	if (snapshot === undefined) return undefined;
	return makePlan(toRequest(state.form, kindOf(state), catalogOf(snapshot), state.screen !== 'name'), snapshot);
}

/** Whether Enter on the current screen of the form may go on. */
function mayLeave(state: WizardState, snapshot = state.snapshot): boolean {
	if (state.screen === 'kind' || isCommandStep(state.screen) || state.screen === 'done') return false;
	if (state.screen === 'name' && state.form.name === '') return false;
	const plan = planOf(state, snapshot);
	return plan !== undefined && blockingRefusals(plan, state.screen, screensOf(state, snapshot)).length === 0;
}

/** Whether Enter writes now: nothing refuses, and no write is under way. */
export function mayWrite(state: WizardState): boolean {
	if (state.writing || state.finished) return false;
	if (state.screen === 'command-review') return mayReviewCommand(state);
	return state.screen === 'review' && (planOf(state)?.refusals.length ?? 1) === 0;
}

/** Whether Enter on make:command's name goes on to its review: a name, and nothing refused. */
function mayReviewCommand(state: WizardState): boolean {
	const {name, project} = state.command;
	return project !== undefined && name !== '' && planCommand(name, project).refusals.length === 0;
}

const withKind = (form: WizardForm, kind: Kind): WizardForm => ({...form, kind, template: form.kind === kind ? form.template : 'default'});

/** On to `screen`, its focus at the start and the last failure gone. */
const to = (state: WizardState, screen: Step): WizardState => ({...state, screen, place: startPlace, failure: undefined});

const cancelled = (state: WizardState): WizardState => ({...state, finished: {outcome: {status: 'cancelled'}}});

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
	// Once it has finished, nothing moves it; while it writes, only what the write says does.
	if (state.finished) return state;
	const fromWrite = event.type === 'waiting' || event.type === 'written' || event.type === 'command-written' || event.type === 'write-refused' || event.type === 'write-stopped';
	if (state.writing !== fromWrite) return state;
	switch (event.type) {
		case 'kind-changed':
			if (state.screen !== 'kind') return state;
			return {...state, commandChosen: event.kind === 'command', form: event.kind === 'command' ? state.form : withKind(state.form, event.kind)};
		case 'kind-chosen':
			if (state.screen !== 'kind') return state;
			return to({...state, commandChosen: false, form: withKind(state.form, event.kind)}, 'name');
		case 'command-opened':
			if (state.screen !== 'kind') return state;
			return to({...state, command: {...state.command, project: event.project, choices: event.choices}}, 'command');
		case 'form-changed':
			return {...state, form: event.change(state.form)};
		case 'placed':
			return {...state, place: {...state.place, ...event.place}};
		case 'next': {
			if (state.screen === 'command') return mayReviewCommand(state) ? to(state, 'command-review') : state;
			if (!mayLeave(state)) return state;
			const screens = screensOf(state);
			const target = screens[screens.indexOf(state.screen as Screen) + 1];
			return target === undefined ? state : to(state, target);
		}
		case 'back': {
			if (state.screen === 'done') return state;
			if (state.screen === 'command-review') return to(state, 'command');
			if (state.screen === 'command') {
				if (!state.commandOnly) return to({...state, commandChosen: true, command: {...state.command, project: undefined}}, 'kind');
				// On the first screen, Esc clears what was typed before it quits: a slip of the finger loses no name.
				return state.command.name === '' ? cancelled(state) : {...state, command: {...state.command, name: ''}, failure: undefined};
			}
			const screens = screensOf(state);
			const target = screens[screens.indexOf(state.screen) - 1];
			if (target !== undefined) return to(state, target);
			return state.screen === 'name' && state.form.name !== '' ? {...state, form: {...state.form, name: ''}} : cancelled(state);
		}
		case 'cancel':
			return cancelled(state);
		case 'templates-read': {
			const fresh = {...state, snapshot: event.snapshot};
			return mayLeave(fresh) ? wizardReducer(fresh, {type: 'next'}) : fresh;
		}
		case 'command-named':
			return state.screen === 'command' ? {...state, command: {...state.command, name: event.name}, failure: undefined} : state;
		case 'command-template':
			return state.screen === 'command' ? {...state, command: {...state.command, project: event.project, template: event.project.templateName}, failure: undefined} : state;
		case 'write':
			// A refusal from the last try (another run's lock held for too long) gives way to this one.
			return mayWrite(state) ? {...state, writing: true, failure: undefined} : state;
		case 'waiting':
			return {...state, waiting: event.what};
		case 'written':
			return {...state, writing: false, waiting: undefined, screen: 'done', place: startPlace, written: event.result, finished: {outcome: event.outcome}};
		case 'command-written':
			return {...state, writing: false, waiting: undefined, commandWritten: event.result, finished: {outcome: {status: 'command', command: event.result.plan}}};
		case 'foreseen':
			return state.screen === 'review' || state.screen === 'command-review' ? {...state, failure: event.failure} : state;
		case 'write-refused':
			return {
				...state,
				writing: false,
				waiting: undefined,
				failure: event.failure,
				...(event.snapshot === undefined ? {} : {snapshot: event.snapshot}),
				...(event.project === undefined ? {} : {command: {...state.command, project: event.project}}),
			};
		case 'write-stopped':
			return {...state, writing: false, waiting: undefined, finished: {outcome: {status: 'cancelled'}, error: event.error}};
	}
}
