// Where a changeset goes: the file system, or a dry run that only reports what would be written.
// Choosing the sink is the only place a dry run makes a difference (schematics' HostSink /
// DryRunSink): callers plan, pick a sink once, and render what the sink returns.
import path from 'node:path';
import type {StopSignal} from '../base/io.js';
import {EduError} from '../base/errors.js';
import type {Changeset, Sink} from './file-change.js';
import {readRegularFile} from '../project/regular-file.js';
import {checkConfinement, fileSystemSink} from './fs.js';
import {isFolder} from '../base/path-kind.js';

export {modeReport} from './file-change.js';
export type {Changeset, FileChange, ModeReport, Sink, SinkMode, WriteOptions, Written} from './file-change.js';

/** Writes nothing: returns the changeset's value as what would be written, or the refusal a run would meet first (a path that leads out of the project). */
export function dryRunSink(): Sink {
	return {
		mode: 'dry-run',
		write: async (changeset) => {
			checkConfinement(changeset);
			return {value: changeset.value, mode: 'dry-run', notes: []};
		},
	};
}

/** The flags that choose the sink: the one place a dry run is decided. */
export interface SinkChoice {
	readonly dryRun?: boolean;
	readonly onSignal?: (handler: (signal: StopSignal) => void) => () => void;
	/** Told as the files begin to be placed (io.commitBegan). */
	readonly commitBegan?: () => void;
	/** Where a line goes while the run waits for another run's lock (stderr, unless -q or the wizard draws). */
	readonly onWait?: (line: string) => void;
}

export function sinkFor(choice: SinkChoice): Sink {
	return choice.dryRun ? dryRunSink() : fileSystemSink({...(choice.onSignal ? {onSignal: choice.onSignal} : {}), ...(choice.commitBegan ? {commitBegan: choice.commitBegan} : {}), ...(choice.onWait ? {onWait: choice.onWait} : {})});
}

export interface OneFile {
	/** Permission bits if the file is created (an existing file keeps its own). */
	readonly mode?: number;
	/** Write through a symbolic link to its target (inside the project) rather than refuse. */
	readonly followLink?: boolean;
	/** Folders to create as well, relative to the root. */
	readonly folders?: readonly string[];
	/** Serialise writers on this file (default: the file itself). */
	readonly lock?: string;
	/** The content the new one was made from (null: absent), checked under the lock; read now when not given. */
	readonly before?: string | null;
}

/** A changeset replacing (or creating) one file with `after`, its current content read now. */
export function oneFileChangeset<T>(root: string, relative: string, after: string, value: T, options: OneFile = {}): Changeset<T> {
	const target = path.join(root, relative);
	if (isFolder(target)) throw new EduError('WRITE_FAILED', `Cannot write ${relative} (EISDIR: it is a folder); it was left as it was.`);
	const read = options.before !== undefined ? null : readRegularFile(target, relative);
	if (read !== null && 'code' in read) throw EduError.from(read);
	const before = options.before !== undefined ? options.before : read === null ? null : read.toString('utf8');
	return {
		root,
		changes: [{
			path: relative,
			action: before === null ? 'create' : 'modify',
			before,
			after,
			...(options.mode === undefined ? {} : {mode: options.mode}),
			...(options.followLink ? {followLink: true} : {}),
		}],
		lock: options.lock ?? relative,
		value,
		...(options.folders ? {folders: options.folders} : {}),
	};
}
