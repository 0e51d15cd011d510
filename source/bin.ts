#!/usr/bin/env node
// The installed `edu` (dist/bin/edu.js, a small CommonJS bundle: Node starts CommonJS faster
// than an ES module). Start-up work only: `edu --version` is answered here with nothing else
// loaded; every other run loads a bundle of cli.ts (dist/bin/cli.js, or make.js for the make
// commands) through the code cache.
import {writeSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {hoistGlobalOptions} from './commands/global-options.js';
import {isMakeCommand} from './commands/make/command-names.js';
import {outputLostExitCode, outputLostLine} from './output-lost.js';
import {version} from './version.js';

const [first, ...rest] = process.argv.slice(2);
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
} else {
	// The kind of run, for the code cache: the command and its flags (in any order), without names
	// or values; the global options typed before the command count as typed after it.
	const [command, ...words] = hoistGlobalOptions(process.argv.slice(2)).argv;
	const flags = words.filter((word) => word.startsWith('-')).map((flag) => flag.replace(/=.*/s, ''));
	const workload = [command ?? '', ...new Set(flags.sort())].join(' ');
	// make:api and make:controller run a bundle of cli.ts without the other commands' code
	// (source/commands/make-only.ts says why it does the same).
	const bundle = isMakeCommand(command) ? 'make.js' : 'cli.js';
	void import('./code-cache.js').then(({runBundle}) => runBundle(path.join(import.meta.dirname, bundle), workload));
}
