// Temp copies of fixture projects, and the built binary run in them.
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {execa, type Options} from 'execa';
import {afterAll} from 'vitest';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const fixturesDir = path.join(repoRoot, 'fixtures');
/** The bin as installed: the esbuild bundle of source/launch/bin.ts (npm run build). */
export const binPath = path.join(repoRoot, 'dist', 'bin', 'edu.js');

const made: string[] = [];
afterAll(() => {
	for (const folder of made.splice(0)) rmSync(folder, {recursive: true, force: true});
});

/** A fresh temp folder holding a copy of fixtures/<name> (or an empty folder for no name). */
export function tempProject(fixture?: string): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'edu-test-'));
	made.push(folder);
	if (fixture !== undefined) cpSync(path.join(fixturesDir, fixture), folder, {recursive: true});
	return folder;
}

/** Every file under `folder` with its bytes, to prove a run left a project byte-identical. */
export function snapshotTree(folder: string): Record<string, string> {
	const tree: Record<string, string> = {};
	const walk = (relative: string): void => {
		for (const name of readdirSync(path.join(folder, relative))) {
			const child = path.join(relative, name);
			if (statSync(path.join(folder, child)).isDirectory()) {
				tree[`${child}/`] = '';
				walk(child);
			} else {
				tree[child] = readFileSync(path.join(folder, child)).toString('base64');
			}
		}
	};
	walk('');
	return tree;
}

export interface RunResult {
	readonly exitCode: number;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs the built `edu` binary as a user would, with no terminal. */
export async function runEdu(args: readonly string[], options: Options & {cwd: string}): Promise<RunResult> {
	const result = await execa(process.execPath, [binPath, ...args], {
		reject: false,
		stdin: 'ignore',
		stripFinalNewline: false,
		// COLUMNS only when a test gives it: a width exported by the shell running the suite would change layouts.
		env: {NO_COLOR: '1', COLUMNS: undefined, ...options.env},
		...options,
	});
	return {exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr)};
}

export function readProjectFile(root: string, relative: string): string {
	return readFileSync(path.join(root, relative), 'utf8');
}
