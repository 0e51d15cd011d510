// Every test run starts by re-bundling the bin from source/ (esbuild, well under a second), so
// the end-to-end tests never run a stale dist/bin/edu.js after a source edit.
// (`npm test` also runs the full build first, tsc included.)
export default async function setup(): Promise<() => Promise<void>> {
	await import(new URL('../../scripts/bundle.js', import.meta.url).href);
	// The MariaDB data folder the workers (children of this process) installed once and copied.
	return async () => {
		const {removePristineData} = await import('./mariadb.js');
		removePristineData(process.pid);
	};
}
