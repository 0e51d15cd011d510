// Nothing is ever written outside the project: every path a change names must be a plain
// relative path that resolves (symlinks included) inside the project root, and not into its
// version control (.git/ and the like), where a hook is code git runs.
import * as nodeFs from 'node:fs';
import path from 'node:path';
import {refusal, type Refusal} from '../base/errors.js';
import {posixPath} from '../base/posix-path.js';
import {realPath} from '../base/real-path.js';

/** `resolved` is below `realRoot` (a file in the project; the root itself is not). */
export function isInside(realRoot: string, resolved: string): boolean {
	const inside = path.relative(realRoot, resolved);
	// `..x` (a file whose name starts with two dots, such as a lock's temp file) is inside.
	return inside !== '' && inside !== '..' && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside);
}

/** `folder` is the project root or below it. */
export function isWithin(realRoot: string, folder: string): boolean {
	return folder === realRoot || isInside(realRoot, folder);
}

/** Every path a change writes must resolve (symlinks included) inside the project root. */
export function confinementProblem(root: string, relative: string): Refusal | undefined {
	const realRoot = realPath(root);
	if (path.isAbsolute(relative) || relative.split(/[\\/]/).some((part) => part === '..' || part === '') || relative.includes('\0')) {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${JSON.stringify(relative)}: not a plain path inside the project.`);
	}
	const escape = linkEscape(realRoot, relative);
	return escape === undefined ? undefined : refusal('OUTSIDE_PROJECT', `Refusing to write ${relative}: ${escape}`);
}

/**
 * Why the plain path `relative` leads (through a link) outside `realRoot` or into its version
 * control, said from "it …", or undefined when it stays in the project's own files.
 */
export function linkEscape(realRoot: string, relative: string): string | undefined {
	// Resolve the deepest part of the path that exists; what is still to be created cannot be a link.
	let existing = path.join(realRoot, relative);
	let rest = '';
	while (!nodeFs.existsSync(existing) && !isLink(existing)) {
		rest = path.join(path.basename(existing), rest);
		existing = path.dirname(existing);
	}
	let resolved: string;
	try {
		resolved = path.join(realPath(existing), rest);
	} catch {
		return 'it is a link that leads nowhere.';
	}
	const link = (): string => {
		const first = firstLink(realRoot, relative);
		return first === undefined ? '' : ` through the link ${first}`;
	};
	if (!isInside(realRoot, resolved)) return `it resolves${link()} to ${resolved}, outside the project.`;
	const repository = repositoryFolderOf(path.relative(realRoot, resolved));
	if (repository !== undefined) return `it leads${link()} into ${repository}/, the project's version control, which edu never writes, not even with --force; nothing was written.`;
	return undefined;
}

const repositoryFolders = new Set(['.git', '.hg', '.svn', '.bzr']);

/** The version-control folder (`.git`, `sub/.git`…) that `relative` lies in, or undefined. */
export function repositoryFolderOf(relative: string): string | undefined {
	const parts = relative.split(/[\\/]/);
	const at = parts.findIndex((part) => repositoryFolders.has(part));
	return at === -1 ? undefined : parts.slice(0, at + 1).join('/');
}

/** The first part of `relative` (below `realRoot`) that is a symbolic link, or undefined. */
function firstLink(realRoot: string, relative: string): string | undefined {
	const parts = relative.split(/[\\/]/);
	for (let count = 1; count <= parts.length; count++) {
		const shown = parts.slice(0, count).join('/');
		if (isLink(path.join(realRoot, shown))) return shown;
	}
	return undefined;
}

/** The real path of `target` (its symlinks followed), or of its nearest existing folder joined with the rest. */
export function realPathOf(target: string): string {
	let existing = target;
	const rest: string[] = [];
	for (;;) {
		try {
			return path.join(realPath(existing), ...rest);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
			const parent = path.dirname(existing);
			if (parent === existing) return target;
			rest.unshift(path.basename(existing));
			existing = parent;
		}
	}
}

function isLink(target: string): boolean {
	try {
		return nodeFs.lstatSync(target).isSymbolicLink();
	} catch {
		return false;
	}
}

/**
 * An output path (`openapi --out`, any file a command writes where the user says) is never an
 * input of the project: nothing under app/, vendor/, config/, bin/, src/, .edu/ or .git/, no PHP or Twig file,
 * no composer, compose, routes or .env file, even through a link, even with --force. Any other
 * existing file is replaced only when `ownOutput` recognises it (what the command wrote before)
 * or with `force`. `read`: the content at a resolved path, null when nothing is there.
 */
export function outputProblem(root: string, relative: string, options: {force: boolean; ownOutput: (text: string) => boolean; read: (absolute: string) => string | null}): Refusal | undefined {
	const realRoot = realPath(root);
	let resolved: string;
	try {
		resolved = realPathOf(path.join(realRoot, relative));
	} catch {
		return undefined;
	}
	const inProject = posixPath(path.relative(realRoot, resolved));
	const input = projectInput(inProject);
	if (input !== undefined) {
		const shown = inProject === relative ? relative : `${relative} (${inProject})`;
		return refusal('OUTPUT_IS_INPUT', `Refusing to write ${shown}: it is an input of the project (${input}), never an output, not even with --force; nothing was written. Choose another file.`);
	}
	const text = options.read(resolved);
	if (text === null || options.force || options.ownOutput(text)) return undefined;
	return refusal('OUTPUT_EXISTS', `Refusing to replace ${relative}: it exists and is not a file edu wrote; nothing was written. Pass --force to replace it.`);
}

/** Why `relative` (resolved, with /) is an input of the project, or undefined. */
function projectInput(relative: string): string | undefined {
	const [top = '', ...below] = relative.split('/');
	const base = relative.split('/').at(-1) ?? '';
	if (['app', 'vendor', 'config', 'bin', 'src'].includes(top) && below.length > 0) return `${top}/ holds its code and configuration`;
	if (top === '.edu' && below.length > 0) return '.edu/ holds its own templates and the backups edu keeps';
	if (top === '.git' && below.length > 0) return '.git/ holds its repository';
	if (/\.(php|phtml|twig|inc)$/i.test(base)) return 'a PHP or Twig source';
	if (/^(composer\.(json|lock)|(docker-)?compose(\.[\w-]+)?\.ya?ml|\.env(\..*)?|routes\.ya?ml|package(-lock)?\.json)$/i.test(base)) return `its ${base}`;
	return undefined;
}
