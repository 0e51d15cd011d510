// Opens the Ink wizard on the Io's terminal and turns its outcome into an exit code.
// Loaded lazily (await import) so that --yes, --help and --version never load Ink or React.
import {render} from 'ink';
import type {Kind} from '../core/naming.js';
import {openProject} from '../core/project/project.js';
import {readCommandSnapshot} from '../console/command-project.js';
import type {Sink} from '../core/sink/sink.js';
import {useColor, type Io} from '../io.js';
import type {WizardForm} from './form.js';
import {folderToEnter} from './next-steps.js';
import {cancelledExitCode, cancelledMessage} from './session.js';
import {ThemeProvider} from './controls/theme.js';
import {Wizard, type WizardOutcome} from './wizard.js';

export interface WizardRun {
	readonly io: Io;
	/** The project's root, found by the command. */
	readonly root: string;
	readonly kind?: Kind;
	readonly initial?: Partial<WizardForm>;
	readonly sink: Sink;
}

export async function runWizard({io, root, kind, initial, sink}: WizardRun): Promise<number> {
	const snapshot = openProject(root);
	let outcome: WizardOutcome = {status: 'cancelled'};
	const instance = render(
		<ThemeProvider color={useColor(io)}>
			<Wizard snapshot={snapshot} reread={() => openProject(root)} commandSnapshot={() => readCommandSnapshot(root)} kind={kind} initial={initial} sink={sink} projectFolder={folderToEnter(io.cwd, root)} onExit={(result) => {
				outcome = result;
			}} />
		</ThemeProvider>,
		{
			stdin: io.stdin as NodeJS.ReadStream,
			stdout: io.stdout as NodeJS.WriteStream,
			stderr: io.stderr as NodeJS.WriteStream,
			// Ctrl+C is the wizard's own key: it quits with nothing written and exit code 130.
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
