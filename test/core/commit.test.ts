import {execFileSync} from 'node:child_process';
import {chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, unlinkSync, watch, writeFileSync} from 'node:fs';

import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {commit} from '../../source/make/commit.js';
import {fileSystemSink} from '../../source/sink/fs.js';
import {dryRunSink, oneFileChangeset} from '../../source/sink/sink.js';
import {processHost, realFs, type SinkFs} from '../../source/sink/host.js';
import {EduError} from '../../source/base/errors.js';
import {plan} from '../../source/make/plan.js';
import {readSnapshot, type Snapshot} from '../../source/make/snapshot.js';
import type {MakeRequest} from '../../source/make/request.js';
import {failingFs} from '../helpers/failing-fs.js';
import {plantKilledRun} from '../helpers/planted-killed-run.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

function snapshotOf(root: string): Snapshot {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

const ville: MakeRequest = {kind: 'api', name: 'ville'};

describe('commit', () => {
	it('writes every planned file and leaves no temp or lock file behind', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		await commit(planned, snapshot);
		for (const change of planned.changes) {
			expect(readFileSync(path.join(root, change.path), 'utf8')).toBe(change.after);
		}
		const leftovers = [...readdirSync(path.join(root, 'app/Config')), ...readdirSync(path.join(root, 'app/Controller/api'))]
			.filter((name) => name.startsWith('.'));
		expect(leftovers).toEqual([]);
	});

	it('creates missing folders (routes.yaml and views in an almost empty project)', async () => {
		const root = tempProject('empty');
		const snapshot = snapshotOf(root);
		await commit(plan({kind: 'controller', name: 'VilleRead'}, snapshot), snapshot);
		expect(existsSync(path.join(root, 'app/Config/routes.yaml'))).toBe(true);
		expect(existsSync(path.join(root, 'app/Template/ville_read/ville_read.html.twig'))).toBe(true);
	});

	it('re-plans when routes.yaml changed since the snapshot, keeping the other run\'s route', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const routesFile = path.join(root, 'app/Config/routes.yaml');
		const concurrent = `${readFileSync(routesFile, 'utf8')}api_other:\n    uri: /api/other\n    controller: Controller\\api\\OtherController\n    httpMethod: [GET]\n`;
		writeFileSync(routesFile, concurrent);
		await commit(planned, snapshot);
		const text = readFileSync(routesFile, 'utf8');
		expect(text.startsWith(concurrent)).toBe(true);
		expect(text).toContain('api_ville:');
	});

	it('refuses, writing nothing, when another run took the route meanwhile', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const routesFile = path.join(root, 'app/Config/routes.yaml');
		writeFileSync(routesFile, `${readFileSync(routesFile, 'utf8')}api_ville:\n    uri: /api/ville\n    controller: X\n    httpMethod: [GET]\n`);
		const before = snapshotTree(root);
		const error = await commit(planned, snapshot).catch((caught: unknown) => caught);
		// Said as a run that met the route from the start says it: with its place and the way out.
		expect((error as EduError).message).toBe('Route already exists.\napp/Config/routes.yaml:13: the route "api_ville" is already there: choose another name, or remove that entry first (--force replaces only the entry edu writes for this name, with its URI and GET).');
		expect((error as EduError).details).toMatchObject({file: 'app/Config/routes.yaml', line: 13});
		expect(snapshotTree(root)).toEqual(before);
	});

	describe('a failure at any step restores the project byte for byte, leaving no temp file, folder or lock', () => {
		const steps: Array<[string, keyof SinkFs, number, string]> = [];
		for (const operation of ['mkdir', 'create', 'write', 'fchmod', 'fsync', 'close', 'fstat', 'realpath', 'rename', 'link'] as const) {
			for (const nth of [1, 2, 3, 4]) steps.push([`${operation} #${nth}`, operation, nth, nth % 2 === 0 ? 'EIO' : 'ENOSPC']);
		}
		it.each(steps)('%s fails', async (_label, operation, nth, code) => {
			// The empty project: the run must create folders (app/Config, app/Controller/api…) too.
			const root = tempProject('empty');
			const snapshot = snapshotOf(root);
			const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshot);
			const before = snapshotTree(root);
			const fs = failingFs([[operation, nth, code]]);
			const outcome = await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}})).then(() => 'written', (error: unknown) => error);
			if (outcome === 'written') {
				// This step happens fewer than nth times in this plan: the run must simply have succeeded.
				expect(fs.calls[operation] ?? 0).toBeLessThan(nth);
				return;
			}
			expect(outcome).toBeInstanceOf(EduError);
			expect((outcome as EduError).message).toBe(`Cannot write the files (${code}: injected ${code}); the project was left as it was.`);
			expect(snapshotTree(root)).toEqual(before);
		});
	});

	it('makes every project file it writes durable (fsync) before the file takes its name', async () => {
		// A power cut after the rename must not leave an empty controller or routes.yaml behind it.
		const root = tempProject('empty');
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshot);
		const opened = new Map<number, string>();
		const synced = new Set<string>();
		const placed = new Map<string, boolean>();
		const place = (from: string, to: string): void => {
			placed.set(path.relative(root, to).split(path.sep).join('/'), synced.has(from));
		};
		const fs: SinkFs = {
			...realFs,
			create(target, mode) {
				const descriptor = realFs.create(target, mode);
				opened.set(descriptor, target);
				return descriptor;
			},
			fsync(descriptor) {
				realFs.fsync(descriptor);
				synced.add(opened.get(descriptor)!);
			},
			link(from, to) {
				realFs.link(from, to);
				place(from, to);
			},
			rename(from, to) {
				realFs.rename(from, to);
				place(from, to);
			},
		};
		await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}}));
		const projectFiles = planned.changes.map((change) => change.path);
		expect(projectFiles.length).toBeGreaterThanOrEqual(3);
		for (const file of projectFiles) expect([file, placed.get(file)]).toEqual([file, true]);
	});

	it('a folder another run creates between the look and the mkdir is used as it is, and left to that run: the write succeeds', async () => {
		const root = tempProject('empty');
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshot);
		// Each mkdir finds the folder made by another run just before it: EEXIST, as two edu runs at once meet it.
		const fs: SinkFs = {...realFs, mkdir: (target) => {
			mkdirSync(target);
			throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${target}'`), {code: 'EEXIST'});
		}};
		await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}}));
		expect(readFileSync(path.join(root, 'app/Controller/VilleReadController.php'), 'utf8')).toContain('class VilleReadController');
		// A file where the folder should be is still refused.
		const other = tempProject('empty');
		const blocked: SinkFs = {...realFs, mkdir: (target) => {
			writeFileSync(target, '');
			throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${target}'`), {code: 'EEXIST'});
		}};
		const otherSnapshot = snapshotOf(other);
		const outcome = await commit(plan({kind: 'controller', name: 'VilleRead'}, otherSnapshot), otherSnapshot, fileSystemSink({host: {...processHost, fs: blocked}})).catch((error: unknown) => error);
		expect(outcome).toBeInstanceOf(EduError);
	});

	it('names the files it could not remove when the cleanup fails too, and removes all it can', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'controller', name: 'VilleRead'}, snapshot);
		const before = snapshotTree(root);
		// The disk fills up on the second file; then every unlink fails with EIO.
		const fs = failingFs([['write', 2, 'ENOSPC'], ['unlink', 0, 'EIO']]);
		const error = await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}})).catch((caught: unknown) => caught as EduError);
		expect(error).toBeInstanceOf(EduError);
		const message = (error as EduError).message;
		expect(message).toMatch(/^Cannot write the files \(ENOSPC: injected ENOSPC\); the project was left as it was\. Could not remove /);
		const left = Object.keys(snapshotTree(root)).filter((file) => !(file in before));
		expect(left.length).toBeGreaterThan(0);
		// Every leftover is named in the message, so the user can remove it.
		for (const file of left) expect(message).toContain(path.basename(file));
		// …with the command that removes them: run it, and the project is as it was.
		const command = /remove them by hand: (rm -f -- .*)\.$/.exec(message)?.[1];
		expect(command).toBeDefined();
		execFileSync('sh', ['-c', command!]);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a system error is said in its own words once, with the folder of edu\'s temp file rather than the temp file', async () => {
		const root = tempProject('sample');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const before = snapshotTree(root);
		// What Node throws for a folder the user may not write in (a read-only project).
		const denied = (file: string): Error => Object.assign(new Error(`EACCES: permission denied, open '${file}'`), {code: 'EACCES', errno: -13, syscall: 'open', path: file});
		const fs: SinkFs = {...realFs, create: (target, mode) => {
			if (path.basename(target).includes('.edu-')) throw denied(target);
			return realFs.create(target, mode);
		}};
		await expect(commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}}))).rejects.toThrow(/^Cannot write the files \(EACCES: permission denied in app\/Config\/\); the project was left as it was\.$/);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a project root the user may not write in is named ./, not / (which reads as the disk\'s root)', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const denied = (file: string): Error => Object.assign(new Error(`EACCES: permission denied, open '${file}'`), {code: 'EACCES', errno: -13, syscall: 'open', path: file});
		const fs: SinkFs = {...realFs, create: (target, mode) => {
			if (path.dirname(target) === root) throw denied(target);
			return realFs.create(target, mode);
		}};
		await expect(fileSystemSink({host: {...processHost, fs}}).write(oneFileChangeset(root, 'notes.txt', 'x\n', undefined))).rejects.toThrow(/^Cannot write the files \(EACCES: permission denied in \.\/\); the project was left as it was\.$/);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('removes the lock and new folders when it cannot even take the lock', async () => {
		const root = tempProject('empty');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		const before = snapshotTree(root);
		const fs = failingFs([['link', 1, 'EIO']]);
		await expect(commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}}))).rejects.toThrow('Cannot write the files (EIO: injected EIO); the project was left as it was.');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('refuses to write through a symlink that leads out of the project', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		mkdirSync(path.join(root, 'app/Template'), {recursive: true});
		symlinkSync(outside, path.join(root, 'app/Template/villeread'));
		const snapshot = snapshotOf(root);
		const planned = plan({kind: 'controller', name: 'villeRead'}, snapshot);
		const before = snapshotTree(root);
		await expect(commit(planned, snapshot)).rejects.toThrow(/outside the project/);
		expect(snapshotTree(root)).toEqual(before);
		expect(readdirSync(outside)).toEqual([]);
	});

	describe('app/Controller/api swapped for a link to an outside folder mid-run: no controller text ever lands outside', () => {
		const steps: Array<[string, keyof SinkFs, 'before' | 'after']> = [];
		for (const operation of ['create', 'fstat', 'write', 'fsync', 'close', 'link', 'rename'] as const) {
			for (const when of ['before', 'after'] as const) steps.push([`${when} ${operation}`, operation, when]);
		}
		it.each(steps)('%s', async (_label, operation, when) => {
			const root = tempProject('sample');
			const outside = tempProject();
			const api = path.join(root, 'app/Controller/api');
			const snapshot = snapshotOf(root);
			const planned = plan(ville, snapshot);
			let swapped = false;
			const swap = (): void => {
				if (swapped) return;
				swapped = true;
				renameSync(api, `${api}-moved`);
				symlinkSync(outside, api);
			};
			const real = realFs[operation] as (...rest: unknown[]) => unknown;
			const fs = {...realFs, [operation]: (...args: unknown[]) => {
				if (when === 'before') swap();
				const result = real(...args);
				if (when === 'after') swap();
				return result;
			}} as SinkFs;
			// Every write to outside is watched, not only what is left at the end. The watcher reports
			// in order, so once it reports a marker made after the run, it has reported the run's writes.
			const seen: string[] = [];
			const marker = '.marker-after-the-run';
			let markerSeen: () => void = () => undefined;
			const reported = new Promise<void>((resolve) => {
				markerSeen = resolve;
			});
			const watcher = watch(outside, (_event, name) => {
				if (name === marker) markerSeen();
				else if (name) seen.push(name);
			});
			const outcome = await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}})).then(() => 'written', (error: unknown) => error);
			writeFileSync(path.join(outside, marker), '');
			await reported;
			watcher.close();
			unlinkSync(path.join(outside, marker));
			if (swapped) expect(outcome).toBeInstanceOf(EduError);
			for (const name of readdirSync(outside)) {
				expect(readFileSync(path.join(outside, name), 'utf8')).not.toContain('class VilleController');
			}
			expect(readdirSync(outside)).toEqual([]);
			// At most an empty temp file was created there (and removed at once): never the controller.
			for (const name of new Set(seen)) expect(name).toMatch(/^\.VilleController\.php\.edu-tmp-/);
		});
	});

	it('a folder that vanishes while its new temp file is checked: the empty file is removed where it really is', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		const api = path.join(root, 'app/Controller/api');
		const snapshot = snapshotOf(root);
		const planned = plan(ville, snapshot);
		let created = false;
		const fs = {
			...realFs,
			create(target: string, mode: number) {
				if (created || !target.startsWith(api)) return realFs.create(target, mode);
				// The temp file is created through a link to outside, then the link goes away.
				renameSync(api, `${api}-moved`);
				symlinkSync(outside, api);
				const descriptor = realFs.create(target, mode);
				unlinkSync(api);
				created = true;
				return descriptor;
			},
		} as SinkFs;
		const outcome = await commit(planned, snapshot, fileSystemSink({host: {...processHost, fs}})).then(() => 'written', (error: unknown) => error);
		expect(created).toBe(true);
		expect(outcome).toBeInstanceOf(Error);
		expect(readdirSync(outside)).toEqual([]);
	});

	it('cleans temp files left by a killed run', async () => {
		const root = tempProject('sample');
		const stale = path.join(root, 'app/Config/.routes.yaml.edu-tmp-999999-abc123');
		writeFileSync(stale, 'half a file');
		const snapshot = snapshotOf(root);
		await commit(plan(ville, snapshot), snapshot);
		expect(existsSync(stale)).toBe(false);
	});

	it('cleans the temp files a killed run left beside the files its journal names, in folders this run does not write', async () => {
		const root = tempProject('sample');
		const ghost = plantKilledRun(root, {ghost: 'app/Controller/SigPageController.php'});
		const stale = path.join(root, 'app/Controller/.SigPageController.php.edu-tmp-999999-abc12345');
		writeFileSync(stale, 'half a file');
		const mine = path.join(root, 'app/Controller/.notes.txt');
		writeFileSync(mine, 'the user\'s own');
		const snapshot = snapshotOf(root);
		await commit(plan(ville, snapshot), snapshot);
		expect(existsSync(path.join(root, ghost))).toBe(false);
		expect(existsSync(stale)).toBe(false);
		expect(existsSync(mine)).toBe(true);
	});
});


describe('a file made read-only', () => {
	it.each([
		['routes.yaml (make:api adds a route to it)', ville, 'app/Config/routes.yaml'],
		['the controller that --force would replace', {...ville, name: 'hello', force: true} as MakeRequest, 'app/Controller/api/HelloController.php'],
	])('%s: refused, nothing written, the file untouched', async (_case, request, file) => {
		const root = tempProject('sample');
		if (request.force) unlinkSync(path.join(root, 'app/Config/routes.yaml'));
		chmodSync(path.join(root, file), 0o444);
		const before = snapshotTree(root);
		const snapshot = snapshotOf(root);
		const planned = plan(request, snapshot);
		expect(planned.refusals).toEqual([]);
		await expect(commit(planned, snapshot)).rejects.toThrow(`${file} is read-only, so edu leaves it as it is; nothing was written. Make it writable (chmod u+w ${file}) and run the command again.`);
		expect(snapshotTree(root)).toEqual(before);
		expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o444);
	});
});

describe('the file-system sink for one file (edu openapi, mock:*)', () => {
	it('writes a file at the project root with the mode asked, creates the folders asked, and leaves no lock', async () => {
		const root = tempProject();
		await fileSystemSink().write({...oneFileChangeset(root, 'token.json', '{}\n', undefined, {mode: 0o600}), folders: ['var/api']});
		expect(readFileSync(path.join(root, 'token.json'), 'utf8')).toBe('{}\n');
		expect(statSync(path.join(root, 'token.json')).mode & 0o777).toBe(0o600);
		expect(statSync(path.join(root, 'var/api')).isDirectory()).toBe(true);
		expect(readdirSync(root).sort()).toEqual(['.edu', 'token.json', 'var']);
	});

	it('follows a symlinked file to its target inside the project (the link stays a link), keeping the target\'s mode', async () => {
		const root = tempProject();
		mkdirSync(path.join(root, 'data'));
		writeFileSync(path.join(root, 'data/real.yaml'), 'old\n', {mode: 0o640});
		symlinkSync('data/real.yaml', path.join(root, 'compose.yaml'));
		await fileSystemSink().write(oneFileChangeset(root, 'compose.yaml', 'new\n', undefined, {followLink: true}));
		expect(lstatSync(path.join(root, 'compose.yaml')).isSymbolicLink()).toBe(true);
		expect(readFileSync(path.join(root, 'data/real.yaml'), 'utf8')).toBe('new\n');
		expect(statSync(path.join(root, 'data/real.yaml')).mode & 0o777).toBe(0o640);
	});

	it('refuses, writing nothing, when the file no longer holds what the new content was made from', async () => {
		const root = tempProject();
		writeFileSync(path.join(root, 'compose.yaml'), 'changed meanwhile\n');
		const before = snapshotTree(root);
		await expect(fileSystemSink().write(oneFileChangeset(root, 'compose.yaml', 'new\n', undefined, {before: 'old\n'}))).rejects.toThrow('The project changed while edu was reading it; nothing was written. Run the command again.');
		expect(snapshotTree(root)).toEqual(before);
	});

	it('the dry-run sink writes nothing and says so', async () => {
		const root = tempProject();
		const written = await dryRunSink().write(oneFileChangeset(root, 'x.yaml', 'x\n', 'value'));
		expect(written).toEqual({value: 'value', mode: 'dry-run', notes: []});
		expect(readdirSync(root)).toEqual([]);
	});
});
