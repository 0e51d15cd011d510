// edu mock:init: /api/init/schema then /api/init/data (POST as the seed says, GET when the mock
// refuses it), each answer printed; the first failure becomes one clear line (or a JSON report).
// Success is said only when the mock's own station list holds data (offline, its data step can
// answer success with nothing loaded). The data step makes the mock copy its image's configDataset.json over var/configDataset.json:
// the project's tokens (var/api/configDataset.json) are read before and merged back after.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {EduError, UsageError} from '../base/errors.js';
import {signalExitCodes, type Io, type Outcome, type StopSignal} from '../base/io.js';
import {startFolder, waitNotice} from '../base/options.js';
import type {InitOptions} from './options.js';
import {blockedPort, defaultMockUrl, initMock, normaliseMockUrl, type InitResult, type InitStep} from './init-client.js';
import {confined, findMockProject, readProjectText} from './project-files.js';
import {composeWithoutMock, hasComposeFile, mockServiceShape, readableMockServiceIn, type MockService} from './mock-service.js';
import {readTokens, setTokens, tokenFile} from './token-store.js';
import {editProjectText} from './token.js';
import {posixPath} from '../base/posix-path.js';

/**
 * The folder of the mock's database, in its var/: the image has it, but the project's var/api
 * bound over var/ has it only if made, and the mock's init steps fail without it.
 */
export const databaseFolder = 'sqlite';

/** Where the mock keeps its database, host side (var/sqlite/app_db.sqlite in the container). */
export const databaseFile = `var/api/${databaseFolder}/app_db.sqlite`;

function stepLine(step: InitStep): string {
	const answer = `${step.status}${step.statusText ? ` ${step.statusText}` : ''}`;
	if (step.outcome === 'refused') {
		return `${step.method} ${step.url} → ${answer}: the mock refuses ${step.method} ("Error 405 - METHOD_NOT_ALLOWED"); its code declares this route GET${step.method === 'POST' ? ', trying GET' : ''}`;
	}
	return `${step.method} ${step.url} → ${answer} ${step.outcome}${step.message ? `: ${step.message}` : ''} (${step.ms} ms)`;
}

interface TokenKeeping {
	readonly root: string;
	readonly file: string;
	readonly shown: string;
	readonly before: Map<string, string>;
}

/** The project's tokens before init, or undefined when there is no token file to keep. */
function tokensBefore(start: string): TokenKeeping | undefined {
	const project = findMockProject(start);
	if (project === undefined) return undefined;
	const target = path.join(project.root, tokenFile);
	const shown = posixPath(path.relative(start, target));
	const file = confined(project, target, shown);
	const existing = readProjectText(file, shown);
	if (existing === undefined) return undefined;
	return {root: project.root, file, shown, before: readTokens(existing.text, shown)};
}

/** Puts back every token that init removed or changed; returns their ids. */
async function restoreTokens(keeping: TokenKeeping, onWait?: (line: string) => void): Promise<string[]> {
	const now = readProjectText(keeping.file, keeping.shown);
	const current = now === undefined ? new Map<string, string>() : readTokens(now.text, keeping.shown);
	const missing = [...keeping.before].filter(([id, value]) => current.get(id) !== value);
	if (missing.length === 0) return [];
	// Under the lock, what is missing is reckoned again on the file as it is then.
	const {value} = await editProjectText(keeping.root, keeping.file, keeping.shown, 0o644, 'mock:init', (current) => {
		const tokens = current === undefined ? new Map<string, string>() : readTokens(current.text, keeping.shown);
		const absent = [...keeping.before].filter(([id, value]) => tokens.get(id) !== value);
		return {text: setTokens(current?.text, keeping.shown, absent, true).text, value: absent.map(([id]) => id)};
	}, onWait);
	return value;
}

/**
 * When the project's var/api/ (the volume) has no sqlite/ folder, the mock cannot open its
 * database (a var/api/ made by an older edu, or by hand): the words that say so, else ''.
 */
function missingDatabaseFolder(start: string): string {
	const project = findMockProject(start);
	if (project === undefined) return '';
	const folder = path.join(project.root, path.dirname(databaseFile));
	if (!existsSync(path.dirname(folder)) || existsSync(folder)) return '';
	const shown = `${posixPath(path.relative(start, folder))}/`;
	return `. ${shown} is missing, and the mock needs it for its database: run edu mock:persist (which creates it), then edu mock:init again.`;
}

/** The mock service of the project around `start`, as its compose file declares it; or that compose file, when it declares none. */
function declaredService(start: string): {declared?: MockService; without?: string; noCompose?: true} {
	const project = findMockProject(start);
	if (project === undefined) return {};
	const declared = readableMockServiceIn(project.root);
	if (declared !== undefined) return {declared};
	// The project's compose file when it declares no mock service (the skeleton's), or none at all.
	return hasComposeFile(project.root) ? {without: composeWithoutMock(project.root)} : {noCompose: true};
}

/** How PHP says a download failed for want of a network (the mock's init/data fetches the Paris open data). */
const downloadFailed = /getaddrinfo|php_network_getaddresses|Failed to open stream|Name or service not known|Temporary failure in name resolution|Network is unreachable/i;
const giveInternet = 'Give the mock\'s container internet access, then run edu mock:init again.';
const noInternet = `The mock could not download the open data: it needs internet access; schema created, no stations. ${giveInternet}`;

/** What the station list step found, as the [OK] line says it. */
function stationCount(steps: readonly InitStep[]): string {
	return steps.at(-1)?.message ?? 'stations loaded';
}

export async function runInit(options: InitOptions, io: Io): Promise<Outcome> {
	const start = startFolder(io, options);
	const {declared, without, noCompose} = options.url === undefined ? declaredService(start) : {};
	const url = normaliseMockUrl(options.url ?? declared?.url ?? defaultMockUrl);
	if (url === undefined) throw new UsageError(`--url must be an http:// or https:// address such as ${defaultMockUrl} (got "${options.url}").`, 'INVALID_OPTION');
	const from = declared === undefined || declared.url === defaultMockUrl ? '' : `, the address ${declared.file} gives ${declared.service}`;
	const seconds = Number(options.timeout);
	if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new UsageError(`--timeout must be a number of seconds above 0 (got "${options.timeout}").`, 'INVALID_OPTION');
	// Read (and checked) before anything is asked of the mock: a file edu could not merge back refuses the run.
	const keeping = tokensBefore(start);

	const talk = !options.json && !options.quiet;
	// Ctrl+C or SIGTERM drops the request in flight; the tokens are still put back below.
	const stop = new AbortController();
	let stopped: StopSignal | undefined;
	const unsubscribe = io.onSignal?.((signal) => {
		stopped ??= signal;
		stop.abort();
	});
	let result: InitResult;
	try {
		result = await initMock(url, seconds, (step) => {
			if (talk) io.stdout.write(`${stepLine(step)}\n`);
		}, {
			stop: stop.signal,
			...(talk ? {onSlow: (method: string, asked: string) => io.stderr.write(`Waiting for the mock's answer to ${method} ${asked} (up to ${seconds} s${asked.endsWith('/api/init/data') ? ': it downloads the open data' : ''}; Ctrl+C stops)…\n`)} : {}),
		});
	} catch (error) {
		unsubscribe?.();
		throw error;
	}
	// The data step resets the token file first, however it ends (an error, no answer in time, a
	// request dropped on Ctrl+C): once it was asked, the tokens are put back whatever happened.
	const unanswered = result.failure !== undefined && 'url' in result.failure ? result.failure.url : undefined;
	const dataAsked = unanswered?.endsWith('/api/init/data') === true || result.steps.some((step) => step.url.endsWith('/api/init/data') && step.outcome !== 'refused');
	let kept: string[];
	try {
		kept = keeping !== undefined && dataAsked ? await restoreTokens(keeping, waitNotice(io, options, false)) : [];
	} finally {
		// Heard until the tokens are back: a Ctrl+C then ends the run once they are.
		unsubscribe?.();
	}
	const keptLine = kept.length > 0 && keeping !== undefined
		? `Kept ${kept.length === 1 ? 'the token' : `${kept.length} tokens`} ${kept.map((id) => `"${id}"`).join(', ')} of ${keeping.shown}: init/data had replaced the file with the image's default.`
		: undefined;

	// A compose file without the mock (the skeleton's) would start everything but it.
	const startIt = noCompose === true
		? `The project has no compose file: declare the mock API service in a compose.yaml at its root (${mockServiceShape}), then start it with "docker compose up -d"`
		: without === undefined ? 'Start it with "docker compose up -d" in the project' : `${without} has no mock API service: add it (${mockServiceShape}), then start it with "docker compose up -d"`;
	const failure = result.failure;
	let error: EduError | undefined;
	if (failure?.kind === 'empty') {
		error = new EduError('MOCK_NO_DATA', `The mock could not download the open data: it needs internet access; schema created, no stations (GET ${failure.step.url} answered []). ${giveInternet}`);
	} else if (failure?.kind === 'answer') {
		const {step} = failure;
		const offline = step.url.endsWith('/api/init/data') && downloadFailed.test(step.message) ? `. ${noInternet}` : '';
		error = new EduError('MOCK_FAILED', `${step.method} ${step.url} failed: ${step.status}${step.statusText ? ` ${step.statusText}` : ''}: ${step.message}${step.url.endsWith('/api/init/schema') ? missingDatabaseFolder(start) : offline}`);
	} else if (failure?.kind === 'unreachable' && failure.reason === blockedPort) {
		error = new EduError('MOCK_UNREACHABLE', `Cannot reach the mock API at ${url}${from}: Node's fetch never connects to port ${new URL(url).port} (one of the ports browsers block); publish the mock on another port (9042 by default) and pass that --url.`);
	} else if (failure?.kind === 'unreachable') {
		error = new EduError('MOCK_UNREACHABLE', `Cannot reach the mock API at ${url}${from} (${failure.reason}): is it running? ${startIt}, or pass --url.`);
	} else if (failure?.kind === 'timeout' && result.steps.some((step) => step.ok)) {
		// It answered an earlier step: it runs, and this one takes longer (the data step downloads).
		error = new EduError('MOCK_UNREACHABLE', `The mock API did not answer ${failure.url} within ${failure.seconds} s (it answered the step before)${failure.url.endsWith('/api/init/data') ? ': its data step downloads the Paris open data, which can take longer' : ''}; run edu mock:init again with a longer --timeout, e.g. --timeout ${Math.max(120, failure.seconds * 4)}.`);
	} else if (failure?.kind === 'timeout') {
		error = new EduError('MOCK_UNREACHABLE', `The mock API at ${url}${from === '' ? '' : `${from},`} did not answer ${failure.url} within ${failure.seconds} s: is it running? ${startIt}, or raise --timeout.`);
	} else if (failure?.kind === 'stopped' || stopped !== undefined) {
		const signal = stopped ?? 'SIGINT';
		const asked = failure?.kind === 'stopped' ? `${failure.method} ${failure.url}` : 'its last step';
		error = new EduError('MOCK_FAILED', `Interrupted (${signal}) while waiting for the mock's answer to ${asked}: it may still be at work; run edu mock:init again to be sure it has its schema and data.`, signalExitCodes[signal]);
	}
	// In text mode the kept tokens are said with the steps, before a failure's line.
	if (keptLine !== undefined && talk) io.stdout.write(`${keptLine}\n`);
	if (error) throw new EduError(error.code, error.message, error.exitCode, {details: {url, steps: result.steps, tokensKept: kept}});
	return {
		json: {url, steps: result.steps, tokensKept: kept, database: databaseFile},
		text: `[OK] Mock API initialised: schema and data created, ${stationCount(result.steps)} (database ${databaseFile} with the ./var/api volume of edu mock:persist).\n`,
	};
}
