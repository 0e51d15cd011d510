// The build's stamp: a digest of everything dist/ is made from (source/, templates/, the bundler
// and the scripts it imports, package.json, package-lock.json, tsconfig.json), written into
// dist/ by `npm run build` once the build succeeded. `npm test` (pretest), `npm run demo` and
// `npm link` (prepare) build again only when the stamp in dist/ is not the digest of the files as
// they are now, so they reuse the build `npm install` just made. The tests do too, and bundle
// dist/bin/ again from source/ when the stamp does not match, removing it (test/helpers/bundle-setup.ts).
//   node scripts/build-stamp.js --begin   before a build: the digest of the inputs as the build reads them
//   node scripts/build-stamp.js --write   after it succeeded: that digest into dist/.build-stamp
//   node scripts/build-stamp.js --check   exit 0 when dist/ was built from the files as they are, 1 otherwise
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';

/** The folders and files dist/ is built from, relative to the repository. */
export const buildInputs = {
	folders: ['source', 'templates'],
	files: ['scripts/bundle.js', 'scripts/esm-wrappers.js', 'scripts/ink-text.js', 'scripts/string-width-fast.js', 'package.json', 'package-lock.json', 'tsconfig.json'],
};

export const stampFile = path.join('dist', '.build-stamp');
/** Taken before the build: a file edited while it runs then does not match, and the next check builds again. */
const pendingFile = path.join('.cache', 'build-stamp');

function filesUnder(root, folder) {
	const absolute = path.join(root, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute, {recursive: true}).map(String)
		.filter((name) => statSync(path.join(absolute, name)).isFile())
		.map((name) => path.join(folder, name).split(path.sep).join('/'));
}

/** The digest of the build's inputs under `root`: each file's path and bytes, in a stable order. */
export function buildStamp(root) {
	const files = [...buildInputs.folders.flatMap((folder) => filesUnder(root, folder)), ...buildInputs.files.filter((file) => existsSync(path.join(root, file)))].sort();
	const hash = createHash('sha256');
	for (const file of files) {
		const bytes = readFileSync(path.join(root, file));
		hash.update(`${file}\0${bytes.length}\0`).update(bytes);
	}
	return hash.digest('hex');
}

/** Whether dist/ under `root` holds a finished build of the inputs as they are now. */
export function builtFromCurrent(root) {
	const stamp = path.join(root, stampFile);
	if (!existsSync(stamp) || !existsSync(path.join(root, 'dist', 'bin', 'edu.js'))) return false;
	return readFileSync(stamp, 'utf8').trim() === buildStamp(root);
}

export function beginStamp(root) {
	mkdirSync(path.join(root, path.dirname(pendingFile)), {recursive: true});
	writeFileSync(path.join(root, pendingFile), `${buildStamp(root)}\n`);
}

export function writeStamp(root) {
	renameSync(path.join(root, pendingFile), path.join(root, stampFile));
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const root = fileURLToPath(new URL('..', import.meta.url));
	if (process.argv.includes('--begin')) {
		beginStamp(root);
	} else if (process.argv.includes('--write')) {
		writeStamp(root);
	} else if (process.argv.includes('--check')) {
		const current = builtFromCurrent(root);
		if (current) process.stdout.write('dist/ was built from these sources: not built again (npm run build does).\n');
		process.exitCode = current ? 0 : 1;
	} else {
		process.stderr.write('usage: node scripts/build-stamp.js --begin | --write | --check\n');
		process.exitCode = 2;
	}
}
