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

/** The check's result, or a failure saying it took longer than `ms`; a check that throws becomes a failure too. */
export async function limited(id: string, ms: number, run: () => Promise<CheckResult | CheckResult[]>): Promise<CheckResult[]> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<CheckResult[]>((resolve) => {
		timer = setTimeout(() => resolve([fail(id, `no answer within ${ms} ms`, 'run the check again; if it stays slow, see what holds it (a firewall, a server that does not answer)')]), ms);
		timer.unref();
	});
	const result = run().then((value) => (Array.isArray(value) ? value : [value]), (error: unknown) => [fail(id, error instanceof Error ? error.message : String(error), 'run with DEBUG=1 for details')]);
	try {
		return await Promise.race([result, late]);
	} finally {
		clearTimeout(timer);
	}
}
