// `edu make:command` without a name in a terminal: the wizard on make:command's screen alone,
// and its outcome as an exit code. Loaded lazily, as the main wizard is.
import type {Sink} from '../sink/sink.js';
import {commandTemplates, readCommandSnapshot} from '../make/command/command-project.js';
import type {CommandSnapshot} from '../make/command/command-plan.js';
import type {Io} from '../base/io.js';
import {folderToEnter} from '../present/next-steps.js';
import {showUntilExit} from './show.js';
import {Wizard, type WizardOutcome} from './wizard.js';

/** `snapshot`: the project as the command read it, with the template it chose. */
export async function runCommandWizard({io, snapshot, sink}: {io: Io; snapshot: CommandSnapshot; sink: Sink}): Promise<number> {
	let outcome: WizardOutcome = {status: 'cancelled'};
	return showUntilExit(io, <Wizard command={snapshot} commandSnapshot={(template) => readCommandSnapshot(snapshot.root, template)} commandTemplates={() => commandTemplates(snapshot.root)} sink={sink} projectFolder={folderToEnter(io.cwd, snapshot.root)} onExit={(result) => {
		outcome = result;
	}} />, () => outcome.status === 'cancelled');
}
