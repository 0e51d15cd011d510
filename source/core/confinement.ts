// Nothing is ever written outside the project: every path a change names must be a plain
// relative path that resolves (symlinks included) inside the project root.
import * as nodeFs from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from './errors.js';

/** `resolved` is below `realRoot` (a file in the project; the root itself is not). */
export function isInside(realRoot: string, resolved: string): boolean {
	const inside = path.relative(realRoot, resolved);
	return inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside);
}

/** `folder` is the project root or below it. */
export function isWithin(realRoot: string, folder: string): boolean {
	return folder === realRoot || isInside(realRoot, folder);
}

/** Every path a change writes must resolve (symlinks included) inside the project root. */
export function confinementProblem(root: string, relative: string): Refusal | undefined {
	const realRoot = nodeFs.realpathSync(root);
	if (path.isAbsolute(relative) || relative.split(/[\\/]/).some((part) => part === '..' || part === '') || relative.includes('\0')) {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${JSON.stringify(relative)}: not a plain path inside the project.`);
	}
	// Resolve the deepest part of the path that exists; what is still to be created cannot be a link.
	let existing = path.join(realRoot, relative);
	let rest = '';
	while (!nodeFs.existsSync(existing) && !isDanglingLink(existing)) {
		rest = path.join(path.basename(existing), rest);
		existing = path.dirname(existing);
	}
	let resolved: string;
	try {
		resolved = path.join(nodeFs.realpathSync(existing), rest);
	} catch {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${relative}: it is a link that leads nowhere.`);
	}
	if (!isInside(realRoot, resolved)) {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${relative}: it resolves to ${resolved}, outside the project.`);
	}
	return undefined;
}

function isDanglingLink(target: string): boolean {
	try {
		return nodeFs.lstatSync(target).isSymbolicLink();
	} catch {
		return false;
	}
}
