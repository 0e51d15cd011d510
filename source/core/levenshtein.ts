// fastest-levenshtein fills a large table as it loads: it is loaded on first use (a name to
// correct, said with "did you mean"), not by every run that might need it.
import {createRequire} from 'node:module';

let loaded: typeof import('fastest-levenshtein') | undefined;

export function levenshtein(): typeof import('fastest-levenshtein') {
	loaded ??= createRequire(import.meta.filename)('fastest-levenshtein') as typeof import('fastest-levenshtein');
	return loaded;
}
