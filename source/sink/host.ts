// What the file-system sink needs from its process and its disk, injected so tests can fail any
// step (a full disk, an I/O error, a cleanup that fails) and core code need not read process.*.
// `processHost` is the real one: the only place under core/ that touches process.*.
import * as nodeFs from 'node:fs';
import type {Stats} from 'node:fs';
import process from 'node:process';
import type {Refusal} from '../base/errors.js';
import {readRegularFile} from '../project/regular-file.js';
import {realPath} from '../base/real-path.js';

/**
 * Every file-system call the sink makes to create, change, remove or read what it writes. (The
 * path checks before anything is written, confinement.ts, read the disk directly.)
 */
export interface SinkFs {
	mkdir(target: string): void;
	rmdir(target: string): void;
	/** Creates a new file (fails if it exists) and returns its descriptor. */
	create(target: string, mode: number): number;
	write(descriptor: number, data: string | Uint8Array): void;
	fchmod(descriptor: number, mode: number): void;
	fsync(descriptor: number): void;
	fstat(descriptor: number): Stats;
	close(descriptor: number): void;
	rename(from: string, to: string): void;
	link(from: string, to: string): void;
	unlink(target: string): void;
	/** A regular file's bytes, null when absent, or a refusal (FIFO, device, too big). */
	read(target: string, shown: string): Buffer | null | Refusal;
	/** Null when nothing is there. */
	lstat(target: string): Stats | null;
	realpath(target: string): string;
	/** Whether this process may write the file itself (its owner, group and mode; root may). */
	writable(target: string): boolean;
	readdir(target: string): string[];
	/** Where an open file is now (Linux: /proc/self/fd), or null where the system cannot say. */
	located(descriptor: number): string | null;
}

export interface SinkHost {
	readonly fs: SinkFs;
	readonly pid: number;
	/** The user this process runs as (POSIX), to tell the user's own files from another's. */
	readonly uid?: number;
	/** False only when no process `pid` exists any more. */
	isAlive(pid: number): boolean;
	/** A short random suffix for temp file names. */
	random(): string;
	/** Resolves after `ms` milliseconds (waiting for another run's lock). */
	sleep(ms: number): Promise<void>;
	/** The time now: names the folder that keeps what a forced run replaced. */
	now(): Date;
}

export const realFs: SinkFs = {
	mkdir: (target) => nodeFs.mkdirSync(target),
	rmdir: (target) => nodeFs.rmdirSync(target),
	create: (target, mode) => nodeFs.openSync(target, 'wx', mode),
	write(descriptor, data) {
		const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
		for (let offset = 0; offset < bytes.length;) offset += nodeFs.writeSync(descriptor, bytes, offset, bytes.length - offset);
	},
	fchmod: (descriptor, mode) => nodeFs.fchmodSync(descriptor, mode),
	fsync: (descriptor) => nodeFs.fsyncSync(descriptor),
	fstat: (descriptor) => nodeFs.fstatSync(descriptor),
	close: (descriptor) => nodeFs.closeSync(descriptor),
	rename: (from, to) => nodeFs.renameSync(from, to),
	link: (from, to) => nodeFs.linkSync(from, to),
	unlink: (target) => nodeFs.unlinkSync(target),
	read: (target, shown) => readRegularFile(target, shown),
	lstat(target) {
		try {
			return nodeFs.lstatSync(target);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
			throw error;
		}
	},
	realpath: realPath,
	writable(target) {
		try {
			nodeFs.accessSync(target, nodeFs.constants.W_OK);
			return true;
		} catch {
			return false;
		}
	},
	readdir: (target) => nodeFs.readdirSync(target),
	located(descriptor) {
		try {
			return nodeFs.readlinkSync(`/proc/self/fd/${descriptor}`);
		} catch {
			return null;
		}
	},
};

export const processHost: SinkHost = {
	fs: realFs,
	pid: process.pid,
	...(process.getuid === undefined ? {} : {uid: process.getuid()}),
	isAlive(pid) {
		if (pid === process.pid) return true;
		try {
			process.kill(pid, 0);
			return true;
		} catch (error) {
			return (error as NodeJS.ErrnoException).code === 'EPERM';
		}
	},
	// Only to keep names apart: a temp file is created exclusively (create fails if it exists).
	random: () => Math.random().toString(36).slice(2, 10).padEnd(8, '0'),
	sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
	now: () => new Date(),
};
