// `edu make:command` without a name in a terminal: the make:command screen on its own, and its
// outcome as an exit code. Loaded lazily, as the main wizard is.
import {render} from 'ink';
import type {Sink} from '../core/sink/sink.js';
import {readCommandSnapshot} from '../console/command-project.js';
import {useColor, type Io} from '../io.js';
import {CommandWizard, type CommandOutcome} from './command-wizard.js';
import {KeyPump} from './keys/key-pump.js';
import {cancelledExitCode, cancelledMessage} from './session.js';
import {ThemeProvider} from './controls/theme.js';

export async function runCommandWizard({io, root, sink}: {io: Io; root: string; sink: Sink}): Promise<number> {
	let outcome: CommandOutcome = {status: 'cancelled'};
	const instance = render(
		<ThemeProvider color={useColor(io)}>
			<CommandWizard snapshot={readCommandSnapshot(root)} reread={() => readCommandSnapshot(root)} sink={sink} title="edu make:command" onExit={(result) => {
				outcome = result;
			}} />
			{/* Keys one at a time, as the main wizard takes them. */}
			<KeyPump />
		</ThemeProvider>,
		{
			stdin: io.stdin as NodeJS.ReadStream,
			stdout: io.stdout as NodeJS.WriteStream,
			stderr: io.stderr as NodeJS.WriteStream,
			exitOnCtrlC: false,
			patchConsole: false,
		},
	);
	await instance.waitUntilExit();
	if (outcome.status === 'cancelled') {
		io.stderr.write(`${cancelledMessage}\n`);
		return cancelledExitCode;
	}
	return 0;
}
