// Ink is an ES module that awaits at its top level (Yoga's WebAssembly), so the bin, a CommonJS
// bundle for start-up speed, cannot require() it. The wizard's loader imports it here first;
// the bundle (scripts/bundle.js) resolves each of the screens' `import … from 'ink'` to the
// module held here. From the sources (tsc, the tests) the screens import Ink themselves and
// loadInk() only warms the same module.
import {importEsm} from '../import-esm.js';

let ink: typeof import('ink') | undefined;

export async function loadInk(): Promise<void> {
	ink ??= await importEsm<typeof import('ink')>('ink');
}

export function loadedInk(): typeof import('ink') {
	if (ink === undefined) throw new Error('The wizard\'s screens were loaded before Ink (loadInk).');
	return ink;
}
