// Finds the project root: the nearest folder at or above the start that holds an Edu Framework
// project. Kept apart from the snapshot reader so commands that only need the root load no YAML.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from './errors.js';

/** Where the framework reads its routes, relative to the project root. */
export const routesPath = 'app/Config/routes.yaml';
const markers = [routesPath, 'app/Controller', 'bin/edu'];

function isProjectRoot(directory: string): boolean {
	return markers.some((marker) => existsSync(path.join(directory, marker)));
}

/** The nearest folder at or above `start` that holds an Edu Framework project. */
export function findProjectRoot(start: string): string | Refusal {
	let directory = path.resolve(start);
	if (!existsSync(directory)) return refusal('NOT_A_PROJECT', `${start}: no such folder`);
	for (;;) {
		if (isProjectRoot(directory)) return directory;
		const parent = path.dirname(directory);
		if (parent === directory) break;
		directory = parent;
	}
	return refusal(
		'NOT_A_PROJECT',
		`No Edu Framework project in ${path.resolve(start)} or above it (looked for ${routesPath}, app/Controller or bin/edu). Run edu at the project root, or pass --cwd.`,
	);
}

