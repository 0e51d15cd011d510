// Where the mock commands may read and write: inside the project, and only regular files.
// The project is the Edu Framework project around the start folder (as every command finds it:
// core/project/root.ts); outside one, the folder holding the compose file or var/api/.
// A symlinked file is followed to its target, which must stay inside the project too.
import {statSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {isWithin, realPathOf} from '../project/confinement.js';
import {readRegularFile} from '../project/regular-file.js';
import {findProjectRoot} from '../project/root.js';
import {mockRootAbove} from './compose-file.js';
import {decodeUtf8At} from '../base/json-check.js';

/** The most a mock file may hold: compose files and token lists are a few kilobytes. */
export const maxFileBytes = 1024 * 1024;

export interface MockProject {
	/** Absolute root: the mock's files (compose file, var/api/) live at or below it. */
	readonly root: string;
	/** The Edu Framework project root, when there is one: nothing above it is looked at. */
	readonly eduRoot?: string;
}

/** The Edu Framework project at or above `start`, if any. */
export function eduRootOf(start: string): string | undefined {
	const found = findProjectRoot(start);
	return typeof found === 'string' ? found : undefined;
}

/** The project of `start`, or undefined outside any. */
export function findMockProject(start: string): MockProject | undefined {
	const eduRoot = eduRootOf(start);
	const root = mockRootAbove(start, eduRoot) ?? eduRoot;
	return root === undefined ? undefined : {root, ...(eduRoot === undefined ? {} : {eduRoot})};
}

export function requireMockProject(start: string): MockProject {
	const project = findMockProject(start);
	if (project === undefined) {
		throw new EduError('NOT_A_PROJECT', `No project in ${path.resolve(start)} or above it (no Edu Framework project, compose file or var/api/ folder). Run edu at the project root, or pass --cwd.`);
	}
	return project;
}

/**
 * The file to read and write for `target`, symlinks followed; refused when it, or where a
 * link leads, is outside the project.
 */
export function confined(project: MockProject, target: string, shown: string): string {
	const outside = (): EduError => new EduError('OUTSIDE_PROJECT', `${shown}: outside the project (${project.root}); edu writes only inside it.`);
	if (!isWithin(project.root, path.resolve(target))) throw outside();
	const real = realPathOf(path.resolve(target));
	if (!isWithin(realPathOf(project.root), real)) {
		throw new EduError('OUTSIDE_PROJECT', `${shown}: a link to ${real}, outside the project (${project.root}); edu writes only inside it.`);
	}
	return real;
}

export interface ReadText {
	readonly text: string;
	/** Permission bits, kept when the file is rewritten. */
	readonly mode: number;
}

/** A regular file's UTF-8 text, or undefined when it does not exist. Refuses FIFOs, devices, folders, oversized and non-UTF-8 files with one line. */
export function readProjectText(file: string, shown: string): ReadText | undefined {
	const bytes = readRegularFile(file, shown, maxFileBytes);
	if (bytes === null) return undefined;
	if ('code' in bytes) throw new EduError(bytes.code, `${bytes.message.replace(/\.$/, '')}; nothing was written.`);
	const decoded = decodeUtf8At(bytes);
	if (!('text' in decoded)) {
		throw new EduError('BAD_PROJECT_FILE', `${shown}:${decoded.line}:${decoded.col}: not UTF-8 (a byte that starts no character); edu would have to replace it, so nothing was written.`);
	}
	return {text: decoded.text, mode: modeOf(file)};
}

/** The permission bits a rewrite keeps. */
function modeOf(file: string): number {
	try {
		return statSync(file).mode & 0o7777;
	} catch {
		return 0o644;
	}
}
