// Opens the Ink wizard on the Io's terminal and turns its outcome into an exit code.
// Loaded lazily (await import) so that --yes, --help and --version never load Ink or React.
import type {Kind} from '../make/naming.js';
import {terminalWidth} from '../present/help-text.js';
import {openProject, unreadProject, type Snapshot} from '../make/snapshot.js';
import {commandTemplates, readCommandSnapshot} from '../make/command/command-project.js';
import type {Sink} from '../sink/sink.js';
import type {WizardForm} from './form.js';
import {useColor, type Io} from '../base/io.js';
import {fileLines, routesDiff} from '../present/describe-plan.js';
import {folderToEnter, nextStepsBlock} from '../present/next-steps.js';
import {showUntilExit} from './show.js';
import {Wizard, type WizardOutcome} from './wizard.js';
import type {TemplateCatalog} from '../templates/catalog.js';

export interface WizardRun {
	readonly io: Io;
	/** The project's root, found by the command. */
	readonly root: string;
	readonly kind?: Kind;
	readonly initial?: Partial<WizardForm>;
	readonly sink: Sink;
	/** The project's templates, when the command has read them already. */
	readonly templates?: TemplateCatalog;
	/** -q: the files and next steps are not printed below a written run's done screen. */
	readonly quiet?: boolean;
}

export async function runWizard({io, root, kind, initial, sink, templates, quiet = false}: WizardRun): Promise<number> {
	// Nothing on a first screen with no name and no URI can clash with the project: it is drawn
	// first, and the project read after it.
	const early = initial?.name === undefined && initial?.uri === undefined;
	const snapshot = early ? unreadProject(root, templates) : openProject(root, templates);
	let unreadable = false;
	const readProject = (): Snapshot => {
		try {
			return openProject(root, snapshot.templates);
		} catch (error) {
			unreadable = true;
			throw error;
		}
	};
	let outcome: WizardOutcome = {status: 'cancelled'};
	const wizard = <Wizard snapshot={snapshot} readProject={early ? readProject : undefined} reread={() => openProject(root)} commandSnapshot={(template) => readCommandSnapshot(root, template)} commandTemplates={() => commandTemplates(root)} kind={kind} initial={initial} sink={sink} projectFolder={folderToEnter(io.cwd, root)} onExit={(result) => {
		outcome = result;
	}} />;
	let exitCode: number;
	try {
		exitCode = await showUntilExit(io, wizard, () => outcome.status === 'cancelled');
	} catch (error) {
		// The wizard erased its frame, and Ink ends every frame, an empty one too, with a line end:
		// back over it, so the refusal stands where the wizard was, as when it is read first.
		if (unreadable) io.stdout.write('\u001B[1A');
		throw error;
	}
	// Below the done screen, as plain lines: a path or a command wider than the terminal wraps
	// there, and pastes whole.
	const done = outcome as WizardOutcome;
	if ((done.status === 'written' && !quiet) || done.status === 'dry-run') {
		// A dry run ends as the CLI's does: the routes.yaml diff under the files.
		const after = done.status === 'written' ? ['', ...nextStepsBlock(done.nextSteps, useColor(io), terminalWidth(io.stdout, io.env))] : ['', ...routesDiff(done.plan)];
		io.stdout.write(`${[...fileLines(done.plan.changes), ...after].join('\n')}\n`);
	}
	return exitCode;
}
