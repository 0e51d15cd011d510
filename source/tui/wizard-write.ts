// The wizard's write, once its reducer has taken Enter: the plan through the sink (the file
// system, or a dry run that only reports), and what came of it as the reducer's next event.
import {EduError} from '../base/errors.js';
import {commit, foreseenRefusal} from '../make/commit.js';
import {plan as makePlan} from '../make/plan.js';
import type {Snapshot} from '../make/snapshot.js';
import {commandChangeset, foreseenCommandRefusal} from '../make/command/command-project.js';
import {planCommand, type CommandSnapshot} from '../make/command/command-plan.js';
import {nextSteps, stepsContext} from '../present/next-steps.js';
import type {Sink} from '../sink/sink.js';
import {stoppedWrite, type WriteStop} from './keys/stop-write.js';
import {isCommandStep, planOf, type WizardEvent, type WizardState} from './wizard-state.js';

export interface WriteContext {
	readonly sink: Sink;
	readonly stop: WriteStop;
	/** Told while the write waits for another edu run's lock. */
	readonly onWait: (what: string) => void;
	/** Reads the project again (after a refused write). */
	readonly reread?: () => Snapshot;
	readonly rereadCommand?: (template: string) => CommandSnapshot;
	/** The project's folder when the run started elsewhere: the next steps `cd` there first. */
	readonly projectFolder?: string;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** The project read again, or the snapshot in hand when it cannot be read now. */
export function rereadOrKeep(reread: (() => Snapshot) | undefined, snapshot: Snapshot): Snapshot {
	try {
		return reread?.() ?? snapshot;
	} catch {
		return snapshot;
	}
}

/**
 * On a review: what the write would refuse before writing a byte (a link out of the project), so
 * the review says it before Enter, as --dry-run does; undefined when nothing would. `plan`: the
 * review's, when the screen has it already.
 */
export function foresee(state: WizardState, plan = state.screen === 'review' ? planOf(state) : undefined): WizardEvent | undefined {
	const project = state.command.project;
	const refused = state.screen === 'command-review'
		? project === undefined ? undefined : foreseenCommandRefusal(planCommand(state.command.name, project), project)
		: state.screen === 'review' && plan !== undefined ? foreseenRefusal(plan, state.snapshot!) : undefined;
	return refused === undefined ? undefined : {type: 'foreseen', failure: refused.message};
}

/** Writes what the wizard shows (the form's plan, or make:command's) and says how it went. */
export async function write(state: WizardState, context: WriteContext): Promise<WizardEvent> {
	try {
		return isCommandStep(state.screen) ? await writeCommand(state, context) : await writePlan(state, context);
	} catch (error) {
		// Stopped (Ctrl+C, SIGTERM): quit with what the write says (nothing was written), as the CLI does.
		if (stoppedWrite(error, context.stop) || !(error instanceof EduError)) return {type: 'write-stopped', error: asError(error)};
		if (isCommandStep(state.screen)) {
			const project = state.command.project!;
			return {type: 'write-refused', failure: error.message, project: context.rereadCommand?.(project.templateName) ?? project};
		}
		// The project changed under the wizard: plan against it as it is now, so the review and
		// the screens behind Esc show what refuses; the error itself only when that plan cannot.
		const fresh = rereadOrKeep(context.reread, state.snapshot!);
		const refusesNow = makePlan(planOf(state)!.request, fresh).refusals.length > 0;
		return {type: 'write-refused', snapshot: fresh, ...(refusesNow ? {} : {failure: error.message})};
	}
}

async function writePlan(state: WizardState, {sink, stop, onWait, projectFolder}: WriteContext): Promise<WizardEvent> {
	const snapshot = state.snapshot!;
	const result = await commit(planOf(state)!, snapshot, sink, {onWait, onSignal: stop.onSignal});
	return {
		type: 'written',
		result,
		outcome: result.mode === 'dry-run'
			? {status: 'dry-run', plan: result.plan}
			: {status: 'written', plan: result.plan, nextSteps: nextSteps(result.plan, stepsContext(snapshot, result.plan, projectFolder))},
	};
}

async function writeCommand(state: WizardState, {sink, stop, onWait}: WriteContext): Promise<WizardEvent> {
	const project = state.command.project!;
	const changeset = commandChangeset(planCommand(state.command.name, project), project);
	if ('code' in changeset) throw EduError.from(changeset);
	const written = await sink.write(changeset, {onWait, onSignal: stop.onSignal});
	return {type: 'command-written', result: {plan: written.value, mode: written.mode, notes: written.notes}};
}
