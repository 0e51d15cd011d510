// Replaces the output file atomically (core/atomic-write). On failure the temp file and any
// folder made for it are removed.
import {existsSync, mkdirSync, rmdirSync} from 'node:fs';
import path from 'node:path';
import {writeFileAtomic} from '../core/atomic-write.js';
import {EduError} from '../core/errors.js';

export function writeAtomically(root: string, relative: string, content: string): void {
	const target = path.join(root, relative);
	const created: string[] = [];
	try {
		makeFolders(path.dirname(target), root, created);
		writeFileAtomic(target, content);
	} catch (error) {
		for (const folder of created.reverse()) {
			try {
				rmdirSync(folder);
			} catch {
				// Someone wrote there meanwhile: leave it.
			}
		}
		const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
		throw new EduError('WRITE_FAILED', `Cannot write ${relative} (${reason}: ${(error as Error).message.split('\n')[0]}); it was left as it was.`);
	}
}

function makeFolders(folder: string, root: string, created: string[]): void {
	if (existsSync(folder)) return;
	const parent = path.dirname(folder);
	if (parent !== folder && path.relative(root, parent) !== '') makeFolders(parent, root, created);
	mkdirSync(folder);
	created.push(folder);
}
