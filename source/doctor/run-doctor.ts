// edu doctor: every check at once, each under its own time limit, so a service that does not
// answer costs its limit and no more; then one line per check, in a fixed order.
import {limited, type CheckResult} from './check.js';
import {probePhp} from './php-probe.js';
import {extensionChecks, extensionsFor, phpCheck} from './php-checks.js';
import {envCheck, nodeCheck, routesCheck, vendorChecks} from './project-checks.js';
import {frameworkMinimumPhp, readFacts} from './project-facts.js';
import {databaseCheck, mockCheck, portCheck} from './service-checks.js';
import {mockServiceIn} from '../mock/mock-service.js';

export interface DoctorInput {
	readonly root: string;
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly nodeVersion: string;
	readonly port?: number;
}

/** The limit of each check; the database and mock checks have shorter ones of their own inside. */
const limit = 2500;

export async function runDoctor(input: DoctorInput): Promise<CheckResult[]> {
	const {root, env} = input;
	const facts = readFacts(root);
	const php = probePhp(extensionsFor(facts.dbType), env, root);
	const groups = await Promise.all([
		limited('php', limit, async () => phpCheck(await php, facts.phpRequirement, frameworkMinimumPhp(root))),
		limited('extensions', limit, async () => extensionChecks(await php, facts.dbType, frameworkMinimumPhp(root), facts.dbTypeFrom)),
		limited('vendor', limit, async () => vendorChecks(root, env)),
		limited('env', limit, async () => envCheck(root, facts.env !== null)),
		limited('database', limit, async () => databaseCheck(facts, await php, env)),
		limited('port', limit, () => portCheck(input.port ?? 8042)),
		limited('routes', limit, () => routesCheck(root)),
		limited('mock', limit, async () => {
			const found = mockServiceIn(root);
			return found === undefined ? [] : mockCheck(found, 1500);
		}),
		limited('node', limit, async () => nodeCheck(input.nodeVersion)),
	]);
	return groups.flat();
}

const marks = {ok: '✔', warn: '!', fail: '✖'} as const;

export function doctorText(results: readonly CheckResult[]): string {
	const lines = results.map((result) => `${marks[result.status]} ${result.message}${result.fix === undefined ? '' : `\n    fix: ${result.fix}`}`);
	const failed = results.filter((result) => result.status === 'fail').length;
	const warned = results.filter((result) => result.status === 'warn').length;
	lines.push('', failed === 0
		? `Nothing blocks${warned > 0 ? ` (${warned} warning${warned === 1 ? '' : 's'})` : ''}.`
		: `${failed} problem${failed === 1 ? '' : 's'} to fix${warned > 0 ? `, ${warned} warning${warned === 1 ? '' : 's'}` : ''}.`);
	return `${lines.join('\n')}\n`;
}
