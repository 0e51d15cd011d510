// fastest-levenshtein fills a large table as it loads: it is loaded on first use (a name to
// correct, said with "did you mean"), not by every run that might need it.
import {createRequire} from 'node:module';

let loaded: typeof import('fastest-levenshtein') | undefined;

export function levenshtein(): typeof import('fastest-levenshtein') {
	loaded ??= createRequire(import.meta.filename)('fastest-levenshtein') as typeof import('fastest-levenshtein');
	return loaded;
}

/** The choices nearest `typed` (by edit distance, within a third of the length), best first. */
export function nearest(typed: string, choices: readonly string[]): string[] {
	const {distance} = levenshtein();
	const scored = choices.map((choice) => ({choice, cost: distance(typed.toLowerCase(), choice.toLowerCase())}))
		.filter(({choice, cost}) => cost <= Math.max(1, Math.floor(choice.length / 3)));
	const least = Math.min(...scored.map(({cost}) => cost));
	return scored.filter(({cost}) => cost === least).map(({choice}) => choice);
}
