// The project's own files: vendor/ and the framework's version, .env, routes --check in one line,
// and the Node running edu.
import {existsSync} from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import {EduError} from '../core/errors.js';
import {fail, ok, warn, type CheckResult} from './check.js';
import {frameworkVersion} from './project-facts.js';

/** The Node versions edu supports (package.json's engines). */
export const supportedNode = '>=20.5';

export function vendorChecks(root: string): CheckResult[] {
	if (!existsSync(path.join(root, 'vendor/autoload.php'))) {
		return [fail('vendor', 'vendor/autoload.php missing: the dependencies are not installed', 'composer install')];
	}
	const version = frameworkVersion(root);
	if (version === null) return [ok('vendor', 'vendor/autoload.php present'), fail('framework', 'studoo/edu-framework is not in vendor/', 'composer require studoo/edu-framework')];
	return [ok('vendor', 'vendor/autoload.php present'), ok('framework', `studoo/edu-framework ${version ?? '(version not recorded)'} installed`)];
}

export function envCheck(root: string, present: boolean): CheckResult {
	if (present) return ok('env', '.env present');
	const example = existsSync(path.join(root, '.env.example'));
	return fail('env', '.env missing: the framework reads its settings (DB_TYPE, DB_HOST…) there', example ? 'cp .env.example .env, then set the database values in it' : 'create .env with DB_HOST_STATUS, DB_TYPE, DB_HOST, DB_SOCKET, DB_NAME, DB_USER, DB_PASSWORD');
}

export async function routesCheck(root: string): Promise<CheckResult> {
	try {
		const {inspectRoutes} = await import('../routes/report.js');
		const {problemCount} = await import('../routes/table.js');
		const {routes, rows} = await inspectRoutes(root);
		const problems = problemCount(rows);
		if (problems === 0) return ok('routes', `routes --check: ${routes.count} route${routes.count === 1 ? '' : 's'}, no problems`);
		const named = [...new Set(rows.filter((row) => row.problems.length > 0).map((row) => row.name ?? `${row.file}:${row.line}`))];
		return warn('routes', `routes --check: ${problems} problem${problems === 1 ? '' : 's'} (${named.join(', ')})`, 'edu routes shows each one and what to change');
	} catch (error) {
		if (!(error instanceof EduError)) throw error;
		return fail('routes', `routes --check: ${error.message.split('\n', 1)[0]}`, 'fix app/Config/routes.yaml at the place named');
	}
}

export function nodeCheck(version: string): CheckResult {
	return semver.satisfies(version, supportedNode)
		? ok('node', `Node ${version} (edu supports ${supportedNode})`)
		: fail('node', `Node ${version} is older than edu supports (${supportedNode})`, 'install Node 20.5 or newer (https://nodejs.org, or nvm install 22)');
}
