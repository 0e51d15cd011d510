// Applies a Plan: the only code that writes into a project. Takes a lock on routes.yaml,
// re-checks under it (re-planning if the project changed since the snapshot), writes each
// file to a temp file and renames it into place (controllers and views first, routes.yaml
// last), and on any failure restores everything it had already changed.
import * as nodeFs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import {EduError, refusal, type Refusal} from './errors.js';
import {plan as makePlan, type FileChange, type Plan} from './plan.js';
import {readSnapshot, type Snapshot} from './project.js';
import {routesPath, verifyAppended} from './routes.js';

/** The file-system calls commit makes; tests pass their own to inject failures. */
export interface CommitFs {
	mkdirSync(target: string): void;
	writeFileSync(target: string, data: string, options: {flag: string; mode?: number}): void;
	fsyncFile(target: string): void;
	renameSync(from: string, to: string): void;
	linkSync(from: string, to: string): void;
	unlinkSync(target: string): void;
	rmdirSync(target: string): void;
}

export const realFs: CommitFs = {
	mkdirSync: (target) => nodeFs.mkdirSync(target),
	writeFileSync: (target, data, options) => nodeFs.writeFileSync(target, data, options),
	fsyncFile(target) {
		const descriptor = nodeFs.openSync(target, 'r+');
		try {
			nodeFs.fsyncSync(descriptor);
		} finally {
			nodeFs.closeSync(descriptor);
		}
	},
	renameSync: (from, to) => nodeFs.renameSync(from, to),
	linkSync: (from, to) => nodeFs.linkSync(from, to),
	unlinkSync: (target) => nodeFs.unlinkSync(target),
	rmdirSync: (target) => nodeFs.rmdirSync(target),
};

export interface CommitOptions {
	readonly fs?: CommitFs;
	/** How long to wait for another run's lock, in milliseconds. */
	readonly lockWait?: number;
}

export interface CommitResult {
	/** The plan that was written: the one given, or a fresh one if the project changed meanwhile. */
	readonly plan: Plan;
}

const tempMarker = '.edu-tmp-';

/** Every path a change writes must resolve (symlinks included) inside the project root. */
export function confinementProblem(root: string, relative: string): Refusal | undefined {
	const realRoot = nodeFs.realpathSync(root);
	if (path.isAbsolute(relative) || relative.split(/[\\/]/).some((part) => part === '..' || part === '') || relative.includes('\0')) {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${JSON.stringify(relative)}: not a plain path inside the project.`);
	}
	// Resolve the deepest part of the path that exists; what is still to be created cannot be a link.
	let existing = path.join(realRoot, relative);
	let rest = '';
	while (!nodeFs.existsSync(existing) && !isDanglingLink(existing)) {
		rest = path.join(path.basename(existing), rest);
		existing = path.dirname(existing);
	}
	let resolved: string;
	try {
		resolved = path.join(nodeFs.realpathSync(existing), rest);
	} catch {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${relative}: it is a link that leads nowhere.`);
	}
	const inside = path.relative(realRoot, resolved);
	if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
		return refusal('OUTSIDE_PROJECT', `Refusing to write ${relative}: it resolves to ${resolved}, outside the project.`);
	}
	return undefined;
}

function isDanglingLink(target: string): boolean {
	try {
		return nodeFs.lstatSync(target).isSymbolicLink();
	} catch {
		return false;
	}
}

/** True when routes.yaml is byte-identical to the snapshot and no file to create has appeared. */
function unchanged(snapshot: Snapshot, changes: readonly FileChange[]): boolean {
	let routesText: string | null;
	try {
		routesText = nodeFs.readFileSync(path.join(snapshot.root, routesPath), 'utf8');
	} catch {
		routesText = null;
	}
	if (snapshot.routes.exists ? routesText !== snapshot.routes.text : routesText !== null) return false;
	return changes.every((change) => change.action !== 'create' || !nodeFs.existsSync(path.join(snapshot.root, change.path)));
}

export async function commit(planned: Plan, snapshot: Snapshot, options: CommitOptions = {}): Promise<CommitResult> {
	const fs = options.fs ?? realFs;
	const {root} = snapshot;
	if (planned.refusals.length > 0) throw EduError.from(planned.refusals[0]!);
	for (const change of planned.changes) {
		const problem = confinementProblem(root, change.path);
		if (problem) throw EduError.from(problem);
	}

	const createdDirectories: string[] = [];
	const configDirectory = path.join(root, path.dirname(routesPath));
	ensureDirectory(fs, configDirectory, root, createdDirectories);
	let release: (() => Promise<void>) | undefined;
	try {
		release = await lockfile.lock(path.join(root, routesPath), {
			realpath: false,
			lockfilePath: path.join(configDirectory, '.routes.yaml.lock'),
			// A holder killed mid-run leaves the lock: it is taken over once 5 s old.
			stale: 5_000,
			update: 1_000,
			retries: {retries: Math.ceil((options.lockWait ?? 30_000) / 150), minTimeout: 20, maxTimeout: 150, factor: 1.3, randomize: true},
		});
	} catch (error) {
		removeDirectories(fs, createdDirectories);
		throw new EduError('WRITE_FAILED', `Cannot lock ${routesPath}: ${(error as Error).message}`);
	}

	try {
		// Re-check under the lock: another run may have written since the snapshot.
		let current = planned;
		let base = snapshot;
		if (!unchanged(snapshot, planned.changes)) {
			const fresh = readSnapshot(root);
			if ('code' in fresh) throw EduError.from(fresh);
			base = fresh;
			current = makePlan(planned.request, fresh);
			if (current.refusals.length > 0) throw EduError.from(current.refusals[0]!);
		}
		// The whole new routes.yaml, re-parsed: old routes unchanged, new ones as intended.
		const routesChange = current.changes.find((change) => change.path === routesPath);
		if (routesChange) {
			const problem = verifyAppended(base.routes, routesChange.after, current.routes);
			if (problem) throw EduError.from(problem);
		}
		for (const folder of new Set(current.changes.map((change) => path.dirname(path.join(root, change.path))))) {
			cleanStaleTemps(folder);
		}
		applyChanges(fs, root, ordered(current.changes), createdDirectories);
		return {plan: current};
	} catch (error) {
		removeDirectories(fs, createdDirectories);
		throw error;
	} finally {
		await release().catch(() => undefined);
	}
}

/** Controllers and views first, routes.yaml last: an interruption never leaves a route without its controller. */
function ordered(changes: readonly FileChange[]): FileChange[] {
	return [...changes].sort((a, b) => Number(a.path === routesPath) - Number(b.path === routesPath));
}

interface Done {
	readonly target: string;
	readonly previous: string | null;
}

function applyChanges(fs: CommitFs, root: string, changes: readonly FileChange[], createdDirectories: string[]): void {
	const done: Done[] = [];
	try {
		for (const change of changes) {
			const target = path.join(root, change.path);
			ensureDirectory(fs, path.dirname(target), root, createdDirectories);
			if (change.action === 'overwrite') {
				// --force: the previous content is kept for the rollback.
				const previous = readOrNull(target);
				replaceFile(fs, target, change.after);
				done.push({target, previous});
			} else if (change.action === 'modify') {
				const current = readOrNull(target);
				if (current !== change.before) {
					throw new EduError('PROJECT_CHANGED', `${change.path} changed while edu was writing; nothing was written. Run the command again.`);
				}
				replaceFile(fs, target, change.after);
				done.push({target, previous: change.before});
			} else {
				createFile(fs, target, change.after, change.path);
				done.push({target, previous: null});
			}
		}
	} catch (error) {
		const failures = rollback(fs, done);
		if (error instanceof EduError) throw error;
		const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
		const suffix = failures.length > 0 ? `; could not restore ${failures.join(', ')}` : '; the project was left as it was';
		throw new EduError('WRITE_FAILED', `Cannot write the files (${reason}: ${(error as Error).message.split('\n')[0]})${suffix}.`);
	}
}

function tempName(target: string): string {
	const random = Math.random().toString(36).slice(2, 10);
	return path.join(path.dirname(target), `.${path.basename(target)}${tempMarker}${process.pid}-${random}`);
}

function writeTemp(fs: CommitFs, target: string, content: string): string {
	const temp = tempName(target);
	fs.writeFileSync(temp, content, {flag: 'wx'});
	try {
		fs.fsyncFile(temp);
	} catch (error) {
		safeUnlink(fs, temp);
		throw error;
	}
	return temp;
}

/** Creates `target` only if it does not exist yet (a hard link fails on an existing name). */
function createFile(fs: CommitFs, target: string, content: string, relative: string): void {
	const temp = writeTemp(fs, target, content);
	try {
		fs.linkSync(temp, target);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'EEXIST') {
			safeUnlink(fs, temp);
			throw new EduError('PROJECT_CHANGED', `${relative} appeared while edu was writing; nothing was written. Run the command again.`);
		}
		if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS') {
			// No hard links on this file system: rename, after checking the name is still free.
			if (nodeFs.existsSync(target)) {
				safeUnlink(fs, temp);
				throw new EduError('PROJECT_CHANGED', `${relative} appeared while edu was writing; nothing was written. Run the command again.`);
			}
			try {
				fs.renameSync(temp, target);
			} catch (renameError) {
				safeUnlink(fs, temp);
				throw renameError;
			}
			return;
		}
		safeUnlink(fs, temp);
		throw error;
	}
	safeUnlink(fs, temp);
}

function replaceFile(fs: CommitFs, target: string, content: string): void {
	const temp = writeTemp(fs, target, content);
	try {
		fs.renameSync(temp, target);
	} catch (error) {
		safeUnlink(fs, temp);
		throw error;
	}
}

/** Undoes what was done, newest first; returns the paths it could not restore. */
function rollback(fs: CommitFs, done: readonly Done[]): string[] {
	const failures: string[] = [];
	for (const step of [...done].reverse()) {
		try {
			if (step.previous === null) fs.unlinkSync(step.target);
			else replaceFile(fs, step.target, step.previous);
		} catch {
			failures.push(step.target);
		}
	}
	return failures;
}

function ensureDirectory(fs: CommitFs, directory: string, root: string, created: string[]): void {
	if (nodeFs.existsSync(directory)) return;
	const parent = path.dirname(directory);
	if (parent !== directory && path.relative(root, parent) !== '') ensureDirectory(fs, parent, root, created);
	fs.mkdirSync(directory);
	created.push(directory);
}

function removeDirectories(fs: CommitFs, created: string[]): void {
	for (const directory of [...created].reverse()) {
		try {
			fs.rmdirSync(directory);
		} catch {
			// Not empty (another run wrote there) or already gone: leave it.
		}
	}
	created.length = 0;
}

function readOrNull(target: string): string | null {
	try {
		return nodeFs.readFileSync(target, 'utf8');
	} catch {
		return null;
	}
}

function safeUnlink(fs: CommitFs, target: string): void {
	try {
		fs.unlinkSync(target);
	} catch {
		// Already gone.
	}
}

/** Temp files left by a run that was killed: removed when their process is gone. */
function cleanStaleTemps(folder: string): void {
	let names: string[];
	try {
		names = nodeFs.readdirSync(folder);
	} catch {
		return;
	}
	for (const name of names) {
		const match = /\.edu-tmp-(\d+)-[a-z0-9]+$/.exec(name);
		if (!match || !name.startsWith('.')) continue;
		const pid = Number(match[1]);
		if (pid !== process.pid && isAlive(pid)) continue;
		try {
			nodeFs.unlinkSync(path.join(folder, name));
		} catch {
			// Someone else cleaned it.
		}
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
