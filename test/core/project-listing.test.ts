// What readSnapshot lists under app/Controller and app/Template: every entry, links to folders
// followed, and a link back into its own folder listed without being entered (it used to make
// the run go round until the path grew too long, or, with two such links, for ever).
import {mkdirSync, renameSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {existingFile, readSnapshot, type Snapshot} from '../../source/core/project/project.js';
import {runEdu, tempProject} from '../helpers/temp-project.js';

function snapshotOf(root: string): Snapshot {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

describe('the files a plan checks against', () => {
	it('follows a link to a folder elsewhere, as a recursive read does', () => {
		const root = tempProject('sample');
		const shared = tempProject();
		writeFileSync(path.join(shared, 'VilleController.php'), '<?php\n');
		symlinkSync(shared, path.join(root, 'app/Controller/shared'));
		const snapshot = snapshotOf(root);
		expect(existingFile(snapshot, 'app/Controller/shared/VilleController.php')).toBe('app/Controller/shared/VilleController.php');
		expect(existingFile(snapshot, 'app/controller/API/hellocontroller.php')).toBe('app/Controller/api/HelloController.php');
	});

	it('lists a link back into its own folder without going round it', () => {
		const root = tempProject('sample');
		symlinkSync('.', path.join(root, 'app/Controller/api/again'));
		symlinkSync('b', path.join(root, 'app/Template/a'));
		symlinkSync('a', path.join(root, 'app/Template/b'));
		const files = [...snapshotOf(root).files.values()];
		expect(files).toContain('app/Controller/api/again');
		expect(files).toContain('app/Template/a');
		expect(files).toContain('app/Template/home/home.html.twig');
		expect(files.filter((file) => file.endsWith('HelloController.php'))).toEqual(['app/Controller/api/HelloController.php']);
	});

	it('a name whose controller sits in a linked folder is refused', async () => {
		const root = tempProject('sample');
		const moved = tempProject();
		renameSync(path.join(root, 'app/Controller/api'), path.join(moved, 'api'));
		symlinkSync(path.join(moved, 'api'), path.join(root, 'app/Controller/api'));
		mkdirSync(path.join(root, 'app/Controller/api/nested'));
		symlinkSync('.', path.join(root, 'app/Controller/l1'));
		symlinkSync('.', path.join(root, 'app/Controller/l2'));
		writeFileSync(path.join(moved, 'api/VilleController.php'), '<?php\n');
		const result = await runEdu(['make:api', 'ville', '--yes'], {cwd: root, timeout: 20_000});
		expect(result.exitCode, result.stderr).toBe(1);
		expect(result.stderr).toMatch(/^Controller already exists\./);
	}, 30_000);
});
