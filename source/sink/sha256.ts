// SHA-256, for the run records of edu's first builds, which kept it as each file's hash (edu undo
// still reads them); the records edu writes now keep content-hash.ts's.
import {createHash} from 'node:crypto';

/** The hex SHA-256 of `data` (a string is hashed as UTF-8). */
export function sha256(data: Buffer | string): string {
	return createHash('sha256').update(data).digest('hex');
}
