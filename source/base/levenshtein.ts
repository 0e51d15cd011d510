// fastest-levenshtein fills a large table as it loads: it is loaded on first use (a name to
// correct, said with "did you mean"), not by every run that might need it.
import {createRequire} from 'node:module';

let loaded: typeof import('fastest-levenshtein') | undefined;

export function levenshtein(): typeof import('fastest-levenshtein') {
	loaded ??= createRequire(import.meta.filename)('fastest-levenshtein') as typeof import('fastest-levenshtein');
	return loaded;
}

/** The choices nearest `typed` (by edit distance, two letters swapped counting as one edit, within a third of the length), best first. */
export function nearest(typed: string, choices: readonly string[]): string[] {
	const {distance} = levenshtein();
	const scored = choices.map((choice) => ({choice, cost: swapped(typed.toLowerCase(), choice.toLowerCase()) ? 1 : distance(typed.toLowerCase(), choice.toLowerCase())}))
		.filter(({choice, cost}) => cost <= Math.max(1, Math.floor(choice.length / 3)));
	const least = Math.min(...scored.map(({cost}) => cost));
	return scored.filter(({cost}) => cost === least).map(({choice}) => choice);
}

/** Whether `a` is `b` with two neighbouring letters swapped (hlep, form): the commonest typo, two edits for Levenshtein. */
function swapped(a: string, b: string): boolean {
	if (a.length !== b.length) return false;
	const at = [...a].findIndex((char, index) => char !== b[index]);
	return at !== -1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}
