// The keys a terminal already holds, read without waiting. The wizard's type-ahead (tui/keys/
// type-ahead.ts) otherwise waits one turn of the event loop for them before the first frame
// (the bench's first-frame row shows the cost). Only where it cannot block: on
// Linux, /proc/self/fd/0 opens the terminal again as a non-blocking file of its own (opening
// /dev/fd/0 elsewhere may share stdin's blocking one).
import {closeSync, constants, openSync, readSync} from 'node:fs';
import process from 'node:process';

/** What stdin's terminal holds now (maybe ''), or undefined where it cannot be read without waiting. */
export function readPendingInput(): string | undefined {
	if (process.platform !== 'linux') return undefined;
	let descriptor: number;
	try {
		descriptor = openSync('/proc/self/fd/0', constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
	} catch {
		return undefined;
	}
	const parts: Buffer[] = [];
	const buffer = Buffer.allocUnsafe(4096);
	// EAGAIN: the terminal holds nothing more. Another error before anything was read: leave the
	// keys to stdin, read the usual way.
	let unread = false;
	try {
		for (let count; (count = readSync(descriptor, buffer, 0, buffer.length, null)) > 0;) parts.push(Buffer.from(buffer.subarray(0, count)));
	} catch (error) {
		unread = (error as NodeJS.ErrnoException).code !== 'EAGAIN' && parts.length === 0;
	} finally {
		closeSync(descriptor);
	}
	return unread ? undefined : Buffer.concat(parts).toString('utf8');
}
