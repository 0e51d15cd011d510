// A project template's own files (template.json and the files it names) are read as data from
// the project, never from elsewhere: a link that leads outside the project (or into .git/) is
// refused and named, and so is anything but a regular file of a template's size.
import path from 'node:path';
import {decodeUtf8} from '../base/json-check.js';
import {isInside, repositoryFolderOf} from '../project/confinement.js';
import {readRegularFile} from '../project/regular-file.js';
import {realPath} from '../base/real-path.js';

/** The most a template file may hold: the built-in ones are a few pages of code. */
export const maxTemplateFileBytes = 256 * 1024;

/** The text of `relative` (below `root`), `missing` when there is none, or why it is not read. */
export function readTemplateFile(root: string, relative: string, limit = maxTemplateFileBytes): {readonly text: string} | 'missing' | {readonly problem: string} {
	const absolute = path.join(root, relative);
	let real: string;
	let realRoot: string;
	try {
		realRoot = realPath(root);
		real = realPath(absolute);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
		return {problem: `cannot be read (${(error as Error).message})`};
	}
	const inProject = path.relative(realRoot, real);
	if (!isInside(realRoot, real) || repositoryFolderOf(inProject) !== undefined) {
		return {problem: `is a link to ${real}, outside the project's own files: a template reads only files of the project`};
	}
	const read = readRegularFile(real, relative, limit);
	if (read === null) return 'missing';
	if ('code' in read) return {problem: read.message.replace(`${relative}: `, '')};
	const text = decodeUtf8(read);
	return text === undefined ? {problem: 'is not UTF-8 text'} : {text};
}
