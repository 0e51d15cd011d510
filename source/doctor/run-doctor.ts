// edu doctor: every check at once, each under its own time limit, so a service that does not
// answer costs its limit and no more; then one line per check, in a fixed order.
import {EduError} from '../base/errors.js';
import {signalExitCodes, type KeptText, type StopSignal} from '../base/io.js';
import {limited, local, type CheckResult} from './check.js';
import {probePhp} from './php-probe.js';
import {extensionChecks, extensionsFor, phpCheck} from './php-checks.js';
import {envCheck, nodeCheck, pathsCheck, routesCheck, vendorChecks} from './project-checks.js';
import {frameworkMinimumPhp, readFacts} from './project-facts.js';
import {databaseCheck, portCheck} from './service-checks.js';
import {mockCheck, mockRole} from './mock-check.js';

export interface DoctorInput {
	readonly root: string;
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly nodeVersion: string;
	readonly port?: number;
	/** Io.onSignal: Ctrl+C or SIGTERM ends every php the checks started, and the run with the signal's exit code. */
	readonly onSignal?: (handler: (signal: StopSignal) => void) => () => void;
	/** Io.kept: what the project's PHP files said in earlier runs (the routes check reads a changed file again). */
	readonly kept?: KeptText;
}

/** The limit of each check that waits on PHP or a server; the database and mock checks have shorter ones of their own inside. */
export const limit = 2500;

/** What the database check waits for, as its time-out says it. */
function databaseWait(facts: ReturnType<typeof readFacts>): string {
	const dotenv = facts.env ?? {};
	if (facts.dbType === 'sqlite') return `php (pdo_sqlite) reading var/sqlite/${dotenv['DB_NAME'] ?? ''}.sqlite`;
	return `the ${facts.dbType} server at ${dotenv['DB_HOST'] ?? ''}:${dotenv['DB_SOCKET'] ?? ''} (through php)`;
}

export async function runDoctor(input: DoctorInput): Promise<CheckResult[]> {
	const {root, env} = input;
	const facts = readFacts(root);
	let unsubscribe = (): void => {};
	// Subscribed before the probes start, so the run is stopped first, then each probe's group ended.
	const stopped = new Promise<never>((_resolve, reject) => {
		unsubscribe = input.onSignal?.((signal) => reject(new EduError('SERVER_FAILED', `Interrupted (${signal}) while checking; nothing was changed.`, signalExitCodes[signal]))) ?? unsubscribe;
	});
	stopped.catch(() => {});
	const {onSignal} = input;
	const php = probePhp(extensionsFor(facts.dbType), env, root, undefined, onSignal);
	const port = input.port ?? 8042;
	const again = 'run edu doctor again; if it stays slow, see what holds it';
	// A time-out says which check waited for what; the checks of the project's own files have none.
	const phpWait = {waitedFor: 'php (its version and extensions, php -r)', fix: `${again} (php -v on its own should answer at once)`};
	const all = Promise.all([
		limited('php', limit, {check: 'PHP', ...phpWait}, async () => phpCheck(await php, facts.phpRequirement, frameworkMinimumPhp(root))),
		limited('extensions', limit, {check: 'PHP extensions', ...phpWait}, async () => extensionChecks(await php, facts.dbType, frameworkMinimumPhp(root), facts.dbTypeFrom)),
		local('vendor', () => vendorChecks(root, env)),
		local('env', () => envCheck(root, facts.env !== null)),
		local('paths', () => pathsCheck(root)),
		limited('database', limit, {check: 'database', waitedFor: databaseWait(facts), fix: `${again} (a firewall, a server that accepts connections but does not answer)`}, async () => databaseCheck(facts, await php, env, onSignal)),
		limited('port', limit, {check: 'port', waitedFor: `localhost:${port} (whether it is free, and who answers there)`, fix: `${again} (ss -ltnp names the program on the port)`}, () => portCheck(port)),
		local('routes', () => routesCheck(root, input.kept)),
		limited('mock', limit, {check: 'mock API', waitedFor: 'the mock API its compose file publishes', fix: `${again} (docker compose ps says whether it runs)`}, async () => mockCheck(mockRole(root), 1500)),
		local('node', () => nodeCheck(input.nodeVersion)),
	]);
	try {
		return (await Promise.race([all, stopped])).flat();
	} finally {
		unsubscribe();
	}
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
