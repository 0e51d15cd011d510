// edu undo and edu history through main(), in temp copies of the fixtures: a run taken back
// leaves every project file outside .edu/ byte-identical to before, and never takes back work
// silently (issue 49's "Done when").
import {createHash} from 'node:crypto';
import {execFileSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';

/** The tree without edu's own folder: what the user's project holds. */
function projectTree(root: string): Record<string, string> {
	return Object.fromEntries(Object.entries(snapshotTree(root)).filter(([file]) => file !== '.edu/' && !file.startsWith('.edu/')));
}

const edu = (root: string, ...args: string[]) => runMain(args, {cwd: root});
const routes = (root: string): string => readFileSync(path.join(root, 'app/Config/routes.yaml'), 'utf8');

describe('edu undo after make:*', () => {
	it('make:api ville then undo: every file outside .edu/ byte-identical, openapi.php included when the run created it', async () => {
		const root = tempProject('sample');
		rmSync(path.join(root, 'app/Controller/api/openapi.php'));
		const before = projectTree(root);
		expect(await edu(root, 'make:api', 'ville', '--yes')).toMatchObject({exitCode: 0});
		expect(existsSync(path.join(root, 'app/Controller/api/openapi.php'))).toBe(true);
		const undone = await edu(root, 'undo', '--yes');
		expect(undone, undone.stderr).toMatchObject({exitCode: 0, stderr: ''});
		expect(undone.stdout).toContain('Took back run 1 (make:api ville):\n  remove   app/Controller/api/openapi.php\n  remove   app/Controller/api/VilleController.php\n  restore  app/Config/routes.yaml\n');
		expect(projectTree(root)).toEqual(before);
	});

	it('make:controller then undo: the view and its new folder gone', async () => {
		const root = tempProject('sample');
		const before = projectTree(root);
		expect(await edu(root, 'make:controller', 'VilleRead', '--yes')).toMatchObject({exitCode: 0});
		expect(existsSync(path.join(root, 'app/Template/ville_read/ville_read.html.twig'))).toBe(true);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 0});
		expect(existsSync(path.join(root, 'app/Template/ville_read'))).toBe(false);
		expect(projectTree(root)).toEqual(before);
	});

	it('a route appended by hand after the run stays, edu\'s entry goes', async () => {
		const root = tempProject('sample');
		const original = routes(root);
		await edu(root, 'make:api', 'ville', '--yes');
		const mine = '\nmine:\n    uri: /mine\n    controller: Controller\\HomeController\n    httpMethod: [GET]\n';
		appendFileSync(path.join(root, 'app/Config/routes.yaml'), mine);
		const undone = await edu(root, 'undo', '--yes');
		expect(undone, undone.stderr).toMatchObject({exitCode: 0});
		expect(routes(root)).toBe(original + mine);
		expect(existsSync(path.join(root, 'app/Controller/api/VilleController.php'))).toBe(false);
	});

	it('undo again takes back the run before; then there is nothing left (exit 1)', async () => {
		const root = tempProject('sample');
		const before = projectTree(root);
		await edu(root, 'make:api', 'ville', '--yes');
		await edu(root, 'make:controller', 'Home2', '--yes');
		const first = (await edu(root, 'undo', '--yes')).stdout;
		expect(first).toMatch(/^Took back run 2 \(make:controller Home2\):/);
		expect(first).toMatch(/\nedu undo again takes back run 1 \(make:api ville\); edu history lists them\.\n$/);
		const last = (await edu(root, 'undo', '--yes')).stdout;
		expect(last).toMatch(/^Took back run 1 \(make:api ville\):/);
		// Nothing is left: the report does not send the user to an undo that would refuse.
		expect(last).toMatch(/\nNo run before it is left to take back; edu history lists them\.\n$/);
		expect(projectTree(root)).toEqual(before);
		const nothing = await edu(root, 'undo', '--yes');
		expect(nothing).toMatchObject({exitCode: 1, stdout: ''});
		expect(nothing.stderr).toMatch(/^Nothing to undo/);
	});

	it('when the run before was edited since, the report says undo again stops there and why, not that it takes it back', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:controller', 'Home2', '--yes');
		await edu(root, 'make:api', 'ville', '--yes');
		appendFileSync(path.join(root, 'app/Controller/Home2Controller.php'), '// edited\n');
		const first = (await edu(root, 'undo', '--yes')).stdout;
		expect(first).toMatch(/^Took back run 2 \(make:api ville\):/);
		expect(first).toMatch(/\nedu undo again stops at run 1 \(make:controller Home2\): edited since: app\/Controller\/Home2Controller\.php \(edu undo --force takes it back anyway, keeping what you edited in \.edu\/backups\/\); edu history lists them\.\n$/);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 1});
	});

	it('the controller edited since: undo exits 1 naming it and changes nothing; --force removes it and keeps the edited copy in .edu/backups/', async () => {
		const root = tempProject('sample');
		const before = projectTree(root);
		await edu(root, 'make:api', 'ville', '--yes');
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		const edited = `${readFileSync(controller, 'utf8')}// mine\n`;
		writeFileSync(controller, edited);
		const tree = snapshotTree(root);
		const refused = await edu(root, 'undo', '--yes');
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toContain('edited since: app/Controller/api/VilleController.php.');
		expect(refused.stderr).toContain('edu undo --force');
		expect(snapshotTree(root)).toEqual(tree);

		const forced = await edu(root, 'undo', '--force', '--yes');
		expect(forced, forced.stderr).toMatchObject({exitCode: 0});
		const [stamp = ''] = readdirSync(path.join(root, '.edu/backups'));
		const kept = `.edu/backups/${stamp}/app/Controller/api/VilleController.php`;
		expect(readFileSync(path.join(root, kept), 'utf8')).toBe(edited);
		expect(forced.stderr).toContain(kept);
		expect(projectTree(root)).toEqual(before);
	});

	it('an appended route edited since is named with its routes.yaml line', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		const file = path.join(root, 'app/Config/routes.yaml');
		writeFileSync(file, routes(root).replace(/(api_ville:\n    uri: )\/api\/ville/, '$1/api/villes'));
		const tree = snapshotTree(root);
		const refused = await edu(root, 'undo', '--yes');
		expect(refused.exitCode).toBe(1);
		const line = routes(root).split('\n').indexOf('api_ville:') + 1;
		expect(refused.stderr).toContain(`app/Config/routes.yaml:${line}`);
		expect(snapshotTree(root)).toEqual(tree);
		const forced = await edu(root, 'undo', '--force', '--yes');
		expect(forced, forced.stderr).toMatchObject({exitCode: 0});
		expect(routes(root)).not.toContain('api_ville');
	});

	it('a file the run created and the user deleted since is named as gone; the rest is taken back', async () => {
		const root = tempProject('sample');
		const original = routes(root);
		await edu(root, 'make:api', 'ville', '--yes');
		rmSync(path.join(root, 'app/Controller/api/VilleController.php'));
		const dry = JSON.parse((await edu(root, 'undo', '--dry-run', '--json')).stdout);
		expect(dry).toMatchObject({removed: [], gone: ['app/Controller/api/VilleController.php'], restored: ['app/Config/routes.yaml'], dryRun: true});
		const undone = await edu(root, 'undo', '--yes');
		expect(undone).toMatchObject({exitCode: 0, stderr: ''});
		expect(undone.stdout).toMatch(/^Took back run 1 \(make:api ville\):\n {2}gone {5}app\/Controller\/api\/VilleController\.php \(deleted since the run\)\n {2}restore {2}app\/Config\/routes\.yaml\n/);
		expect(routes(root)).toBe(original);
	});

	it('undo --dry-run names the files and the routes.yaml diff, and changes nothing', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		const tree = snapshotTree(root);
		const dry = await edu(root, 'undo', '--dry-run');
		expect(dry, dry.stderr).toMatchObject({exitCode: 0});
		expect(dry.stdout).toContain('Dry run: nothing was written. edu undo would take back run 1 (make:api ville):\n  remove   app/Controller/api/VilleController.php\n  restore  app/Config/routes.yaml\n');
		expect(dry.stdout).toContain('-api_ville:\n');
		expect(snapshotTree(root)).toEqual(tree);
		const json = JSON.parse((await edu(root, 'undo', '--dry-run', '--json')).stdout);
		expect(json).toMatchObject({ok: true, run: 1, removed: ['app/Controller/api/VilleController.php'], restored: ['app/Config/routes.yaml'], dryRun: true});
		expect(snapshotTree(root)).toEqual(tree);
	});
});

describe('edu history', () => {
	it('lists the recorded runs newest first with what each wrote, text and --json', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		await edu(root, 'make:controller', 'Home2', '--yes');
		await edu(root, 'undo', '--yes');
		const text = await edu(root, 'history');
		expect(text.stdout).toBe([
			'2  make:controller Home2  (taken back)',
			'     created   app/Controller/Home2Controller.php',
			'     created   app/Template/home2/home2.html.twig',
			'     modified  app/Config/routes.yaml',
			'1  make:api ville',
			'     created   app/Controller/api/VilleController.php',
			'     modified  app/Config/routes.yaml',
			'',
		].join('\n'));
		const json = JSON.parse((await edu(root, 'history', '--json')).stdout);
		expect(json.runs.map((run: {number: number; undone: boolean}) => [run.number, run.undone])).toEqual([[2, true], [1, false]]);
	});

	it('keeps the last 50 runs', async () => {
		const root = tempProject('sample');
		for (let index = 1; index <= 52; index++) await edu(root, 'mock:token', `t${index}`);
		const numbers = readdirSync(path.join(root, '.edu/history')).map((name) => Number.parseInt(name, 10)).sort((a, b) => a - b);
		expect(numbers).toEqual(Array.from({length: 50}, (_, index) => index + 3));
	});
});

describe('--force regenerates what edu made', () => {
	it('make:api nantes --template resource --force after a default nantes replaces the controller and its route entry in place; undo brings the default one back', async () => {
		const root = tempProject('sample');
		expect(await edu(root, 'make:api', 'nantes', '--yes')).toMatchObject({exitCode: 0});
		const before = projectTree(root);
		const lines = routes(root).split('\n');
		const forced = await edu(root, 'make:api', 'nantes', '--template', 'resource', '--fields', 'nom:string:255', '--force', '--yes');
		expect(forced, forced.stderr).toMatchObject({exitCode: 0});
		const now = routes(root);
		expect(now.match(/^api_nantes:/gm)).toHaveLength(1);
		// Every line but the entry's methods is kept, in place; the resource's item route is appended.
		const methodsLine = lines.indexOf('    httpMethod: [GET]', lines.indexOf('api_nantes:'));
		expect(now.split('\n').slice(0, lines.length)).toEqual(lines.map((line, index) => (index === methodsLine ? '    httpMethod: [GET, POST]' : line)).slice(0, lines.length - 1).concat(['']));
		expect(readFileSync(path.join(root, 'app/Controller/api/NantesController.php'), 'utf8')).toContain('INSERT INTO nantes');
		const [stamp = ''] = readdirSync(path.join(root, '.edu/backups'));
		expect(readFileSync(path.join(root, '.edu/backups', stamp, 'app/Controller/api/NantesController.php'), 'base64')).toBe(before['app/Controller/api/NantesController.php']);

		const undone = await edu(root, 'undo', '--yes');
		expect(undone, undone.stderr).toMatchObject({exitCode: 0});
		expect(projectTree(root)).toEqual(before);
	});

	it('a route written by hand still refuses --force, with its line', async () => {
		const root = tempProject('sample');
		const tree = snapshotTree(root);
		const refused = await edu(root, 'make:api', 'hello', '--force', '--yes');
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(/^Route already exists\.\napp\/Config\/routes\.yaml:9: /);
		expect(snapshotTree(root)).toEqual(tree);
	});

	it('an entry edu wrote and the user edited since still refuses --force', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'nantes', '--yes');
		writeFileSync(path.join(root, 'app/Config/routes.yaml'), routes(root).replace(/(api_nantes:\n(?:.*\n){2}    httpMethod: )\[GET\]/, '$1[GET, PUT]'));
		const tree = snapshotTree(root);
		const refused = await edu(root, 'make:api', 'nantes', '--force', '--yes');
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(/^Route already exists\./);
		expect(snapshotTree(root)).toEqual(tree);
	});
});

describe('the other writers leave a record undo takes back', () => {
	it('make:command: the command file gone, commands.yaml byte-identical', async () => {
		const root = tempProject('skeleton');
		const before = projectTree(root);
		expect(await edu(root, 'make:command', 'generate', '--yes')).toMatchObject({exitCode: 0});
		const undone = await edu(root, 'undo', '--yes');
		expect(undone, undone.stderr).toMatchObject({exitCode: 0});
		expect(undone.stdout).toMatch(/^Took back run 1 \(make:command generate\):\n {2}remove {3}app\/Command\/GenerateCommand\.php\n/);
		expect(projectTree(root)).toEqual(before);
	});

	it('template:publish and mock:persist, newest first, and -q prints nothing', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'compose.yaml'), 'services:\n  mock:\n    image: mock-api\n');
		const before = projectTree(root);
		expect(await edu(root, 'mock:persist', '--yes')).toMatchObject({exitCode: 0});
		expect(await edu(root, 'template:publish', 'default')).toMatchObject({exitCode: 0});
		expect(await edu(root, 'undo', '--yes', '-q')).toEqual({exitCode: 0, stdout: '', stderr: ''});
		expect(existsSync(path.join(root, '.edu/templates'))).toBe(false);
		const json = JSON.parse((await edu(root, 'undo', '--yes', '--json')).stdout);
		expect(json).toMatchObject({ok: true, run: 1, command: 'mock:persist', restored: ['compose.yaml'], dryRun: false});
		expect(projectTree(root)).toEqual(before);
	});

	it('openapi, openapi --html and mock:token are named in the history and by undo, as the others are', async () => {
		const root = tempProject('sample');
		expect(await edu(root, 'make:api', 'ville', '--yes')).toMatchObject({exitCode: 0});
		expect(await edu(root, 'openapi')).toMatchObject({exitCode: 0});
		expect(await edu(root, 'openapi', '--html', '--out', 'public/my api.yaml')).toMatchObject({exitCode: 0});
		expect(await edu(root, 'mock:token', 'alice', '--yes')).toMatchObject({exitCode: 0});
		const history = JSON.parse((await edu(root, 'history', '--json')).stdout) as {runs: Array<{command: string | null}>};
		expect(history.runs.map((run) => run.command)).toEqual(['mock:token alice', "openapi --html --out 'public/my api.yaml'", 'openapi', 'make:api ville']);
		expect((await edu(root, 'undo', '--yes')).stdout).toMatch(/^Took back run 4 \(mock:token alice\):\n/);
		expect((await edu(root, 'undo', '--yes')).stdout).toMatch(/^Took back run 3 \(openapi --html --out 'public\/my api\.yaml'\):\n/);
	});
});

describe('edu undo on the command line', () => {
	it('--help says what it takes back; an unknown option is a usage error (exit 2)', async () => {
		const root = tempProject('sample');
		const help = await edu(root, 'undo', '--help');
		expect(help).toMatchObject({exitCode: 0});
		expect(help.stdout).toContain('Usage: edu undo [options]');
		expect(help.stdout).toContain('--force');
		expect(help.stdout).toContain('The last 50 runs are kept in .edu/history/.');
		expect((await edu(root, 'undo', '--bogus')).exitCode).toBe(2);
	});

});

describe('the records of edu\'s first builds (SHA-256 hashes)', () => {
	it('are still taken back byte for byte, and a file edited since still refuses', async () => {
		const root = tempProject('sample');
		const before = projectTree(root);
		await edu(root, 'make:api', 'ville', '--yes');
		const recordFile = path.join(root, '.edu/history/1.json');
		const record = JSON.parse(readFileSync(recordFile, 'utf8'));
		// As the first builds wrote it: each file's SHA-256 under `sha256`, no `hash`.
		for (const file of record.files) {
			delete file.hash;
			file.sha256 = createHash('sha256').update(readFileSync(path.join(root, file.path))).digest('hex');
		}
		writeFileSync(recordFile, JSON.stringify(record));
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		const written = readFileSync(controller, 'utf8');
		writeFileSync(controller, `${written}// mine\n`);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 1});
		writeFileSync(controller, written);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 0});
		expect(projectTree(root)).toEqual(before);
	});
});

describe('a record names nothing outside the project', () => {
	it('a record whose backup or file lies outside is refused, and nothing is read or written there', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		const recordFile = path.join(root, '.edu/history/1.json');
		const record = JSON.parse(readFileSync(recordFile, 'utf8'));
		record.files[0] = {path: 'app/Controller/api/VilleController.php', made: 'replace', hash: record.files[0].hash, backup: '../../outside.php'};
		writeFileSync(recordFile, JSON.stringify(record));
		const tree = snapshotTree(root);
		const refused = await edu(root, 'undo', '--yes');
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toContain('outside.php');
		expect(snapshotTree(root)).toEqual(tree);
		record.files[0] = {path: '../outside.php', made: 'create', hash: record.files[0].hash};
		writeFileSync(recordFile, JSON.stringify(record));
		expect((await edu(root, 'undo', '--yes')).exitCode).toBe(1);
	});
});

describe('a record edu cannot read', () => {
	const refusedBecause = (problem: string): string => `${problem}: edu cannot read this run's record, and edu undo takes runs back newest first without skipping one; nothing was changed. Restore the file as edu wrote it (git, a copy, its permissions) to take that run back, or delete it to leave that run's files as they are and take back the runs before it.\n`;

	it('the newest one refuses the undo with its file:line:col and changes nothing; deleted, the run before is taken back', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		await edu(root, 'make:api', 'velo', '--yes');
		const recordFile = path.join(root, '.edu/history/2.json');
		writeFileSync(recordFile, '{"edu":1,"files":[');
		const tree = snapshotTree(root);
		const problem = '.edu/history/2.json:1:19: expected a value, found end of file';
		for (const args of [['undo', '--yes'], ['undo', '--dry-run']]) expect(await edu(root, ...args)).toMatchObject({exitCode: 1, stdout: '', stderr: refusedBecause(problem)});
		expect(JSON.parse((await edu(root, 'undo', '--json')).stdout)).toEqual({ok: false, error: {code: 'BAD_PROJECT_FILE', message: refusedBecause(problem).trim()}});
		expect(snapshotTree(root)).toEqual(tree);
		expect((await edu(root, 'history')).stdout).toMatch(/^2 {2}\(not a record edu can read: \.edu\/history\/2\.json:1:19: expected a value, found end of file\)\n1 {2}make:api ville\n/);
		expect(JSON.parse((await edu(root, 'history', '--json')).stdout).runs[0]).toEqual({number: 2, problem});
		rmSync(recordFile);
		const undone = await edu(root, 'undo', '--yes');
		expect(undone.stdout).toMatch(/^Took back run 1 \(make:api ville\):/);
		expect(existsSync(path.join(root, 'app/Controller/api/VeloController.php'))).toBe(true);
	});

	it('a record of the wrong shape is refused before anything is written, whatever field is wrong', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		const recordFile = path.join(root, '.edu/history/1.json');
		const record = JSON.parse(readFileSync(recordFile, 'utf8'));
		const shapes: Array<[object, string]> = [
			[{edu: 1}, '"folders" is not a list of paths'],
			[{...record, folders: [42]}, '"folders" is not a list of paths'],
			[{...record, files: [42]}, 'files[0]: no "path"'],
			[{...record, files: [{...record.files[0], made: 'zap'}]}, 'files[0]: "made" is "zap", not create, replace, modify or span'],
			[{...record, files: [record.files[0], {...record.files[1], at: -1}]}, 'files[1]: "at", "removed" or "inserted" is missing'],
		];
		for (const [shape, why] of shapes) {
			writeFileSync(recordFile, JSON.stringify(shape));
			const tree = snapshotTree(root);
			expect(await edu(root, 'undo', '--yes'), why).toMatchObject({exitCode: 1, stderr: refusedBecause(`.edu/history/1.json: JSON, but not a record as edu writes it (${why})`)});
			expect(snapshotTree(root)).toEqual(tree);
		}
	});

	it('a folder or a FIFO in a record\'s place is said at once, never waited on', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		mkdirSync(path.join(root, '.edu/history/2.json'));
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 1, stderr: refusedBecause('.edu/history/2.json: is a folder, not a file')});
		execFileSync('mkfifo', [path.join(root, '.edu/history/3.json')]);
		expect((await edu(root, 'history')).stdout).toMatch(/^3 {2}\(not a record edu can read: \.edu\/history\/3\.json: not a regular file \(a FIFO\); edu reads and writes only regular files\)\n2 {2}\(not a record edu can read: \.edu\/history\/2\.json: is a folder, not a file\)\n1 {2}make:api ville\n/);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 1});
	});

	it('past the runs taken back, an older unreadable one stops undo there, and the undo before it says so', async () => {
		const root = tempProject('sample');
		await edu(root, 'make:api', 'ville', '--yes');
		await edu(root, 'make:api', 'tram', '--yes');
		writeFileSync(path.join(root, '.edu/history/1.json'), '');
		const undone = await edu(root, 'undo', '--yes');
		expect(undone.stdout).toMatch(/^Took back run 2 \(make:api tram\):/);
		expect(undone.stdout).toMatch(/\nedu undo again stops at \.edu\/history\/1\.json:1:1: expected a value, found end of file; edu history lists them\.\n$/);
		const tree = snapshotTree(root);
		expect(await edu(root, 'undo', '--yes')).toMatchObject({exitCode: 1, stderr: refusedBecause('.edu/history/1.json:1:1: expected a value, found end of file')});
		expect(snapshotTree(root)).toEqual(tree);
	});
});

describe('a record\'s text on the terminal', () => {
	it('control characters in a record (a project from elsewhere) are shown in caret notation by history and undo (run.ts shows every text so), never obeyed', async () => {
		const root = tempProject('sample');
		expect(await edu(root, 'make:api', 'ville', '--yes')).toMatchObject({exitCode: 0});
		const file = path.join(root, '.edu/history/1.json');
		const record = JSON.parse(readFileSync(file, 'utf8')) as {command: string};
		writeFileSync(file, JSON.stringify({...record, command: 'make:api \u001B]0;owned\u0007ville'}, null, '\t'));
		const history = await edu(root, 'history');
		const undone = await edu(root, 'undo', '--dry-run');
		for (const shown of [history.stdout, undone.stdout]) {
			expect(shown).toContain('make:api ^[]0;owned^Gville');
			expect(shown).not.toMatch(/[\u0007\u001B]/);
		}
		// --json keeps the record's text as it is, escaped by JSON.
		expect(JSON.parse((await edu(root, 'history', '--json')).stdout).runs[0].command).toBe('make:api \u001B]0;owned\u0007ville');
	});

	it('colour codes in a record are shown too, so no record hides or paints a line of history, undo or its refusal', async () => {
		const root = tempProject('sample');
		expect(await edu(root, 'make:api', 'ville', '--yes')).toMatchObject({exitCode: 0});
		const file = path.join(root, '.edu/history/1.json');
		const record = JSON.parse(readFileSync(file, 'utf8')) as {command: string; files: Array<{path: string}>};
		// Concealed from here on (ESC [ 8 m), in the command and in a file's path.
		writeFileSync(file, JSON.stringify({...record, command: 'make:api ville\u001B[8m', files: record.files.map((each, index) => (index === 0 ? {...each, path: `${each.path}\u001B[8m`} : each))}, null, '\t'));
		const history = await edu(root, 'history');
		const undone = await edu(root, 'undo', '--dry-run');
		for (const shown of [history.stdout, undone.stdout, undone.stderr]) expect(shown).not.toContain('\u001B');
		expect(history.stdout).toContain('make:api ville^[[8m');
		expect(history.stdout).toContain('.php^[[8m');
		expect(undone.stdout).toContain('make:api ville^[[8m');
		// The refusal names the run by its command: shown too.
		writeFileSync(file, JSON.stringify({...record, command: 'make:api ville\u001B[8m'}, null, '\t'));
		appendFileSync(path.join(root, 'app/Controller/api/VilleController.php'), '// edited\n');
		const refused = await edu(root, 'undo', '--yes');
		expect(refused).toMatchObject({exitCode: 1});
		expect(refused.stderr).toContain('Cannot undo run 1 (make:api ville^[[8m): edited since');
		expect(refused.stderr).not.toContain('\u001B');
	});
});
