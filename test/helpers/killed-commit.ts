// A make:api run that SIGKILLs itself at one step of its commit, as a crash or `kill -9` would:
// bundled by the concurrency test and run as its own process.
//   node killed-commit.mjs <project root> <name> <step: create|link|rename-routes|after-commit> [force]
// (after-commit: routes.yaml renamed into place, the lock not yet released; force: as --force.)
import process from 'node:process';
import {commit} from '../../source/make/commit.js';
import {plan} from '../../source/make/plan.js';
import {readSnapshot} from '../../source/make/snapshot.js';
import {fileSystemSink} from '../../source/sink/fs.js';
import {processHost, realFs, type SinkFs} from '../../source/sink/host.js';

const [root = '.', name = 'ville', step = 'rename-routes', force] = process.argv.slice(2);
const die = (): never => {
	process.kill(process.pid, 'SIGKILL');
	throw new Error('unreachable');
};
const fs: SinkFs = {
	...realFs,
	rename(from, to) {
		if (step === 'rename-routes' && to.endsWith('routes.yaml')) die();
		realFs.rename(from, to);
		if (step === 'after-commit' && to.endsWith('routes.yaml')) die();
	},
	link(from, to) {
		if (step === 'link' && to.endsWith('Controller.php')) die();
		realFs.link(from, to);
	},
};
const snapshot = readSnapshot(root);
if ('code' in snapshot) throw new Error(snapshot.message);
await commit(plan({kind: 'api', name, ...(force === 'force' ? {force: true} : {})}, snapshot), snapshot, fileSystemSink({host: {...processHost, fs}}));
