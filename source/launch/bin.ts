#!/usr/bin/env node
// The installed `edu` (dist/bin/edu.js, a small CommonJS bundle: Node starts CommonJS faster
// than an ES module). Start-up work only: `edu --version` and `edu --help` are answered here
// with nothing else loaded (program-help.ts says how); every other run loads a bundle of cli.ts
// through the code cache (source/launch/bundles.ts says which).
import {writeSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {binRun} from './bundles.js';
import {directOutput, isTerminal, settleOutput} from './direct-output.js';
import {outputLostExitCode, outputLostLine} from './output-lost.js';
import {ownSignals} from './signal-owner.js';
import {programHelp} from './program-help.js';
import {version} from '../base/version.js';

const [first, ...rest] = process.argv.slice(2);
const stdout = rest.length === 0 && (first === '--help' || first === '-h') ? directOutput(1) : undefined;
const help = stdout === undefined ? undefined : programHelp(stdout, process.env);
if (rest.length === 0 && (first === '--version' || first === '-V')) {
	try {
		writeSync(1, `${version}\n`);
	} catch (error) {
		// A reader that went away (`edu --version | true`): nothing more to say. Any other failure
		// (a full disk) is said as cli.ts's settleOutput says it, with its exit code.
		if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
			try {
				writeSync(2, outputLostLine([`stdout (${(error as NodeJS.ErrnoException).code ?? 'error'})`], 0));
			} catch {
				// stderr is gone too: the exit code alone tells.
			}
			process.exitCode = outputLostExitCode;
		}
	}
} else if (stdout !== undefined && help !== undefined) {
	stdout.write(help);
	process.exitCode = settleOutput(0);
} else {
	// From here on Ctrl+C and SIGTERM are edu's, never Node's default (signal-owner.ts).
	ownSignals();
	const {bundle, workload} = binRun(process.argv.slice(2), () => isTerminal(0) && isTerminal(1));
	void import('./code-cache.js').then(({runBundle}) => runBundle(path.join(import.meta.dirname, bundle), workload));
}
