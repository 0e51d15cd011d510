// Renders the wizard with ink-testing-library on a snapshot of a temp project, and waits for
// frames instead of sleeping: Ink reads stdin asynchronously, so each key is written once the
// previous one has shown its effect.
import {act} from 'react';
import {cleanup, render} from 'ink-testing-library';
import type {Kind} from '../../source/make/naming.js';
import {readSnapshot, type Snapshot} from '../../source/make/snapshot.js';
import {sinkFor, type Sink} from '../../source/sink/sink.js';
import {commandTemplates, readCommandSnapshot} from '../../source/make/command/command-project.js';
import type {WizardForm} from '../../source/tui/form.js';
import {ThemeProvider} from '../../source/tui/controls/theme.js';
import {Wizard, type WizardOutcome} from '../../source/tui/wizard.js';

export const keys = {
	enter: '\r',
	escape: '\u001B',
	ctrlC: '\u0003',
	ctrlD: '\u0004',
	up: '\u001B[A',
	down: '\u001B[B',
	tab: '\t',
	space: ' ',
	backspace: '\u007F',
} as const;

export interface Harness {
	readonly snapshot: Snapshot;
	frame(): string;
	/** Writes input, then waits until the frame satisfies `until` (without one: waits 200 ms). */
	press(input: string, until?: (frame: string) => boolean): Promise<string>;
	waitFor(until: (frame: string) => boolean, what?: string): Promise<string>;
	/**
	 * Writes input as a terminal would, outside act(): React renders after each key Ink hands
	 * over, as in the real program (inside act() it would wait for the end of the whole write).
	 */
	pressRaw(input: string, until: (frame: string) => boolean): Promise<string>;
	/** The terminal resized to `columns` × `rows`, said as a real one says it (a 'resize' event). */
	resize(columns: number, rows: number): Promise<void>;
	/** Resolves with the outcome once the wizard has exited. */
	readonly exited: Promise<WizardOutcome>;
	outcome(): WizardOutcome | undefined;
	/** The error the wizard quit with (a stopped write's), once it has. */
	exitError(): Error | undefined;
	unmount(): void;
}

// Tell React that updates are wrapped in act() here.
(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

/** Unmounts every wizard a test left open (inside act, as Ink updates state while unmounting). */
export async function cleanupWizards(): Promise<void> {
	await act(async () => {
		cleanup();
	});
}

export function snapshotOf(root: string): Snapshot {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

export async function renderWizard(root: string, options: {kind?: Kind; initial?: Partial<WizardForm>; dryRun?: boolean; color?: boolean; sink?: Sink} = {}): Promise<Harness> {
	const snapshot = snapshotOf(root);
	let outcome: WizardOutcome | undefined;
	let exitError: Error | undefined;
	let resolveExit: (outcome: WizardOutcome) => void = () => undefined;
	const exited = new Promise<WizardOutcome>((resolve) => {
		resolveExit = resolve;
	});
	// Everything that may update React state runs inside act(): renders, keys, and the waits
	// during which timers (Ink's lone-Esc flush, the commit) fire.
	const pause = (ms: number): Promise<void> => act(async () => {
		await new Promise((resolve) => setTimeout(resolve, ms));
	});
	let instance!: ReturnType<typeof render>;
	await act(async () => {
		instance = render(
			<ThemeProvider color={options.color ?? false}>
				<Wizard snapshot={snapshot} reread={() => snapshotOf(root)} commandSnapshot={(template) => readCommandSnapshot(root, template)} commandTemplates={() => commandTemplates(root)} kind={options.kind} initial={options.initial} sink={options.sink ?? sinkFor({dryRun: options.dryRun})} onExit={(result, error) => {
					outcome = result;
					exitError = error;
					resolveExit(result);
				}} />
			</ThemeProvider>,
		);
	});
	const frame = (): string => instance.lastFrame() ?? '';
	const waitFor = async (until: (frame: string) => boolean, what = 'the expected frame'): Promise<string> => {
		const deadline = Date.now() + 5000;
		for (;;) {
			const current = frame();
			if (until(current)) return current;
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Last frame:\n${current}`);
			await pause(10);
		}
	};
	// Ink attaches its stdin listener in an effect: wait for the first frame and that listener.
	await waitFor((current) => current !== '', 'the first frame');
	await waitFor(() => instance.stdin.listenerCount('readable') > 0, 'the stdin listener');
	return {
		snapshot,
		frame,
		waitFor,
		async press(input, until) {
			// act() returns once React has rendered and run the effects the key caused, so the
			// next key meets the input handlers of the new frame, not those of the last one.
			await act(async () => {
				instance.stdin.write(input);
				// Ink hands a lone Esc to the screens on the next turn of the event loop (setImmediate).
				await new Promise((resolve) => setImmediate(resolve));
			});
			if (until) return waitFor(until, `the frame after ${JSON.stringify(input)}`);
			// No condition (a key expected to change nothing): what it does, act() has rendered.
			return frame();
		},
		async pressRaw(input, until) {
			const flags = globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean};
			flags.IS_REACT_ACT_ENVIRONMENT = false;
			try {
				instance.stdin.write(input);
				const deadline = Date.now() + 5000;
				while (!until(frame())) {
					if (Date.now() > deadline) throw new Error(`Timed out after ${JSON.stringify(input)}. Last frame:\n${frame()}`);
					await new Promise((resolve) => setTimeout(resolve, 10));
				}
				return frame();
			} finally {
				flags.IS_REACT_ACT_ENVIRONMENT = true;
			}
		},
		async resize(columns, rows) {
			await act(async () => {
				Object.defineProperty(instance.stdout, 'columns', {value: columns, configurable: true});
				Object.defineProperty(instance.stdout, 'rows', {value: rows, configurable: true});
				instance.stdout.emit('resize');
			});
		},
		exited,
		outcome: () => outcome,
		exitError: () => exitError,
		unmount: () => instance.unmount(),
	};
}
