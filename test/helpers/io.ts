// Fake streams for running main() in-process.
import {PassThrough} from 'node:stream';
import type {Io} from '../../source/base/io.js';

export interface CapturedIo extends Io {
	readonly out: () => string;
	readonly err: () => string;
}

export function captureIo(cwd: string, options: {interactive?: boolean; env?: Record<string, string>} = {}): CapturedIo {
	let out = '';
	let err = '';
	return {
		cwd,
		env: {NO_COLOR: '1', ...options.env},
		stdout: {write: (chunk: string) => (out += chunk)},
		stderr: {write: (chunk: string) => (err += chunk)},
		stdin: new PassThrough(),
		interactive: options.interactive ?? false,
		out: () => out,
		err: () => err,
	};
}
