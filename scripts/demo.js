#!/usr/bin/env node
// `npm run demo`: the wizard on a fresh copy of the bundled sample project (fixtures/sample),
// in a temp folder. The wizard prints the next steps (cd to the copy first); this adds where the
// copy is and, when `edu` on PATH is not this clone, how to run edu from here.
// Arguments after `--` go to edu: `npm run demo -- --plain`.
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, realpathSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist', 'bin', 'edu.js');

if (!process.stdin.isTTY || !process.stdout.isTTY) {
	process.stderr.write('npm run demo opens the interactive wizard: run it in a terminal.\n');
	process.exit(2);
}

/** A word the shell reads back as itself. */
function quote(word) {
	return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** `edu` when the edu on PATH is this clone's (npm link), else the bin run by node. */
function eduCommand() {
	for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(folder, 'edu');
		try {
			if (existsSync(candidate) && realpathSync(candidate) === realpathSync(bin)) return 'edu';
		} catch {
			// An unreadable PATH entry: not ours.
		}
	}
	return `node ${quote(bin)}`;
}

const folder = mkdtempSync(path.join(tmpdir(), 'edu-demo-'));
cpSync(path.join(repo, 'fixtures', 'sample'), folder, {recursive: true});

// Ctrl+C belongs to the wizard; this script only waits for it, then says where the project is.
process.on('SIGINT', () => undefined);
const run = spawnSync(process.execPath, [bin, '--cwd', folder, ...process.argv.slice(2)], {stdio: 'inherit'});
if (run.error) {
	rmSync(folder, {recursive: true, force: true});
	throw run.error;
}

// The wizard printed the one next-steps block (cd to this folder first, as the run started
// elsewhere); only what is particular to the demo is added here.
const edu = eduCommand();
const at = quote(folder);
process.stdout.write(`
The sample project is in ${folder}
${edu === 'edu' ? '' : `edu is not on your PATH (npm install && npm link, see the readme): in the steps above, type ${edu} for edu.\n`}Run \`npm run demo\` again for a fresh copy; delete this one when you are done:
  rm -rf ${at}
`);
process.exitCode = run.status ?? 1;
