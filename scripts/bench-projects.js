// Generated projects for the benchmark: a routes.yaml of N routes, and N API controllers
// written exactly as `edu make:api` writes them (through the built core's plan()).
// Everything lands in temp folders; nothing in the repository is written.
import {closeSync, cpSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const samplePath = path.join(repoRoot, 'fixtures', 'sample');
const routesRelative = 'app/Config/routes.yaml';

const temps = [];

/** A fresh temp folder, a copy of fixtures/sample unless `empty`, at rest (settled). Removed by `removeTemps()`. */
export function tempSample({empty = false} = {}) {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-bench-'));
	temps.push(folder);
	if (!empty) cpSync(samplePath, folder, {recursive: true});
	return settled(folder);
}

/**
 * `folder` with every file and folder in it written out to the disk (untimed): a project at rest,
 * as a student's is. A copy made just before a timed run would otherwise be written out by that
 * run's first fsync (edu makes each new file durable before it takes its name), a cost of the
 * bench's copy rather than of edu. Where a folder cannot be synced (Windows), it is left as it is.
 */
export function settled(folder) {
	const entries = readdirSync(folder, {withFileTypes: true, recursive: true});
	// The files, then the folders that name them.
	for (const entry of entries.filter((each) => each.isFile())) syncPath(path.join(entry.parentPath, entry.name));
	for (const entry of entries.filter((each) => each.isDirectory())) syncPath(path.join(entry.parentPath, entry.name));
	syncPath(folder);
	return folder;
}

function syncPath(file) {
	let descriptor;
	try {
		descriptor = openSync(file, 'r');
		fsyncSync(descriptor);
	} catch {
		// A folder on Windows: its entries are written with the files.
	} finally {
		if (descriptor !== undefined) closeSync(descriptor);
	}
}

export function tempFolders() {
	return temps;
}

/**
 * The name, URI and methods of the i-th generated route. One in three has a path
 * parameter (quoted in routes.yaml, a Parameter attribute in the controller), one in
 * four serves GET and POST, so the files are not all alike.
 */
export function generatedRoute(index) {
	const name = `Item${index}`;
	const kebab = `item${index}`;
	const uri = index % 3 === 0 ? `/api/${kebab}/{id}` : `/api/${kebab}`;
	const methods = index % 4 === 0 ? ['GET', 'POST'] : ['GET'];
	return {name, kebab, uri, methods};
}

/** routes.yaml text: the sample's own routes, then `count` generated ones, in the format edu appends. */
export async function routesText(count) {
	const {renderEntry} = await import(path.join(repoRoot, 'dist/project/routes-yaml/append.js'));
	const parts = [readFileSync(path.join(samplePath, routesRelative), 'utf8').replace(/\n*$/, '\n')];
	for (let index = 0; index < count; index++) {
		const route = generatedRoute(index);
		if (index % 100 === 0) parts.push(`\n# Generated block ${index / 100 + 1}.`);
		parts.push('\n', renderEntry({
			name: `api_${route.kebab}`,
			uri: route.uri,
			controller: `Controller\\api\\${route.name}Controller`,
			methods: route.methods,
		}, 4, '\n'));
	}
	return parts.join('');
}

/** A copy of the sample project whose routes.yaml holds `count` generated routes (and no matching controllers). */
export async function projectWithRoutes(count) {
	const folder = tempSample();
	const text = await routesText(count);
	writeFileSync(path.join(folder, routesRelative), text);
	return {folder, routesPath: path.join(folder, routesRelative), routesText: text};
}

/**
 * A copy of the sample project with `count` API controllers and their routes, each
 * controller's text produced by the built plan() for `make:api <name> --uri … --methods …`,
 * which is what the binary would write.
 */
export async function projectWithControllers(count) {
	const {plan} = await import(path.join(repoRoot, 'dist/make/plan.js'));
	const {readSnapshot} = await import(path.join(repoRoot, 'dist/make/snapshot.js'));
	const folder = tempSample();
	const snapshot = readSnapshot(folder);
	if ('code' in snapshot) throw new Error(`cannot read the sample project: ${snapshot.message}`);
	mkdirSync(path.join(folder, 'app/Controller/api'), {recursive: true});
	for (let index = 0; index < count; index++) {
		const route = generatedRoute(index);
		const planned = plan({kind: 'api', name: route.name, uri: route.uri, methods: route.methods}, snapshot);
		if (planned.refusals.length > 0) throw new Error(`plan refused ${route.name}: ${planned.refusals[0].message}`);
		const controller = planned.changes.find((change) => change.path.startsWith('app/Controller/api/') && change.path.endsWith('Controller.php'));
		writeFileSync(path.join(folder, controller.path), controller.after);
	}
	writeFileSync(path.join(folder, routesRelative), await routesText(count));
	return folder;
}
