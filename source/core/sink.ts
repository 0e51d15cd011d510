// Where a changeset goes: the file system, or a dry run that only reports what would be written.
// Choosing the sink is the only place a dry run makes a difference (schematics' HostSink /
// DryRunSink): callers plan, pick a sink once, and render what the sink returns.
import type {StopSignal} from '../io.js';
import type {Sink} from './file-change.js';
import {fileSystemSink} from './sink-fs.js';

export type {Changeset, FileChange, Sink, Written} from './file-change.js';

/** Writes nothing: returns the changeset's value as what would be written. */
export function dryRunSink(): Sink {
	return {dryRun: true, write: async (changeset) => ({value: changeset.value, dryRun: true, notes: []})};
}

export interface SinkChoice {
	readonly dryRun?: boolean;
	readonly onSignal?: (handler: (signal: StopSignal) => void) => () => void;
}

export function sinkFor(choice: SinkChoice): Sink {
	return choice.dryRun ? dryRunSink() : fileSystemSink(choice.onSignal ? {onSignal: choice.onSignal} : {});
}
