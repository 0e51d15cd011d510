// edu start: the project's public/ folder served by PHP's built-in server on {base_url}.
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Command} from 'commander';
import {EduError, UsageError, type Refusal} from '../../base/errors.js';
import {findProjectRoot, isProjectRoot} from '../../project/root.js';
import type {Outcome} from '../../base/io.js';
import {startFolder} from '../../base/options.js';
import {realPath} from '../../base/real-path.js';
import type {CommandContext} from './context.js';
import {posixPath} from '../../base/posix-path.js';
import {isFolder} from '../../base/path-kind.js';
import {visible} from '../../base/visible.js';
import {isWithin} from '../../project/confinement.js';

export interface StartOptions {
	readonly port: string;
	readonly host: string;
	readonly docroot: string;
	readonly cwd?: string;
	/** false with --no-start: every check, then stop before serving. */
	readonly start?: boolean;
}

const examples = `
Examples:
  $ edu start                       http://localhost:8042, serving public/
  $ edu start -p 8080               another port, when 8042 is taken
  $ edu start --no-start            check PHP, the port and public/ only
  $ edu start --host 0.0.0.0        reachable from other machines on the network
  $ edu start --cwd ../my-project   serve another project

Needs PHP on PATH, as recent as the project's framework asks (8.2 for Edu Framework 2.3). Ctrl+C stops the server.`;

export function registerStart(program: Command, context: CommandContext): void {
	program
		.command('start')
		.description('serve the application with PHP\'s built-in server (php -S localhost:8042 -t public)')
		.option('-p, --port <number>', 'port to listen on', '8042')
		.option('--host <name>', 'address to listen on', 'localhost')
		.option('--docroot <dir>', 'folder served as the site root', 'public')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest project above it)')
		.option('--no-start', 'check that the server can start (PHP, the port, the folder), then stop, as php bin/edu start --no-start')
		.addHelpText('after', examples)
		.action(async (options: StartOptions) => {
			context.outcome = await runStart(options, context);
		});
}

function parsePort(value: string): number {
	const port = Number(value);
	if (!/^\d+$/.test(value) || port < 1 || port > 65_535) throw new UsageError(`--port must be a number from 1 to 65535 (got "${value}").`, 'INVALID_OPTION');
	return port;
}

/** The folder to serve: <start>/<docroot>, else <project root>/<docroot>. */
function locateDocroot(start: string, docroot: string): {root: string; docroot: string} {
	const project = findProjectRoot(start);
	if (path.isAbsolute(docroot)) {
		if (isFolder(docroot)) return {root: start, docroot: inside(project, start, docroot, docroot)};
	} else {
		if (isFolder(path.join(start, docroot))) return {root: start, docroot: inside(project, start, path.join(start, docroot), docroot)};
		if (typeof project === 'string' && isFolder(path.join(project, docroot))) return {root: project, docroot: inside(project, start, path.join(project, docroot), docroot)};
	}
	throw new EduError('NO_DOCROOT', `No ${docroot.replace(/[\\/]+$/, '')}/ folder in ${start}: edu start serves the project's ${docroot.replace(/[\\/]+$/, '')}/ folder; run it at the project root, or pass --cwd or --docroot.`);
}

/** What a site root must not hold. */
const secrets = [
	{name: '.env', what: 'the database password'},
	{name: 'vendor/', what: 'the installed PHP code'},
	{name: 'app/', what: 'the project\'s code'},
].map((secret) => ({...secret, path: secret.name.replace(/\/$/, '')}));

/** Folders of a project whose files are never for the web. */
const projectFolders = [
	{name: 'app', what: 'the project\'s code and configuration'},
	{name: 'vendor', what: 'the installed PHP code'},
	{name: 'var', what: 'its data: the database, uploads, the mock\'s tokens'},
	{name: '.edu', what: 'its templates and edu\'s backups'},
	{name: '.git', what: 'its repository'},
];

/**
 * The docroot, refused when it is not inside the project (outside any project: the folder edu
 * start runs in): every file under it would be served, to anyone who can reach the port.
 */
function inside(project: string | Refusal, start: string, docroot: string, typed: string): string {
	const base = typeof project === 'string' ? project : start;
	if (!isWithin(realPath(base), realPath(docroot))) {
		throw new UsageError(`--docroot ${typed} is outside ${typeof project === 'string' ? 'the project' : 'the folder edu start runs in'} (${base}): edu start serves one of its folders, such as public/.`, 'INVALID_OPTION');
	}
	// A folder of the project's code or data itself (edu start --docroot app).
	const [top = ''] = posixPath(path.relative(realPath(base), realPath(docroot))).split('/');
	const within = typeof project === 'string' ? projectFolders.find((folder) => folder.name === top) : undefined;
	if (within !== undefined) {
		throw new UsageError(`--docroot ${typed} is inside the project's ${within.name}/ folder: edu start would serve its files (${within.what}) to anyone who reaches the port; serve the folder meant for the web, such as public/.`, 'INVALID_OPTION');
	}
	// The project's secrets and code, which PHP's server would hand out as plain files.
	const exposed = secrets.find((secret) => existsSync(path.join(docroot, secret.path)));
	if (exposed !== undefined) {
		throw new UsageError(`--docroot ${typed} holds ${exposed.name}: edu start would serve it (${exposed.what}) to anyone who reaches the port; serve the folder meant for the web, such as public/.`, 'INVALID_OPTION');
	}
	return docroot;
}

export async function runStart(options: StartOptions, context: CommandContext): Promise<Outcome> {
	const {io} = context;
	const port = parsePort(options.port);
	const host = options.host.trim().replace(/^\[(.*)\]$/, '$1');
	if (host === '' || /[\s/]/.test(host)) throw new UsageError(`--host must be a host name or an IP address (got "${options.host}").`, 'INVALID_OPTION');
	const start = startFolder(io, options);
	if (!isFolder(start)) throw new EduError('NOT_A_PROJECT', `${start}: no such folder.`);
	const located = locateDocroot(start, options.docroot);
	context.announceRoot(located.root);

	const {checkPhp} = await import('../../php/runtime.js');
	const {checkPortFree} = await import('../../start/port.js');
	const {serve} = await import('../../start/serve.js');
	const {frameworkMinimumPhp} = await import('../../doctor/project-facts.js');
	const phpVersion = await checkPhp(io, frameworkMinimumPhp(located.root), io.limits?.phpAnswerMs);
	await checkPortFree(host, port);
	if (isProjectRoot(located.root) && !existsSync(path.join(located.root, 'vendor', 'autoload.php'))) {
		io.stderr.write(`Warning: no vendor/autoload.php in ${located.root}: requests will fail (HTTP 500) until you run "composer install" there.\n`);
	}
	// What would answer 500 on Linux (app/config/ for app/Config/), said before serving, as edu doctor says it.
	const {configuredPathProblems, describePathProblem} = await import('../../start/front-controller.js');
	for (const problem of configuredPathProblems(located.root)) {
		const {message, fix} = describePathProblem(problem);
		// The folder is quoted from public/index.php: shown, never obeyed by the terminal.
		io.stderr.write(visible(`✖ ${message}\n    fix: ${fix}\n`));
	}
	const label = `${posixPath(path.relative(located.root, located.docroot)) || '.'}/`;
	// The page edu openapi --html writes: PHP's server answers its folder with its index.html.
	const {docUrlPath} = await import('../../openapi/html/doc-location.js');
	const pageFolder = path.join(located.docroot, ...docUrlPath.split('/').filter(Boolean));
	const hasPage = existsSync(path.join(pageFolder, 'index.html'));
	if (hasPage) {
		const {pageServerElsewhere} = await import('../../start/page-server.js');
		const elsewhere = pageServerElsewhere(path.join(pageFolder, 'openapi.yaml'), host, port);
		if (elsewhere !== undefined) io.stderr.write(visible(`Warning: the page's "Try it out" calls ${elsewhere} (the Server attribute in app/Controller/api), not this server: change that attribute and run edu openapi --html again, or serve on its port.\n`));
	}
	// A specification without its page: /doc/ would be the framework's "not found", so say how to make it.
	const docHint = !hasPage && existsSync(path.join(located.docroot, 'openapi.yaml')) ? {docHint: 'API page: run edu openapi --html to create it'} : {};
	if (options.start === false) {
		const {serverUrl} = await import('../../start/serve.js');
		const everywhere = host === '0.0.0.0' || host === '::';
		const here = everywhere ? ` (on this computer: ${serverUrl('localhost', port)})` : '';
		return {json: {url: serverUrl(host, port), php: phpVersion}, text: `Ready to serve ${label} at ${serverUrl(host, port)}${here}: PHP ${phpVersion}, the port is free. Not started (--no-start).\n`};
	}
	return {json: {}, exitCode: await serve({host, port, docroot: located.docroot, docrootLabel: label, cwd: located.root, ...(hasPage ? {docPath: docUrlPath} : docHint)}, io)};
}
