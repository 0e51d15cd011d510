// A project file that belongs to another user (written through sudo, or by a container as root)
// and that the user running edu may not write: edu must not replace it by a rename in a folder the
// user owns, which would take the file over. Run as root (CI), edu runs as `nobody` through runuser.
import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, statSync, unlinkSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {binPath, snapshotTree, tempProject} from '../helpers/temp-project.js';

const asRoot = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;
if (!asRoot) process.stderr.write('\n  NOTICE: skipping the other-user checks: they need root and runuser (they run in CI).\n\n');

describe.skipIf(!asRoot)('a file of another user that this user may not write', () => {
	it.each([
		['make:api adds a route to a routes.yaml owned by root', ['make:api', 'owned', '--yes'], 'app/Config/routes.yaml', 0o644],
		['the same, read-only (chmod u+w is not the way out: only root may)', ['make:api', 'owned', '--yes'], 'app/Config/routes.yaml', 0o444],
		['make:api --force over a controller owned by root', ['make:api', 'hello', '--yes', '--force'], 'app/Controller/api/HelloController.php', 0o644],
	])('%s: refused, nothing written, the file still root\'s', (_case, args, file, mode) => {
		const root = tempProject('sample');
		// The controller alone: without routes.yaml, no route named hello refuses the run first.
		if (args.includes('--force')) unlinkSync(path.join(root, 'app/Config/routes.yaml'));
		execFileSync('chown', ['-R', 'nobody:nogroup', root]);
		execFileSync('chown', ['root:root', path.join(root, file)]);
		chmodSync(path.join(root, file), mode);
		const before = snapshotTree(root);
		const result = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, binPath, ...args, '--cwd', root], {encoding: 'utf8', env: {PATH: process.env['PATH'] ?? '', TMPDIR: process.env['TMPDIR'] ?? ''}});
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(`${file} belongs to another user (uid 0) and you may not write it, so edu leaves it as it is; nothing was written. Make it yours (sudo chown "$(id -un)" ${file}) and run the command again.\n`);
		expect(snapshotTree(root)).toEqual(before);
		expect(statSync(path.join(root, file)).uid).toBe(0);
	});
});
