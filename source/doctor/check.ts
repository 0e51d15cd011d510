// One line of `edu doctor`: what was checked, how it went, and for a problem the way out.
// `fail` blocks (exit 1); `warn` is worth knowing but does not stop the project from running.

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
	readonly id: string;
	readonly status: CheckStatus;
	readonly message: string;
	/** The command or line that fixes it, for warn and fail. */
	readonly fix?: string;
}

export const ok = (id: string, message: string): CheckResult => ({id, status: 'ok', message});
export const warn = (id: string, message: string, fix?: string): CheckResult => ({id, status: 'warn', message, ...(fix === undefined ? {} : {fix})});
export const fail = (id: string, message: string, fix: string): CheckResult => ({id, status: 'fail', message, fix});

/** What a check waits for, beyond the project's files: a program or a server that may not answer. */
export interface Wait {
	/** The check's name as doctor prints it, e.g. "database". */
	readonly check: string;
	/** What it waited for, e.g. "the MySQL server at 127.0.0.1:3306". */
	readonly waitedFor: string;
	/** The way out when it does not answer. */
	readonly fix: string;
}

/**
 * The check's result, or a failure naming the check and what it waited for when that takes longer
 * than `ms`; a check that throws becomes a failure too. Only for checks that wait on a program or
 * a server: a check of the project's files is run by `local`, without a limit.
 */
export async function limited(id: string, ms: number, wait: Wait, run: () => Promise<CheckResult | CheckResult[]>): Promise<CheckResult[]> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<CheckResult[]>((resolve) => {
		timer = setTimeout(() => resolve([fail(id, `${wait.check}: ${wait.waitedFor} gave no answer within ${ms} ms`, wait.fix)]), ms);
		timer.unref();
	});
	try {
		return await Promise.race([local(id, run), late]);
	} finally {
		clearTimeout(timer);
	}
}

/** A check of the project's own files: its result, or a failure when it throws. */
export async function local(id: string, run: () => CheckResult | CheckResult[] | Promise<CheckResult | CheckResult[]>): Promise<CheckResult[]> {
	try {
		const value = await run();
		return Array.isArray(value) ? value : [value];
	} catch (error) {
		return [fail(id, error instanceof Error ? error.message : String(error), 'run with DEBUG=1 for details')];
	}
}
