// Finds the project root: the nearest folder at or above the start that is an Edu Framework
// project. Kept apart from the snapshot reader so commands that only need the root load no YAML.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from '../base/errors.js';
import {isFile, isFolder} from '../base/path-kind.js';
import {findJsonProblem} from '../base/json-check.js';

/** Where the framework reads its routes, relative to the project root. */
export const routesPath = 'app/Config/routes.yaml';
export const frameworkPackage = 'studoo/edu-framework';
/** The rule, in words, for messages and the readme. */
export const projectRule = `a composer.json requiring ${frameworkPackage}, or an ${routesPath} file`;

/** Whether composer.json requires the framework; undefined when it cannot be read as JSON. */
function requiresFramework(file: string): boolean | undefined {
	if (!isFile(file)) return false;
	try {
		const composer = JSON.parse(readFileSync(file, 'utf8')) as {require?: unknown; 'require-dev'?: unknown};
		return [composer.require, composer['require-dev']].some((list) => typeof list === 'object' && list !== null && frameworkPackage in list);
	} catch {
		return undefined;
	}
}

/** A project: composer.json requires the framework, or app/Config/routes.yaml exists. `bin/edu` or `app/Controller` alone is not one. */
export function isProjectRoot(directory: string): boolean {
	return existsSync(path.join(directory, routesPath)) || requiresFramework(path.join(directory, 'composer.json')) === true;
}

/** A composer.json that names the framework but is not valid JSON: why the project was not found, with its place. */
function brokenComposer(directory: string): Refusal | undefined {
	const file = path.join(directory, 'composer.json');
	if (requiresFramework(file) !== undefined) return undefined;
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
	if (!text.includes(frameworkPackage)) return undefined;
	const problem = findJsonProblem(text) ?? {line: 1, col: 1, reason: 'not valid JSON'};
	// Absolute: no project root was found for a relative path to start from.
	return refusal('BAD_PROJECT_FILE', `${file}:${problem.line}:${problem.col}: ${problem.reason}: edu reads it to find the Edu Framework project; fix it, then run the command again; nothing was written.`);
}

/** The nearest folder at or above `start` that holds an Edu Framework project. */
export function findProjectRoot(start: string): string | Refusal {
	let directory = path.resolve(start);
	if (!existsSync(directory)) return refusal('NOT_A_PROJECT', `${start}: no such folder.`);
	if (!isFolder(directory)) return refusal('NOT_A_PROJECT', `${start}: a file, not a folder (--cwd takes the project's folder).`);
	let broken: Refusal | undefined;
	for (;;) {
		if (isProjectRoot(directory)) return directory;
		broken ??= brokenComposer(directory);
		const parent = path.dirname(directory);
		if (parent === directory) break;
		directory = parent;
	}
	return broken ?? refusal(
		'NOT_A_PROJECT',
		`No Edu Framework project in ${path.resolve(start)} or above it (looked for ${projectRule}): run edu at the project root, or pass --cwd; nothing was written.`,
	);
}
