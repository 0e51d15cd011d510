// The two size limits a MySQL / MariaDB table of the resource template must fit, counted as the
// servers count them for the CREATE TABLE the controllers print (InnoDB, DYNAMIC rows, utf8mb4,
// every column NOT NULL). test/e2e/resource-limits.test.ts compares both with a real MariaDB.
import type {FieldSpec} from '../field-spec.js';

/** The bytes of a row in the server's own count, TEXT columns counted by their reference. */
export const maxRowBytes = 65_535;

/** The largest InnoDB record on the default page size: under half the page's free space. */
export const maxRecordBytes = 8125;

/** The longest VARCHAR InnoDB keeps whole inside the record (at most 255 bytes in utf8mb4). */
export const maxInlineLength = 63;

/** The bytes of a row as the server counts them against `maxRowBytes`. */
export function rowBytes(fields: readonly FieldSpec[]): number {
	let bytes = 4; // the INT id
	for (const field of fields) {
		if (field.type === 'int') bytes += 4;
		else if (field.length === undefined) bytes += 10;
		else bytes += 4 * field.length + (4 * field.length > 255 ? 2 : 1);
	}
	return bytes;
}

/**
 * The largest InnoDB record of the table, as InnoDB bounds it when it creates the table: a record
 * header, the id, the transaction id and roll pointer, then each column; a longer string may go
 * to an overflow page, leaving its 20-byte reference and a length byte in the record.
 */
export function recordBytes(fields: readonly FieldSpec[]): number {
	let bytes = 5 + 4 + 6 + 7;
	for (const field of fields) {
		if (field.type === 'int') bytes += 4;
		else if (field.length === undefined || field.length > maxInlineLength) bytes += 20 + 1;
		else bytes += 4 * field.length + 1;
	}
	return bytes;
}
