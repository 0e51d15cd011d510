// Initialises the mock API: POST {url}/api/init/schema, then POST {url}/api/init/data,
// stopping at the first failure. Uses Node's fetch; each request has its own time limit.

export const defaultMockUrl = 'http://localhost:9042';
export const initPaths = ['/api/init/schema', '/api/init/data'] as const;

export interface InitStep {
	readonly method: 'POST';
	readonly url: string;
	readonly status: number;
	readonly statusText: string;
	readonly ok: boolean;
	/** The first characters of the response body, on one line. */
	readonly body: string;
	readonly ms: number;
}

export type InitFailure =
	| {readonly kind: 'status'; readonly step: InitStep}
	| {readonly kind: 'unreachable'; readonly url: string; readonly reason: string}
	| {readonly kind: 'timeout'; readonly url: string; readonly seconds: number};

export interface InitResult {
	readonly steps: readonly InitStep[];
	readonly failure?: InitFailure;
}

const bodyPreview = 200;

/** `http://host:9042/` → `http://host:9042`; undefined when it is not an http(s) URL. */
export function normaliseMockUrl(value: string): string | undefined {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.search !== '' || url.hash !== '') return undefined;
	return url.href.replace(/\/+$/, '');
}

function oneLine(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > bodyPreview ? `${flat.slice(0, bodyPreview)}…` : flat;
}

function reasonOf(error: unknown): string {
	const cause = (error as {cause?: {code?: string; message?: string}}).cause;
	switch (cause?.code) {
		case 'ECONNREFUSED':
			return 'connection refused';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'unknown host';
		case 'ECONNRESET':
		case 'UND_ERR_SOCKET':
			return 'the connection was closed before an answer';
		default:
			if (cause?.message === 'bad port') return 'fetch refuses that port';
			return cause?.message ?? (error instanceof Error ? error.message : String(error));
	}
}

function isTimeout(error: unknown): boolean {
	return error instanceof Error && (error.name === 'TimeoutError' || (error.cause as Error | undefined)?.name === 'TimeoutError');
}

/** Runs both steps; `onStep` hears about each finished one as it happens. */
export async function initMock(baseUrl: string, timeoutSeconds: number, onStep: (step: InitStep) => void = () => {}): Promise<InitResult> {
	const steps: InitStep[] = [];
	for (const path of initPaths) {
		const url = `${baseUrl}${path}`;
		const started = performance.now();
		let step: InitStep;
		try {
			const signal = AbortSignal.timeout(Math.round(timeoutSeconds * 1000));
			const response = await fetch(url, {method: 'POST', redirect: 'manual', signal, headers: {accept: 'application/json'}});
			const body = await response.text();
			step = {
				method: 'POST',
				url,
				status: response.status,
				statusText: response.statusText,
				ok: response.status >= 200 && response.status < 300,
				body: oneLine(response.status >= 300 && response.status < 400 ? `redirected to ${response.headers.get('location') ?? '?'}` : body),
				ms: Math.round(performance.now() - started),
			};
		} catch (error) {
			return {
				steps,
				failure: isTimeout(error) ? {kind: 'timeout', url, seconds: timeoutSeconds} : {kind: 'unreachable', url, reason: reasonOf(error)},
			};
		}
		steps.push(step);
		onStep(step);
		if (!step.ok) return {steps, failure: {kind: 'status', step}};
	}
	return {steps};
}
