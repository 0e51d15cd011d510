// make:command's one screen: the name, with the class, the command, the files and the
// commands.yaml line the core's plan gives as you type, and its refusals inline; Enter asks the
// wizard to write, Tab takes the next template; once written, what was written and what next.
import type {Dispatch} from 'react';
import {Box, Text, useInput} from 'ink';
import {dryRunDone, fileLines, runHeading} from '../../present/describe-plan.js';
import type {SinkMode} from '../../sink/sink.js';
import {planCommand, type CommandSnapshot} from '../../make/command/command-plan.js';
import {commandNextSteps} from '../../present/next-steps.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {refusalLines} from '../preview.js';
import {blank, Clipped, type Line} from '../controls/clipped.js';
import {linesAt} from '../controls/fit.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import {TextField} from '../controls/text-field.js';
import {WriterNotes} from '../controls/writer-notes.js';
import {Toned} from '../controls/theme.js';
import type {CommandResult, WizardEvent, WizardState} from '../wizard-state.js';

const title = 'edu make:command';

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
	// While it writes the name is frozen and only Ctrl+C counts (the wizard's); a wait for another edu run's lock is said.
	useInput((_input, key) => {
		if (key.return) send({type: 'write'});
		else if (key.tab && !state.writing) nextTemplate();
	}, {isActive: done === undefined});
	if (project === undefined) return null;
	if (done) return <Written done={done} project={project} projectFolder={projectFolder} />;
	const planned = planCommand(name, project);
	const blocked = name === '' || planned.refusals.length > 0;
	// What to fix: the template (its own refusal) or the name.
	const fix = name === '' ? 'type a name first' : 'code' in project.template || planned.refusals.some((refused) => refused.template === true) ? 'fix the template first' : 'fix the name first';
	const width = templates.length > 1 ? 10 : 8;
	const {names} = planned;
	const footer = state.writing ? [quitKey] : [{key: 'Enter', what: blocked ? `write (${fix})` : mode === 'dry-run' ? 'show what would be written' : 'write'}, ...(templates.length > 1 ? [{key: 'Tab', what: 'next template'}] : []), {key: 'Esc', what: state.commandOnly ? 'quit' : 'back'}, quitKey];
	// Under the name, what fits of the preview, the notes and the files; the rest is counted on a last line.
	const below: Line[] = [
		blank,
		{label: 'Class', labelWidth: width, text: names?.className ?? '—'},
		{label: 'Command', labelWidth: width, text: names === undefined ? '—' : `php bin/edu ${names.commandName}`},
		{label: 'File', labelWidth: width, text: planned.file ?? names?.file ?? '—'},
		...(templates.length > 1 ? [{label: 'Template', labelWidth: width, text: `${project.templateName}   (Tab: ${templates.join(', ')})`}] : []),
		blank,
		...(name === '' ? [{text: 'Letters, digits and _, e.g. generate: the class is GenerateCommand.', tone: 'muted'} as const] : [
			...planned.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'})),
			...planned.refusals.flatMap((refused) => refusalLines(refused)),
			...(planned.refusals.length > 0 ? [] : [{text: runHeading(mode)}, ...fileLines(planned.changes).map((line): Line => ({text: line}))]),
		]),
		...(state.failure === undefined ? [] : [blank, {text: `✖ ${state.failure}`, tone: 'error', bold: true} as const]),
		...(state.waiting === undefined ? [] : [blank, {text: state.waiting}]),
	];
	return (
		<Frame title={title} step="Console command" keys={footer}>
			<Box>
				<Box flexShrink={0}><Text>Command name: </Text></Box>
				<TextField value={name} focus={!state.writing} placeholder="e.g. generate" onChange={(value) => send({type: 'command-named', name: value})} />
			</Box>
			<Clipped lines={below} rows={terminal.rows - frameHeight(titleText(title, 'Console command'), footer, terminal.columns) - linesAt(`Command name: ${name || 'e.g. generate'}`, terminal.columns)} />
		</Frame>
	);
}

function Written({done, project, projectFolder}: {done: CommandResult; project: CommandSnapshot; projectFolder?: string}) {
	return (
		<Frame title={title} keys={[]}>
			{done.mode === 'dry-run' ? <Text bold>{dryRunDone}</Text> : <Toned tone="success" bold>✔ Command successfully generated</Toned>}
			{fileLines(done.plan.changes).map((line) => <Text key={line}>{line}</Text>)}
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
