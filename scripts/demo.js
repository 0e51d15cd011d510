#!/usr/bin/env node
// `npm run demo`: the wizard on a fresh copy of the bundled sample project (fixtures/sample),
// in a temp folder; the folder is printed at the end so you can look at what was written.
// Arguments after `--` go to edu: `npm run demo -- --plain`.
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

if (!process.stdin.isTTY || !process.stdout.isTTY) {
	process.stderr.write('npm run demo opens the interactive wizard: run it in a terminal.\n');
	process.exit(2);
}

const folder = mkdtempSync(path.join(tmpdir(), 'edu-demo-'));
cpSync(path.join(repo, 'fixtures', 'sample'), folder, {recursive: true});

// Ctrl+C belongs to the wizard; this script only waits for it, then says where the project is.
process.on('SIGINT', () => undefined);
const run = spawnSync(process.execPath, [path.join(repo, 'dist', 'bin', 'edu.js'), '--cwd', folder, ...process.argv.slice(2)], {stdio: 'inherit'});
if (run.error) {
	rmSync(folder, {recursive: true, force: true});
	throw run.error;
}

process.stdout.write(`
The sample project is in ${folder}
  cat ${path.join(folder, 'app', 'Config', 'routes.yaml')}
  ls ${path.join(folder, 'app', 'Controller', 'api')}
Run \`npm run demo\` again for a fresh copy; delete the folder when you are done.
`);
process.exitCode = run.status ?? 1;
