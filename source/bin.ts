#!/usr/bin/env node
// The installed `edu`: start-up work only, then cli.ts. Node ≥ 22.1 keeps the compiled bundle
// in its own cache folder (under the system temp folder, never in the project; a folder it
// cannot write only turns the cache off). `edu --version` alone reads package.json and loads
// nothing else; every other run imports cli.ts, which imports only what its command uses.
import module from 'node:module';
import process from 'node:process';

(module as {enableCompileCache?: () => unknown}).enableCompileCache?.();
const [first, ...rest] = process.argv.slice(2);
if (rest.length === 0 && (first === '--version' || first === '-V')) {
	const {version} = await import('./version.js');
	process.stdout.write(`${version}\n`);
} else {
	await import('./cli.js');
}
