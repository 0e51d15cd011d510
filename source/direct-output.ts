// stdout and stderr written straight to their file descriptors when they are files or pipes,
// as Node's own streams do there on Linux (synchronously), without creating process.stdout /
// process.stderr or loading node:tty: either loads Node's net and stream modules
// into every run whose output goes to a pipe (scripts, CI). A terminal keeps Node's stream
// (colours, width, the wizard). A reader that stops reading without closing (a full
// non-blocking pipe) hands the rest to Node's stream, which waits for it; a reader that goes
// away (`edu … | head`) ends the run quietly, with its exit code.
import {fstatSync, writeSync} from 'node:fs';
import {createRequire} from 'node:module';
import process from 'node:process';
import type {OutStream} from './io.js';

/**
 * Whether `fd` is a terminal. Only a character device can be one: anything else (a pipe, a file)
 * is answered without node:tty; a character device (a terminal, /dev/null) asks it.
 */
export function isTerminal(fd: number): boolean {
	try {
		if (!fstatSync(fd).isCharacterDevice()) return false;
	} catch {
		return false;
	}
	const {isatty} = createRequire(import.meta.filename)('node:tty') as typeof import('node:tty');
	return isatty(fd);
}

/** A reader that goes away is not an error: stop quietly (`edu openapi --stdout | head`). */
function exitOnEpipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
		throw error;
	});
	return stream;
}

/** fd 1 or 2 as an OutStream: Node's stream for a terminal, direct writes otherwise. */
export function directOutput(fd: 1 | 2): OutStream {
	const stream = (): NodeJS.WriteStream => exitOnEpipe(fd === 1 ? process.stdout : process.stderr);
	if (isTerminal(fd)) return stream();
	let fallback: NodeJS.WriteStream | undefined;
	return {
		isTTY: false,
		get writableLength() {
			return fallback?.writableLength ?? 0;
		},
		write(chunk: string): boolean {
			if (fallback !== undefined) return fallback.write(chunk);
			const bytes = Buffer.from(chunk, 'utf8');
			let offset = 0;
			try {
				while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
				if (code !== 'EAGAIN') throw error;
				fallback = stream();
				return fallback.write(bytes.subarray(offset));
			}
			return true;
		},
	};
}
