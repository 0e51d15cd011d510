#!/usr/bin/env node
// The bin: decide interactivity once, run main, set the exit code. Nothing else touches process.*.
import process from 'node:process';
import {main} from './main.js';

const exitCode = await main(process.argv.slice(2), {
	cwd: process.cwd(),
	env: process.env,
	stdout: process.stdout,
	stderr: process.stderr,
	stdin: process.stdin,
	interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
});
process.exitCode = exitCode;
