// make:command's two screens, as make:api's: the name, with the class, the command and the file
// the core's plan gives as you type and its refusals inline (Tab takes the next template, Enter
// goes on), then the review of the files it will create or modify (Enter asks the wizard to
// write); once written, what was written and what next.
import type {Dispatch} from 'react';
import {visible} from '../../base/visible.js';
import {Box, Text, useInput} from 'ink';
import {dryRunDone, dryRunNote, fileLines, runHeading} from '../../present/describe-plan.js';
import type {SinkMode} from '../../sink/sink.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from '../../make/command/command-plan.js';
import {commandNextSteps} from '../../present/next-steps.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {refusalLines} from '../preview.js';
import {blank, Clipped, heightOf, type Line} from '../controls/clipped.js';
import {linesAt} from '../controls/fit.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import {TextField} from '../controls/text-field.js';
import {WriterNotes} from '../controls/writer-notes.js';
import {Toned} from '../controls/theme.js';
import type {CommandResult, WizardEvent, WizardState} from '../wizard-state.js';

const title = 'edu make:command';

/** make:command's steps, as the title line counts them: the kind (from `edu`), the name, the review. */
export function commandStep(state: WizardState): string {
	const steps = state.commandOnly ? 2 : 3;
	const at = (state.commandOnly ? 1 : 2) + (state.screen === 'command-review' ? 1 : 0);
	return `${state.screen === 'command-review' ? 'Review' : 'Name'} · step ${at} of ${steps}`;
}

export function CommandScreen({state, templates, mode, projectFolder, send, nextTemplate}: {
	readonly state: WizardState;
	/** The templates Tab goes through, the one in use among them. */
	readonly templates: readonly string[];
	readonly mode: SinkMode;
	/** The project's folder when the run started elsewhere: the next steps go there first. */
	readonly projectFolder?: string;
	readonly send: Dispatch<WizardEvent>;
	readonly nextTemplate: () => void;
}) {
	const terminal = useTerminalSize();
	const {name, project} = state.command;
	const done = state.commandWritten;
	const review = state.screen === 'command-review';
	// While it writes only Ctrl+C counts (the wizard's); a wait for another edu run's lock is said.
	useInput((_input, key) => {
		if (key.return) send({type: review ? 'write' : 'next'});
		else if (key.tab && !review) nextTemplate();
	}, {isActive: done === undefined && !state.writing});
	if (project === undefined) return null;
	if (done) return <Written done={done} project={project} projectFolder={projectFolder} />;
	const planned = planCommand(name, project);
	const blocked = name === '' || planned.refusals.length > 0;
	const step = commandStep(state);
	const head = titleText(title, step);
	const esc = {key: 'Esc', what: state.commandOnly && !review ? (name === '' ? 'quit' : 'clear') : 'back'};
	if (review) {
		const enter = state.failure !== undefined ? 'try again' : mode === 'dry-run' ? `finish (${dryRunNote})` : 'write the files';
		const footer = state.writing ? [quitKey] : [...(blocked ? [] : [{key: 'Enter', what: enter}]), esc, quitKey];
		// What to act on first (the re-check's refusal, the failure, the wait), then the files.
		const lines: Line[] = [
			...planned.refusals.flatMap((refused) => [...refusalLines(refused), blank]),
			...(state.failure === undefined ? [] : [{text: `✖ ${state.failure}`, tone: 'error', bold: true} as const, blank]),
			...(state.writing ? [{text: state.waiting ?? 'Writing…'}, blank] : []),
			...(planned.changes.length === 0 ? [] : [{text: runHeading(mode), bold: true} as const]),
			...fileRows(planned.changes),
			...(planned.warnings.length === 0 ? [] : [blank, ...planned.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'}))]),
		];
		return (
			<Frame title={title} step={step} keys={footer}>
				<Clipped lines={lines} rows={terminal.rows - frameHeight(head, footer, terminal.columns)} spare />
			</Frame>
		);
	}
	// What to fix: the template (its own refusal) or the name.
	const fix = name === '' ? 'type a name first' : 'code' in project.template || planned.refusals.some((refused) => refused.template === true) ? 'fix the template first' : 'fix the name first';
	const width = templates.length > 1 ? 10 : 8;
	const {names} = planned;
	const footer = [{key: 'Enter', what: blocked ? `next (${fix})` : 'next'}, ...(templates.length > 1 ? [{key: 'Tab', what: 'next template'}] : []), esc, quitKey];
	const preview: Line[] = [
		blank,
		{label: 'Class', labelWidth: width, text: names?.className ?? '—'},
		{label: 'Command', labelWidth: width, text: names === undefined ? '—' : `php bin/edu ${names.commandName}`},
		{label: 'File', labelWidth: width, text: planned.file ?? names?.file ?? '—'},
		...(templates.length > 1 ? [{label: 'Template', labelWidth: width, text: `${project.templateName}   (Tab: ${templates.join(', ')})`}] : []),
	];
	const notes: Line[] = name === '' ? [blank, {text: 'Letters, digits and _, e.g. generate: the class is GenerateCommand.', tone: 'muted'}] : [
		...(planned.warnings.length + planned.refusals.length === 0 ? [] : [blank]),
		...planned.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'})),
		...planned.refusals.flatMap((refused) => refusalLines(refused)),
	];
	const room = terminal.rows - frameHeight(head, footer, terminal.columns) - linesAt(`Command name: ${name || 'e.g. generate'}`, terminal.columns);
	// What to act on (a refusal, a warning) comes first when not everything fits: the preview it would hide is what gets cut.
	const below = heightOf([...preview, ...notes], terminal.columns) <= room ? [...preview, ...notes] : [...notes, ...preview];
	return (
		<Frame title={title} step={step} keys={footer}>
			<Box>
				<Box flexShrink={0}><Text>Command name: </Text></Box>
				<TextField value={name} placeholder="e.g. generate" onChange={(value) => send({type: 'command-named', name: value})} />
			</Box>
			<Clipped lines={below} rows={room} spare />
		</Frame>
	);
}

/** The files of a plan, one line each: the action, then the path cut in the middle when it must be (its file name kept). */
function fileRows(changes: CommandPlan['changes']): Line[] {
	const width = Math.max(6, ...changes.map((change) => change.action.length));
	return changes.map((change) => ({label: `  ${change.action.padEnd(width)}  `, labelWidth: width + 4, text: change.path}));
}

function Written({done, project, projectFolder}: {done: CommandResult; project: CommandSnapshot; projectFolder?: string}) {
	return (
		<Frame title={title} keys={[]}>
			{done.mode === 'dry-run' ? <Text bold>{dryRunDone}</Text> : <Toned tone="success" bold>✔ Command successfully generated</Toned>}
			{fileLines(done.plan.changes).map((line) => <Text key={line}>{visible(line)}</Text>)}
			<WriterNotes notes={done.notes} />
			{done.mode === 'dry-run' || done.plan.names === undefined ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold>Next steps:</Text>
					{commandNextSteps(done.plan.names.commandName, project.exists, projectFolder).flatMap((step) => [
						<Toned key={`${step.command}-what`} tone="muted">{`  ${step.what}:`}</Toned>,
						<Text key={step.command}>{`    ${step.command}`}</Text>,
					])}
				</Box>
			)}
		</Frame>
	);
}
