// `edu make:command` without a name in a terminal: the make:command screen on its own, and its
// outcome as an exit code. Loaded lazily, as the main wizard is.
import type {Sink} from '../sink/sink.js';
import {commandTemplates, readCommandSnapshot} from '../make/command/command-project.js';
import type {CommandSnapshot} from '../make/command/command-plan.js';
import type {Io} from '../base/io.js';
import {CommandWizard, type CommandOutcome} from './command-wizard.js';
import {KeyPump} from './keys/key-pump.js';
import {folderToEnter} from '../present/next-steps.js';
import {showUntilExit} from './show.js';

/** `snapshot`: the project as the command read it, with the template it chose. */
export async function runCommandWizard({io, snapshot, sink}: {io: Io; snapshot: CommandSnapshot; sink: Sink}): Promise<number> {
	let outcome: CommandOutcome = {status: 'cancelled'};
	return showUntilExit(io, <>
		<CommandWizard snapshot={snapshot} reread={(template) => readCommandSnapshot(snapshot.root, template)} templates={commandTemplates(snapshot.root)} sink={sink} title="edu make:command" projectFolder={folderToEnter(io.cwd, snapshot.root)} onExit={(result) => {
			outcome = result;
		}} />
		{/* Keys one at a time, as the main wizard takes them. */}
		<KeyPump />
	</>, () => outcome.status === 'cancelled');
}
