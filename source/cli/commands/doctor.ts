// edu check:config (the original console's environment check) and edu doctor (everything a
// project needs to run, one line per check with the fix for each problem).
import process from 'node:process';
import type {Command} from 'commander';
import {EduError, UsageError} from '../../base/errors.js';
import type {Outcome} from '../../base/io.js';
import {startFolder} from '../../base/options.js';
import {isFolder} from '../../base/path-kind.js';
import {findProjectRoot} from '../../project/root.js';
import type {CommandContext} from './context.js';

interface DoctorOptions {
	readonly json?: boolean;
	readonly cwd?: string;
	readonly port?: string;
}

export function registerDoctor(program: Command, context: CommandContext): void {
	program
		.command('check:config')
		.description('PHP\'s version and the extensions pdo_mysql, mbstring, openssl and json, as php bin/edu check:config')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.action(async (options: DoctorOptions) => {
			context.outcome = await runCheckConfig(options, context);
		});
	program
		.command('doctor')
		.description('check what the project needs to run (PHP, vendor/, .env, the database, port 8042…), with the fix for each problem')
		.option('--json', 'print one JSON object on stdout')
		.option('--cwd <dir>', 'project root (default: the current folder or the nearest one above it)')
		.option('--port <port>', 'the port edu start will serve on', '8042')
		.addHelpText('after', '\nExit status: 0 when nothing blocks (✔ and ! only), 1 when a check fails (✖).')
		.action(async (options: DoctorOptions) => {
			context.outcome = await runDoctorCommand(options, context);
		});
}

async function runCheckConfig(options: DoctorOptions, context: CommandContext): Promise<Outcome> {
	// PHP can be checked before there is a project (a student setting up): against 2.3's minimum then.
	const start = startFolder(context.io, options);
	// No project in this folder or above it; a missing folder or a broken composer.json is still said as such.
	const found = isFolder(start) ? findProjectRoot(start) : start;
	const inProject = typeof found === 'string' || found.code !== 'NOT_A_PROJECT';
	const root = inProject ? context.projectRoot(start) : start;
	const {probePhp} = await import('../../doctor/php-probe.js');
	const {checkConfig, configExtensions} = await import('../../doctor/check-config.js');
	const {frameworkMinimumPhp} = await import('../../doctor/project-facts.js');
	const probe = await probePhp(configExtensions, context.io.env, root, undefined, context.io.onSignal);
	const minimum = frameworkMinimumPhp(root);
	const report = checkConfig(probe, minimum);
	if (report === undefined) {
		const detail = 'problem' in probe ? probe.detail : '';
		const {installPhp} = await import('../../php/runtime.js');
		throw new EduError('PHP_MISSING', `PHP does not run (${detail}): ${installPhp(minimum)}.`);
	}
	return {json: report.json, text: report.text, ...(inProject ? {} : {warnings: [`no Edu Framework project here, so PHP is checked against ${minimum}, what Edu Framework 2.3 needs.`]})};
}

async function runDoctorCommand(options: DoctorOptions, context: CommandContext): Promise<Outcome> {
	const port = Number(options.port ?? '8042');
	if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`--port must be a whole number from 1 to 65535 (got "${options.port}").`, 'INVALID_OPTION');
	const root = context.projectRoot(startFolder(context.io, options));
	const {doctorText, runDoctor} = await import('../../doctor/run-doctor.js');
	const results = await runDoctor({root, env: context.io.env, nodeVersion: process.versions.node, port, ...(context.io.onSignal ? {onSignal: context.io.onSignal} : {}), ...(context.io.kept ? {kept: context.io.kept} : {})});
	const failed = results.filter((result) => result.status === 'fail');
	const blocked = failed.length > 0;
	return {
		json: {ok: !blocked, checks: results},
		text: doctorText(results),
		exitCode: blocked ? 1 : 0,
		// On stderr, as routes --check says its problems: a script (or -q) sees why it failed.
		...(blocked ? {trailer: `edu doctor: ${failed.length} problem${failed.length === 1 ? '' : 's'} to fix (${failed.map((result) => result.id).join(', ')})\n`} : {}),
	};
}
