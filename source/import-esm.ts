// import() of the ES-module-only packages (execa, Ink) and the prompts. The bin's bundle runs
// from a code cache through node:vm (source/code-cache.ts), where import() is not available
// without an experimental flag, so the bundle keeps this module as a file of its own
// (dist/bin/import-esm.js) that Node loads as usual. From the sources it is a plain import().
export async function importEsm<Module>(specifier: string): Promise<Module> {
	return import(specifier) as Promise<Module>;
}
