// What readSnapshot lists under app/Controller and app/Template: every entry, links to folders in
// the project followed, a link back into its own folder listed without being entered (it used to
// make the run go round until the path grew too long, or, with two such links, for ever), and a
// link out of the project listed but not read (a link to / had a make read the whole disk, deaf to
// Ctrl+C and SIGTERM meanwhile; nothing can be written through it anyway).
import {mkdirSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {existingFile, readSnapshot, type Snapshot} from '../../source/make/snapshot.js';
import {execa} from 'execa';
import {runMain} from '../helpers/run-main.js';
import {binPath, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

function snapshotOf(root: string): Snapshot {
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) throw new Error(snapshot.message);
	return snapshot;
}

describe('the files a plan checks against', () => {
	it('follows a link to a folder elsewhere in the project, as a recursive read does', () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'shared'));
		writeFileSync(path.join(root, 'shared/VilleController.php'), '<?php\n');
		symlinkSync('../../shared', path.join(root, 'app/Controller/shared'));
		const snapshot = snapshotOf(root);
		expect(existingFile(snapshot, 'app/Controller/shared/VilleController.php')).toBe('app/Controller/shared/VilleController.php');
		expect(existingFile(snapshot, 'app/controller/API/hellocontroller.php')).toBe('app/Controller/api/HelloController.php');
	});

	it('lists a link to a folder outside the project without reading what it holds', () => {
		const root = tempProject('sample');
		const outside = tempProject();
		writeFileSync(path.join(outside, 'VilleController.php'), '<?php\n');
		symlinkSync(outside, path.join(root, 'app/Controller/shared'));
		symlinkSync(outside, path.join(root, 'app/Template/shared'));
		const snapshot = snapshotOf(root);
		expect(existingFile(snapshot, 'app/Controller/shared')).toBe('app/Controller/shared');
		expect(existingFile(snapshot, 'app/Controller/shared/VilleController.php')).toBeUndefined();
		expect(existingFile(snapshot, 'app/Template/shared/VilleController.php')).toBeUndefined();
		expect(existingFile(snapshot, 'app/controller/API/hellocontroller.php')).toBe('app/Controller/api/HelloController.php');
	});

	it('a view outside the project through a link: the dry run and the run both refuse, naming the link, and write nothing', async () => {
		const root = tempProject('sample');
		const outside = tempProject();
		writeFileSync(path.join(outside, 'ville.html.twig'), 'theirs\n');
		symlinkSync(outside, path.join(root, 'app/Template/ville'));
		const before = snapshotTree(root);
		for (const flags of [['--dry-run'], []]) {
			const result = await runMain(['make:controller', 'ville', '--yes', ...flags], {cwd: root});
			expect(result.exitCode, result.stderr).toBe(1);
			expect(result.stderr).toBe(`Refusing to write app/Template/ville/ville.html.twig: it resolves through the link app/Template/ville to ${path.join(realpathSync(outside), 'ville.html.twig')}, outside the project.\n`);
		}
		expect(snapshotTree(root)).toEqual(before);
		expect(readFileSync(path.join(outside, 'ville.html.twig'), 'utf8')).toBe('theirs\n');
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

	it('two folders that link to each other are each walked once', () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'app/Template/x'));
		mkdirSync(path.join(root, 'app/Template/y'));
		symlinkSync('../y', path.join(root, 'app/Template/x/l'));
		symlinkSync('../x', path.join(root, 'app/Template/y/m'));
		const files = [...snapshotOf(root).files.values()];
		expect(files).toEqual(expect.arrayContaining(['app/Template/x/l', 'app/Template/y/m', 'app/Template/x/l/m', 'app/Template/y/m/l']));
		expect(files.filter((file) => file.split('/').length > 5)).toEqual([]);
	});

	it('on a file system whose folders all report inode 0 (some network and FUSE ones), every file is still listed', async () => {
		const root = tempProject('sample');
		const preload = path.join(tempProject(), 'inode-zero.cjs');
		writeFileSync(preload, `const fs = require('node:fs');
const statSync = fs.statSync;
fs.statSync = (...args) => {
	const stats = statSync(...args);
	if (stats && stats.isDirectory()) stats.ino = typeof stats.ino === 'bigint' ? 0n : 0;
	return stats;
};
`);
		// A controller with no route yet, in a subfolder: found only if the walk enters it.
		writeFileSync(path.join(root, 'app/Controller/api/VilleController.php'), '<?php\n');
		const result = await execa(process.execPath, ['--require', preload, binPath, 'make:api', 'Ville', '--yes'], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		expect(result.exitCode, result.stderr).toBe(1);
		expect(result.stderr).toMatch(/^Controller already exists\.\n/);
		const fresh = await execa(process.execPath, ['--require', preload, binPath, 'make:api', 'Lyon', '--yes'], {cwd: root, reject: false, env: {NO_COLOR: '1'}});
		expect(fresh.exitCode, fresh.stderr).toBe(0);
	}, 30_000);

	it('a name whose controller sits in a linked folder is refused', async () => {
		const root = tempProject('sample');
		const moved = path.join(root, 'moved');
		mkdirSync(moved);
		renameSync(path.join(root, 'app/Controller/api'), path.join(moved, 'api'));
		symlinkSync('../../moved/api', path.join(root, 'app/Controller/api'));
		mkdirSync(path.join(root, 'app/Controller/api/nested'));
		symlinkSync('.', path.join(root, 'app/Controller/l1'));
		symlinkSync('.', path.join(root, 'app/Controller/l2'));
		writeFileSync(path.join(moved, 'api/VilleController.php'), '<?php\n');
		const result = await runEdu(['make:api', 'ville', '--yes'], {cwd: root, timeout: 20_000});
		expect(result.exitCode, result.stderr).toBe(1);
		expect(result.stderr).toMatch(/^Controller already exists\./);
	}, 30_000);
});
