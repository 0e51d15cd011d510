// What both the wizard and the plain prompts do first: find the project and read its snapshot,
// once. No Ink, no prompts here.
import {EduError} from '../core/errors.js';
import {findProjectRoot, readSnapshot, type Snapshot} from '../core/project.js';

/** The project's snapshot, read once; throws the core's refusal (not a project, bad routes.yaml…). */
export function openProject(start: string): Snapshot {
	const root = findProjectRoot(start);
	if (typeof root !== 'string') throw EduError.from(root);
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw EduError.from(snapshot);
	return snapshot;
}

/** Exit code of a run the user cancelled (Ctrl+C, or Esc on the first screen): 128 + SIGINT, as shells report it. */
export const cancelledExitCode = 130;
export const cancelledMessage = 'Cancelled: nothing was written.';
