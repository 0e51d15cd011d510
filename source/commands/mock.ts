// mock:persist, mock:init and mock:token: the local mock API's volume, database and tokens.
import type {Command} from 'commander';
import type {InitOptions, PersistOptions, TokenOptions} from '../mock/options.js';
import type {CommandContext} from './context.js';

const persistExamples = `
Examples:
  $ edu mock:persist             mount ./var/api at /var/www/<image>/var
  $ edu mock:persist --restart   then: docker compose down && ... up -d
  $ edu mock:persist --service api --target /var/www/mock-veliko-api/var
  $ edu mock:persist --compose docker/compose.yml --dry-run

The mock API service is the one whose image or container_name contains "mock" (or --service). Comments and layout of the compose file are kept; running it again changes nothing.`;

const initExamples = `
Examples:
  $ edu mock:init           /api/init/schema, then /api/init/data on :9042
  $ edu mock:init --url http://localhost:9043 --timeout 60
  $ edu mock:init --json    for scripts: one JSON object on stdout`;

const tokenExamples = `
Examples:
  $ edu mock:token                  token.default in var/api/configData.json
  $ edu mock:token teacher          adds token.teacher
  $ edu mock:token default --force  replaces token.default
  $ edu mock:token ci --json        for scripts: {"ok":true,"token":"…",…}

Send it in the Authorization request header:
  curl -H "Authorization: <token>" http://localhost:9042/api/…`;

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
			context.outcome = await (await import('../mock/persist.js')).runPersist(options, context.io);
		});

	program
		.command('mock:init')
		.description('create the mock API\'s database: POST /api/init/schema, then POST /api/init/data')
		.option('--url <url>', 'address of the mock API', 'http://localhost:9042')
		.option('--timeout <seconds>', 'time limit for each request', '30')
		.option('--json', 'print one JSON object on stdout')
		.addHelpText('after', initExamples)
		.action(async (options: InitOptions) => {
			context.outcome = await (await import('../mock/init.js')).runInit(options, context.io);
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
			context.outcome = await (await import('../mock/token.js')).runToken(name, options, context.io);
		});
}
