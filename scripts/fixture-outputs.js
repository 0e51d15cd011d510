// Runs the built bin's commands over every fixture project, each in a fresh temp copy, and prints
// everything a user could notice: stdout, stderr, exit code, and the resulting file tree with a
// hash per file. Run it before and after a refactor and diff the two outputs:
//   node scripts/fixture-outputs.js > before.txt   (on main, after npm run build)
//   node scripts/fixture-outputs.js > after.txt    (on the branch)
//   diff before.txt after.txt
// Usage: node scripts/fixture-outputs.js [path/to/edu.js] (default: dist/bin/edu.js of this checkout).
import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import {cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(repoRoot, 'fixtures');
const bin = path.resolve(process.argv[2] ?? path.join(repoRoot, 'dist', 'bin', 'edu.js'));

/** Every folder under fixtures/ that is a project (has app/) or a compose project. */
function projects(folder = fixtures, found = []) {
	const names = readdirSync(folder).sort();
	if (names.includes('app') || names.some((name) => /^(docker-)?compose\.ya?ml$/.test(name))) {
		found.push(path.relative(fixtures, folder).split(path.sep).join('/'));
		return found;
	}
	for (const name of names) {
		if (lstatSync(path.join(folder, name)).isDirectory()) projects(path.join(folder, name), found);
	}
	return found;
}

const runs = [
	['make:api', 'ville', '--yes'],
	['make:api', 'Ville', '--yes', '--json'],
	['make:api', 'MyUserTest', '--yes', '--methods', 'GET,POST', '--uri', '/api/user/{id}'],
	['make:api', 'myUserTest', '--yes', '--dry-run'],
	['make:api', 'ville', '--yes', '--dry-run', '--json'],
	['make:api', 'villeRead', '--yes', '--template', 'resource', '--fields', 'nom:string:255,code_postal:string:10,nombre_habitant:int', '--table', 'ville'],
	['make:api', 'Photo', '--yes', '--template', 'upload', '--methods', 'POST'],
	['make:api', 'API', '--yes', '--description', 'Les villes'],
	['make:api', 'bad-name', '--yes'],
	['make:api', '--yes'],
	['make:api', 'ville', '--yes', '--methods', 'FETCH'],
	['make:controller', 'VilleRead', '--yes'],
	['make:controller', 'villeRead', '--yes', '--json'],
	['make:controller', 'MyUserTest', '--yes', '--dry-run'],
	['openapi'],
	['openapi', '--stdout'],
	['openapi', '--json'],
	['openapi', '--out', 'docs/api.yaml'],
	['openapi', '--out', '../outside.yaml'],
	['routes'],
	['routes', '--check'],
	['routes', '--json'],
	['mock:persist', '--dry-run', '--yes'],
	['mock:persist', '--dry-run', '--json', '--yes'],
	['mock:persist', '--yes'],
	['nonsense'],
];

function tree(root) {
	const lines = [];
	const walk = (relative) => {
		for (const name of readdirSync(path.join(root, relative)).sort()) {
			const child = relative === '' ? name : `${relative}/${name}`;
			const absolute = path.join(root, child);
			const stat = lstatSync(absolute);
			const mode = (stat.mode & 0o777).toString(8);
			if (stat.isSymbolicLink()) lines.push(`  ${child} -> ${readlinkSync(absolute)}`);
			else if (stat.isDirectory()) {
				lines.push(`  ${child}/`);
				walk(child);
			} else lines.push(`  ${child} ${mode} ${createHash('sha256').update(readFileSync(absolute)).digest('hex').slice(0, 16)}`);
		}
	};
	walk('');
	return lines;
}

function run(args, cwd) {
	return new Promise((resolve) => {
		execFile(process.execPath, [bin, ...args], {cwd, env: {PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1'}, timeout: 60_000, maxBuffer: 64 << 20}, (error, stdout, stderr) => {
			resolve({code: error ? (error.code ?? error.signal) : 0, stdout, stderr});
		});
	});
}

async function one(project, args) {
	const parent = mkdtempSync(path.join(tmpdir(), 'edu-fixture-outputs-'));
	const root = path.join(parent, 'project');
	cpSync(path.join(fixtures, project), root, {recursive: true});
	const result = await run(args, root);
	const clean = (text) => text.split(parent).join('<tmp>');
	const lines = [
		`=== ${project} $ edu ${args.join(' ')}`,
		`exit ${result.code}`,
		'--- stdout',
		clean(result.stdout),
		'--- stderr',
		clean(result.stderr),
		'--- tree',
		...tree(parent),
		'',
	];
	rmSync(parent, {recursive: true, force: true});
	return lines.join('\n');
}

if (!existsSync(bin)) {
	process.stderr.write(`${bin}: no such file; run npm run build first.\n`);
	process.exit(2);
}
const jobs = projects().flatMap((project) => runs.map((args) => [project, args]));
const outputs = new Array(jobs.length);
let next = 0;
await Promise.all([0, 1].map(async () => {
	while (next < jobs.length) {
		const index = next++;
		outputs[index] = await one(...jobs[index]);
	}
}));
process.stdout.write(outputs.join('\n'));
