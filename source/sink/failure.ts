// How a failed write is said: an expected refusal as it is, anything else as WRITE_FAILED with the
// system's reason, and the files a failed cleanup left named with the command that removes them.
import path from 'node:path';
import {EduError} from '../base/errors.js';
import {byHand} from './leftovers.js';
import type {WriteRun} from './run.js';

/** The error to show: an expected one as it is, anything else as WRITE_FAILED; failed cleanups named. */
export function failure(error: unknown, run: WriteRun): EduError {
	const left = run.leftovers.length > 0 ? ` C${byHand(run.leftovers).slice(1)}.` : '';
	if (error instanceof EduError) {
		if (left === '') return error;
		return new EduError(error.code, `${error.message}${left}`, error.exitCode);
	}
	const reason = (error as NodeJS.ErrnoException).code ?? 'error';
	return new EduError('WRITE_FAILED', `Cannot write the files (${reason}: ${systemMessage(error, reason, run)}); the project was left as it was.${left}`);
}

/**
 * A system error's own words without the code Node puts first, and its path as the project
 * shows it: for one of edu's temp or lock files, the folder it was made in (the file is gone).
 */
function systemMessage(error: unknown, reason: string, run: WriteRun): string {
	let message = (error as Error).message?.split('\n')[0] ?? String(error);
	if (message.startsWith(`${reason}: `)) message = message.slice(reason.length + 2);
	const file = (error as NodeJS.ErrnoException).path;
	if (file === undefined) return message;
	const what = message.split(', ')[0] ?? message;
	// The project's own folder is ./, not the bare / its empty relative path would make.
	const shown = (absolute: string): string => run.shown(absolute) || '.';
	return /\.edu-(tmp|lock)/.test(path.basename(file)) ? `${what} in ${shown(path.dirname(file))}/` : `${what}: ${shown(file)}`;
}
