// make:command once the name is known: snapshot → plan → sink, then what it did in words and
// as the --json report.
import {dryRunDone, fileLines, placeLine, unifiedDiff} from './describe-plan.js';
import {EduError, exitCodeFor} from '../base/errors.js';
import {modeReport, type Sink, type SinkMode} from '../sink/sink.js';
import {sgr, withNotes, type Outcome} from '../base/io.js';
import {commandNextSteps, fileLinesShown, nextStepsBlock} from './next-steps.js';
import {commandChangeset} from '../make/command/command-project.js';
import {planCommand, type CommandPlan, type CommandSnapshot} from '../make/command/command-plan.js';
import {commandsPath} from '../project/commands-yaml.js';
import {getConsole} from './next-steps.js';

export function commandDiff(planned: CommandPlan): string[] {
	const change = planned.changes.find((candidate) => candidate.path === commandsPath);
	return change ? unifiedDiff(change.path, change.before, change.after) : [];
}

export function commandJson(planned: CommandPlan, mode: SinkMode): object {
	return {
		ok: true,
		kind: 'command',
		className: planned.names?.className ?? '',
		commandName: planned.names?.commandName ?? '',
		files: planned.changes.map((change) => ({path: change.path, action: change.action})),
		...modeReport(mode),
		warnings: planned.warnings,
		...(mode === 'dry-run' ? {diff: `${commandDiff(planned).join('\n')}\n`} : {}),
	};
}

export function commandSummary(planned: CommandPlan): string[] {
	const {names} = planned;
	return names === undefined ? [] : [`Class : ./${(planned.file ?? names.file).replace(/\.php$/, '')}`, `Command : php bin/edu ${names.commandName}`];
}

/** How the report is shown: a terminal also gets the files and the next steps, as make:api's does. */
export interface CommandReportStyle {
	readonly terminal: boolean;
	readonly color: boolean;
	/** The project's folder when the run started elsewhere. */
	readonly cd?: string;
	/** The terminal's width, which the next steps' prose is broken to. */
	readonly width?: number;
}

/** The line said when the project has no bin/edu, the framework's console that runs the command. */
export function consoleMissing(commandName: string): string {
	return `This project has no bin/edu, the framework's console that runs it (php bin/edu ${commandName} would say "Could not open input file"): copy the installed framework's own, ${getConsole}`;
}

export async function writeCommand(name: string, snapshot: CommandSnapshot, sink: Sink, style: CommandReportStyle = {terminal: false, color: false}): Promise<Outcome> {
	const planned = planCommand(name, snapshot);
	const [first] = planned.refusals;
	if (first) {
		const message = first.place === undefined ? first.message : `${first.message}\n${placeLine(first.place)}`;
		throw new EduError(first.code, message, exitCodeFor(first.code), {
			notes: planned.warnings,
			details: {...(first.place ?? {}), ...(planned.warnings.length > 0 ? {warnings: planned.warnings} : {})},
		});
	}
	const changeset = commandChangeset(planned, snapshot);
	if ('code' in changeset) throw EduError.from(changeset);
	const {value: written, mode, notes} = await sink.write(changeset);
	if (mode === 'dry-run') {
		return {
			json: commandJson(written, mode),
			warnings: written.warnings,
			text: [...commandSummary(written), dryRunDone, ...fileLines(written.changes), '', ...commandDiff(written), ''].join('\n'),
		};
	}
	// Without bin/edu, php bin/edu <name> is "Could not open input file": say where the console comes from.
	const noConsole = snapshot.exists('bin/edu') ? [] : [consoleMissing(written.names?.commandName ?? name)];
	const lines = [...commandSummary(written), sgr('32', '[OK] Command successfully generated', style.color), ...noConsole];
	if (style.terminal) {
		const files = fileLinesShown(written.changes, style.color);
		const steps = commandNextSteps(written.names?.commandName ?? name, snapshot.exists, style.cd);
		lines.push('', ...files, '', ...nextStepsBlock(steps, style.color, style.width));
	}
	return {json: withNotes(commandJson(written, mode), [...notes, ...noConsole]), warnings: [...written.warnings, ...notes], text: `${lines.join('\n')}\n`};
}
