// The `edu` bin as one ES module plus lazily loaded chunks (esbuild), so a run resolves a
// handful of files instead of some two hundred: most of a cold start was module loading.
// Ink, React, the prompts, php-parser and execa stay outside: they are loaded only by the
// commands that use them (the wizard, edu openapi, edu start), as the sources import them.
// The openapi parse worker is a second entry, so the bin's worker is always as fresh as the bin.
// Run after tsc (npm run build): the bundle is built from source/, dist/ keeps tsc's modules
// for the scripts.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Chunk names carry a content hash: start empty so no stale chunk of an earlier build remains.
rmSync(path.join(repoRoot, 'dist', 'bin'), {recursive: true, force: true});

await build({
	absWorkingDir: repoRoot,
	entryPoints: {edu: 'source/cli.ts', 'parse-worker': 'source/openapi/php/parse-worker.ts'},
	outdir: path.join('dist', 'bin'),
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	external: ['ink', 'react', 'react/*', '@inquirer/prompts', 'php-parser', 'execa'],
	// CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
	banner: {js: "import {createRequire as __createRequire} from 'node:module';\nconst require = __createRequire(import.meta.url);"},
	logLevel: 'warning',
});
