// edu undo and edu history: take back the newest run that wrote project files, from its record in
// .edu/history/, through the same sink as every write; and list the recorded runs.
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Command} from 'commander';
import {EduError} from '../../base/errors.js';
import {withNotes, type Outcome} from '../../base/io.js';
import {visibleAll} from '../../base/visible.js';
import {startFolder, waitNotice, type CommonOptions} from '../../base/options.js';
import type {CommandContext} from './context.js';

interface UndoOptions extends CommonOptions {
	readonly force?: boolean;
}

const undoHelp = `
Examples:
  $ edu undo             takes back the last run that wrote files (edu undo again: the one before)
  $ edu undo --dry-run   what it would remove and restore, and the routes.yaml diff
  $ edu history          the runs edu can take back, newest first

Files created by the run are removed (and the folders it created, when empty), the lines it added to routes.yaml or commands.yaml are removed where they are still as written (routes added since stay), and a file it replaced with --force comes back from .edu/backups/. A file edited since the run stops the undo (exit 1) unless --force, which keeps the edited copy in .edu/backups/.
The last 50 runs are kept in .edu/history/.`;

export function registerUndo(program: Command, context: CommandContext): void {
	program
		.command('undo')
		.description('take back the last run that wrote project files, byte for byte')
		.option('--force', 'take it back even where a file was edited since (the edited copy is kept in .edu/backups/)')
		.option('--dry-run', 'print what would be removed and restored, write nothing')
		.option('-y, --yes', 'never prompt')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', undoHelp)
		.action(async (options: UndoOptions) => {
			context.outcome = await runUndo(options, context);
		});
	program
		.command('history')
		.description('the runs that wrote project files, newest first, with what each wrote')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.addHelpText('after', '\nedu undo takes back the newest run not yet taken back. The last 50 runs are kept in .edu/history/.')
		.action(async (options: CommonOptions) => {
			context.outcome = await runHistory(options, context);
		});
}

async function runUndo(options: UndoOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	const root = undoRoot(options, context);
	const {nextToUndo, planUndo, removeEmptyFolders, runName} = await import('../../sink/undo.js');
	const {sinkFor, modeReport} = await import('../../sink/sink.js');
	const {unifiedDiff} = await import('../../present/describe-plan.js');
	const planned = planUndo(root, options.force === true);
	// A record's text (its command, its paths) is shown, never obeyed, colour codes included.
	if ('code' in planned) throw EduError.from({...planned, message: visibleAll(planned.message)});
	const sink = sinkFor({...options, onSignal: io.onSignal, commitBegan: io.commitBegan, onWait: waitNotice(io, options, false)});
	const written = await sink.write(planned.changeset);
	const plan = written.value;
	const dry = written.mode === 'dry-run';
	const folders = dry ? plan.folders.filter((folder) => !plan.removed.some((file) => !file.startsWith(`${folder}/`))) : removeEmptyFolders(root, plan.folders);
	const run = runName(plan.number, plan.record);
	/** What `edu undo` would do next: take back the run before, or stop at it (and why). */
	const againLine = (): string => {
		const next = nextToUndo(root);
		if (next === undefined) return 'No run before it is left to take back; edu history lists them.';
		if (next.record === undefined) return `edu undo again stops at ${next.problem}; edu history lists them.`;
		const before = runName(next.number, next.record);
		if (!('code' in planUndo(root, false))) return `edu undo again takes back ${before}; edu history lists them.`;
		const forced = planUndo(root, true);
		const edited = 'code' in forced ? [] : forced.plan.edited;
		return edited.length > 0
			? `edu undo again stops at ${before}: edited since: ${edited.join(', ')} (edu undo --force takes it back anyway, keeping what you edited in .edu/backups/); edu history lists them.`
			: `edu undo again stops at ${before}: edu undo says why; edu history lists them.`;
	};
	const diff = plan.texts.flatMap((text) => ['', ...unifiedDiff(text.path, text.before, text.after)]);
	const lines = [
		dry ? `Dry run: nothing was written. edu undo would take back ${run}:` : `Took back ${run}:`,
		...plan.removed.map((file) => `  remove   ${file}`),
		...plan.gone.map((file) => `  gone     ${file} (deleted since the run)`),
		...folders.map((folder) => `  remove   ${folder}/`),
		...plan.restored.map((file) => `  restore  ${file}`),
		...diff,
		...(dry ? [] : ['', againLine()]),
	];
	return {
		json: withNotes({run: plan.number, ...(plan.record.command === undefined ? {} : {command: plan.record.command}), removed: plan.removed, gone: plan.gone, folders, restored: plan.restored, edited: plan.edited, ...modeReport(written.mode)}, written.notes),
		warnings: written.notes,
		text: visibleAll(`${lines.join('\n')}\n`),
		...(dry ? {requested: true} : {}),
	};
}

async function runHistory(options: CommonOptions, context: CommandContext): Promise<Outcome> {
	const root = undoRoot(options, context);
	const {readHistory} = await import('../../sink/record.js');
	const runs = readHistory(root);
	const lines = runs.length === 0 ? ['No run recorded in .edu/history/ yet: each run that writes project files leaves one.'] : runs.flatMap(({number, record, problem}) => {
		if (record === undefined) return [`${number}  (not a record edu can read: ${problem})`];
		const state = record.undone === undefined ? '' : '  (taken back)';
		return [
			`${number}  ${record.command ?? 'a run'}${state}`,
			...record.files.map((file) => `     ${file.made === 'create' ? 'created ' : file.made === 'replace' ? 'replaced' : 'modified'}  ${file.path}`),
		];
	});
	return {
		json: {runs: runs.map(({number, record, problem}) => ({number, ...(record === undefined ? {problem} : {command: record.command ?? null, undone: record.undone !== undefined, files: record.files.map((file) => ({path: file.path, action: file.made === 'create' ? 'create' : file.made === 'replace' ? 'replace' : 'modify'}))})}))},
		text: visibleAll(`${lines.join('\n')}\n`),
	};
}

/** The project, or else the nearest folder with a history (mock:persist writes where the compose file is). */
function undoRoot(options: CommonOptions, context: CommandContext): string {
	const start = startFolder(context.io, options);
	try {
		return context.projectRoot(start);
	} catch (error) {
		for (let folder = path.resolve(start); ; folder = path.dirname(folder)) {
			if (existsSync(path.join(folder, '.edu', 'history'))) {
				context.announceRoot(folder);
				return folder;
			}
			if (path.dirname(folder) === folder) throw error;
		}
	}
}
