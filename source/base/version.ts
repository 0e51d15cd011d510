import {createRequire} from 'node:module';

/** Set by the bundle (scripts/bundle.js) from package.json; absent when run from tsc's output or the sources. */
declare const EDU_BUILD_VERSION: string | undefined;

/** package.json, one folder up from dist/*.js (and from source/*.ts in the tests). */
function packageVersion(): string {
	const require = createRequire(import.meta.filename);
	try {
		const pkg = require('../package.json') as {name?: string; version?: string};
		if (pkg.name === 'edu-scaffold' && pkg.version) return pkg.version;
	} catch {
		// Not there: a copy of the sources outside the package.
	}
	return '0.0.0';
}

export const version: string = typeof EDU_BUILD_VERSION === 'string' ? EDU_BUILD_VERSION : packageVersion();
