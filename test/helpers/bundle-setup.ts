// Every test run starts by re-bundling the bin from source/ (esbuild), so
// the end-to-end tests never run a stale dist/bin/edu.js after a source edit.
// (`npm test` first runs the full build, tsc included, when dist/ is not built from the sources as they are.)
// The run's temp folders (projects, fake PHPs, servers' data, the bin's code cache) all go in one
// folder of its own, removed at its end: a file's afterAll does not run in a worker that shares its
// modules with the files before it, and a test that stops early leaves nothing in the system's.
import {chmodSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export default async function setup(): Promise<() => Promise<void>> {
	await import(new URL('../../scripts/bundle.js', import.meta.url).href);
	const runTemp = mkdtempSync(path.join(tmpdir(), 'edu-test-run-'));
	// Open to every user as the system's is (the other-user tests run edu as nobody in it).
	chmodSync(runTemp, 0o1777);
	// The workers, and every process they start, are children of this process: they inherit it.
	for (const name of ['TMPDIR', 'TEMP', 'TMP']) process.env[name] = runTemp;
	return async () => {
		const {removePristineData} = await import('./mariadb.js');
		removePristineData(process.pid);
		rmSync(runTemp, {recursive: true, force: true});
	};
}
