// What a writer wants done to a project, as plain data: the files to create or replace with
// their full new content, the folders to create, and the lock that serialises writers. Every
// command that writes builds one and hands it to a sink (core/sink.ts).
import type {Refusal} from '../base/errors.js';
import type {StopSignal} from '../base/io.js';

export interface FileChange {
	/** Relative to the project root, with `/`. */
	readonly path: string;
	/** `overwrite`: a file that exists, replaced whatever it holds (make:* --force); `delete`: removed (edu undo; `after` unused). */
	readonly action: 'create' | 'modify' | 'overwrite' | 'delete';
	/** The content read in the snapshot (null for a file to create or overwrite: the snapshot does not read those). */
	readonly before: string | null;
	readonly after: string;
	/** Permission bits of a created file (default 0o666 less the umask); a modified file keeps its own. */
	readonly mode?: number;
	/** When `path` is a symbolic link, write its target (which must be inside the project) instead of refusing. */
	readonly followLink?: boolean;
	/**
	 * Keep what the file holds when it is replaced (an `overwrite` always does): its bytes are
	 * copied under .edu/backups/ first (see fs.ts). `true`: a replacement the user forced
	 * (--force); otherwise what the run says about the file (`had been edited by hand`).
	 */
	readonly keep?: true | {readonly because: string};
}

export interface Changeset<T> {
	/** Absolute project root: nothing is written outside it. */
	readonly root: string;
	/** In the order they are applied; the last one is the commit point (see fs.ts). */
	readonly changes: readonly FileChange[];
	/** Folders to create even when no file goes in them, relative to the root. Parents of changed files are created anyway. */
	readonly folders?: readonly string[];
	/** Relative path of the file whose lock serialises writers (routes.yaml for make:*). */
	readonly lock?: string;
	/** What the caller planned (a make Plan, an OpenAPI result…), returned by the sink. */
	readonly value: T;
	/** The command as typed again (`make:api ville`), for the run's record in .edu/history/. */
	readonly label?: string;
	/** false: leave no record of this run (edu undo marks the record it takes back instead). */
	readonly record?: false;
	/** Called under the lock once the project matches: a refusal stops the run before anything is written. */
	readonly check?: () => Refusal | undefined;
	/** Called under the lock when the project no longer matches the changes' `before`: plan again, or refuse (undefined: "the project changed"). */
	readonly revise?: () => Changeset<T> | Refusal | undefined;
}

/** What a sink does with a changeset: write it, or only report what would be written (a dry run). */
export type SinkMode = 'write' | 'dry-run';

/** The sink's mode as every --json report names it (`"dryRun": …`), defined once. */
export interface ModeReport {
	readonly dryRun: boolean;
}

export function modeReport(mode: SinkMode): ModeReport {
	return {dryRun: mode === 'dry-run'};
}

/** What a sink did: the changeset it applied (a revised one if the project changed meanwhile). */
export interface Written<T> {
	readonly value: T;
	/** The sink's mode: `dry-run` when nothing was written. */
	readonly mode: SinkMode;
	/** Things worth telling the user, e.g. that a killed run's leftovers were undone first. */
	readonly notes: readonly string[];
}

/** Subscribes to a stop (Ctrl+C, SIGTERM); returns the unsubscribe. */
export type StopSubscription = (handler: (signal: StopSignal) => void) => () => void;

/** What the one write asks for besides the sink's own options. */
export interface WriteOptions {
	/** Where the line goes while this write waits for another run's lock, instead of the sink's own (a screen the wizard draws). */
	readonly onWait?: (line: string) => void;
	/** A stop asked for otherwise than by a signal, as well as the sink's (Ctrl+C read as a key by the full-screen wizard). */
	readonly onSignal?: StopSubscription;
}

/** One subscription to the stops of both, either of which may be absent. */
export function eitherStop(first: StopSubscription | undefined, second: StopSubscription | undefined): StopSubscription | undefined {
	if (first === undefined || second === undefined) return first ?? second;
	return (handler) => {
		const unsubscribeFirst = first(handler);
		const unsubscribeSecond = second(handler);
		return () => {
			unsubscribeFirst();
			unsubscribeSecond();
		};
	};
}

export interface Sink {
	/** Known before writing, so a screen can say "will" or "would". */
	readonly mode: SinkMode;
	write<T>(changeset: Changeset<T>, during?: WriteOptions): Promise<Written<T>>;
}
