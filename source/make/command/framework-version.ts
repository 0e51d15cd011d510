// Which Edu Framework the project runs, as composer records it (vendor/, composer.lock) or asks
// for it (composer.json), and whether that version has project commands: make:command and
// app/Config/commands.yaml came with 2.0.0 (the framework's release notes); 0.4 had no console.
import path from 'node:path';
import semver from 'semver';
import {refusal, type Refusal} from '../../base/errors.js';
import {readTextFile} from '../../base/path-kind.js';

export const frameworkPackage = 'studoo/edu-framework';
/** The release that brought make:command and commands.yaml. */
export const commandsSince = '2.0.0';
/** The framework's own console file, as composer installs the package. */
export const frameworkConsole = 'vendor/studoo/edu-framework/bin/edu';

export interface FrameworkVersion {
	/** As written there: `v0.4.2`, `2.x-dev`, `^0.4`. */
	readonly written: string;
	/** Where it was read. */
	readonly from: 'vendor/composer/installed.json' | 'composer.lock' | 'composer.json';
	/** The lowest version it allows; undefined when it names a branch (dev-main) or cannot be read. */
	readonly lowest?: string;
}

/** A composer version or constraint (`v2.3.0`, `2.x-dev`, `1.2.x-dev`, `^0.4`, `>=1.0 <2.0`, `^0.4|^1.0`) as a semver range; undefined for a branch (dev-main). */
function rangeOf(written: string): string | undefined {
	const range = written
		.replace(/@\w+/g, '')
		.replace(/\.x-dev\b/g, '.x')
		.replace(/-dev\b/g, '')
		.replace(/\s*\|\|?\s*/g, ' || ')
		.replace(/\s*,\s*/g, ' ')
		.replace(/\bv(?=\d)/g, '')
		.trim();
	if (range === '' || /\bdev-/.test(written)) return undefined;
	return semver.validRange(range) ?? undefined;
}

/** The lowest version a composer version or constraint allows. */
export function lowestVersion(written: string): string | undefined {
	const range = rangeOf(written);
	return range === undefined ? undefined : semver.minVersion(range)?.version;
}

/** Whether a composer version or constraint allows a version with console commands; undefined when it cannot be read. */
export function allowsCommands(written: string): boolean | undefined {
	const range = rangeOf(written);
	return range === undefined ? undefined : semver.intersects(range, `>=${commandsSince}`, {includePrerelease: true});
}

function installed(text: string | undefined): string | undefined {
	if (text === undefined) return undefined;
	try {
		const data = JSON.parse(text) as {packages?: unknown} | unknown[];
		const packages = (Array.isArray(data) ? data : Array.isArray((data as {packages?: unknown}).packages) ? (data as {packages: unknown[]}).packages : []) as Array<{name?: unknown; version?: unknown}>;
		const found = packages.find((entry) => entry.name === frameworkPackage)?.version;
		return typeof found === 'string' ? found : undefined;
	} catch {
		return undefined;
	}
}

/** The framework version the project has: installed (vendor/, then composer.lock), else required (composer.json). */
export function frameworkVersionOf(root: string): FrameworkVersion | undefined {
	const read = (relative: string): string | undefined => readTextFile(path.join(root, relative));
	const withLowest = (written: string, from: FrameworkVersion['from']): FrameworkVersion => {
		const lowest = lowestVersion(written);
		return {written, from, ...(lowest === undefined ? {} : {lowest})};
	};
	const fromVendor = installed(read('vendor/composer/installed.json'));
	if (fromVendor !== undefined) return withLowest(fromVendor, 'vendor/composer/installed.json');
	const fromLock = installed(read('composer.lock'));
	if (fromLock !== undefined) return withLowest(fromLock, 'composer.lock');
	try {
		const required = (JSON.parse(read('composer.json') ?? '{}') as {require?: Record<string, unknown>}).require?.[frameworkPackage];
		return typeof required === 'string' ? withLowest(required, 'composer.json') : undefined;
	} catch {
		return undefined;
	}
}

/** Why make:command cannot work here (a framework older than 2.0.0), if it cannot. */
export function commandSupportProblem(root: string): Refusal | undefined {
	const version = frameworkVersionOf(root);
	if (version?.lowest === undefined || allowsCommands(version.written) !== false) return undefined;
	const says = version.from === 'composer.json' ? 'requires' : 'has';
	const console = semver.lt(version.lowest, '1.0.0') ? ', and before 1.0 it had no console at all' : '';
	return refusal('FRAMEWORK_TOO_OLD', `The project's Edu Framework has no console commands: ${version.from} ${says} ${frameworkPackage} ${version.written}, and commands (make:command, app/Config/commands.yaml, php bin/edu <name>) came with ${commandsSince}${console}. A command class made here would extend Studoo\\EduFramework\\Commands\\Extends\\CommandManage, which that version does not have. Nothing was written.`, {
		file: version.from,
		hint: `upgrade the framework first: composer require ${frameworkPackage}:2.x-dev (its migration guides say what changes), then run edu make:command again`,
	});
}
