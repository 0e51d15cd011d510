// Writes a file so that readers see either the old bytes or the new ones, never a half-written
// file: the data goes to a temp file beside the target, is flushed, then renamed over it.
import {randomBytes} from 'node:crypto';
import {closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeSync} from 'node:fs';
import path from 'node:path';

export function writeFileAtomic(target: string, data: string, mode: number): void {
	const temp = path.join(path.dirname(target), `.${path.basename(target)}.edu-tmp-${randomBytes(6).toString('hex')}`);
	let descriptor: number | undefined;
	try {
		// `wx`: the temp name is fresh; `mode` applies from the first byte, so a secret is never readable by others.
		descriptor = openSync(temp, 'wx', mode);
		fchmodSync(descriptor, mode); // exactly `mode`, whatever the umask
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
