import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** package.json, one folder up from dist/*.js, two from the bundle in dist/bin/. */
function packageVersion(): string {
	for (const candidate of ['../package.json', '../../package.json']) {
		try {
			const pkg = require(candidate) as {name?: string; version?: string};
			if (pkg.name === 'edu-scaffold' && pkg.version) return pkg.version;
		} catch {
			// Not at this depth.
		}
	}
	return '0.0.0';
}

export const version: string = packageVersion();
