// `--plain` for make:command: the name as a line prompt, checked against the core's plan as the
// full-screen wizard checks it, then the files, a confirmation and the sink.
import {terminalWidth} from '../present/help-text.js';
import {input, select} from '@inquirer/prompts';
import {confirmWrite} from './confirm-write.js';
import {dryRunNote, fileLines, placeLine, runHeading} from '../present/describe-plan.js';
import {EduError} from '../base/errors.js';
import type {Sink} from '../sink/sink.js';
import {commandChangeset, commandTemplates, foreseenCommandRefusal, readCommandSnapshot} from '../make/command/command-project.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from '../make/command/command-plan.js';
import {commandDiff, consoleMissing} from '../present/command-report.js';
import {commandNextSteps, nextStepsLines} from '../present/next-steps.js';

type Context = () => {input: NodeJS.ReadableStream; output: NodeJS.WritableStream};

/** Asks for the name and writes; the plan the sink took, or undefined when declined. */
/** `quiet` (-q): nothing is said once the files are written. `cd`: the project's folder, when the run started elsewhere. */
export async function askCommand(opened: CommandSnapshot, sink: Sink, context: Context, say: (lines: readonly string[]) => void, {quiet = false, cd}: {quiet?: boolean; cd?: string} = {}): Promise<CommandPlan | undefined> {
	// The project's own command templates, when no --template chose one.
	const choices = opened.templateNamed === true ? [] : commandTemplates(opened.root);
	const template = choices.length < 2 ? opened.templateName : await select<string>({
		message: 'Template:',
		default: opened.templateName,
		choices: choices.map((name) => ({name, value: name})),
	}, context());
	const snapshot = template === opened.templateName ? opened : readCommandSnapshot(opened.root, template);
	const name = await input({
		message: 'Command name (letters, digits and _; e.g. generate):',
		validate(value) {
			if (value.trim() === '') return 'Type a name, e.g. generate.';
			const [refused] = planCommand(value.trim(), snapshot).refusals;
			return refused === undefined ? true : `${refused.message}${refused.place ? ` ${placeLine(refused.place, true)}` : ''}`;
		},
	}, context());
	const planned = planCommand(name.trim(), snapshot);
	const {names} = planned;
	say([
		`  Class    ${names?.className ?? '—'}`,
		`  Command  php bin/edu ${names?.commandName ?? '—'}`,
		...planned.warnings.map((warning) => `Warning: ${warning}`),
		'', runHeading(sink.mode), ...fileLines(planned.changes), '', ...commandDiff(planned), '',
	]);
	// A write that would be refused (a link out of the project) is refused before the question.
	const foreseen = foreseenCommandRefusal(planned, snapshot);
	if (foreseen !== undefined) throw EduError.from(foreseen);
	const go = await confirmWrite(sink.mode === 'dry-run' ? `Finish? (${dryRunNote})` : 'Write these files?', context());
	if (!go) return undefined;
	const changeset = commandChangeset(planned, snapshot);
	if ('code' in changeset) throw EduError.from(changeset);
	const {value: written, mode, notes} = await sink.write(changeset);
	if (mode === 'dry-run') say(['Dry run: nothing was written.']);
	else if (!quiet) say(['[OK] Command successfully generated', ...(snapshot.exists('bin/edu') ? [] : [consoleMissing(written.names?.commandName ?? name)]), ...notes.map((note) => `Warning: ${note}`), '', ...nextStepsLines(commandNextSteps(written.names?.commandName ?? name, snapshot.exists, cd), terminalWidth(context().output as {isTTY?: boolean; columns?: number}))]);
	return written;
}
