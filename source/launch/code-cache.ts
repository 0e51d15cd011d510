// Loads the bin's CommonJS bundles with their compiled code cached between runs, so a run does
// not compile them again: V8's code cache through node:vm, on every Node version (Node's own
// module.enableCompileCache, from 22.1, loads node:module and its source-map support into every
// run, which costs more than it saves here). The cache is written
// after the first run (so it holds every function that run compiled) in a folder of the user's
// own under the system temp folder, never in the project, and is keyed by the bundle file's
// identity (inode, size, time) and V8's version. Anything wrong with it (a folder another user
// owns, a cache V8 rejects, a disk that cannot be written) only means a run without it.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own.
// V8 compiles a function when it first runs, and a cache holds what was compiled when it was
// written, and costs its whole size to load: so each kind of run (`workload`: the command and
// its flags) has a cache of its own, holding what that kind of run compiles and no more. The
// folder keeps the caches of this version of edu alone, and a bounded number of them, with the
// text a run keeps for the next (keptText: what a project's PHP files said).
import {closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import vm from 'node:vm';
import type {KeptText} from '../base/io.js';
import {version} from '../base/version.js';

/** A short, stable name for a path (FNV-1a): each install of edu keeps its own cache file. */
function pathTag(text: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
	return hash.toString(36);
}

/** Cache files the folder keeps, every build and install of this version together; a new one replaces the oldest. */
export const maxCacheFiles = 64;

/**
 * How scripts/bundle.js writes each bundle the bin runs: as the function Node wraps a CommonJS
 * module in, so that a run compiles the file's text as it is.
 */
export const bundleWrapper = {start: '(function (exports, require, module, __filename, __dirname) {', end: '\n})'};

/**
 * Runs the CommonJS file at `file` (written in bundleWrapper) as require() would, with its code
 * cached where Node allows. `workload` names the kind of run (the command and its flags): each
 * kind has its own cache. The bundle's require() of a file beside it (`./ui.js`) loads that one
 * the same way, once.
 */
export function runBundle(file: string, workload: string): void {
	const loaded = new Map<string, unknown>();
	const load = (bundle: string): unknown => {
		if (!loaded.has(bundle)) loaded.set(bundle, runCached(bundle, workload, requireFrom(bundle)));
		return loaded.get(bundle);
	};
	const requireFrom = (bundle: string): NodeJS.Require => {
		const require = createRequire(bundle);
		const bundleRequire = ((id: string) => (id.startsWith('./') ? load(require.resolve(id)) : require(id))) as NodeJS.Require;
		return Object.assign(bundleRequire, {resolve: require.resolve, cache: require.cache, main: require.main});
	};
	load(file);
}

/** Runs one CommonJS bundle from its code cache (written at exit when it had none): its exports. */
function runCached(file: string, workload: string, require: NodeJS.Require): unknown {
	const bundleModule = {exports: {}};
	const run = (compiled: unknown): unknown => {
		(compiled as (...args: unknown[]) => void).call(bundleModule.exports, bundleModule.exports, require, bundleModule, file, path.dirname(file));
		return bundleModule.exports;
	};
	const cache = process.env['NODE_DISABLE_COMPILE_CACHE'] ? undefined : cacheFileFor(file, workload);
	if (cache === undefined) return run(new vm.Script(readFileSync(file, 'utf8'), {filename: file}).runInThisContext());
	// A cache from a run that ended early (a refusal, a usage error) holds only what that run
	// compiled: the first run of its kind that succeeds replaces it.
	let cacheFile = openOrUndefined(cache.file);
	const early = cacheFile === undefined ? openOrUndefined(cache.early) : undefined;
	cacheFile ??= early;
	const {source, cachedData} = readBoth(file, cacheFile);
	const script = new vm.Script(source, {filename: file, cachedData});
	if (cachedData === undefined || script.cachedDataRejected === true || early !== undefined) {
		process.once('exit', (code) => {
			if (code === 0) saveCache(script, cache, cache.file, cache.early);
			else if (early === undefined) saveCache(script, cache, cache.early, cache.file);
		});
	}
	return run(script.runInThisContext());
}

/** A file opened for reading, or undefined when it cannot be. */
function openOrUndefined(file: string): number | undefined {
	try {
		return openSync(file, 'r');
	} catch {
		return undefined;
	}
}

/**
 * The bundle's text, and the code cache open at `cacheDescriptor` (closed here), read through one
 * buffer: the cache goes into the memory the text was read into, which the run has touched
 * already (every page of fresh memory is a page fault). A cache that cannot be read is none.
 */
function readBoth(file: string, cacheDescriptor: number | undefined): {source: string; cachedData?: Buffer} {
	try {
		const cacheSize = cacheDescriptor === undefined ? 0 : sizeOrZero(cacheDescriptor);
		const descriptor = openSync(file, 'r');
		let buffer: Buffer;
		let source: string;
		try {
			const size = fstatSync(descriptor).size;
			buffer = Buffer.allocUnsafeSlow(Math.max(size, cacheSize));
			source = buffer.toString('utf8', 0, readAll(descriptor, buffer, size));
		} finally {
			closeSync(descriptor);
		}
		if (cacheDescriptor === undefined || cacheSize === 0) return {source};
		try {
			return {source, cachedData: buffer.subarray(0, readAll(cacheDescriptor, buffer, cacheSize))};
		} catch {
			return {source};
		}
	} finally {
		if (cacheDescriptor !== undefined) closeSync(cacheDescriptor);
	}
}

/** The size of the file open at `descriptor`, or 0 when it cannot be told. */
function sizeOrZero(descriptor: number): number {
	try {
		return fstatSync(descriptor).size;
	} catch {
		return 0;
	}
}

/** Reads up to `size` bytes of the file at `descriptor` into the start of `buffer`: how many it read. */
function readAll(descriptor: number, buffer: Buffer, size: number): number {
	let read = 0;
	while (read < size) {
		const count = readSync(descriptor, buffer, read, size - read, read);
		if (count === 0) break;
		read += count;
	}
	return read;
}

interface CacheFile {
	readonly folder: string;
	/** Every cache file of this version of edu starts so. */
	readonly release: string;
	/** Every cache file of this bundle's path starts so (older builds of it included). */
	readonly prefix: string;
	/** Every cache file of this build of the bundle starts so. */
	readonly build: string;
	/** The cache written by a run that succeeded. */
	readonly file: string;
	/** The cache written by a run that did not (exit code other than 0), until one does. */
	readonly early: string;
}

/** The user's own cache folder under the system temp folder (made on first use), or undefined when no safe one is at hand; looked for once a run. */
let folderFound: string | undefined | null = null;
function cacheFolder(): string | undefined {
	if (folderFound === null) folderFound = findCacheFolder();
	return folderFound;
}

function findCacheFolder(): string | undefined {
	try {
		const uid = process.getuid?.();
		const temp = os.tmpdir();
		// A relative TMPDIR would put the cache in the project, a missing one would be created: neither is ours to make.
		if (!path.isAbsolute(temp) || statSync(temp, {throwIfNoEntry: false})?.isDirectory() !== true) return undefined;
		const folder = path.join(temp, `edu-scaffold-code-cache${uid === undefined ? '' : `-${uid}`}`);
		let stats = lstatSync(folder, {throwIfNoEntry: false});
		if (stats === undefined) {
			mkdirSync(folder, {mode: 0o700});
			stats = lstatSync(folder);
		}
		// Not a folder this user alone can write: someone else could hand us compiled code.
		if (!stats.isDirectory() || (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0))) return undefined;
		return folder;
	} catch {
		return undefined;
	}
}

/** Where this build of `bundle` keeps its files: every name there starts with `build`. */
function buildOf(bundle: string): Omit<CacheFile, 'file' | 'early'> | undefined {
	const folder = cacheFolder();
	if (folder === undefined) return undefined;
	try {
		const bundleStats = statSync(bundle);
		const key = [process.versions.v8, process.arch, bundleStats.ino, bundleStats.size, Math.trunc(bundleStats.mtimeMs)].join('-');
		const release = `${version}-`;
		const prefix = `${release}${pathTag(bundle)}-`;
		return {folder, release, prefix, build: `${prefix}${key}-`};
	} catch {
		return undefined;
	}
}

/** The cache file for this bundle and kind of run in the user's own folder, or undefined when no safe folder is at hand. */
function cacheFileFor(bundle: string, workload: string): CacheFile | undefined {
	const build = buildOf(bundle);
	if (build === undefined) return undefined;
	const kind = path.join(build.folder, `${build.build}${pathTag(workload)}`);
	return {...build, file: `${kind}.bin`, early: `${kind}.early.bin`};
}

/**
 * Text kept between runs of this build of `bundle` (io.kept), a file per key beside the code
 * caches and bounded with them (its key is in the text it keeps: two keys may share a file).
 * Nothing is read or made before the first use; NODE_DISABLE_COMPILE_CACHE=1 keeps nothing.
 */
export function keptText(bundle: string): KeptText | undefined {
	if (process.env['NODE_DISABLE_COMPILE_CACHE']) return undefined;
	let build: ReturnType<typeof buildOf> | null = null;
	const fileOf = (key: string): {cache: CacheFile; file: string} | undefined => {
		if (build === null) build = buildOf(bundle);
		if (build === undefined) return undefined;
		const file = path.join(build.folder, `${build.build}kept-${pathTag(key)}.json`);
		return {cache: {...build, file, early: file}, file};
	};
	return {
		read(key) {
			const found = fileOf(key);
			return found === undefined ? undefined : readOrUndefined(found.file)?.toString('utf8');
		},
		write(key, text) {
			const found = fileOf(key);
			if (found !== undefined) writeCacheFile(found.cache, found.file, Buffer.from(text, 'utf8'));
		},
	};
}

function readOrUndefined(file: string): Buffer | undefined {
	try {
		return readFileSync(file);
	} catch {
		return undefined;
	}
}

/**
 * The files of the cache folder to remove before this run writes its cache (`names`: the folder's
 * files with when each was written): those of other versions of edu (and of no version), the
 * earlier builds of this bundle at its path, and the oldest of the rest, so the folder then holds
 * at most maxCacheFiles with the one written. The two files of this run's own kind are left to it.
 */
export function cachesToRemove(names: ReadonlyArray<{readonly name: string; readonly written: number}>, cache: Pick<CacheFile, 'release' | 'prefix' | 'build' | 'file' | 'early'>): string[] {
	const ours = new Set([path.basename(cache.file), path.basename(cache.early)]);
	const stale = (name: string): boolean => !name.startsWith(cache.release) || (name.startsWith(cache.prefix) && !name.startsWith(cache.build));
	const removed = names.filter(({name}) => stale(name) && !ours.has(name)).map(({name}) => name);
	const kept = names.filter(({name}) => !stale(name) && !ours.has(name)).sort((a, b) => a.written - b.written);
	return [...removed, ...kept.slice(0, Math.max(0, kept.length - maxCacheFiles + 1)).map(({name}) => name)];
}

/** Writes the code cache whole to `target` and removes `replaced`, the other cache of its kind of run. */
function saveCache(script: vm.Script, cache: CacheFile, target: string, replaced: string): void {
	writeCacheFile(cache, target, script.createCachedData(), replaced);
}

/**
 * Writes `bytes` whole to `target` (temp file, then rename), after removing what cachesToRemove
 * names, then removes `replaced`.
 */
function writeCacheFile(cache: CacheFile, target: string, bytes: Buffer, replaced?: string): void {
	try {
		const names = readdirSync(cache.folder).map((name) => ({name, written: statSync(path.join(cache.folder, name), {throwIfNoEntry: false})?.mtimeMs ?? 0}));
		for (const name of cachesToRemove(names, cache)) rmSync(path.join(cache.folder, name), {force: true});
		const temp = `${target}.${process.pid}.tmp`;
		writeFileSync(temp, bytes, {mode: 0o600});
		renameSync(temp, target);
		if (replaced !== undefined) rmSync(replaced, {force: true});
	} catch {
		// A cache that cannot be written only costs the next run what it saves.
	}
}
