// An output path is never an input of the project: `edu openapi --out` refuses routes.yaml,
// composer.json, PHP files and anything under app/ (even with --force, even through a link),
// and replaces another existing file only with --force or when it is an OpenAPI document.
import {existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

async function refused(root: string, args: string[], expected: RegExp): Promise<void> {
	const before = snapshotTree(root);
	const result = await runEdu(args, {cwd: root});
	expect(result.exitCode, result.stderr).toBe(1);
	expect(result.stdout).toBe('');
	expect(result.stderr).toMatch(expected);
	expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
	expect(snapshotTree(root)).toEqual(before);
}

describe('edu openapi --out', () => {
	it.each(['app/Config/routes.yaml', 'composer.json', 'public/index.php', 'app/Controller/api/HelloController.php', 'app/Config/new.yaml'])('%s is refused, with or without --force, the project byte-identical', async (out) => {
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'composer.json'), '{"require": {}}\n');
		mkdirSync(path.join(root, 'public'), {recursive: true});
		writeFileSync(path.join(root, 'public/index.php'), '<?php\n');
		await refused(root, ['openapi', '--out', out], /^Refusing to write .*: it is an input of the project .*not even with --force/);
		await refused(root, ['openapi', '--out', out, '--force'], /not even with --force/);
	});

	it('a link to routes.yaml is refused as routes.yaml is', async () => {
		const root = tempProject('openapi/project');
		mkdirSync(path.join(root, 'public'), {recursive: true});
		symlinkSync('../app/Config/routes.yaml', path.join(root, 'public/api.yaml'));
		await refused(root, ['openapi', '--out', 'public/api.yaml', '--force'], /public\/api\.yaml \(app\/Config\/routes\.yaml\): it is an input/);
	});

	it('another existing file needs --force, and the refusal says so', async () => {
		const root = tempProject('openapi/project');
		writeFileSync(path.join(root, 'notes.txt'), 'my notes\n');
		await refused(root, ['openapi', '--out', 'notes.txt'], /^Refusing to replace notes\.txt: .*Pass --force to replace it\.\n$/);
		const forced = await runEdu(['openapi', '--out', 'notes.txt', '--force'], {cwd: root});
		expect(forced.exitCode, forced.stderr).toBe(0);
		expect(readFileSync(path.join(root, 'notes.txt'), 'utf8')).toMatch(/^openapi: 3\.0\.0\n/);
		// What --force replaced is kept, and the run says where.
		const kept = /what it held is kept in (\.edu\/backups\/[^ ]+\/notes\.txt)\.\n/.exec(forced.stderr)?.[1];
		expect(kept, forced.stderr).toBeDefined();
		expect(readFileSync(path.join(root, kept!), 'utf8')).toBe('my notes\n');
	});

	it('an OpenAPI document edu wrote is replaced without --force, and not kept', async () => {
		const root = tempProject('openapi/project');
		expect((await runEdu(['openapi'], {cwd: root})).exitCode).toBe(0);
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace("description: 'Les villes'", "description: 'Toutes les villes'"));
		const again = await runEdu(['openapi', '--force'], {cwd: root});
		expect(again, again.stderr).toMatchObject({exitCode: 0, stderr: ''});
		expect(readFileSync(path.join(root, 'public/openapi.yaml'), 'utf8')).toContain('Toutes les villes');
		expect(existsSync(path.join(root, '.edu'))).toBe(false);
	});
});
