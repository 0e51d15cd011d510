// Writes a file so that readers see either the old bytes or the new ones, never a half-written
// file: the data goes to a temp file beside the target, is flushed, then renamed over it.
// (The mock commands' writer until they hand their plans to the file-system sink, sink-fs.ts.)
import {closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeSync} from 'node:fs';
import {tempName} from './lock.js';
import {processHost} from './sink-host.js';

/** `mode` (e.g. 0o600 for a secret) applies from the first byte, whatever the umask. */
export function writeFileAtomic(target: string, data: string, mode?: number): void {
	// Named like the sink's temp files, so a later run can tell a killed run's leftovers.
	const temp = tempName(processHost, target);
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
