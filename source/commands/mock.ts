// mock:persist, mock:init and mock:token: the local mock API's volume, database and tokens.
import type {Command} from 'commander';
import {EduError, UsageError} from '../core/errors.js';
import type {Io} from '../io.js';
import type {CommandContext} from '../main.js';
import {startFolder, writeJson} from './options.js';

export interface PersistOptions {
	readonly compose?: string;
	readonly service?: string;
	readonly target?: string;
	readonly restart?: boolean;
	readonly dryRun?: boolean;
	readonly yes?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
}

export interface InitOptions {
	readonly url: string;
	readonly timeout: string;
	readonly json?: boolean;
}

export interface TokenOptions {
	readonly file: string;
	readonly force?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
}

const persistExamples = `
Examples:
  $ edu mock:persist                          add ./var/api:/var/www/<image>/var to the mock service
  $ edu mock:persist --restart                then run docker compose down && docker compose up -d
  $ edu mock:persist --service api --target /var/www/mock-veliko-api/var
  $ edu mock:persist --compose docker/compose.yml --dry-run

The mock API service is the one whose image or container_name contains "mock" (or --service).
Comments and layout of the compose file are kept; running it again changes nothing.`;

const initExamples = `
Examples:
  $ edu mock:init                             POST /api/init/schema, then /api/init/data on http://localhost:9042
  $ edu mock:init --url http://localhost:9043 --timeout 60
  $ edu mock:init --json                      for scripts: one JSON object on stdout`;

const tokenExamples = `
Examples:
  $ edu mock:token                            adds token.default to var/api/configData.json
  $ edu mock:token teacher                    adds token.teacher
  $ edu mock:token default --force            replaces token.default
  $ edu mock:token ci --json                  for scripts: {"ok":true,"name":"ci","token":"…",…}

Send it in the Authorization request header:
  curl -H "Authorization: <token>" http://localhost:9042/api/…`;

/** Runs an action; an expected failure becomes one line on stderr, or a JSON object with --json. */
async function guarded(io: Io, json: boolean | undefined, action: () => Promise<number>): Promise<number> {
	try {
		return await action();
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		if (!json) throw error;
		writeJson(io, {ok: false, error: {code: error.code, message: error.message}});
		return error.exitCode;
	}
}

export function registerMock(program: Command, context: CommandContext): void {
	program
		.command('mock:persist')
		.description('keep the mock API\'s database and tokens in ./var/api (adds a volume in compose.yaml)')
		.option('--compose <file>', 'compose file (default: compose.yaml, compose.yml, docker-compose.yml or docker-compose.yaml)')
		.option('--service <name>', 'the mock API service (default: the one whose image or container_name contains "mock")')
		.option('--target <path>', 'folder in the container (default: /var/www/<image name>/var)')
		.option('--restart', 'then run docker compose down && docker compose up -d')
		.option('--dry-run', 'print the lines that would be added, write nothing')
		.option('-y, --yes', 'never prompt; several mock services is an error instead of a question')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'folder to start looking for the compose file in')
		.addHelpText('after', persistExamples)
		.action(async (options: PersistOptions) => {
			context.exitCode = await guarded(context.io, options.json, async () => (await import('../mock/persist.js')).runPersist(options, context.io));
		});

	program
		.command('mock:init')
		.description('create the mock API\'s database: POST /api/init/schema, then POST /api/init/data')
		.option('--url <url>', 'address of the mock API', 'http://localhost:9042')
		.option('--timeout <seconds>', 'time limit for each request', '30')
		.option('--json', 'print one JSON object on stdout')
		.addHelpText('after', initExamples)
		.action(async (options: InitOptions) => {
			context.exitCode = await guarded(context.io, options.json, () => runInit(options, context.io));
		});

	program
		.command('mock:token')
		.description('add a random token to the mock API\'s var/api/configData.json')
		.argument('[name]', 'the token\'s name in configData.json', 'default')
		.option('--file <path>', 'the mock API\'s configuration file', 'var/api/configData.json')
		.option('--force', 'replace a token of the same name')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'folder to start from (default: the current folder); a relative --file is found beside the compose file above it')
		.addHelpText('after', tokenExamples)
		.action(async (name: string, options: TokenOptions) => {
			context.exitCode = await guarded(context.io, options.json, () => runToken(name, options, context.io));
		});
}

async function runInit(options: InitOptions, io: Io): Promise<number> {
	const {initMock, normaliseMockUrl} = await import('../mock/init-client.js');
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
	if (options.json) {
		writeJson(io, {
			ok: error === undefined,
			url,
			steps: result.steps,
			...(error ? {error: {code: error.code, message: error.message}} : {}),
		});
		return error ? error.exitCode : 0;
	}
	if (error) throw error;
	io.stdout.write('[OK] Mock API initialised: schema and data created.\n');
	return 0;
}

async function runToken(name: string, options: TokenOptions, io: Io): Promise<number> {
	const {readFileSync, mkdirSync, rmSync, existsSync} = await import('node:fs');
	const path = await import('node:path');
	const {addToken, checkTokenName, newToken} = await import('../mock/token-store.js');
	const {writeFileAtomic} = await import('../mock/atomic-write.js');
	const nameProblem = checkTokenName(name);
	if (nameProblem) throw new UsageError(nameProblem, 'INVALID_OPTION');
	const start = startFolder(io, options);
	// From a subfolder, var/api/ is the project's: beside the compose file, or an existing var/api/ above.
	const {mockRootAbove} = await import('../mock/compose-file.js');
	const base = path.isAbsolute(options.file) ? start : mockRootAbove(start) ?? start;
	const file = path.resolve(base, options.file);
	const shown = path.isAbsolute(options.file) ? options.file : path.relative(start, file).split(path.sep).join('/');

	let existing: string | undefined;
	try {
		existing = readFileSync(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== 'ENOENT') throw new EduError('BAD_PROJECT_FILE', `${shown}: cannot be read (${code === 'EISDIR' ? 'it is a folder' : (error as Error).message}).`);
	}
	const token = newToken();
	const edit = addToken(existing, shown, name, token, Boolean(options.force));

	// Create the missing folders, and remove them again if the write fails.
	const made: string[] = [];
	for (let folder = path.dirname(file); !existsSync(folder); folder = path.dirname(folder)) made.unshift(folder);
	try {
		for (const folder of made) mkdirSync(folder);
		writeFileAtomic(file, edit.text, 0o600);
	} catch (error) {
		for (const folder of made.reverse()) rmSync(folder, {recursive: true, force: true});
		throw new EduError('WRITE_FAILED', `${shown}: cannot be written (${(error as Error).message}); nothing was changed.`);
	}

	if (options.json) {
		writeJson(io, {ok: true, name, token, file: shown, created: existing === undefined, replaced: edit.replaced, header: `Authorization: ${token}`});
		return 0;
	}
	io.stdout.write([
		`${edit.replaced ? 'Replaced' : 'Added'} token "${name}" in ${shown}${existing === undefined ? ' (new file)' : ''}:`,
		`  ${token}`,
		'Send it in the Authorization request header, as the mock API expects:',
		`  Authorization: ${token}`,
		`  curl -H "Authorization: ${token}" http://localhost:9042/api/…`,
		'',
	].join('\n'));
	return 0;
}
