// One run of the file-system sink: what it created, so that every failure path can remove it,
// and the cleanups that failed, so that they are named instead of hidden.
import path from 'node:path';
import {EduError, type Refusal} from '../base/errors.js';
import {errorReason, type Leftover} from './leftovers.js';
import type {SinkHost} from './host.js';
import {posixPath} from '../base/posix-path.js';
import {signalExitCodes, type StopSignal} from '../base/io.js';

/** One run of the sink: what it created, so every failure path can remove it. */
export class WriteRun {
	readonly folders: string[] = [];
	readonly temps = new Set<string>();
	/** Cleanups that failed: named in the error or the notes. */
	readonly leftovers: Leftover[] = [];
	readonly notes: string[] = [];
	/** The signal that asked the run to stop (Ctrl+C, SIGTERM), once one came. */
	stop: StopSignal | undefined;

	constructor(readonly host: SinkHost, readonly root: string) {}

	get fs() {
		return this.host.fs;
	}

	shown(absolute: string): string {
		return posixPath(path.relative(this.root, absolute));
	}

	/** A regular file's bytes, null when nothing is there; anything else is refused. */
	readBytes(absolute: string): Buffer | null {
		const bytes = this.fs.read(absolute, this.shown(absolute));
		if (bytes === null || bytes instanceof Buffer) return bytes;
		throw EduError.from(bytes as Refusal);
	}

	checkStop(): void {
		if (this.stop !== undefined) throw new EduError('WRITE_FAILED', `Interrupted (${this.stop}): stopped before finishing; the project was left as it was.`, signalExitCodes[this.stop]);
	}

	/** Creates `folder` and its missing parents inside the root, remembering each. */
	ensureFolder(folder: string): void {
		const stat = this.fs.lstat(folder);
		if (stat !== null) return;
		const parent = path.dirname(folder);
		if (parent !== folder && path.relative(this.root, parent) !== '') this.ensureFolder(parent);
		try {
			this.fs.mkdir(folder);
		} catch (error) {
			// Another run made it between the look and the mkdir (two mock:token at once): a folder
			// now, and that run's, so a cleanup of this one leaves it.
			if ((error as NodeJS.ErrnoException).code === 'EEXIST' && this.fs.lstat(folder)?.isDirectory() === true) return;
			throw error;
		}
		this.folders.push(folder);
	}

	removeTemp(temp: string): void {
		try {
			this.fs.unlink(temp);
			this.temps.delete(temp);
		} catch (error) {
			this.temps.delete(temp);
			this.leftovers.push({shown: this.shown(temp), reason: errorReason(error), remove: temp});
		}
	}

	/** After a failure: every temp file and new folder of this run removed, newest first. */
	cleanUp(): void {
		for (const temp of [...this.temps]) this.removeTemp(temp);
		for (const folder of this.folders.splice(0).reverse()) {
			try {
				this.fs.rmdir(folder);
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				// Another run wrote there meanwhile: its folder now, not a leftover.
				if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') this.leftovers.push({shown: `${this.shown(folder)}/`, reason: errorReason(error), remove: folder, folder: true});
			}
		}
	}
}
