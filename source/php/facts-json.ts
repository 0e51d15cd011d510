// A parse's results as JSON text, as the parse workers send them and as php/kept-facts.ts keeps
// them between runs: maps become entry lists, syntax nodes keep only where they start.
import type {PhpFileFacts, PhpSyntaxError} from './php-file.js';
import type {NameScope} from './php-names.js';

export type ParseResult = PhpFileFacts | PhpSyntaxError;

/**
 * Facts as JSON text: maps become entry lists, syntax nodes keep only where they start, and name
 * scopes (shared by the classes of a namespace) are written once per file and referred to by
 * number, so a file of many imports and many classes stays linear.
 */
export function encodeResults(results: readonly ParseResult[]): string {
	const plain = results.map((result) => {
		if ('kind' in result) return result;
		const scopes: NameScope[] = [];
		const indexOf = new Map<NameScope, number>();
		const refer = (scope: NameScope): number => {
			let index = indexOf.get(scope);
			if (index === undefined) {
				index = scopes.push(scope) - 1;
				indexOf.set(scope, index);
			}
			return index;
		};
		const classes = result.classes.map((entry) => ({...entry, scope: refer(entry.scope), constants: [...entry.constants], ...(entry.cases ? {cases: [...entry.cases]} : {})}));
		const constants = result.constants.map((constant) => ({...constant, scope: refer(constant.scope)}));
		return {...result, classes, constants, scopes: scopes.map(scopeOut)};
	});
	return JSON.stringify(plain, (key, value: unknown) => {
		if (key === 'loc' && value && typeof value === 'object') {
			const start = (value as {start?: {line: number; column: number}}).start;
			return start ? {start: {line: start.line, column: start.column}} : null;
		}
		return value;
	});
}

/** The inverse of encodeResults. A plain JSON.parse (a reviver would cost more than the parsing saved). */
export function decodeResults(text: string): ParseResult[] {
	const plain = JSON.parse(text) as Array<Record<string, any>>;
	return plain.map((result) => {
		if ('kind' in result) return result as PhpSyntaxError;
		const {scopes, ...facts} = result;
		const scopeList = (scopes as Array<Parameters<typeof scopeIn>[0]>).map(scopeIn);
		return {
			...facts,
			classes: (result['classes'] as Array<Record<string, any>>).map((entry) => ({...entry, scope: scopeList[entry['scope']], constants: new Map(entry['constants']), ...(entry['cases'] ? {cases: new Map(entry['cases'])} : {})})),
			constants: (result['constants'] as Array<Record<string, any>>).map((constant) => ({...constant, scope: scopeList[constant['scope']]})),
		} as unknown as PhpFileFacts;
	});
}

function scopeOut(scope: NameScope): object {
	return {namespace: scope.namespace, classes: [...scope.classes], constants: [...scope.constants]};
}

function scopeIn(plain: {namespace: string; classes: Array<[string, string]>; constants: Array<[string, string]>}): NameScope {
	return {namespace: plain.namespace, classes: new Map(plain.classes), constants: new Map(plain.constants)};
}
