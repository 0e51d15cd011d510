// The wizard: kind → name → (template → table/fields or upload) → route → review → done, or
// kind → make:command's one screen. Its moves are a value (wizard-state.ts): the screens render
// from that state and send it events; what needs the disk (reading the project, the write) is
// done here, and its result sent as one more event. Every name, path, warning and refusal comes
// from the core's plan(), computed against the snapshot read at start (read again when a commit
// is refused because the project changed).
import {useEffect, useMemo, useReducer, useState} from 'react';
import {useApp, useInput} from 'ink';
import type {Kind} from '../make/naming.js';
import type {Snapshot} from '../make/snapshot.js';
import type {Sink} from '../sink/sink.js';
import {catalogOf} from '../make/template-units.js';
import type {CommandSnapshot} from '../make/command/command-plan.js';
import type {Screen, WizardForm} from './form.js';
import {KeyPump} from './keys/key-pump.js';
import {useWriteStop} from './keys/stop-write.js';
import {CommandScreen} from './screens/command-screen.js';
import {DoneScreen} from './screens/done-screen.js';
import {KindScreen} from './screens/kind-screen.js';
import {NameScreen} from './screens/name-screen.js';
import {ResourceScreen} from './screens/resource-screen.js';
import {ReviewScreen} from './screens/review-screen.js';
import {RouteScreen} from './screens/route-screen.js';
import type {Chrome, ScreenProps} from './screens/screen-props.js';
import {TemplateScreen} from './screens/template-screen.js';
import {UploadScreen} from './screens/upload-screen.js';
import {isCommandStep, kindOf, planOf, screensOf, startState, wizardReducer, type WizardOutcome} from './wizard-state.js';
import {foresee, rereadOrKeep, write} from './wizard-write.js';

export type {WizardOutcome} from './wizard-state.js';

export interface WizardProps {
	/** The project as read; with `readProject`, what the first frame is planned against until it is read. Not needed with `command`. */
	readonly snapshot?: Snapshot;
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
	/** make:command without a name: its one screen, on this project, and Esc quits. */
	readonly command?: CommandSnapshot;
	/** Values given as flags (methods, URI, template…). */
	readonly initial?: Partial<WizardForm>;
	/** Where Enter on the review sends the plan: the file system, or a dry run that only reports. */
	readonly sink: Sink;
	/** Reads what make:command plans against, with the template named (its screen opened, Tab, a refused write). */
	readonly commandSnapshot?: (template?: string) => CommandSnapshot;
	/** The templates make:command can use here (Tab goes through them). */
	readonly commandTemplates?: () => readonly string[];
	/** The project's folder when the run did not start in it: the next steps `cd` there first. */
	readonly projectFolder?: string;
	/** Called once, just before the wizard exits; `error`: why it quits, when a stopped write says so (the program ends with it). */
	readonly onExit: (outcome: WizardOutcome, error?: Error) => void;
}

const labels: Record<Screen, string> = {
	kind: 'Kind', name: 'Name', template: 'Template', resource: 'Table and fields', upload: 'Upload', route: 'Route', review: 'Review', done: 'Done',
};

/** The screens, and the pump that hands them the keys one at a time (last, so its effect runs after theirs). */
export function Wizard({readProject, ...props}: WizardProps) {
	const {exit} = useApp();
	const [read, setRead] = useState<{project?: Snapshot; unreadable?: Error}>(readProject === undefined ? {project: props.snapshot} : {});
	useEffect(() => {
		if (readProject === undefined) return;
		try {
			setRead({project: readProject()});
		} catch (error) {
			setRead({unreadable: error instanceof Error ? error : new Error(String(error))});
		}
	}, []);
	// Its frame erased first, so the refusal stands alone, as when the command reads the project.
	useEffect(() => {
		if (read.unreadable !== undefined) exit(read.unreadable);
	}, [read.unreadable]);
	if (read.unreadable !== undefined) return null;
	// The screens start again on the project once it is read: no key has reached them before.
	return (
		<>
			<Screens key={read.project === undefined ? 'unread' : 'read'} {...props} snapshot={read.project ?? props.snapshot} />
			<KeyPump held={readProject !== undefined && read.project === undefined} />
		</>
	);
}

function Screens({reread, sink, commandSnapshot, commandTemplates, projectFolder, onExit, ...start}: Omit<WizardProps, 'readProject'>) {
	const {exit} = useApp();
	const [state, send] = useReducer(wizardReducer, start, (given) => startState({...given, commandChoices: given.command === undefined ? [] : commandTemplates?.()}));
	const {screen, form, finished} = state;
	const kind = kindOf(state);
	const catalog = catalogOf(state.snapshot ?? {});
	const screens = screensOf(state);
	const plan = useMemo(() => planOf(state), [form, state.snapshot, screen === 'name']);
	const stop = useWriteStop();

	useEffect(() => {
		if (finished === undefined) return;
		onExit(finished.outcome, finished.error);
		exit(finished.error);
	}, [finished]);

	// On a review, what the write would refuse before writing a byte, said before Enter (as --dry-run does).
	useEffect(() => {
		const foreseen = foresee(state, plan);
		if (foreseen !== undefined) send(foreseen);
	}, [screen]);

	useEffect(() => {
		if (!state.writing) return;
		void write(state, {sink, stop, onWait: (what) => send({type: 'waiting', what}), reread, rereadCommand: commandSnapshot, projectFolder}).then(send);
	}, [state.writing]);

	// Ctrl+C while writing stops the write (the wizard quits once it has); otherwise it quits.
	useInput((input, key) => {
		if (key.ctrl && input === 'c') {
			if (state.writing) stop.stop();
			else send({type: 'cancel'});
		} else if (key.escape) send({type: 'back'});
	});

	if (isCommandStep(screen)) {
		const {choices, project} = state.command;
		const templates = project === undefined || choices.includes(project.templateName) ? choices : [project.templateName, ...choices];
		return (
			<CommandScreen
				state={state}
				templates={templates}
				mode={sink.mode}
				projectFolder={projectFolder}
				send={send}
				nextTemplate={() => {
					if (project === undefined || commandSnapshot === undefined || templates.length < 2) return;
					send({type: 'command-template', project: commandSnapshot(templates[(templates.indexOf(project.templateName) + 1) % templates.length]!)});
				}}
			/>
		);
	}

	const title = form.kind === undefined || screen === 'kind' ? 'edu' : kind === 'api' ? 'edu make:api' : 'edu make:controller';
	const chrome: Chrome = {
		title,
		// With "Console command" chosen, the kind screen leads to that command's one screen.
		step: screen === 'kind' && state.commandChosen ? `${labels.kind} · step 1 of 3` : `${labels[screen]} · step ${screens.indexOf(screen) + 1} of ${screens.length}`,
		first: screens.indexOf(screen) === 0,
	};
	if (screen === 'kind') {
		return (
			<KindScreen
				kind={state.commandChosen ? 'command' : kind}
				chrome={chrome}
				onChange={(chosen) => send({type: 'kind-changed', kind: chosen})}
				onSubmit={(chosen) => {
					if (chosen !== 'command') send({type: 'kind-chosen', kind: chosen});
					else if (commandSnapshot !== undefined) send({type: 'command-opened', choices: commandTemplates?.() ?? [], project: commandSnapshot(state.command.template)});
				}}
			/>
		);
	}
	if (screen === 'done') return state.written ? <DoneScreen result={state.written} chrome={chrome} /> : null;
	const props: ScreenProps = {
		form,
		update: (change) => send({type: 'form-changed', change}),
		plan: plan!,
		screens,
		next: () => send({type: 'next'}),
		place: state.place,
		moveTo: (place) => send({type: 'placed', place}),
		chrome,
		catalog,
	};
	switch (screen) {
		case 'name':
			return <NameScreen {...props} />;
		case 'template':
			// A template fixed on disk while the wizard is open: read the project again, and go on when that clears it.
			return <TemplateScreen {...props} rereadTemplates={() => send({type: 'templates-read', snapshot: rereadOrKeep(reread, state.snapshot!)})} />;
		case 'resource':
			return <ResourceScreen {...props} />;
		case 'upload':
			return <UploadScreen {...props} />;
		case 'route':
			return <RouteScreen {...props} />;
		case 'review':
			return <ReviewScreen {...props} next={() => send({type: 'write'})} mode={sink.mode} busy={state.writing} waiting={state.waiting} failure={state.failure} />;
	}
}
