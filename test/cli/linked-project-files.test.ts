// A routes.yaml or commands.yaml that is a link to another file of the project (kept in a shared
// folder, or under another name): edu writes the file it links to and the link stays a link, as
// the mock commands do with a linked compose or token file. A link out of the project is refused
// (test/hardening/bad-input.test.ts).
import {spawnSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

/** Moves `relative` to `to` (beside it) and leaves a relative link in its place. */
function linkAway(root: string, relative: string, to: string): string {
	const file = path.join(root, relative);
	renameSync(file, path.join(path.dirname(file), to));
	symlinkSync(to, file);
	return file;
}

describe('project files that are links inside the project', () => {
	it('make:api: the route goes into the file routes.yaml links to, and routes.yaml stays the link', async () => {
		const root = tempProject('sample');
		const link = linkAway(root, 'app/Config/routes.yaml', 'real-routes.yaml');
		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(lstatSync(link).isSymbolicLink()).toBe(true);
		expect(readlinkSync(link)).toBe('real-routes.yaml');
		expect(readFileSync(path.join(root, 'app/Config/real-routes.yaml'), 'utf8')).toContain('api_ville:\n    uri: /api/ville\n');
		const listed = await runMain(['routes', '--check'], {cwd: root});
		expect(listed.exitCode, listed.stdout).toBe(0);
		expect(listed.stdout).toContain('api_ville');
	});

	it('a temp file a killed run left beside the file the link leads to, in another folder, is cleaned up by the next run', async () => {
		const root = tempProject('sample');
		mkdirSync(path.join(root, 'config'));
		renameSync(path.join(root, 'app/Config/routes.yaml'), path.join(root, 'config/routes.yaml'));
		symlinkSync('../../config/routes.yaml', path.join(root, 'app/Config/routes.yaml'));
		// A process that has ended: its pid names no live run.
		const dead = spawnSync(process.execPath, ['-e', '0']).pid;
		const leftover = path.join(root, `config/.routes.yaml.edu-tmp-${dead}-x1`);
		writeFileSync(leftover, 'half a routes.yaml');
		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(existsSync(leftover)).toBe(false);
		expect(readFileSync(path.join(root, 'config/routes.yaml'), 'utf8')).toContain('api_ville:');
		expect(lstatSync(path.join(root, 'app/Config/routes.yaml')).isSymbolicLink()).toBe(true);
	});

	it('make:command: the line goes into the file commands.yaml links to, and commands.yaml stays the link', async () => {
		const root = tempProject('skeleton');
		const link = linkAway(root, 'app/Config/commands.yaml', 'real-commands.yaml');
		const result = await runMain(['make:command', 'generate', '--yes'], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		expect(lstatSync(link).isSymbolicLink()).toBe(true);
		expect(readFileSync(path.join(root, 'app/Config/real-commands.yaml'), 'utf8')).toMatch(/generate: Command\\GenerateCommand\n$/);
	});
});
