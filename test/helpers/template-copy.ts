// A built-in template copied into a temp project's .edu/templates/<name>/, its manifest edited.
import {cpSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {repoRoot} from './temp-project.js';

type Manifest = {options?: Record<string, Record<string, unknown>>; files: Record<string, Record<string, unknown>>};

/** Copies templates/<builtin> to `root`/.edu/templates/<name>/ and applies `edit` to its template.json (written with tabs, as published). */
export function copyTemplate(root: string, builtin: string, name: string, edit: (manifest: Manifest) => void = () => {}): string {
	const folder = path.join(root, '.edu', 'templates', name);
	cpSync(path.join(repoRoot, 'templates', builtin), folder, {recursive: true});
	const file = path.join(folder, 'template.json');
	const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
	edit(manifest);
	writeFileSync(file, `${JSON.stringify(manifest, null, '\t')}\n`);
	return file;
}

/** The 1-based line and column where `needle` starts in `file`'s text. */
export function siteIn(file: string, needle: string): string {
	const text = readFileSync(file, 'utf8');
	const before = text.slice(0, text.indexOf(needle));
	return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}
