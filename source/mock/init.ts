// edu mock:init: POST /api/init/schema then /api/init/data, each step's status printed;
// the first failure becomes one clear line (or a JSON report).
import {EduError, UsageError} from '../core/errors.js';
import type {Io, Outcome} from '../io.js';
import type {InitOptions} from './options.js';
import {initMock, normaliseMockUrl} from './init-client.js';

export async function runInit(options: InitOptions, io: Io): Promise<Outcome> {
	const url = normaliseMockUrl(options.url);
	if (url === undefined) throw new UsageError(`--url must be an http:// or https:// address such as http://localhost:9042 (got "${options.url}").`, 'INVALID_OPTION');
	const seconds = Number(options.timeout);
	if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new UsageError(`--timeout must be a number of seconds above 0 (got "${options.timeout}").`, 'INVALID_OPTION');

	const result = await initMock(url, seconds, (step) => {
		if (!options.json) io.stdout.write(`POST ${step.url} → ${step.status}${step.statusText ? ` ${step.statusText}` : ''} (${step.ms} ms)\n`);
	});
	const startIt = 'Start it with "docker compose up -d" in the project';
	const failure = result.failure;
	let error: EduError | undefined;
	if (failure?.kind === 'status') {
		const {step} = failure;
		error = new EduError('MOCK_FAILED', `POST ${step.url} failed: ${step.status}${step.statusText ? ` ${step.statusText}` : ''}${step.body ? `: ${step.body}` : ''}`);
	} else if (failure?.kind === 'unreachable') {
		error = new EduError('MOCK_UNREACHABLE', `Cannot reach the mock API at ${url} (${failure.reason}): is it running? ${startIt}, or pass --url.`);
	} else if (failure?.kind === 'timeout') {
		error = new EduError('MOCK_UNREACHABLE', `The mock API at ${url} did not answer POST ${failure.url} within ${failure.seconds} s: is it running? ${startIt}, or raise --timeout.`);
	}
	if (error) throw new EduError(error.code, error.message, error.exitCode, {details: {url, steps: result.steps}});
	return {json: {url, steps: result.steps}, text: '[OK] Mock API initialised: schema and data created.\n'};
}
