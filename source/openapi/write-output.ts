// Replaces the output file atomically: a temp file in the same folder, synced, then renamed over
// the old one. On failure the temp file and any folder made for it are removed.
import {closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmdirSync, unlinkSync, writeSync} from 'node:fs';
import path from 'node:path';
import {EduError} from '../core/errors.js';

export function writeAtomically(root: string, relative: string, content: string): void {
	const target = path.join(root, relative);
	const created: string[] = [];
	const temp = path.join(path.dirname(target), `.${path.basename(target)}.edu-tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
	try {
		makeFolders(path.dirname(target), root, created);
		const descriptor = openSync(temp, 'wx');
		try {
			writeSync(descriptor, content);
			fsyncSync(descriptor);
		} finally {
			closeSync(descriptor);
		}
		renameSync(temp, target);
	} catch (error) {
		try {
			unlinkSync(temp);
		} catch {
			// Never written.
		}
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
