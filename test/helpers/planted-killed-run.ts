// The state a make:api run killed mid-write leaves (as test/helpers/killed-commit.ts makes it for
// real), planted directly: a controller it created and routes.yaml's lock naming its dead pid,
// with the journal that lists that controller. The next run that writes removes the controller
// and says so ("An earlier edu run was killed while writing: …").
import {spawnSync} from 'node:child_process';
import {statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {writtenFile} from '../../source/sink/lock.js';

/**
 * Plants the killed run in `root`; returns the file it left (relative to `root`). The defaults
 * are make:api's; make:command's run creates `app/Command/GhostCommand.php` under the lock of
 * `app/Config/commands.yaml`.
 */
export function plantKilledRun(root: string, {ghost = 'app/Controller/api/GhostController.php', locked = 'app/Config/routes.yaml'} = {}): string {
	writeFileSync(path.join(root, ghost), '<?php // half-written by a killed run\n');
	// Its commit point, the locked file as it would have written it: not the file there now.
	writeFileSync(path.join(root, locked), '', {flag: 'a'});
	const commit = {...writtenFile(locked, statSync(path.join(root, locked))), ino: 0};
	const pid = spawnSync(process.execPath, ['-e', '0']).pid;
	const lock = path.join(root, path.dirname(locked), `.${path.basename(locked)}.edu-lock`);
	writeFileSync(lock, JSON.stringify({pid, journal: {created: [writtenFile(ghost, statSync(path.join(root, ghost)))], commit}}));
	return ghost;
}
