// `node --import ./register.mjs …`: records every module the program resolves, one URL per line,
// in the file named by EDU_LOAD_LOG: ES modules through the resolution hooks (in this thread
// where Node has module.registerHooks, which deprecates module.register; hooks.mjs otherwise),
// CommonJS modules (the bin's bundles and what they require) through require's resolution.
// Used to prove which runs load Ink and React.
import {appendFileSync} from 'node:fs';
import Module from 'node:module';
import {pathToFileURL} from 'node:url';

const log = process.env.EDU_LOAD_LOG;
if (typeof Module.registerHooks === 'function') {
	Module.registerHooks({
		resolve(specifier, context, nextResolve) {
			const resolved = nextResolve(specifier, context);
			if (log) appendFileSync(log, `${resolved.url}\n`);
			return resolved;
		},
	});
} else {
	Module.register('./hooks.mjs', import.meta.url, {data: {log}});
}

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
	const resolved = resolveFilename.apply(this, args);
	if (log) appendFileSync(log, `${resolved.startsWith('node:') || !resolved.includes('/') ? `node:${resolved.replace(/^node:/, '')}` : pathToFileURL(resolved).href}\n`);
	return resolved;
};
