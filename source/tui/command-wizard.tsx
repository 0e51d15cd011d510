// The wizard's third kind: a console command for php bin/edu. One screen: the name, with the
// class, the command, the files and the commands.yaml line the core's plan gives as you type,
// and its refusals inline; Enter sends the plan to the sink, then the result is shown.
import {useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text, useApp, useInput} from 'ink';
import {dryRunDone, fileLines, runHeading} from '../present/describe-plan.js';
import {EduError} from '../base/errors.js';
import type {Sink, SinkMode} from '../sink/sink.js';
import {commandChangeset} from '../make/command/command-project.js';
import {stoppedWrite, useWriteStop} from './keys/stop-write.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from '../make/command/command-plan.js';
import {Frame, frameHeight, quitKey, titleText} from './controls/frame.js';
import {refusalLines} from './preview.js';
import {blank, Clipped, type Line} from './controls/clipped.js';
import {linesAt} from './controls/fit.js';
import {useTerminalSize} from './controls/terminal-size.js';
import {TextField} from './controls/text-field.js';
import {WriterNotes} from './controls/writer-notes.js';
import {Toned} from './controls/theme.js';
import {useLatest} from './use-latest.js';
import {commandNextSteps} from '../present/next-steps.js';

export type CommandOutcome =
	| {readonly status: 'written' | 'dry-run'; readonly command: CommandPlan}
	| {readonly status: 'cancelled'};

export interface CommandWizardProps {
	readonly snapshot: CommandSnapshot;
	/** Reads the project again, with the template named (after a refused commit, or Tab). */
	readonly reread: (template: string) => CommandSnapshot;
	/** The templates Tab goes through (the project's own command templates besides the built-in). */
	readonly templates?: readonly string[];
	readonly sink: Sink;
	readonly initialName?: string;
	/** Told each change of the name (the wizard keeps it for when the screen comes again). */
	readonly onNameChange?: (name: string) => void;
	/** Told each change of the template (kept, as the name is). */
	readonly onTemplateChange?: (template: string) => void;
	readonly title: string;
	/** Esc goes back there (the kind screen); without it, Esc quits. */
	readonly onBack?: () => void;
	/** `error`: why it quits, when a stopped write says so (the wizard around it quits with it). */
	readonly onExit: (outcome: CommandOutcome, error?: Error) => void;
	/** The project's folder when the run started elsewhere: the next steps go there first. */
	readonly projectFolder?: string;
}

export function CommandWizard({snapshot: opened, reread, templates = [], sink, initialName = '', onNameChange, onTemplateChange, title, onBack, onExit, projectFolder}: CommandWizardProps) {
	const {exit} = useApp();
	const [name, setName] = useState(initialName);
	const [snapshot, setSnapshot] = useState(opened);
	const [failure, setFailure] = useState<string>();
	// While it writes the name is frozen and only Ctrl+C counts; a wait for another edu run's lock is said.
	const [busy, setBusy] = useState(false);
	const [waiting, setWaiting] = useState<string>();
	const [done, setDone] = useState<{plan: CommandPlan; mode: SinkMode; notes: readonly string[]}>();
	const terminal = useTerminalSize();
	const planned = useMemo(() => planCommand(name, snapshot), [name, snapshot]);
	const writing = useRef(false);
	const finished = useRef(false);

	const finish = (outcome: CommandOutcome, error?: Error): void => {
		if (finished.current) return;
		finished.current = true;
		onExit(outcome, error);
		exit(error);
	};
	const writeStop = useWriteStop();
	useEffect(() => {
		if (done) finish({status: done.mode === 'dry-run' ? 'dry-run' : 'written', command: done.plan});
	});

	const write = async (): Promise<void> => {
		if (writing.current || name === '' || planned.refusals.length > 0) return;
		writing.current = true;
		setBusy(true);
		setFailure(undefined);
		try {
			const changeset = commandChangeset(planned, snapshot);
			if ('code' in changeset) throw EduError.from(changeset);
			const written = await sink.write(changeset, {onWait: setWaiting, onSignal: writeStop.onSignal});
			setDone({plan: written.value, mode: written.mode, notes: written.notes});
		} catch (error) {
			writing.current = false;
			setBusy(false);
			setWaiting(undefined);
			// Stopped (Ctrl+C, SIGTERM): quit with what the write says (nothing was written), as the CLI does.
			if (stoppedWrite(error, writeStop)) return finish({status: 'cancelled'}, error instanceof Error ? error : new Error(String(error)));
			if (!(error instanceof EduError)) throw error;
			setSnapshot(reread(snapshot.templateName));
			setFailure(error.message);
		}
	};

	const choices = templates.includes(snapshot.templateName) ? templates : [snapshot.templateName, ...templates];
	const nextTemplate = (): void => {
		if (choices.length < 2) return;
		setFailure(undefined);
		const next = choices[(choices.indexOf(snapshot.templateName) + 1) % choices.length]!;
		setSnapshot(reread(next));
		onTemplateChange?.(next);
	};
	const latest = useLatest({write, onBack, done, nextTemplate});
	useInput((input, key) => {
		if (latest.current.done) return;
		if (key.ctrl && input === 'c') {
			if (writing.current) writeStop.stop();
			else finish({status: 'cancelled'});
		} else if (writing.current) {
			// Writing: only Ctrl+C counts.
		} else if (key.escape) {
			if (latest.current.onBack) latest.current.onBack();
			else finish({status: 'cancelled'});
		} else if (key.return) void latest.current.write();
		else if (key.tab) latest.current.nextTemplate();
	});

	if (done) {
		return (
			<Frame title={title} keys={[]}>
				{done.mode === 'dry-run' ? <Text bold>{dryRunDone}</Text> : <Toned tone="success" bold>✔ Command successfully generated</Toned>}
				{fileLines(done.plan.changes).map((line) => <Text key={line}>{line}</Text>)}
				<WriterNotes notes={done.notes} />
				{done.mode === 'dry-run' || done.plan.names === undefined ? null : (
					<Box flexDirection="column" marginTop={1}>
						<Text bold>Next steps:</Text>
						{commandNextSteps(done.plan.names.commandName, snapshot.exists, projectFolder).flatMap((step) => [
							<Toned key={`${step.command}-what`} tone="muted">{`  ${step.what}:`}</Toned>,
							<Text key={step.command}>{`    ${step.command}`}</Text>,
						])}
					</Box>
				)}
			</Frame>
		);
	}
	const blocked = name === '' || planned.refusals.length > 0;
	// What to fix: the template (its own refusal) or the name.
	const fix = name === '' ? 'type a name first' : 'code' in snapshot.template || planned.refusals.some((refused) => refused.template === true) ? 'fix the template first' : 'fix the name first';
	const width = choices.length > 1 ? 10 : 8;
	const {names} = planned;
	const footer = busy ? [quitKey] : [{key: 'Enter', what: blocked ? `write (${fix})` : sink.mode === 'dry-run' ? 'show what would be written' : 'write'}, ...(choices.length > 1 ? [{key: 'Tab', what: 'next template'}] : []), {key: 'Esc', what: onBack ? 'back' : 'quit'}, quitKey];
	// Under the name, what fits of the preview, the notes and the files; the rest is counted on a last line.
	const below: Line[] = [
		blank,
		{label: 'Class', labelWidth: width, text: names?.className ?? '—'},
		{label: 'Command', labelWidth: width, text: names === undefined ? '—' : `php bin/edu ${names.commandName}`},
		{label: 'File', labelWidth: width, text: planned.file ?? names?.file ?? '—'},
		...(choices.length > 1 ? [{label: 'Template', labelWidth: width, text: `${snapshot.templateName}   (Tab: ${choices.join(', ')})`}] : []),
		blank,
		...(name === '' ? [{text: 'Letters, digits and _, e.g. generate: the class is GenerateCommand.', tone: 'muted'} as const] : [
			...planned.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'})),
			...planned.refusals.flatMap((refused) => refusalLines(refused)),
			...(planned.refusals.length > 0 ? [] : [{text: runHeading(sink.mode)}, ...fileLines(planned.changes).map((line): Line => ({text: line}))]),
		]),
		...(failure === undefined ? [] : [blank, {text: `✖ ${failure}`, tone: 'error', bold: true} as const]),
		...(waiting === undefined ? [] : [blank, {text: waiting}]),
	];
	return (
		<Frame title={title} step="Console command" keys={footer}>
			<Box>
				<Box flexShrink={0}><Text>Command name: </Text></Box>
				<TextField value={name} focus={!busy} placeholder="e.g. generate" onChange={(value) => {
					setFailure(undefined);
					setName(value);
					onNameChange?.(value);
				}} />
			</Box>
			<Clipped lines={below} rows={terminal.rows - frameHeight(titleText(title, 'Console command'), footer, terminal.columns) - linesAt(`Command name: ${name || 'e.g. generate'}`, terminal.columns)} />
		</Frame>
	);
}
