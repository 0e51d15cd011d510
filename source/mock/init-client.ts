// Initialises the mock API: {url}/api/init/schema, then {url}/api/init/data, stopping at the
// first failure, then asks the mock's own station list ({url}/api/stations) whether data is there:
// offline, 0.3.2's data step can answer success with nothing loaded. Each step tries the seed's POST first; the real mock (0.3.2) declares both
// routes GET and refuses POST with its framework's "Error 405" HTML page (status 200, or 405),
// so a refused POST is retried as GET. A step succeeds only on a JSON body whose "status" is
// "success"; bodies are read up to 1 MiB, decompressed or not.

export const defaultMockUrl = 'http://localhost:9042';
export const initPaths = ['/api/init/schema', '/api/init/data'] as const;
/** The mock's list of stations (GET, no token): a JSON array, empty when no data was loaded. */
export const stationsPath = '/api/stations';
/** The station list of the whole open data is a few hundred KiB. */
const maxStationsBytes = 16 * 1024 * 1024;
/** The most of a body edu reads: the mock's answers are a line of JSON. */
export const maxBodyBytes = 1024 * 1024;

/** Why a URL on a port fetch refuses (1, 6000…, the ports browsers block) cannot be reached. */
export const blockedPort = 'fetch refuses that port';

export type StepOutcome = 'success' | 'refused' | 'error';

export interface InitStep {
	readonly method: 'POST' | 'GET';
	readonly url: string;
	readonly status: number;
	readonly statusText: string;
	/** success: JSON status "success"; refused: the method is not allowed (retried as GET); error: anything else. */
	readonly outcome: StepOutcome;
	readonly ok: boolean;
	/** The mock's own "message", or what was wrong with the answer. */
	readonly message: string;
	/** The first characters of the response body, on one line. */
	readonly body: string;
	readonly ms: number;
	/** The number of stations, for the station list step when it answered a list. */
	readonly count?: number;
}

export type InitFailure =
	| {readonly kind: 'answer'; readonly step: InitStep}
	/** Both steps said success, and the station list is empty: the open data was not downloaded. */
	| {readonly kind: 'empty'; readonly step: InitStep}
	| {readonly kind: 'unreachable'; readonly url: string; readonly reason: string}
	| {readonly kind: 'timeout'; readonly url: string; readonly seconds: number}
	/** Ctrl+C or SIGTERM stopped the wait for this answer. */
	| {readonly kind: 'stopped'; readonly method: 'POST' | 'GET'; readonly url: string};

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
			if (cause?.message === 'bad port') return blockedPort;
			return cause?.message ?? (error instanceof Error ? error.message : String(error));
	}
}

function isTimeout(error: unknown): boolean {
	return error instanceof Error && (error.name === 'TimeoutError' || (error.cause as Error | undefined)?.name === 'TimeoutError');
}

/** The body as text, reading at most `limit` bytes (after decompression); `over` when there was more. */
async function readCapped(response: Response, limit: number): Promise<{text: string; over: boolean}> {
	const reader = response.body?.getReader();
	if (reader === undefined) return {text: '', over: false};
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const {done, value} = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > limit) {
			await reader.cancel();
			return {text: '', over: true};
		}
		chunks.push(value);
	}
	return {text: Buffer.concat(chunks).toString('utf8'), over: false};
}

/** The framework's "method not allowed" page, whatever status it came with. */
const refusalPage = /Error 405 - METHOD_NOT_ALLOWED/;

/** What an answer means: the mock's JSON {"status", "message"}, or why it is not one. Pure. */
export function judgeAnswer(status: number, text: string, over: boolean): {outcome: StepOutcome; message: string} {
	if (over) return {outcome: 'error', message: `the answer is larger than ${maxBodyBytes / 1024 / 1024} MiB: not the mock API's`};
	if (status === 405 || refusalPage.test(text)) return {outcome: 'refused', message: 'method not allowed'};
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		const kind = /^\s*</.test(text) ? 'an HTML page' : text.trim() === '' ? 'an empty body' : 'a body that is not JSON';
		return {outcome: 'error', message: `${kind} instead of the mock's JSON${text.trim() === '' ? '' : `: ${oneLine(text)}`}`};
	}
	const fields = data !== null && typeof data === 'object' && !Array.isArray(data) ? data as Record<string, unknown> : {};
	const message = typeof fields['message'] === 'string' ? fields['message'] : '';
	if (status >= 200 && status < 300 && fields['status'] === 'success') return {outcome: 'success', message};
	if (fields['status'] === 'error' || message !== '') return {outcome: 'error', message: message || 'no message'};
	return {outcome: 'error', message: `unexpected JSON instead of {"status": "success", …}: ${oneLine(text)}`};
}

/** What the station list says: how many stations, or why it is not the list. Pure. */
export function judgeStations(status: number, text: string, over: boolean): {outcome: StepOutcome; message: string; count?: number} {
	if (over) return {outcome: 'error', message: `the answer is larger than ${maxStationsBytes / 1024 / 1024} MiB: not the mock API's station list`};
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		const kind = /^\s*</.test(text) ? 'an HTML page' : text.trim() === '' ? 'an empty body' : 'a body that is not JSON';
		return {outcome: 'error', message: `${kind} instead of the station list${text.trim() === '' ? '' : `: ${oneLine(text)}`}`};
	}
	if (status < 200 || status >= 300 || !Array.isArray(data)) {
		return {outcome: 'error', message: `unexpected answer instead of the station list: ${oneLine(text)}`};
	}
	const count = data.length;
	return count === 0
		? {outcome: 'error', message: 'no stations ([])', count}
		: {outcome: 'success', message: `${count} station${count === 1 ? '' : 's'}`, count};
}

type Judge = (status: number, text: string, over: boolean) => {outcome: StepOutcome; message: string; count?: number};

/** How init is told to stop, and told about a slow answer. */
export interface InitWatch {
	/** Aborted on Ctrl+C or SIGTERM: the request in flight is dropped. */
	readonly stop?: AbortSignal;
	/** Called once per request still unanswered after a second. */
	readonly onSlow?: (method: 'POST' | 'GET', url: string) => void;
}

/** A request unanswered for this long is said to be waited for. */
const slowMs = 1000;

async function attempt(method: 'POST' | 'GET', url: string, timeoutSeconds: number, watch: InitWatch, judge: Judge = judgeAnswer, limit = maxBodyBytes): Promise<InitStep> {
	const started = performance.now();
	const timeout = AbortSignal.timeout(Math.round(timeoutSeconds * 1000));
	const signal = watch.stop === undefined ? timeout : AbortSignal.any([timeout, watch.stop]);
	const slow = watch.onSlow === undefined ? undefined : setTimeout(() => watch.onSlow?.(method, url), slowMs);
	let response: Response;
	let body: {text: string; over: boolean};
	try {
		response = await fetch(url, {method, redirect: 'manual', signal, headers: {accept: 'application/json'}});
		body = response.status >= 300 && response.status < 400 ? {text: '', over: false} : await readCapped(response, limit);
	} finally {
		clearTimeout(slow);
	}
	const redirect = response.status >= 300 && response.status < 400;
	const {text, over} = body;
	const judged = redirect
		? {outcome: 'error' as const, message: `redirected to ${response.headers.get('location') ?? '?'}`}
		: judge(response.status, text, over);
	return {
		method,
		url,
		status: response.status,
		statusText: response.statusText,
		outcome: judged.outcome,
		ok: judged.outcome === 'success',
		message: judged.message,
		body: redirect ? judged.message : oneLine(text),
		ms: Math.round(performance.now() - started),
		...('count' in judged && judged.count !== undefined ? {count: judged.count} : {}),
	};
}

/** A request to `url` that got no answer: it timed out, or the mock could not be reached. */
function noAnswer(error: unknown, method: 'POST' | 'GET', url: string, seconds: number, watch: InitWatch): InitFailure {
	if (watch.stop?.aborted === true) return {kind: 'stopped', method, url};
	return isTimeout(error) ? {kind: 'timeout', url, seconds} : {kind: 'unreachable', url, reason: reasonOf(error)};
}

/** Runs both steps; `onStep` hears about each answer (a refused POST included) as it comes. */
export async function initMock(baseUrl: string, timeoutSeconds: number, onStep: (step: InitStep) => void = () => {}, watch: InitWatch = {}): Promise<InitResult> {
	const steps: InitStep[] = [];
	for (const path of initPaths) {
		const url = `${baseUrl}${path}`;
		let step: InitStep | undefined;
		for (const method of ['POST', 'GET'] as const) {
			try {
				step = await attempt(method, url, timeoutSeconds, watch);
			} catch (error) {
				return {steps, failure: noAnswer(error, method, url, timeoutSeconds, watch)};
			}
			steps.push(step);
			onStep(step);
			if (step.outcome !== 'refused') break;
		}
		if (step !== undefined && !step.ok) return {steps, failure: {kind: 'answer', step}};
	}
	const url = `${baseUrl}${stationsPath}`;
	let stations: InitStep;
	try {
		stations = await attempt('GET', url, timeoutSeconds, watch, judgeStations, maxStationsBytes);
	} catch (error) {
		return {steps, failure: noAnswer(error, 'GET', url, timeoutSeconds, watch)};
	}
	steps.push(stations);
	onStep(stations);
	if (stations.ok) return {steps};
	return {steps, failure: {kind: stations.count === 0 ? 'empty' : 'answer', step: stations}};
}
