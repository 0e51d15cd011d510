// Refusals that say what to do, and --force for a controller or view file the user named.
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {commit} from '../../source/make/commit.js';
import {fileSystemSink} from '../../source/sink/fs.js';
import {processHost, realFs, type SinkFs} from '../../source/sink/host.js';
import {EduError, isRefusal} from '../../source/base/errors.js';
import {plan} from '../../source/make/plan.js';
import {readSnapshot} from '../../source/make/snapshot.js';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

const controller = 'app/Controller/api/VilleController.php';

/** A controller of the user's, saved by an editor in Latin-1 (the é is one byte, not UTF-8). */
const userBytes = Buffer.concat([Buffer.from('<?php // ma ville pr'), Buffer.from([0xe9]), Buffer.from('f'), Buffer.from([0xe9]), Buffer.from('r'), Buffer.from([0xe9]), Buffer.from('e\n')]);

/** The sample project with a VilleController.php of the user's own and no route for it. */
function withOrphanController(): string {
	const root = tempProject('sample');
	writeFileSync(path.join(root, controller), '<?php // mine\n');
	return root;
}

describe('refusals name the file or route and the way out', () => {
	it('Controller already exists.: the seed\'s line, then the file and --force', async () => {
		const root = withOrphanController();
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['make:api', 'ville'], io)).toBe(1);
		expect(io.err()).toBe(`Controller already exists.\n${controller}: delete it or choose another name, or pass --force to replace it.\n`);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('--json keeps the seed\'s message and adds file and hint', async () => {
		const io = captureIo(withOrphanController());
		expect(await main(['make:api', 'ville', '--json'], io)).toBe(1);
		expect(JSON.parse(io.out())).toEqual({
			ok: false,
			error: {code: 'CONTROLLER_EXISTS', message: 'Controller already exists.'},
			file: controller,
			hint: 'delete it or choose another name, or pass --force to replace it',
		});
	});
});

describe('--force', () => {
	it('the dry run shows overwrite and writes nothing', async () => {
		const root = withOrphanController();
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--force', '--dry-run'], io)).toBe(0);
		expect(io.out()).toContain(`  overwrite  ${controller}\n  modify     app/Config/routes.yaml\n`);
		expect(snapshotTree(root)).toEqual(before);
		const json = captureIo(root);
		expect(await main(['make:api', 'ville', '--force', '--dry-run', '--json'], json)).toBe(0);
		expect(JSON.parse(json.out()).files).toContainEqual({path: controller, action: 'overwrite'});
	});

	it('replaces the controller and adds the route', async () => {
		const root = withOrphanController();
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--force'], io)).toBe(0);
		expect(readFileSync(path.join(root, controller), 'utf8')).toContain('class VilleController');
		const routes = parse(readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8')) as Record<string, {uri: string}>;
		expect(routes['api_ville']?.uri).toBe('/api/ville');
	});

	it('keeps what it replaced, byte for byte and as private, under .edu/backups/<time>/, and says where', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, controller), userBytes, {mode: 0o600});
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--force'], io)).toBe(0);
		const kept = new RegExp(`^Warning: --force replaced ${controller}; what it held is kept in (\\.edu/backups/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d/${controller})\\.$`, 'm').exec(io.err())?.[1];
		expect(kept, io.err()).toBeDefined();
		expect(readFileSync(path.join(root, kept!))).toEqual(userBytes);
		expect(statSync(path.join(root, kept!)).mode & 0o777).toBe(0o600);
		// Nothing is kept for a file that did not exist, nor for a run that replaces nothing.
		const json = captureIo(root);
		expect(await main(['make:api', 'commune', '--force', '--json'], json)).toBe(0);
		expect(JSON.parse(json.out())).not.toHaveProperty('notes');
		expect(readdirSync(path.join(root, '.edu/backups'))).toHaveLength(1);
	});

	it('two forced runs in the same second keep their copies apart', async () => {
		const root = tempProject('sample');
		const now = (): Date => new Date(2026, 10, 25, 14, 5, 9);
		for (const content of ['<?php // first\n', '<?php // second\n']) {
			writeFileSync(path.join(root, controller), content);
			const routes = path.join(root, 'app/Config/routes.yaml');
			writeFileSync(routes, readFileSync(routes, 'utf8').replace(/\napi_ville:[\s\S]*$/, '\n'));
			const snapshot = readSnapshot(root);
			if (isRefusal(snapshot)) throw new Error(snapshot.message);
			await commit(plan({kind: 'api', name: 'ville', force: true}, snapshot), snapshot, fileSystemSink({host: {...processHost, now}}));
		}
		expect(readFileSync(path.join(root, '.edu/backups/2026-11-25T14-05-09', controller), 'utf8')).toBe('<?php // first\n');
		expect(readFileSync(path.join(root, '.edu/backups/2026-11-25T14-05-09-2', controller), 'utf8')).toBe('<?php // second\n');
	});

	it('never replaces a route written by hand: Route already exists. even with --force', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['make:api', 'hello', '--force'], io)).toBe(1);
		expect(io.err()).toMatch(/^Route already exists\.\napp\/Config\/routes\.yaml:9: the route "api_hello" is already there/);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('make:controller --force replaces the view too', async () => {
		const root = tempProject('sample');
		const view = path.join(root, 'app/Template/ville/ville.html.twig');
		const io = captureIo(root);
		expect(await main(['make:controller', 'ville'], io)).toBe(0);
		writeFileSync(view, 'mine');
		const routes = path.join(root, 'app/Config/routes.yaml');
		writeFileSync(routes, readFileSync(routes, 'utf8').replace(/\nville:[\s\S]*$/, '\n'));
		const refused = captureIo(root);
		expect(await main(['make:controller', 'ville'], refused)).toBe(1);
		expect(refused.err()).toMatch(/^Controller already exists\.\n/);
		const forced = captureIo(root);
		expect(await main(['make:controller', 'ville', '--force'], forced)).toBe(0);
		expect(readFileSync(view, 'utf8')).not.toBe('mine');
	});

	it('a file that differs only in case is still refused: it is not the file the user named', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'app/Controller/api/villeController.php'), '<?php // mine\n');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--force'], io)).toBe(1);
		expect(io.err()).toBe('Controller already exists.\napp/Controller/api/villeController.php: it differs from app/Controller/api/VilleController.php only in case: rename or delete it, or choose another name.\n');
		expect(snapshotTree(root)).toEqual(before);
	});

	// Rename #1 records the run's journal in the lock; #2 is the overwrite, #3 routes.yaml. The
	// user's file is not UTF-8 (a Latin-1 é): it comes back as its bytes, and its kept copy goes.
	it.each([2, 3])('a write failing after the overwrite (rename #%i) puts the user\'s file back byte for byte, and keeps no copy', async (nth) => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, controller), userBytes);
		const before = snapshotTree(root);
		const snapshot = readSnapshot(root);
		if (isRefusal(snapshot)) throw new Error(snapshot.message);
		const planned = plan({kind: 'api', name: 'ville', force: true}, snapshot);
		expect(planned.refusals).toEqual([]);
		let calls = 0;
		const failing: SinkFs = {
			...realFs,
			rename: (...args: Parameters<SinkFs['rename']>) => {
				calls++;
				if (calls === nth) throw Object.assign(new Error('injected failure'), {code: 'EIO'});
				return realFs.rename(...args);
			},
		};
		await expect(commit(planned, snapshot, fileSystemSink({host: {...processHost, fs: failing}}))).rejects.toBeInstanceOf(EduError);
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('--force on a route that is byte for byte the one edu writes', () => {
	const run = async (root: string, args: readonly string[]) => {
		const io = captureIo(root);
		const exitCode = await main([...args], io);
		return {exitCode, stdout: io.out(), stderr: io.err()};
	};

	it('the same route again (make:controller Page on the skeleton): routes.yaml left as it is, its missing final line end too', async () => {
		const root = tempProject('skeleton');
		const routes = readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8');
		expect(routes.endsWith('\n')).toBe(false);
		const result = await run(root, ['make:controller', 'Page', '--yes', '--force', '--json']);
		expect(result.exitCode, result.stderr).toBe(0);
		expect(JSON.parse(result.stdout).files).toEqual([
			{path: 'app/Controller/PageController.php', action: 'overwrite'},
			{path: 'app/Template/page/page.html.twig', action: 'overwrite'},
		]);
		expect(readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8')).toBe(routes);
		// Taken back, the project's own controller and view are there again, byte for byte.
		const before = snapshotTree(tempProject('skeleton'));
		expect((await run(root, ['undo', '--yes'])).exitCode).toBe(0);
		const tree = Object.fromEntries(Object.entries(snapshotTree(root)).filter(([file]) => !file.startsWith('.edu/')));
		expect(tree).toEqual(before);
	});

	it('a replaced entry that ends the file without a final line end stays without one', async () => {
		const root = tempProject('sample');
		expect((await run(root, ['make:api', 'ville', '--yes'])).exitCode).toBe(0);
		const file = path.join(root, 'app/Config/routes.yaml');
		const before = readFileSync(file, 'utf8').replace(/\n$/, '');
		writeFileSync(file, before);
		const result = await run(root, ['make:api', 'ville', '--template', 'upload', '--yes', '--force']);
		expect(result.exitCode, result.stderr).toBe(0);
		const after = readFileSync(file, 'utf8');
		expect(after.endsWith('\n')).toBe(false);
		expect(after.slice(0, before.lastIndexOf('api_ville:'))).toBe(before.slice(0, before.lastIndexOf('api_ville:')));
		expect(after).not.toBe(before);
		expect((parse(after) as Record<string, unknown>)['api_ville']).toBeDefined();
	});
});
