// What a run the user forced (--force) replaces, or a file the writer knows holds work of the
// user's (an openapi.yaml edited by hand), is copied first, byte for byte, under
// .edu/backups/<local time>/ at its own path; the sink (fs.ts) places the copies before anything
// they keep is replaced, and removes them with the rest if the run fails.
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {isInside, repositoryFolderOf} from '../project/confinement.js';
import type {FileChange} from './file-change.js';
import type {WriteRun} from './run.js';

/** Where forced runs keep what they replaced, relative to the project root. */
export const backupsFolder = '.edu/backups';

/**
 * What the changes to keep (`overwrite`, or `keep`) would replace, to be copied first:
 * each file's bytes under .edu/backups/<local time>/ at its own path, when it differs from what
 * replaces it. Each copy is said in the run's notes.
 */
export function keptCopies(run: WriteRun, root: string, targets: ReadonlyArray<{change: FileChange; target: string}>): Array<{change: FileChange; target: string; content: Buffer; of: string}> {
	const kept = targets.flatMap(({change, target}) => {
		if (change.action !== 'overwrite' && change.keep === undefined) return [];
		const source = linkedFile(run, root, change, target);
		const bytes = run.readBytes(source);
		const after = change.action === 'delete' ? undefined : Buffer.from(change.after, 'utf8');
		return bytes === null || (after !== undefined && bytes.equals(after)) ? [] : [{change, target, bytes, source}];
	});
	if (kept.length === 0) return [];
	const folder = freeFolder(run, root, `${backupsFolder}/${timeStamp(run.host.now())}`);
	return kept.map(({change, target, bytes, source}) => {
		const relative = `${folder}/${run.shown(target)}`;
		const {keep} = change;
		const verb = change.action === 'delete' ? 'Removed' : 'Replaced';
		run.notes.push(typeof keep === 'object' ? `${verb} ${change.path}, which ${keep.because}; what it held is kept in ${relative}.` : `--force replaced ${change.path}; what it held is kept in ${relative}.`);
		// The copy is as private as the file it keeps (the file's own mode, not its link's 0777).
		const mode = (run.fs.lstat(source)?.mode ?? 0o600) & 0o777;
		return {change: {path: relative, action: 'create', before: null, after: '', mode}, target: path.join(root, relative), content: bytes, of: change.path};
	});
}

/**
 * The file whose bytes a copy keeps: `target`, or the file its link leads to when that is in the
 * project; a link out of it (or into .git/) is refused, so no outside file's bytes are copied in.
 */
function linkedFile(run: WriteRun, root: string, change: FileChange, target: string): string {
	if (run.fs.lstat(target)?.isSymbolicLink() !== true) return target;
	let real: string;
	try {
		real = run.fs.realpath(target);
	} catch {
		// A link that leads nowhere holds no bytes to keep.
		return target;
	}
	const realRoot = run.fs.realpath(root);
	if (!isInside(realRoot, real) || repositoryFolderOf(path.relative(realRoot, real)) !== undefined) {
		throw new EduError('OUTSIDE_PROJECT', `Refusing to replace ${change.path}: it is a link to ${real}, outside the project's own files, whose bytes edu never copies into .edu/backups/; nothing was written.`);
	}
	return real;
}

/** `2026-11-25T14-05-09`: local time, without the colons Windows refuses in a file name. */
function timeStamp(date: Date): string {
	const two = (value: number): string => String(value).padStart(2, '0');
	return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}-${two(date.getMinutes())}-${two(date.getSeconds())}`;
}

/** `folder`, or `folder-2`, `folder-3`…: the first name not taken (two forced runs in one second). */
function freeFolder(run: WriteRun, root: string, folder: string): string {
	for (let count = 1; ; count++) {
		const candidate = count === 1 ? folder : `${folder}-${count}`;
		if (run.fs.lstat(path.join(root, candidate)) === null) return candidate;
	}
}
