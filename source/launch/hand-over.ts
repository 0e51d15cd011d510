// dist/bin/make-direct.js has this module's handOver in place of what it leaves out: commander's
// program (help, and lines make-args.ts leaves to commander) and the wizard's modules
// (scripts/bundle.js). Those are imported before anything is written or printed, so a run that
// reaches one starts again as make.js, which has them: the same command line, the same result,
// only later. make.js's program ends the process; this run's promise never settles.
import path from 'node:path';
import process from 'node:process';
import {binRun} from './bundles.js';
import {runBundle} from './code-cache.js';

export function handOver(): Promise<never> {
	runBundle(path.join(import.meta.dirname, 'make.js'), binRun(process.argv.slice(2), () => true).workload);
	return new Promise(() => {});
}
