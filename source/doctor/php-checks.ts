// PHP on PATH against composer.json's requirement, and the extensions the project's DB_TYPE needs.
import semver from 'semver';
import {installPhp, phpPackages} from '../php/runtime.js';
import {fail, ok, type CheckResult} from './check.js';
import type {PhpInfo, PhpProbe} from './php-probe.js';

/** A composer constraint (`>=8.2`, `^8.1|^8.2`, `>=8.1 <9`, `8.2.*`) as a semver range. */
export function composerRange(constraint: string): string | null {
	const range = constraint
		.replace(/@\w+/g, '')
		.replace(/\s*\|\|?\s*/g, ' || ')
		.replace(/\s*,\s*/g, ' ')
		.replace(/\bv(?=\d)/g, '');
	return semver.validRange(range);
}

export function phpSatisfies(version: string, constraint: string): boolean | null {
	const range = composerRange(constraint);
	const coerced = semver.coerce(version);
	if (range === null || coerced === null) return null;
	return semver.satisfies(coerced, range);
}

export function phpCheck(probe: PhpProbe, requirement: string | undefined, minimum: string): CheckResult {
	if (!('info' in probe)) {
		return fail('php', probe.problem === 'missing' ? 'PHP: no php command on PATH' : `PHP: the php command does not work (${probe.detail})`, installPhp(minimum));
	}
	const {version, binary} = probe.info;
	const wanted = requirement ?? `>=${minimum}`;
	const whose = requirement === undefined ? 'the framework\'s minimum' : 'composer.json\'s requirement';
	const satisfied = phpSatisfies(version, wanted);
	if (satisfied === false) return fail('php', `PHP ${version} (${binary}) does not satisfy ${whose} "php": "${wanted}"`, `install a PHP that does (${wanted}), first on PATH: ${phpPackages}`);
	if (satisfied === null) return ok('php', `PHP ${version} (${binary}); composer.json's "php": "${wanted}" could not be read as a version range`);
	return ok('php', `PHP ${version} (${binary}) satisfies ${whose} "php": "${wanted}"`);
}

/**
 * The PDO driver a DB_TYPE needs. None for pgsql: the framework (2.3) accepts it but has no driver
 * class for it, which the database check says with its fix; installing pdo_pgsql would not help.
 */
function driverFor(dbType: string): string | undefined {
	const type = dbType.toLowerCase();
	return type === 'sqlite' ? 'pdo_sqlite' : type === 'pgsql' ? undefined : 'pdo_mysql';
}

/** The extensions the project needs: its DB_TYPE's driver, mbstring, openssl and json. */
export function extensionsFor(dbType: string): string[] {
	const driver = driverFor(dbType);
	return [...(driver === undefined ? [] : [driver]), 'mbstring', 'openssl', 'json'];
}

/** Debian/Ubuntu's package for an extension that is not on disk (openssl and json are built in). */
const debianPackages: Readonly<Record<string, string>> = {pdo_mysql: 'mysql', pdo_sqlite: 'sqlite3', mbstring: 'mbstring'};

/** The line that enables an extension, and where it goes: as the original check:config says it. */
export function enableLine(info: PhpInfo, name: string): {line: string; where: string} | undefined {
	const file = info.extensions[name]?.file;
	if (!file) return undefined;
	const line = `extension=${file}`;
	if (info.scanDir !== '') return {line, where: `${info.scanDir}/${name}.ini`};
	return {line, where: info.ini === false ? 'your php.ini (php --ini says where)' : info.ini};
}

export function extensionFix(info: PhpInfo, name: string): string {
	const enable = enableLine(info, name);
	if (enable) return `enable it: add the line "${enable.line}" to ${enable.where}`;
	const major = /^\d+\.\d+/.exec(info.version)?.[0] ?? '';
	const debian = debianPackages[name];
	return debian
		? `install it: sudo apt install php${major}-${debian} (Debian, Ubuntu); on Windows uncomment extension=${name} in php.ini`
		: `reinstall PHP with ${name} built in (it is part of PHP itself)`;
}

/** Where the DB_TYPE the extensions are chosen by was read, when not from .env. */
const dbTypeSources = {'.env': '', '.env.example': ' in .env.example: .env does not set it', default: ', the skeleton\'s default: neither .env nor .env.example sets it'} as const;

export function extensionChecks(probe: PhpProbe, dbType: string, minimum: string, from: keyof typeof dbTypeSources = '.env'): CheckResult[] {
	if (!('info' in probe)) return [fail('extensions', 'PHP extensions: not checked (no working php)', installPhp(minimum))];
	const {info} = probe;
	return extensionsFor(dbType).map((name) => {
		const why = name === driverFor(dbType) ? ` (DB_TYPE=${dbType}${dbTypeSources[from]})` : '';
		return info.extensions[name]?.loaded
			? ok(`ext-${name}`, `extension ${name} loaded${why}`)
			: fail(`ext-${name}`, `extension ${name} is not loaded${why ? `, and DB_TYPE=${dbType} needs it` : ''}`, extensionFix(info, name));
	});
}
