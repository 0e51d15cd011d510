// Writes a file so that readers see either the old bytes or the new ones, never a half-written
// file: the data goes to a temp file beside the target, is flushed, then renamed over it.
// (commit.ts writes plans its own way, with rollback across several files.)
import {randomBytes} from 'node:crypto';
import {closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeSync} from 'node:fs';
import path from 'node:path';

/** `mode` (e.g. 0o600 for a secret) applies from the first byte, whatever the umask. */
export function writeFileAtomic(target: string, data: string, mode?: number): void {
	// pid-random, like commit's temp files, so a later run can tell a killed run's leftovers.
	const temp = path.join(path.dirname(target), `.${path.basename(target)}.edu-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
	let descriptor: number | undefined;
	try {
		descriptor = openSync(temp, 'wx', mode ?? 0o666);
		if (mode !== undefined) fchmodSync(descriptor, mode);
		writeSync(descriptor, data);
		fsyncSync(descriptor);
		closeSync(descriptor);
		descriptor = undefined;
		renameSync(temp, target);
	} catch (error) {
		if (descriptor !== undefined) closeSync(descriptor);
		rmSync(temp, {force: true});
		throw error;
	}
}
