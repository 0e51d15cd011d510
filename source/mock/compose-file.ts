// Which compose file `docker compose` would use: the first of its default names in the
// folder, else in the nearest folder above it; or the one given with --compose.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {isFile, isFolder} from '../base/path-kind.js';
import {shellWord} from '../sink/leftovers.js';

/** What a compose file needs for the mock API, as messages say it. */
export const mockServiceShape = 'image: bfoujols/mock-veliko-api:latest, ports: ["9042:80"]';

/** docker compose's own order of preference. */
export const composeFileNames = ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'] as const;

export interface ComposeFile {
	/** Absolute path of the file. */
	readonly path: string;
	/** The folder docker compose runs in: relative paths such as ./var/api start there. */
	readonly dir: string;
	/** True when plain `docker compose …` run from `dir` picks this file. */
	readonly isDefault: boolean;
}

function defaultIn(dir: string): string | undefined {
	for (const name of composeFileNames) {
		if (isFile(path.join(dir, name))) return path.join(dir, name);
	}
	return undefined;
}

/** The last folder to look in: `limit` (the project root) when `start` is inside it, else the file-system root. */
function isLast(dir: string, limit: string | undefined): boolean {
	return path.dirname(dir) === dir || (limit !== undefined && dir === path.resolve(limit));
}

/** The nearest folder at or above `start` (up to `limit`) with a compose file or a var/api folder: where the mock API's files live. */
export function mockRootAbove(start: string, limit?: string): string | undefined {
	for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
		if (defaultIn(dir) !== undefined || isFolder(path.join(dir, 'var', 'api'))) return dir;
		if (isLast(dir, limit)) return undefined;
	}
}

/** The compose file `docker compose` would use from `start`, looking no higher than `limit` (the project root). */
export function findComposeFile(start: string, explicit?: string, limit?: string): ComposeFile {
	if (explicit !== undefined) {
		const file = path.resolve(start, explicit);
		if (!isFile(file)) {
			throw new EduError('NO_COMPOSE_FILE', `${explicit}: no such compose file${existsSync(file) ? ' (it is a folder)' : ''}.`);
		}
		const dir = path.dirname(file);
		return {path: file, dir, isDefault: defaultIn(dir) === file};
	}
	let dir = path.resolve(start);
	for (;;) {
		const found = defaultIn(dir);
		if (found !== undefined) return {path: found, dir, isDefault: true};
		if (isLast(dir, limit)) break;
		dir = path.dirname(dir);
	}
	// In a project, the project root is where edu looked: the file is missing, not the place wrong.
	const found = limit === undefined
		? `${path.resolve(start)} or above it (looked for ${composeFileNames.join(', ')}). Run edu at the project root`
		: `the project (${path.resolve(limit)}) (looked for ${composeFileNames.join(', ')}): declare the mock API service in a compose.yaml at the project root (${mockServiceShape})`;
	throw new EduError('NO_COMPOSE_FILE', `No compose file in ${found}, or pass --compose FILE.`);
}

/** The restart command to print (and run): plain when docker compose finds the file by itself. */
export function composeArgs(file: ComposeFile): string[] {
	return file.isDefault ? ['compose'] : ['compose', '-f', path.basename(file.path)];
}

/** The restart command as pasted where the user is (`from`): `cd` to the compose file's folder first when that is elsewhere. */
export function restartCommand(file: ComposeFile, from: string): string {
	const prefix = (file.isDefault ? ['compose'] : ['compose', '-f', pathArg(path.basename(file.path))]).map(shellArg).join(' ');
	const cd = path.resolve(from) === file.dir ? '' : `cd ${shellArg(pathArg(path.relative(from, file.dir) || '.'))} && `;
	return `${cd}docker ${prefix} down && docker ${prefix} up -d`;
}

/** A relative path never read as an option (a folder named -app). */
const pathArg = (value: string): string => (value.startsWith('-') ? `./${value}` : value);

/** One word for the user's shell: POSIX quoting (no $, `, ! or " left to expand), cmd's double quotes on Windows. */
function shellArg(value: string): string {
	if (process.platform !== 'win32') return shellWord(value);
	return /^[\w./:@=-]+$/.test(value) ? value : `"${value.replace(/(["\\$`])/g, '\\$1')}"`;
}
