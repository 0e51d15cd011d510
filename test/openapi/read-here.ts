// Reads a fixture's API folder on this thread, synchronously (edu itself parses in worker threads,
// see parse-pool.ts; the result is the same): for tests that build documents at collection time.
import {readProjectPhp} from '../../source/php/read-project-php.js';
import {listPhpFiles, split, type ScanResult} from '../../source/php/scan.js';

export function readHere(root: string): ScanResult {
	return split((listPhpFiles(root) ?? []).map((relative) => readProjectPhp(root, relative)));
}
