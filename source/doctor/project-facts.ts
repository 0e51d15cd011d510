// What doctor reads from the project's files: .env (as phpdotenv would), composer.json's PHP
// requirement, the installed framework's version, and the mock service in compose.yaml.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {readTextFile} from '../base/path-kind.js';
import {parse as parseEnv} from 'dotenv';

export interface ProjectFacts {
	readonly root: string;
	/** null: no .env. */
	readonly env: Readonly<Record<string, string>> | null;
	/** DB_TYPE from .env, else from .env.example, else mysql (the skeleton's). */
	readonly dbType: string;
	/** Where dbType comes from. */
	readonly dbTypeFrom: '.env' | '.env.example' | 'default';
	/** composer.json's require.php, when it says. */
	readonly phpRequirement?: string;
}

export function readFacts(root: string): ProjectFacts {
	const envText = readTextFile(path.join(root, '.env'));
	const env = envText === undefined ? null : parseEnv(envText);
	const example = readTextFile(path.join(root, '.env.example'));
	// As written: the framework compares it, case included, with mysql, mariadb, pgsql and sqlite.
	const exampleType = example === undefined ? undefined : parseEnv(example)['DB_TYPE'];
	const dbTypeFrom = env?.['DB_TYPE'] !== undefined ? '.env' : exampleType !== undefined ? '.env.example' : 'default';
	const dbType = env?.['DB_TYPE'] ?? exampleType ?? 'mysql';
	let phpRequirement: string | undefined;
	try {
		const composer = JSON.parse(readTextFile(path.join(root, 'composer.json')) ?? '{}') as {require?: Record<string, unknown>};
		const wanted = composer.require?.['php'];
		if (typeof wanted === 'string') phpRequirement = wanted;
	} catch {
		// An unreadable composer.json is the vendor check's business.
	}
	return {root, env, dbType, dbTypeFrom, ...(phpRequirement === undefined ? {} : {phpRequirement})};
}

export const frameworkFolder = 'vendor/studoo/edu-framework';

/** studoo/edu-framework's installed version: composer's record, else the version the framework states itself; null when not installed. */
export function frameworkVersion(root: string): string | null | undefined {
	if (!existsSync(path.join(root, frameworkFolder))) return null;
	try {
		const installed = JSON.parse(readTextFile(path.join(root, 'vendor/composer/installed.json')) ?? '') as {packages?: unknown[]} | unknown[];
		const packages = (Array.isArray(installed) ? installed : installed.packages ?? []) as Array<{name?: string; version?: string}>;
		const found = packages.find((entry) => entry.name === 'studoo/edu-framework');
		if (found?.version) return found.version;
	} catch {
		// No composer record: ask the framework below.
	}
	const config = readTextFile(path.join(root, frameworkFolder, 'src/EduFramework/Core/ConfigCore.php'));
	return /'version'\s*=>\s*'([^']+)'/.exec(config ?? '')?.[1];
}

/** The framework's minimum PHP version as its ConfigCore states it (2.3: 8.2). */
export function frameworkMinimumPhp(root: string): string {
	const config = readTextFile(path.join(root, frameworkFolder, 'src/EduFramework/Core/ConfigCore.php'));
	return /'php_version'\s*=>\s*'([^']+)'/.exec(config ?? '')?.[1] ?? '8.2';
}
