// stdout and stderr written straight to their file descriptors when they are files or pipes,
// as Node's own streams do there on Linux (synchronously), without creating process.stdout /
// process.stderr or loading node:tty: either loads Node's net and stream modules
// into every run whose output goes to a pipe (scripts, CI). A terminal keeps Node's stream
// (colours, width, the wizard). A reader that stops reading without closing (a full
// non-blocking pipe) hands the rest to Node's stream, which waits for it; a reader that goes
// away (`edu … | head`) is not an error: the rest is dropped and the run ends with its own exit code.
import {fstatSync, statSync, writeSync, type Stats} from 'node:fs';
import {createRequire} from 'node:module';
import process from 'node:process';
import type {OutStream} from '../base/io.js';
import {outputLostExitCode, outputLostLine} from './output-lost.js';

/**
 * Whether `fd` is a terminal. Only a character device can be one: anything else (a pipe, a file)
 * is answered without node:tty, and so is the null device (`edu … > /dev/null`, a CI job's
 * stdin); any other character device asks node:tty.
 */
export function isTerminal(fd: number): boolean {
	try {
		const stats = fstatSync(fd);
		if (!stats.isCharacterDevice() || isNullDevice(stats)) return false;
	} catch {
		return false;
	}
	const {isatty} = createRequire(import.meta.filename)('node:tty') as typeof import('node:tty');
	return isatty(fd);
}

/** Whether a character device is /dev/null (never a terminal); false where there is no /dev/null (Windows). */
function isNullDevice(stats: Stats): boolean {
	const nul = statSync('/dev/null', {throwIfNoEntry: false});
	return nul !== undefined && nul.isCharacterDevice() && nul.rdev === stats.rdev;
}

/**
 * Output that could not be written (a full disk, /dev/full, a closed descriptor, an I/O error),
 * by descriptor: the first error's code. Once one write failed, later ones are dropped, so the
 * run goes on and ends as it would have; `settleOutput` then says so once.
 */
const failures = new Map<number, string>();

function failed(fd: number, error: unknown): void {
	if (!failures.has(fd)) failures.set(fd, (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error));
}

/**
 * Descriptors whose reader went away (`edu routes --check | head -1`): not an error. What is
 * written there after is dropped, and the run ends as it would have, with its own exit code (a
 * failed check still exits 1).
 */
const readerGone = new Set<number>();

function quietOnEpipe(stream: NodeJS.WriteStream, fd: number): NodeJS.WriteStream {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') readerGone.add(fd);
		// Writes to the stream after its reader left fail again: they were dropped on purpose.
		if (!readerGone.has(fd)) failed(fd, error);
	});
	return stream;
}


/**
 * After main: when stdout or stderr could not be written, one line on stderr (if it can take
 * it) and exit code 3 for a run that was otherwise done; a refused or failed run keeps its code.
 */
export function settleOutput(exitCode: number): number {
	const lost = [...failures].map(([fd, code]) => `${fd === 1 ? 'stdout' : 'stderr'} (${code})`);
	if (lost.length === 0) return exitCode;
	if (!failures.has(2)) {
		try {
			writeSync(2, outputLostLine(lost, exitCode));
		} catch {
			// stderr is gone too: the exit code alone tells.
		}
	}
	return exitCode === 0 ? outputLostExitCode : exitCode;
}

/** fd 1 or 2 as an OutStream: Node's stream for a terminal, direct writes otherwise. */
export function directOutput(fd: 1 | 2): OutStream {
	const stream = (): NodeJS.WriteStream => quietOnEpipe(fd === 1 ? process.stdout : process.stderr, fd);
	if (isTerminal(fd)) return stream();
	let fallback: NodeJS.WriteStream | undefined;
	return {
		isTTY: false,
		get writableLength() {
			return fallback?.writableLength ?? 0;
		},
		write(chunk: string): boolean {
			if (failures.has(fd) || readerGone.has(fd)) return true;
			if (fallback !== undefined) return fallback.write(chunk);
			const bytes = Buffer.from(chunk, 'utf8');
			let offset = 0;
			try {
				while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				if (code === 'EPIPE') {
					readerGone.add(fd);
					return true;
				}
				if (code !== 'EAGAIN') {
					failed(fd, error);
					return true;
				}
				fallback = stream();
				return fallback.write(bytes.subarray(offset));
			}
			return true;
		},
	};
}
