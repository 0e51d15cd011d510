// dist/bin/make-direct.js has this module in place of source/cli/on-demand.ts (scripts/bundle.js):
// commander's program (help, and the lines the make line reader leaves to it) and the wizard's
// modules are loaded before anything is written or printed, so a run that reaches one starts
// again as make.js, which has them: the same command line, the same result, only later. make.js's
// program ends the process; this run's promise never settles.
import path from 'node:path';
import process from 'node:process';
import {binRun} from './bundles.js';
import {runBundle} from './code-cache.js';
import type * as OnDemand from '../cli/on-demand.js';

function handOver(): Promise<never> {
	runBundle(path.join(import.meta.dirname, 'make.js'), binRun(process.argv.slice(2), () => true).workload);
	return new Promise(() => {});
}

// Every part on-demand.ts exports, handed over (tsc says so when it gains one this lacks).
const handedOver = {loadProgram: handOver, wizardParts: {open: handOver, typeAhead: handOver}} satisfies typeof OnDemand;

export const {loadProgram, wizardParts} = handedOver;
