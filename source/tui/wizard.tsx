// The wizard: kind → name → (template → table/fields or upload) → route → review → done.
// It holds view state only: every name, path, warning and refusal comes from the core's plan(),
// computed against the snapshot read at start (read again when a commit is refused because the
// project changed), and the plan goes to the core's commit() through the sink chosen from
// --dry-run (it writes, or only reports).
import {useEffect, useMemo, useRef, useState} from 'react';
import {useApp, useInput} from 'ink';
import {commit, type CommitResult} from '../make/commit.js';
import {EduError} from '../base/errors.js';
import type {Kind} from '../make/naming.js';
import {plan as makePlan, type Plan} from '../make/plan.js';
import type {Snapshot} from '../make/snapshot.js';
import type {Sink} from '../sink/sink.js';
import {catalogOf} from '../make/template-units.js';
import type {CommandPlan, CommandSnapshot} from '../make/command/command-plan.js';
import {DoneScreen} from './screens/done-screen.js';
import {nextSteps, stepsContext, type NextStep} from '../present/next-steps.js';
import {blockingRefusals, initialForm, screensFor, toRequest, type Screen, type WizardForm} from './form.js';
import {CommandWizard} from './command-wizard.js';
import {KeyPump} from './keys/key-pump.js';
import {stoppedWrite, useWriteStop} from './keys/stop-write.js';
import {KindScreen} from './screens/kind-screen.js';
import {NameScreen} from './screens/name-screen.js';
import {ResourceScreen} from './screens/resource-screen.js';
import {ReviewScreen} from './screens/review-screen.js';
import {RouteScreen} from './screens/route-screen.js';
import type {Chrome, ScreenProps} from './screens/screen-props.js';
import {TemplateScreen} from './screens/template-screen.js';
import {UploadScreen} from './screens/upload-screen.js';
import {useLatest} from './use-latest.js';

export type WizardOutcome =
	| {readonly status: 'written'; readonly plan: Plan; readonly nextSteps: readonly NextStep[]}
	| {readonly status: 'dry-run'; readonly plan: Plan}
	| {readonly status: 'command'; readonly command: CommandPlan}
	| {readonly status: 'cancelled'};

export interface WizardProps {
	/** The project as read; with `readProject`, what the first frame is planned against until it is read. */
	readonly snapshot: Snapshot;
	/**
	 * Reads the project, just after the first frame (so that frame does not wait for it); no key
	 * is handled before. Given only when the first screen plans the same on `snapshot`. A refusal
	 * ends the wizard with it.
	 */
	readonly readProject?: () => Snapshot;
	/** Reads the project again; called when the commit's re-check refuses, so every screen shows the project as it now is. */
	readonly reread?: () => Snapshot;
	/** Given by the command (make:api, make:controller): the kind screen is skipped. */
	readonly kind?: Kind;
	/** Values given as flags (methods, URI, template…). */
	readonly initial?: Partial<WizardForm>;
	/** Where Enter on the review sends the plan: the file system, or a dry run that only reports. */
	readonly sink: Sink;
	/** Reads what make:command plans against, when the kind screen's third choice is taken. */
	readonly commandSnapshot?: (template?: string) => CommandSnapshot;
	/** The templates make:command can use here (Tab goes through them). */
	readonly commandTemplates?: () => readonly string[];
	/** The project's folder when the run did not start in it: the next steps `cd` there first. */
	readonly projectFolder?: string;
	/** Called once, just before the wizard exits. */
	/** `error`: why it quits, when a stopped write says so (the program ends with it). */
	readonly onExit: (outcome: WizardOutcome, error?: Error) => void;
}

const labels: Record<Screen, string> = {
	kind: 'Kind', name: 'Name', template: 'Template', resource: 'Table and fields', upload: 'Upload', route: 'Route', review: 'Review', done: 'Done',
};

/** The screens, and the pump that hands them the keys one at a time (last, so its effect runs after theirs). */
export function Wizard({readProject, ...props}: WizardProps) {
	const {exit} = useApp();
	const [project, setProject] = useState(readProject === undefined ? props.snapshot : undefined);
	const [unreadable, setUnreadable] = useState<Error>();
	useEffect(() => {
		if (readProject === undefined) return;
		try {
			setProject(readProject());
		} catch (error) {
			setUnreadable(error instanceof Error ? error : new Error(String(error)));
		}
	}, []);
	// Its frame erased first, so the refusal stands alone, as when the command reads the project.
	useEffect(() => {
		if (unreadable !== undefined) exit(unreadable);
	}, [unreadable]);
	if (unreadable !== undefined) return null;
	// The screens start again on the project once it is read: no key has reached them before.
	return (
		<>
			<Screens key={project === undefined ? 'unread' : 'read'} {...props} snapshot={project ?? props.snapshot} />
			<KeyPump held={project === undefined} />
		</>
	);
}

function Screens({snapshot: opened, reread, kind: givenKind, initial, sink, commandSnapshot, commandTemplates, projectFolder, onExit}: WizardProps) {
	const {exit} = useApp();
	const askKind = givenKind === undefined;
	const [form, setForm] = useState<WizardForm>(() => initialForm({...initial, ...(givenKind ? {kind: givenKind} : {})}, catalogOf(opened)));
	const [screen, setScreen] = useState<Screen>(askKind ? 'kind' : 'name');
	const [busy, setBusy] = useState(false);
	// Said while the write waits for another edu run's lock, instead of "Writing…".
	const [waiting, setWaiting] = useState<string>();
	const [failure, setFailure] = useState<string>();
	const [snapshot, setSnapshot] = useState(opened);
	const [written, setWritten] = useState<CommitResult>();
	// The kind screen's third choice hands the screen to the make:command flow.
	const [commandChosen, setCommandChosen] = useState(false);
	const [commandProject, setCommandProject] = useState<CommandSnapshot>();
	const [commandChoices, setCommandChoices] = useState<readonly string[]>([]);
	// The console command's name, kept when Esc goes back to the kinds and Enter comes again.
	const [commandName, setCommandName] = useState('');
	const [commandTemplate, setCommandTemplate] = useState<string>();
	const finished = useRef(false);
	const kind: Kind = form.kind ?? 'api';
	const catalog = catalogOf(snapshot);
	const screens = screensFor(form, kind, askKind, catalog);

	// One plan per change. The name screen plans without the template's options, so the name's
	// own refusals always show; every later screen (the review included) plans the whole form.
	const withTemplate = screen !== 'name';
	const plan = useMemo(() => makePlan(toRequest(form, kind, catalog, withTemplate), snapshot), [form, kind, catalog, withTemplate, snapshot]);

	const finish = (outcome: WizardOutcome, error?: Error): void => {
		if (finished.current) return;
		finished.current = true;
		onExit(outcome, error);
		exit(error);
	};

	useEffect(() => {
		if (screen === 'done' && written) {
			finish(written.mode === 'dry-run'
				? {status: 'dry-run', plan: written.plan}
				: {status: 'written', plan: written.plan, nextSteps: nextSteps(written.plan, stepsContext(snapshot, written.plan, projectFolder))});
		}
	});

	const move = (by: 1 | -1): void => {
		const {screen, screens} = latest.current;
		const index = screens.indexOf(screen);
		const target = screens[index + by];
		setFailure(undefined);
		if (target === undefined && by === -1) finish({status: 'cancelled'});
		else if (target !== undefined) setScreen(target);
	};

	const latest = useLatest({screen, screens, busy, move, commandProject});
	const writeStop = useWriteStop();
	useInput((input, key) => {
		const {screen, busy, move, commandProject} = latest.current;
		if (busy && key.ctrl && input === 'c') writeStop.stop();
		if (screen === 'done' || busy || commandProject !== undefined) return;
		if (key.ctrl && input === 'c') finish({status: 'cancelled'});
		else if (key.escape) move(-1);
	});

	// Set at once, so a second Enter read with the first cannot write twice.
	const writing = useRef(false);
	const write = async (): Promise<void> => {
		if (screen !== 'review' || plan.refusals.length > 0 || writing.current) return;
		writing.current = true;
		setBusy(true);
		// A refusal from the last try (another run's lock held for too long) gives way to this one.
		setFailure(undefined);
		try {
			setWritten(await commit(plan, snapshot, sink, {onWait: setWaiting, onSignal: writeStop.onSignal}));
			setScreen('done');
		} catch (error) {
			writing.current = false;
			setBusy(false);
			setWaiting(undefined);
			// Stopped (Ctrl+C, SIGTERM): quit with what the write says (nothing was written), as the CLI does.
			if (stoppedWrite(error, writeStop)) finish({status: 'cancelled'}, error instanceof Error ? error : new Error(String(error)));
			else if (error instanceof EduError) {
				// The project changed under the wizard: plan against it as it is now, so the review and
				// the screens behind Esc show what refuses; the error itself only when that plan cannot.
				const fresh = rereadOrKeep(reread, snapshot);
				setSnapshot(fresh);
				if (makePlan(plan.request, fresh).refusals.length === 0) setFailure(error.message);
			} else finish({status: 'cancelled'}, error instanceof Error ? error : new Error(String(error)));
		}
	};

	const title = form.kind === undefined || screen === 'kind' ? 'edu' : kind === 'api' ? 'edu make:api' : 'edu make:controller';
	const chrome: Chrome = {
		title,
		// With "Console command" chosen, the kind screen leads to that command's one screen.
		step: screen === 'kind' && commandChosen ? `${labels.kind} · step 1 of 2` : `${labels[screen]} · step ${screens.indexOf(screen) + 1} of ${screens.length}`,
		first: screens.indexOf(screen) === 0,
	};
	const props: ScreenProps = {
		form,
		update: (change) => setForm(change),
		plan,
		screens,
		next: () => move(1),
		chrome,
		catalog,
	};

	if (commandProject !== undefined && commandSnapshot !== undefined) {
		return (
			<CommandWizard
				snapshot={commandProject}
				reread={commandSnapshot}
				templates={commandChoices}
				sink={sink}
				title="edu make:command"
				projectFolder={projectFolder}
				initialName={commandName}
				onNameChange={setCommandName}
				onTemplateChange={setCommandTemplate}
				onBack={() => setCommandProject(undefined)}
				onExit={(outcome, error) => finish(outcome.status === 'cancelled' ? outcome : {status: 'command', command: outcome.command}, error)}
			/>
		);
	}

	switch (screen) {
		case 'kind':
			return (
				<KindScreen
					kind={commandChosen ? 'command' : kind}
					chrome={chrome}
					onChange={(chosen) => {
						setCommandChosen(chosen === 'command');
						if (chosen !== 'command') setForm((current) => ({...current, kind: chosen, template: current.kind === chosen ? current.template : 'default'}));
					}}
					onSubmit={(chosen) => {
						if (chosen === 'command') {
							if (commandSnapshot === undefined) return;
							setCommandChoices(commandTemplates?.() ?? []);
							setCommandProject(commandSnapshot(commandTemplate));
							return;
						}
						setForm((current) => ({...current, kind: chosen, template: current.kind === chosen ? current.template : 'default'}));
						setScreen('name');
					}}
				/>
			);
		case 'name':
			return <NameScreen {...props} />;
		case 'template':
			return <TemplateScreen {...props} rereadTemplates={() => {
				// A template fixed on disk while the wizard is open: read the project again, and go on when that clears it.
				const fresh = rereadOrKeep(reread, snapshot);
				setSnapshot(fresh);
				const freshCatalog = catalogOf(fresh);
				if (blockingRefusals(makePlan(toRequest(form, kind, freshCatalog, true), fresh), 'template', screensFor(form, kind, askKind, freshCatalog)).length === 0) move(1);
			}} />;
		case 'resource':
			return <ResourceScreen {...props} />;
		case 'upload':
			return <UploadScreen {...props} />;
		case 'route':
			return <RouteScreen {...props} />;
		case 'review':
			return <ReviewScreen {...props} next={() => void write()} mode={sink.mode} busy={busy} waiting={waiting} failure={failure} />;
		case 'done':
			return written ? <DoneScreen result={written} chrome={chrome} /> : null;
	}
}

/** The project read again, or the snapshot in hand when it cannot be read now. */
function rereadOrKeep(reread: (() => Snapshot) | undefined, snapshot: Snapshot): Snapshot {
	try {
		return reread?.() ?? snapshot;
	} catch {
		return snapshot;
	}
}
