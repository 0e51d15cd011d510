// `edu make:command` without a name in a terminal: the make:command screen on its own, and its
// outcome as an exit code. Loaded lazily, as the main wizard is.
import type {Sink} from '../core/sink/sink.js';
import {readCommandSnapshot} from '../console/command-project.js';
import type {Io} from '../io.js';
import {CommandWizard, type CommandOutcome} from './command-wizard.js';
import {KeyPump} from './keys/key-pump.js';
import {showUntilExit} from './show.js';

export async function runCommandWizard({io, root, sink, template}: {io: Io; root: string; sink: Sink; template?: string}): Promise<number> {
	let outcome: CommandOutcome = {status: 'cancelled'};
	return showUntilExit(io, <>
		<CommandWizard snapshot={readCommandSnapshot(root, template)} reread={() => readCommandSnapshot(root, template)} sink={sink} title="edu make:command" onExit={(result) => {
			outcome = result;
		}} />
		{/* Keys one at a time, as the main wizard takes them. */}
		<KeyPump />
	</>, () => outcome.status === 'cancelled');
}
