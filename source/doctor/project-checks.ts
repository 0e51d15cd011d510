// The project's own files: vendor/ and the framework's version, .env, routes --check in one line,
// and the Node running edu.
import {existsSync, lstatSync, statSync} from 'node:fs';
import {readBounded} from '../base/path-kind.js';
import path from 'node:path';
import process from 'node:process';
import semver from 'semver';
import {EduError} from '../base/errors.js';
import type {KeptText} from '../base/io.js';
import {fail, ok, warn, type CheckResult} from './check.js';
import {frameworkVersion} from './project-facts.js';
import {configuredPathProblems, describePathProblem} from '../start/front-controller.js';

/** The Node versions edu supports (package.json's engines). */
export const supportedNode = '^20.5.0 || ^22.0.0 || ^24.0.0 || >=26.0.0';

/** Whether `command` is a file in one of PATH's folders (as the shell would find it), without running it. */
function onPath(command: string, env: Readonly<Record<string, string | undefined>>): boolean {
	const names = process.platform === 'win32' ? [`${command}.bat`, `${command}.exe`, `${command}.cmd`] : [command, `${command}.phar`];
	return (env['PATH'] ?? '').split(path.delimiter).some((folder) => folder !== '' && names.some((name) => existsSync(path.join(folder, name))));
}

export function vendorChecks(root: string, env: Readonly<Record<string, string | undefined>> = {}): CheckResult[] {
	if (!existsSync(path.join(root, 'vendor/autoload.php'))) {
		const install = onPath('composer', env) ? 'composer install' : 'install Composer first (sudo apt install composer, or https://getcomposer.org/download/), then run composer install';
		return [fail('vendor', 'vendor/autoload.php missing: the dependencies are not installed', install)];
	}
	const version = frameworkVersion(root);
	if (version === null) return [ok('vendor', 'vendor/autoload.php present'), fail('framework', 'studoo/edu-framework is not in vendor/', 'composer require studoo/edu-framework')];
	return [ok('vendor', 'vendor/autoload.php present'), ok('framework', `studoo/edu-framework ${version ?? '(version not recorded)'} installed`)];
}

/** `readable`: .env was read as a text file (ProjectFacts.env). */
export function envCheck(root: string, readable: boolean): CheckResult {
	if (readable) return ok('env', '.env present');
	const example = existsSync(path.join(root, '.env.example'));
	const unreadable = whyUnreadable(path.join(root, '.env'));
	if (unreadable !== undefined) {
		const remove = unreadable === 'it is a folder' ? 'rm -r .env' : 'rm .env';
		return fail('env', `.env cannot be read (${unreadable}): the framework reads its settings (DB_TYPE, DB_HOST…) there`, `replace it with a text file${example ? `: ${remove}, then cp .env.example .env and set the database values in it` : ''}`);
	}
	return fail('env', '.env missing: the framework reads its settings (DB_TYPE, DB_HOST…) there', example ? 'cp .env.example .env, then set the database values in it' : 'create .env with the line DB_HOST_STATUS=false (no database), or DB_HOST_STATUS=true and DB_TYPE=mysql, DB_HOST=127.0.0.1, DB_SOCKET=3306 (the port), DB_NAME, DB_USER and DB_PASSWORD of your server');
}

export async function routesCheck(root: string, kept?: KeptText): Promise<CheckResult> {
	try {
		const {inspectRoutes} = await import('../routes/report.js');
		const {problemCount} = await import('../routes/table.js');
		const {routes, rows} = await inspectRoutes(root, kept === undefined ? {} : {kept});
		const problems = problemCount(rows);
		if (problems === 0) return ok('routes', `routes --check: ${routes.count} route${routes.count === 1 ? '' : 's'}, no problems`);
		const named = [...new Set(rows.filter((row) => row.problems.length > 0).map((row) => row.name ?? `${row.file}:${row.line}`))];
		// Two routes the router cannot tell apart stop it for every request, not only theirs: that blocks.
		const clashing = rows.find((row) => row.problems.some((problem) => problem.code === 'CLASH'));
		const clash = clashing?.problems.find((problem) => problem.code === 'CLASH');
		if (clashing !== undefined && clash !== undefined) {
			const others = problems - 2;
			const rest = others > 0 ? ` (and ${others} other problem${others === 1 ? '' : 's'}: edu routes --check shows them)` : '';
			return fail('routes', `routes --check: ${clashing.name ?? ''}: ${clash.message.replace(/; the router fails on both$/, '')}: the framework's router fails on every request while both are there${rest}`, 'change the URI or the methods of one of the two routes in app/Config/routes.yaml, or remove one');
		}
		return warn('routes', `routes --check: ${problems} problem${problems === 1 ? '' : 's'} (${named.join(', ')})`, 'edu routes shows each one and what to change');
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		return fail('routes', `routes --check: ${error.message.split('\n', 1)[0]}`, 'fix app/Config/routes.yaml at the place named');
	}
}

export function nodeCheck(version: string): CheckResult {
	return semver.satisfies(version, supportedNode)
		? ok('node', `Node ${version} (edu supports ${supportedNode})`)
		: fail('node', `Node ${version} is not a version edu supports (${supportedNode})`, 'install a maintained Node line, 22 or 24 (https://nodejs.org, or nvm install 24)');
}

/** Why a .env that is there is not a text file edu (and phpdotenv) can read; undefined when there is none. */
function whyUnreadable(file: string): string | undefined {
	try {
		if (statSync(file, {throwIfNoEntry: false}) === undefined) return lstatSync(file, {throwIfNoEntry: false}) === undefined ? undefined : 'a link to nothing';
	} catch (error) {
		return (error as Error).message;
	}
	const read = readBounded(file);
	if (!('why' in read)) return 'it could not be read';
	return read.why.startsWith('a ') || read.why.startsWith('too big') ? `it is ${read.why}` : read.why;
}

/** The folders public/index.php configures, each there with the case written (Linux sees the case): a line only for a problem. */
export function pathsCheck(root: string): CheckResult[] {
	return configuredPathProblems(root).map((problem) => {
		const {message, fix} = describePathProblem(problem);
		return fail('paths', message, fix);
	});
}
