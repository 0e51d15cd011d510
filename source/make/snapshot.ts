// Finds the project root and reads a snapshot of what the plan needs: routes.yaml and
// the existing controllers and views. Reads only; never writes.
import {existsSync, readdirSync, statSync, type Dirent} from 'node:fs';
import path from 'node:path';
import {EduError, type Refusal} from '../base/errors.js';
import {readUploadApi, type UploadApi} from '../project/framework-request.js';
import {readTitleBlock} from '../project/base-view.js';
import {lockFileFor, readLock} from '../sink/lock.js';
import {killedRunLeftovers} from '../sink/killed-run.js';
import {processHost, type SinkHost} from '../sink/host.js';
import {findProjectRoot} from '../project/root.js';
import {isInside, linkEscape} from '../project/confinement.js';
import {readRoutesFile} from '../project/routes-yaml/routes-file.js';
import {emptyRoutesFile, routesPath, type RoutesFile} from '../project/routes-yaml/routes.js';
import {templateCatalog, type TemplateCatalog} from '../templates/catalog.js';
import {plannedFolders} from '../templates/manifest.js';
import type {Settings} from '../project/settings.js';
import {realPath} from '../base/real-path.js';

export {findProjectRoot};
export {readRoutesFile};

export interface Snapshot {
	/** Absolute project root. */
	readonly root: string;
	readonly routes: RoutesFile;
	/** Lower-cased relative path (with /) → relative path, for every file under app/Controller and app/Template. */
	readonly files: ReadonlyMap<string, string>;
	/** The upload API of the installed framework's Request; `php` when absent. Read on first use (the upload template's). */
	readonly uploadApi?: UploadApi;
	/** The block of app/Template/base.html.twig that holds the page title (base-view.ts); the framework's when absent. Read on first use (a view's). */
	readonly titleBlock?: string;
	/** False when vendor/autoload.php is missing: served requests fail until `composer install`. */
	readonly dependenciesInstalled?: boolean;
	/** Where the framework's settings (the database…) are: .env, only its example, or neither. */
	readonly settings?: Settings;
	/** The built-in templates and the project's own (.edu/templates/); the built-ins when absent. */
	readonly templates?: TemplateCatalog;
	/** Why a folder of the project (upload's --dir) leads through a link out of it or into .git/, read from the disk; no check when absent. */
	readonly folderEscape?: (relative: string) => string | undefined;
}

export type {Settings};

function settingsOf(root: string): Settings {
	if (existsSync(path.join(root, '.env'))) return '.env';
	return existsSync(path.join(root, '.env.example')) ? '.env.example' : 'none';
}

/**
 * Reads routes.yaml (absent is fine: it will be created) and lists controllers and views.
 * `templates`: the project's catalog when the caller has it already (its folders read once).
 */
export function readSnapshot(root: string, host: SinkHost = processHost, templates: TemplateCatalog = templateCatalog(root)): Snapshot | Refusal {
	const routes = readRoutesFile(root);
	if ('code' in routes) return routes;
	const files = new Map<string, string>();
	for (const folder of plannedFolders) listFiles(root, folder.replace(/\/$/, ''), files);
	// A run killed between its renames left files without their route: the file-system sink
	// removes them under the lock before writing, so plan as if they were gone already.
	for (const relative of killedRunFiles(root, host)) files.delete(relative.toLowerCase());
	// Most runs need neither the framework's Request nor the base view: each is read when first asked for.
	let uploadApi: UploadApi | undefined;
	let titleBlock: string | undefined;
	return {
		root, routes, files,
		get uploadApi() {
			return uploadApi ??= readUploadApi(root);
		},
		get titleBlock() {
			return titleBlock ??= readTitleBlock(root);
		},
		dependenciesInstalled: existsSync(path.join(root, 'vendor/autoload.php')), settings: settingsOf(root), templates,
		folderEscape: (relative) => linkEscape(realPath(root), relative),
	};
}

/**
 * The project at `root` (found by the command), read once: what make:* plans against, the
 * command and the wizard alike. Throws the core's refusal (a routes.yaml that cannot be read…).
 */
export function openProject(root: string, templates?: TemplateCatalog): Snapshot {
	const snapshot = readSnapshot(root, processHost, templates);
	if ('code' in snapshot) throw EduError.from(snapshot);
	return snapshot;
}

/**
 * What the wizard plans its first frame against, before it reads the project: the templates the
 * command read, and no routes or files. Only a form with no name and no URI plans the same on it
 * as on the project (nothing it shows can clash yet).
 */
export function unreadProject(root: string, templates: TemplateCatalog = templateCatalog(root)): Snapshot {
	return {root, routes: emptyRoutesFile(), files: new Map(), templates};
}

function killedRunFiles(root: string, host: SinkHost): string[] {
	const owner = readLock(host, lockFileFor(path.join(root, routesPath)));
	if (owner?.journal === undefined || host.isAlive(owner.pid)) return [];
	return killedRunLeftovers(owner.journal, (relative) => {
		try {
			return statSync(path.join(root, relative));
		} catch {
			return null;
		}
	});
}



function listFiles(root: string, folder: string, into: Map<string, string>): void {
	const absolute = path.join(root, folder);
	let real: string;
	let realRoot: string;
	try {
		if (!statSync(absolute).isDirectory()) return;
		real = realPath(absolute);
		realRoot = realPath(root);
	} catch {
		return;
	}
	// A folder that leads out of the project is not read: nothing is written there either (confinement.ts).
	if (!isInside(realRoot, real)) return;
	const names: string[] = [];
	listFolder(absolute, '', [real], names, realRoot);
	for (const name of names) {
		const relative = `${folder}/${name}`;
		into.set(relative.toLowerCase(), relative);
	}
}

/**
 * Every entry under `absolute` (folders too), as paths relative to the first folder, with links to
 * folders followed as readdirSync's `recursive` follows them, except into a folder the walk is in
 * already (`ln -s . loop`, or two folders linking to each other): there the recursive read went
 * round until the path grew too long, and two such links made it run for ever. Nor out of the
 * project (`realRoot`): a link to / had the run read the whole disk, deaf to Ctrl+C meanwhile.
 * `above`: the real paths of the folders from the first one to this one. A folder that cannot be
 * read is listed without what it holds, the rest as it is.
 */
function listFolder(absolute: string, relative: string, above: readonly string[], into: string[], realRoot: string): void {
	let entries: Dirent[];
	try {
		entries = readdirSync(absolute, {withFileTypes: true, encoding: 'utf8'});
	} catch {
		return;
	}
	const here = above[above.length - 1]!;
	for (const entry of entries) {
		const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
		into.push(name);
		// The child's path only for a folder or a link: most entries are files, and a project may hold hundreds.
		if (entry.isDirectory()) {
			listFolder(path.join(absolute, entry.name), name, [...above, path.join(here, entry.name)], into, realRoot);
		} else if (entry.isSymbolicLink()) {
			const child = path.join(absolute, entry.name);
			const target = linkedFolder(child);
			if (target !== undefined && isInside(realRoot, target) && !above.includes(target)) listFolder(child, name, [...above, target], into, realRoot);
		}
	}
}

/** The real path of the folder a link leads to; undefined for a link to a file, to nothing, or round in a circle. */
function linkedFolder(link: string): string | undefined {
	try {
		return statSync(link).isDirectory() ? realPath(link) : undefined;
	} catch {
		return undefined;
	}
}

/** The existing file at `relative`, compared case-insensitively (so a project stays portable to macOS and Windows). */
export function existingFile(snapshot: Snapshot, relative: string): string | undefined {
	return snapshot.files.get(relative.toLowerCase());
}
