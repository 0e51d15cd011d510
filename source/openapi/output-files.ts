// What edu openapi writes, as a changeset of only the files whose content differs from the disk:
// an unchanged specification or page is left alone (its date too), and a run that changes
// nothing takes no lock and writes nothing.
import path from 'node:path';
import {EduError} from '../base/errors.js';
import type {FileChange} from '../sink/file-change.js';
import {readRegularFile} from '../project/regular-file.js';
import {isFolder} from '../base/path-kind.js';

export interface OutputFile {
	/** Relative to the project root, with `/`. */
	readonly path: string;
	readonly content: string;
}

export interface OutputReport {
	readonly path: string;
	readonly action: 'create' | 'modify' | 'unchanged';
}

/** The files as changes (those that differ) and as a report (all of them, in order). */
export function outputChanges(root: string, files: readonly OutputFile[]): {changes: FileChange[]; report: OutputReport[]} {
	const changes: FileChange[] = [];
	const report: OutputReport[] = [];
	for (const file of files) {
		const target = path.join(root, file.path);
		if (isFolder(target)) throw new EduError('WRITE_FAILED', `Cannot write ${file.path} (EISDIR: it is a folder); it was left as it was.`);
		const read = readRegularFile(target, file.path);
		if (read !== null && 'code' in read) throw EduError.from(read);
		const before = read === null ? null : read.toString('utf8');
		if (before === file.content) {
			report.push({path: file.path, action: 'unchanged'});
			continue;
		}
		const action = before === null ? 'create' : 'modify';
		changes.push({path: file.path, action, before, after: file.content});
		report.push({path: file.path, action});
	}
	return {changes, report};
}

/** The same path given twice (--out naming the page's own copy): the last one is kept, once. */
export function distinctFiles(files: readonly OutputFile[]): OutputFile[] {
	const last = new Map(files.map((file) => [file.path, file]));
	return files.filter((file) => last.get(file.path) === file);
}
