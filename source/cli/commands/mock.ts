// mock:persist, mock:init and mock:token: the local mock API's volume, database and tokens.
import type {Command} from 'commander';
import {defaultMockUrl} from '../../mock/init-client.js';
import {tokenFile, type InitOptions, type PersistOptions, type TokenOptions} from '../../mock/options.js';
import type {CommandContext} from './context.js';

const persistExamples = `
Examples:
  $ edu mock:persist             mount ./var/api at /var/www/<image>/var
  $ edu mock:persist --restart   then: docker compose down && ... up -d
  $ edu mock:persist --service api --target /var/www/mock-veliko-api/var
  $ edu mock:persist --compose docker/compose.yml --dry-run

The mock API service is the one whose image or container_name contains "mock" (or --service). Comments and layout of the compose file are kept; running it again changes nothing. The compose file is looked for from the current folder up to the project root, never above it.
The mock then keeps its tokens in var/api/configDataset.json and its database in var/api/sqlite/app_db.sqlite (the docs say configData.json and app.db.sqlite).`;

const initExamples = `
Examples:
  $ edu mock:init           /api/init/schema, then /api/init/data
  $ edu mock:init --url http://localhost:9043 --timeout 60
  $ edu mock:init --json    for scripts: one JSON object on stdout

Each step is tried with POST, as the seed and the mock's docs say; the mock's code (0.3.2) declares both routes GET and answers POST with its "Error 405 - METHOD_NOT_ALLOWED" page (HTTP 200), so edu then uses GET and says so. A step succeeds only when the mock answers {"status": "success"}; an HTML page, another body or {"status": "error"} fails (exit 1) with the mock's message. init/data needs the internet (it downloads the Paris open data); offline, the mock can still answer success, so edu then asks its station list (GET /api/stations) and fails (exit 1) when it is empty.
init/data also copies the image's default token file over var/configDataset.json: edu reads the project's var/api/configDataset.json before and puts its tokens back after.`;

const tokenExamples = `
Examples:
  $ edu mock:token                  token.default in var/api/configDataset.json
  $ edu mock:token teacher          adds token.teacher
  $ edu mock:token default --force  replaces token.default
  $ edu mock:token ci --json        for scripts: {"ok":true,"token":"…",…}

The mock reads var/configDataset.json in its container, which is the project's var/api/configDataset.json once edu mock:persist has added the volume (the docs say configData.json: the mock never reads that name). A new file is written mode 0644 so that the container's web server (Apache as www-data) can read it; an existing file keeps its mode.
Send the token as the whole value of the header named Authorization, without a Bearer prefix:
  curl -X PUT -H "Authorization: <token>" \\
      ${defaultMockUrl}/api/velo/1/location`;

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
			context.outcome = await (await import('../../mock/persist.js')).runPersist(options, context.io);
		});

	program
		.command('mock:init')
		.description('create the mock API\'s database: /api/init/schema, then /api/init/data (GET when the mock refuses POST); tokens kept')
		.option('--url <url>', `address of the mock API (default: the port the compose file publishes for the mock service's port 80, else ${defaultMockUrl})`)
		.option('--timeout <seconds>', 'time limit for each request', '30')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'the project whose var/api/configDataset.json tokens are kept (default: the current folder)')
		.addHelpText('after', initExamples)
		.action(async (options: InitOptions) => {
			context.outcome = await (await import('../../mock/init.js')).runInit(options, context.io);
		});

	program
		.command('mock:token')
		.description(`add a random token to ${tokenFile}, where the mock API reads its tokens`)
		.argument('[name]', 'the token\'s id in the file', 'default')
		.option('--file <path>', `the token file, inside the project (default: ${tokenFile})`)
		.option('--force', 'replace a token of the same name')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'folder to start from (default: the current folder); a relative --file is the project\'s (beside its compose file)')
		.addHelpText('after', tokenExamples)
		.action(async (name: string, options: TokenOptions) => {
			context.outcome = await (await import('../../mock/token.js')).runToken(name, options, context.io);
		});
}
