// Every test run starts with dist/bin/ bundled from source/ as it is (esbuild), so the end-to-end
// tests never run a stale dist/bin/edu.js after a source edit: bundled again unless dist/ holds a
// finished build of these very sources (its stamp, scripts/build-stamp.js; `npm test` has just
// built it when it did not).
// The run's temp folders (projects, fake PHPs, servers' data, the bin's code cache) all go in one
// folder of its own, removed at its end: a file's afterAll does not run in a worker that shares its
// modules with the files before it, and a test that stops early leaves nothing in the system's.
// The removal (thousands of files) runs on in a process of its own once the results are out.
import {spawn} from 'node:child_process';
import {chmodSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
// @ts-expect-error: a plain JavaScript script of the build, without types.
import {builtFromCurrent, stampFile} from '../../scripts/build-stamp.js';

export default async function setup(): Promise<() => Promise<void>> {
	const root = fileURLToPath(new URL('../..', import.meta.url));
	if (!(builtFromCurrent as (root: string) => boolean)(root)) {
		// dist/ then holds no build of any one state of the sources: its stamp goes until the next full build.
		rmSync(path.join(root, stampFile as string), {force: true});
		await import(new URL('../../scripts/bundle.js', import.meta.url).href);
	}
	const runTemp = mkdtempSync(path.join(tmpdir(), 'edu-test-run-'));
	// Open to every user as the system's is (the other-user tests run edu as nobody in it).
	chmodSync(runTemp, 0o1777);
	// The workers, and every process they start, are children of this process: they inherit it.
	for (const name of ['TMPDIR', 'TEMP', 'TMP']) process.env[name] = runTemp;
	return async () => {
		const {removePristineData} = await import('./mariadb.js');
		removePristineData(process.pid);
		removeLater(runTemp);
	};
}

/** Removes `folder` in a detached process that outlives this one; here, at once, when none can be started. */
function removeLater(folder: string): void {
	try {
		const remover = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], {recursive: true, force: true})', folder], {detached: true, stdio: 'ignore'});
		remover.unref();
	} catch {
		rmSync(folder, {recursive: true, force: true});
	}
}
