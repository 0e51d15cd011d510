// Where a change is written: its own path, or, for a change that follows links (routes.yaml,
// commands.yaml, a mock's compose or token file), the file inside the project its link leads to.
import path from 'node:path';
import {isInside} from '../project/confinement.js';
import {EduError} from '../base/errors.js';
import type {FileChange} from './file-change.js';
import type {WriteRun} from './run.js';

export function resolveTarget(run: WriteRun, root: string, change: FileChange): string {
	const target = path.join(root, change.path);
	const stat = run.fs.lstat(target);
	if (stat?.isSymbolicLink() && change.followLink) {
		const real = run.fs.realpath(target);
		if (!isInside(run.fs.realpath(root), real)) throw new EduError('OUTSIDE_PROJECT', `Refusing to write ${change.path}: it links to ${real}, outside the project.`);
		return real;
	}
	return target;
}

/** The file a followed link leads to, when the change's path is one (none otherwise, or when it cannot be written). */
export function linkedTarget(run: WriteRun, root: string, change: FileChange): string[] {
	try {
		const target = resolveTarget(run, root, change);
		return target === path.join(root, change.path) ? [] : [target];
	} catch {
		return [];
	}
}
