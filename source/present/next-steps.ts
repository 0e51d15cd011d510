// What to do once the files are written: one block, the same on the wizard's done screen, in
// the plain prompts, after `make:* --yes` in a terminal and after `npm run demo`. Each command
// works pasted as printed from the folder the run started in: `cd <project>` first when that
// was not the project.
import path from 'node:path';
import {sgr} from '../base/io.js';
import type {FileChange, Plan, PlannedRoute} from '../make/plan.js';
import type {Settings, Snapshot} from '../make/snapshot.js';
import {databaseConnects, databaseType} from '../project/settings.js';
import {createTable} from '../make/resource.js';
import {uploadSpecOf} from '../make/upload.js';
import {fileLines} from './describe-plan.js';
import {shellWord} from '../sink/leftovers.js';
import {localServer} from '../openapi/html/doc-location.js';
import {wrapLine} from './help-text.js';


export interface NextStep {
	readonly command: string;
	readonly what: string;
}

export interface NextStepsContext {
	/** False when vendor/autoload.php is missing: `composer install` comes first. */
	readonly dependenciesInstalled?: boolean;
	/** Where the project's settings are: without .env, a resource's steps say how to make it first. */
	readonly settings?: Settings;
	/** The project's folder, when the run did not start in it: `cd` there first. */
	readonly cd?: string;
	/** For a resource: whether those settings let the framework connect (DB_HOST_STATUS=true). */
	readonly connects?: boolean;
	/** For a resource: the DB_TYPE those settings name (sqlite gets SQLite's CREATE TABLE). */
	readonly dbType?: string;
}

/** What the plan's template runs: a project's template takes the steps of its engine. */
const engine = (plan: Plan): string | undefined => plan.engine ?? plan.request.template;

/** What the steps of `plan` need to know of the project: the same for the CLI, the wizard and --plain. */
export function stepsContext(snapshot: Snapshot, plan: Plan, cd?: string): NextStepsContext {
	const connects = engine(plan) === 'resource' ? databaseConnects(snapshot.root, snapshot.settings) : undefined;
	const dbType = engine(plan) === 'resource' ? databaseType(snapshot.root, snapshot.settings) : undefined;
	return {dependenciesInstalled: snapshot.dependenciesInstalled, settings: snapshot.settings, cd, ...(connects === undefined ? {} : {connects}), ...(dbType === undefined ? {} : {dbType})};
}

/** The project's folder when the run started elsewhere (the steps `cd` there first), else undefined. */
export function folderToEnter(cwd: string, root: string): string | undefined {
	return path.resolve(cwd, root) === path.resolve(cwd) ? undefined : path.resolve(cwd, root);
}

/** The route's URI with each {param} replaced by an example value: 1 for integers (ids), "example" otherwise. */
function exampleUrl({uri, parameters}: Pick<PlannedRoute, 'uri' | 'parameters'>): string {
	const types = new Map(parameters.map((parameter) => [parameter.name, parameter.type]));
	return `${localServer}${uri.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => (types.get(name) === 'integer' ? '1' : 'example'))}`;
}

/** The curl line that calls a route with its first method. */
function curlLine(route: PlannedRoute): string {
	const method = route.methods[0] ?? 'GET';
	return method === 'GET' ? `curl -i ${shellWord(exampleUrl(route))}` : `curl -i -X ${method} ${shellWord(exampleUrl(route))}`;
}

function uploadSteps(plan: Plan, route: PlannedRoute): NextStep[] {
	const {field, extensions} = plan.upload ?? uploadSpecOf(plan.request.upload);
	const extension = extensions[0] ?? 'txt';
	const file = `example.${extension}`;
	const text = extension === 'csv' || extension === 'txt';
	const send = `send ${text ? 'it' : `a .${extension} file of yours`} to ${route.name} (form field "${field}")`;
	return [
		...(text ? [{command: `printf 'nom,code\\nLyon,69000\\n' > ${file}`, what: `In another terminal, make a small .${extension} file`}] : []),
		{command: `curl -i -F ${shellWord(`${field}=@${text ? file : `your-file.${extension}`}`)} ${shellWord(exampleUrl(route))}`, what: text ? send.replace(/^s/, 'S') : `In another terminal, ${send}`},
	];
}

/** A resource's database is named in .env: made from .env.example, or as edu doctor says. */
function settingsStep(settings: Settings | undefined, connects: boolean | undefined): NextStep[] {
	// Without exactly true the framework never connects, and each call answers 500.
	const connect = connects === false ? [{command: 'DB_HOST_STATUS=true', what: 'Let the framework connect to the database: write this line in .env (it connects only with exactly true; without it each call answers 500)'}] : [];
	if (settings === '.env.example') return [{command: 'cp .env.example .env', what: 'Say which database it uses: copy .env.example to .env, then set DB_NAME, DB_USER and DB_PASSWORD in it'}, ...connect];
	if (settings === 'none') return [{command: 'edu doctor', what: 'There is no .env, where the framework reads which database to use: edu doctor says what to write in it'}];
	return connect;
}

/** The statement that creates the resource's table in the database .env names, as its controller's CREATE_TABLE has it. */
function tableStep(plan: Plan, dbType: string | undefined): NextStep {
	const fields = plan.fields ?? plan.request.fields ?? [];
	const table = plan.table ?? 'items';
	if (dbType === 'sqlite') return {command: createTable(table, fields, 'sqlite'), what: 'Create the table it needs, in the SQLite database .env names (sqlite3 var/sqlite/<DB_NAME>.sqlite)'};
	return {command: createTable(table, fields, 'mysql'), what: 'Create the table it needs, in the database .env names (MySQL / MariaDB client)'};
}

function resourceSteps(plan: Plan): NextStep[] {
	const fields = plan.fields ?? plan.request.fields ?? [];
	// Each value as the controller accepts it: a string no longer than its field's length.
	const body = JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, field.type === 'int' ? 1 : 'example'.slice(0, field.length)])));
	const [list, one] = plan.routes;
	const steps: NextStep[] = [];
	if (list !== undefined) {
		// A list narrowed to GET (--methods, the route screen) answers a POST with the router's 405 page.
		const creates = list.methods.includes('POST');
		if (creates) steps.push({command: `curl -i -X POST -H 'Content-Type: application/json' -d ${shellWord(body)} ${shellWord(exampleUrl(list))}`, what: `In another terminal, add a row through ${list.name}`});
		steps.push({command: curlLine(list), what: creates ? 'List the rows' : `In another terminal, list the rows through ${list.name}`});
	}
	if (one !== undefined) steps.push({command: curlLine(one), what: `Read the first row through ${one.name}`});
	return steps;
}

function routeSteps(plan: Plan): NextStep[] {
	if (plan.kind === 'controller') {
		return plan.routes.map((route) => ({command: exampleUrl(route), what: 'Open in your browser'}));
	}
	if (engine(plan) === 'resource') return resourceSteps(plan);
	return plan.routes.flatMap((route) => (engine(plan) === 'upload'
		? uploadSteps(plan, route)
		: [{command: curlLine(route), what: `In another terminal, call ${route.name}`}]));
}

export function nextSteps(plan: Plan, {dependenciesInstalled = true, settings, cd, connects, dbType}: NextStepsContext = {}): NextStep[] {
	const steps: NextStep[] = [];
	if (cd !== undefined) steps.push({command: `cd ${shellWord(cd)}`, what: 'Go to the project'});
	if (!dependenciesInstalled) steps.push({command: 'composer install', what: 'Install the framework first (no vendor/ yet: every request would fail with HTTP 500)'});
	if (engine(plan) === 'resource') steps.push(...settingsStep(settings, connects), tableStep(plan, dbType));
	if (plan.kind === 'api') {
		steps.push({command: 'edu openapi', what: 'Describe the API in public/openapi.yaml'});
		steps.push({command: 'edu openapi --html', what: `Or also write a page to see and try it, served by edu start at ${localServer}/doc/`});
	}
	// Serving holds the terminal: what follows goes in another one, where only curl and files are used.
	steps.push({command: 'edu start', what: `Serve the project on ${localServer}`});
	steps.push(...routeSteps(plan));
	steps.push({command: 'edu undo', what: 'Changed your mind? Take this run back, byte for byte'});
	return steps;
}

/** bin/edu from the framework composer installed (its repository's own console file). */
export const getConsole = 'mkdir -p bin && cp vendor/studoo/edu-framework/bin/edu bin/edu';

/**
 * After make:command: `cd` to the project when the run started elsewhere (php bin/edu is relative), the
 * framework first when vendor/ is missing (php bin/edu needs it), then the command run through the
 * framework's console. `exists` answers for the project's files.
 */
export function commandNextSteps(commandName: string, exists: (relative: string) => boolean, cd?: string): NextStep[] {
	const steps: NextStep[] = [];
	if (cd !== undefined) steps.push({command: `cd ${shellWord(cd)}`, what: 'Go to the project'});
	if (!exists('vendor/autoload.php')) steps.push({command: 'composer install', what: 'Install the framework first (no vendor/ yet: php bin/edu needs it)'});
	if (!exists('bin/edu')) steps.push({command: getConsole, what: 'Get the framework\'s console, bin/edu, which this project does not have: the installed framework\'s own file'});
	steps.push({command: `php bin/edu ${commandName}`, what: 'Write your code in execute(), then run it'});
	return steps;
}

/**
 * The block as text lines: a heading, then each step's purpose and its command under it. With
 * `width` (a terminal's), a purpose longer than it is broken between words; a command never is,
 * so it pastes whole.
 */
export function nextStepsLines(steps: readonly NextStep[], width?: number): string[] {
	const purpose = (what: string): string[] => (width === undefined ? [`  ${what}:`] : wrapLine(`  ${what}:`, width, 2));
	return ['Next steps:', ...steps.flatMap((step) => [...purpose(step.what), `    ${step.command}`])];
}

/**
 * The block as a terminal gets it, its heading bold when `color`: printed as plain lines after
 * make:* in a terminal and below the wizard once it has closed, never inside Ink's frame, so a
 * command longer than the terminal wraps as the terminal wraps it and pastes whole.
 */
export function nextStepsBlock(steps: readonly NextStep[], color: boolean, width?: number): string[] {
	const [heading = '', ...lines] = nextStepsLines(steps, width);
	return [sgr('1', heading, color), ...lines];
}

/** The files a run wrote as a terminal gets them after make:*: `create` green, `modify` yellow when `color`. */
export function fileLinesShown(changes: readonly FileChange[], color: boolean): string[] {
	return fileLines(changes).map((line) => line.replace(/^( +)(\S+)/, (_, space: string, action: string) => `${space}${sgr(action === 'create' ? '32' : '33', action, color)}`));
}
