// What the project's settings file says about the database, as the framework reads it: it
// connects at start only when DB_HOST_STATUS is exactly `true` (read as phpdotenv reads .env).
import path from 'node:path';
import {parse as parseEnv} from 'dotenv';
import {readTextFile} from '../base/path-kind.js';

/** The settings file the project has: .env, else the example it is copied from, else none. */
export type Settings = '.env' | '.env.example' | 'none';

/** Whether the framework will connect with these settings (.env, or the example it is copied from); undefined without either. */
export function databaseConnects(root: string, settings: Settings | undefined): boolean | undefined {
	if (settings === undefined || settings === 'none') return undefined;
	return parseEnv(readTextFile(path.join(root, settings)) ?? '')['DB_HOST_STATUS'] === 'true';
}

/** The DB_TYPE those settings name, as written (the framework compares it as written); undefined without settings or without DB_TYPE. */
export function databaseType(root: string, settings: Settings | undefined): string | undefined {
	if (settings === undefined || settings === 'none') return undefined;
	return parseEnv(readTextFile(path.join(root, settings)) ?? '')['DB_TYPE'];
}
