// SHA-256 of a file's bytes, for the run records: how undo tells a file edu wrote from one edited
// since. node:crypto's, which a Node process has at hand (it costs a make run next to nothing).
import {createHash} from 'node:crypto';

/** The hex SHA-256 of `data` (a string is hashed as UTF-8). */
export function sha256(data: Buffer | string): string {
	return createHash('sha256').update(data).digest('hex');
}
