// A project's own files (its templates, its links) never turn edu against its user: a typed value
// never becomes code, and nothing is written into the project's version control through a link.
// main() in-process: each case is one run, its refusal and the project's bytes.
import {execFileSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {freePort} from '../helpers/free-port.js';
import {captureIo} from '../helpers/io.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {copyTemplate, siteIn} from '../helpers/template-copy.js';

/** A fake repository in `root`: a .git/ with one executable hook. */
function fakeRepository(root: string): string {
	mkdirSync(path.join(root, '.git', 'hooks'), {recursive: true});
	const hook = path.join(root, '.git', 'hooks', 'post-checkout');
	writeFileSync(hook, '#!/bin/sh\nexit 0\n');
	chmodSync(hook, 0o755);
	return hook;
}

describe('a typed value never becomes code through a template', () => {
	it.each([
		['/* <%={{ }}=%>{{description}} */', '<%={{ }}=%>'],
		['// <%=| |=%>|description|', '<%=| |=%>'],
	])('a project template that changes its tags (%s) is refused at the tag, and nothing is written', async (line, tag) => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't2');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace('<?php\n', `<?php\n${line}\n`));
		const before = snapshotTree(root);
		const io = captureIo(root);
		const code = await main(['make:api', 'inj', '--template', 't2', '--yes', '--description', '*/ system("echo ESC"); /*'], io);
		expect(code).toBe(1);
		expect(io.err()).toContain(`.edu/templates/t2/controller.php.tpl:${siteIn(controller, tag)}`);
		expect(io.err()).toContain('changing the tags');
		expect(io.err().trimEnd().split('\n')).toHaveLength(1);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('template:list names the template as broken at the tag', async () => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't2');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		writeFileSync(controller, readFileSync(controller, 'utf8').replace('<?php\n', '<?php\n/* <%={{ }}=%>{{description}} */\n'));
		const io = captureIo(root);
		await main(['template:list'], io);
		expect(io.out() + io.err()).toContain('changing the tags');
	});
});

describe('nothing is written into the project\'s version control through a link', () => {
	it('openapi --html with public/doc a link to .git refuses, naming the link, and writes nothing', async () => {
		const root = tempProject('sample');
		fakeRepository(root);
		symlinkSync('../.git', path.join(root, 'public', 'doc'));
		const gitBefore = readdirSync(path.join(root, '.git')).sort();
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['openapi', '--html'], io)).toBe(1);
		expect(io.err()).toContain('through the link public/doc into .git/');
		expect(readdirSync(path.join(root, '.git')).sort()).toEqual(gitBefore);
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([[[] as string[], 'a new hook'], [['--force'], 'an existing hook, with --force']])('a web template whose view goes through app/Template/hooks -> .git/hooks never writes %s', async (extra) => {
		const root = tempProject('sample');
		const hook = fakeRepository(root);
		if (extra.length === 0) writeFileSync(hook, ''), chmodSync(hook, 0o755);
		const hookBefore = readFileSync(hook);
		mkdirSync(path.join(root, 'app', 'Template'), {recursive: true});
		symlinkSync('../../.git/hooks', path.join(root, 'app', 'Template', 'hooks'));
		copyTemplate(root, 'web', 'gw', (manifest) => {
			manifest.files['view']!['to'] = 'app/Template/hooks/<%& kebab %>';
		});
		const name = extra.length === 0 ? 'Hk' : 'PostCheckout';
		const io = captureIo(root);
		expect(await main(['make:controller', name, '--template', 'gw', '--yes', ...extra], io)).toBe(1);
		expect(io.err()).toContain('through the link app/Template/hooks into .git/');
		expect(readFileSync(hook)).toEqual(hookBefore);
		expect(statSync(hook).mode & 0o777).toBe(0o755);
		expect(readdirSync(path.join(root, '.git', 'hooks'))).toEqual(['post-checkout']);
		expect(existsSync(path.join(root, 'app', 'Controller', `${name}Controller.php`))).toBe(false);
	});
});

describe('a project template is read as data of the project, within limits', () => {
	/** Runs `make:api` with the project template `t` in a copy of the sample: exit code, stderr, and whether the project is untouched. */
	async function makeWith(root: string, ...extra: string[]): Promise<{code: number; err: string; untouched: boolean}> {
		// app/ only: the template folder may hold a FIFO, which a snapshot would wait on.
		const before = snapshotTree(path.join(root, 'app'));
		const io = captureIo(root);
		const code = await main(['make:api', 'probe', '--template', 't', '--yes', ...extra], io);
		return {code, err: io.err(), untouched: JSON.stringify(snapshotTree(path.join(root, 'app'))) === JSON.stringify(before)};
	}

	it('a template file that links outside the project is refused, naming the link, and its target is never read', async () => {
		const root = tempProject('sample');
		const secret = path.join(tempProject(), 'id_rsa');
		writeFileSync(secret, 'PRIVATE KEY', {mode: 0o600});
		const manifest = copyTemplate(root, 'default', 't');
		const openapi = path.join(path.dirname(manifest), 'openapi.php.tpl');
		rmSync(openapi);
		symlinkSync(secret, openapi);
		const {code, err, untouched} = await makeWith(root);
		expect(code).toBe(1);
		expect(err).toContain(`.edu/templates/t/openapi.php.tpl: is a link to ${realpathSync(secret)}, outside the project's own files`);
		expect(err).not.toContain('PRIVATE KEY');
		expect(untouched).toBe(true);
	});

	it.each([
		['a FIFO', (file: string) => execFileSync('mkfifo', [file]), 'a FIFO'],
		['a folder', (file: string) => mkdirSync(file), 'is a folder'],
		['too big', (file: string) => writeFileSync(file, `<?php\n${'// x\n'.repeat(60_000)}`), 'too big'],
	])('a template file that is %s is refused at once with its name', async (_label, make, said) => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		rmSync(controller);
		make(controller);
		const {code, err, untouched} = await makeWith(root);
		expect(code).toBe(1);
		expect(err).toContain('.edu/templates/t/controller.php.tpl: ');
		expect(err).toContain(said);
		expect(untouched).toBe(true);
	});

	it('a template.json that is a FIFO is named as one, not as missing', async () => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't');
		rmSync(manifest);
		execFileSync('mkfifo', [manifest]);
		const {code, err} = await makeWith(root);
		expect(code).toBe(1);
		expect(err).toContain('.edu/templates/t/template.json: not a regular file (a FIFO)');
	});

	it('sections nested past the limit are refused at the section that goes too deep, for make:api, template:list and --help alike', async () => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'default', 't');
		const controller = path.join(path.dirname(manifest), 'controller.php.tpl');
		writeFileSync(controller, `<?php\n${'<%# operations %>'.repeat(3000)}${'<%/ operations %>'.repeat(3000)}\n`);
		const {code, err} = await makeWith(root);
		expect(code).toBe(1);
		expect(err).toContain(`.edu/templates/t/controller.php.tpl:2:${33 * '<%# operations %>'.length - '<%# operations %>'.length + 1}: sections nest more than 32 deep`);
		const listed = captureIo(root);
		await main(['template:list'], listed);
		expect(listed.out() + listed.err()).toContain('sections nest more than 32 deep');
		const help = captureIo(root);
		expect(await main(['make:api', '--help'], help)).toBe(0);
		expect(help.err()).not.toContain('Maximum call stack');
	});

	it('two files of a template that go to the same place are refused at the second one\'s "to"', async () => {
		const root = tempProject('sample');
		const manifest = copyTemplate(root, 'web', 't', (data) => {
			data.files['view']!['to'] = 'app/Controller/<%& className %>.php';
		});
		const io = captureIo(root);
		expect(await main(['make:controller', 'probe', '--template', 't', '--yes'], io)).toBe(1);
		const text = readFileSync(manifest, 'utf8');
		const at = text.indexOf('"to"', text.indexOf('"view"'));
		const line = text.slice(0, at).split('\n').length;
		const col = at - text.lastIndexOf('\n', at - 1);
		expect(io.err()).toContain(`.edu/templates/t/template.json:${line}:${col}: "to": the view file goes where the controller file goes`);
		const listed = captureIo(root);
		await main(['template:list'], listed);
		expect(listed.out() + listed.err()).toContain('the view file goes where the controller file goes');
	});

	it.each(['toString', 'constructor'])('an option named %s is refused as one the engine does not read', async (option) => {
		const root = tempProject('sample');
		copyTemplate(root, 'default', 't', (data) => {
			data.options = {[option]: {help: 'x'}};
		});
		const {code, err} = await makeWith(root);
		expect(code).toBe(1);
		expect(err).toContain(`.edu/templates/t/template.json:18:3: the controller engine reads no option "${option}"`);
	});

	it('a folder named __proto__ is refused with the rule it breaks', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'default', '__proto__');
		const io = captureIo(root);
		await main(['template:list'], io);
		expect(io.out() + io.err()).toContain('a template name starts with a letter or a digit');
	});
});

describe('--fields names are plain identifiers for the database and OpenAPI alike', () => {
	it.each(['__proto__', 'constructor', 'prototype'])('%s is refused as a usage error, and nothing is written', async (name) => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['make:api', 'ville', '--template', 'resource', '--fields', `${name}:string:10,nom:string:20`, '--yes'], io)).toBe(2);
		expect(io.err()).toContain(`"${name}" cannot be a field name`);
		expect(snapshotTree(root)).toEqual(before);
	});
});

describe('text from project files is shown, not obeyed by the terminal', () => {
	it.each([
		['clears the screen and retitles the window', 'x\u001B[2J\u001B]0;PWNED\u0007', 'x^[[2J^[]0;PWNED^G'],
		['hides the lines after it (ESC [ 8 m)', 'a controller\u001B[8m, and nothing after this shows', 'a controller^[[8m, and nothing after this shows'],
	])('template:list shows a description that %s as text', async (_, description, shown) => {
		const root = tempProject('sample');
		copyTemplate(root, 'default', 't', (data) => {
			(data as Record<string, unknown>)['description'] = description;
		});
		const io = captureIo(root);
		await main(['template:list'], io);
		expect(io.out()).toContain(shown);
		// Not a terminal: edu writes no colour of its own, so no escape at all reaches the output.
		expect(io.out() + io.err()).not.toMatch(/\u001B|\u0007/);
	});

	it('a refusal that quotes a template folder name with a control character shows it as text', async () => {
		const root = tempProject('sample');
		copyTemplate(root, 'default', 'bad\u001B]0;x\u0007name');
		const io = captureIo(root);
		await main(['template:list'], io);
		expect(io.out() + io.err()).not.toMatch(/\u001B(?!\[[\d;]*m)|\u0007/);
	});
});

describe('a backup keeps a file\'s bytes with the file\'s own mode, and never an outside file\'s', () => {
	/** The one file under .edu/backups/ of `root`: its path below the backup folder, bytes and mode. */
	function onlyBackup(root: string): {shown: string; text: string; mode: number} {
		const folder = path.join(root, '.edu', 'backups');
		const files = readdirSync(folder, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile());
		expect(files).toHaveLength(1);
		const file = path.join(files[0]!.parentPath, files[0]!.name);
		return {shown: path.relative(folder, file).split(path.sep).slice(1).join('/'), text: readFileSync(file, 'utf8'), mode: statSync(file).mode & 0o777};
	}

	/** A 0600 file holding a secret in `folder` (made if missing). */
	function secretIn(folder: string): string {
		mkdirSync(folder, {recursive: true});
		writeFileSync(path.join(folder, 'id_rsa'), 'PRIVATE KEY', {mode: 0o600});
		return path.join(folder, 'id_rsa');
	}

	it.each([
		['template:publish web --force', '.edu/templates/web/view.twig.tpl', ['template:publish', 'web', '--force'], true],
		['make:api ville --force', 'app/Controller/api/VilleController.php', ['make:api', 'ville', '--yes', '--force'], false],
		['openapi --out --force', 'out.yaml', ['openapi', '--out', 'out.yaml', '--force'], false],
	])('%s over a link to a 0600 file of the project keeps a 0600 copy of its bytes, not a 0777 one', async (_label, relative, args, publishFirst) => {
		const root = tempProject('sample');
		if (publishFirst) expect(await main(['template:publish', 'web'], captureIo(root))).toBe(0);
		writeFileSync(path.join(root, 'secrets.txt'), 'DB_PASSWORD=secret\n', {mode: 0o600});
		const link = path.join(root, relative);
		rmSync(link, {force: true});
		symlinkSync(path.relative(path.dirname(link), path.join(root, 'secrets.txt')), link);
		const io = captureIo(root);
		expect(await main(args, io), io.err()).toBe(0);
		expect(onlyBackup(root)).toEqual({shown: relative, text: 'DB_PASSWORD=secret\n', mode: 0o600});
	});

	it.each([
		['outside the project', () => secretIn(tempProject()), 'to '],
		['into .git/', (root: string) => secretIn(path.join(root, '.git')), 'into .git/'],
	])('template:publish --force over a link %s is refused naming the link, and its bytes are copied nowhere', async (_label, make, said) => {
		const root = tempProject('sample');
		expect(await main(['template:publish', 'web'], captureIo(root))).toBe(0);
		const link = path.join(root, '.edu', 'templates', 'web', 'view.twig.tpl');
		rmSync(link);
		symlinkSync(make(root), link);
		const before = snapshotTree(path.join(root, 'app'));
		const io = captureIo(root);
		expect(await main(['template:publish', 'web', '--force'], io)).toBe(1);
		expect(io.err()).toContain(`Refusing to write .edu/templates/web/view.twig.tpl: it `);
		expect(io.err()).toContain(`through the link .edu/templates/web/view.twig.tpl ${said}`);
		expect(existsSync(path.join(root, '.edu', 'backups'))).toBe(false);
		expect(readlinkSync(link)).toBeTruthy();
		expect(snapshotTree(path.join(root, 'app'))).toEqual(before);
	});
});

describe('the upload folder (--dir) never leads out of the project through a link', () => {
	it.each([
		['outside the project', (root: string) => symlinkSync(tempProject(), path.join(root, 'var', 'outlink')), 'var/outlink', 'it resolves through the link var/outlink to '],
		['into .git/', (root: string) => (mkdirSync(path.join(root, '.git')), symlinkSync('../.git', path.join(root, 'var', 'outlink'))), 'var/outlink/up', 'it leads through the link var/outlink into .git/'],
	])('--dir through a link %s is refused naming the link, and nothing is written', async (_label, make, dir, said) => {
		const root = tempProject('sample');
		make(root);
		const before = snapshotTree(path.join(root, 'app'));
		const io = captureIo(root);
		expect(await main(['make:api', 'up', '--template', 'upload', '--dir', dir, '--yes'], io)).toBe(1);
		expect(io.err()).toContain(`Refusing the upload folder ${dir}: ${said}`);
		expect(io.err()).toContain('nothing was written.');
		expect(io.err().trimEnd().split('\n')).toHaveLength(1);
		expect(snapshotTree(path.join(root, 'app'))).toEqual(before);
	});
});

describe('the documentation page\'s list of files (public/doc/.edu-page) is read within bounds', () => {
	it.each([
		['bigger than any list edu writes', (file: string) => writeFileSync(file, `# Written by edu openapi --html: the files it wrote in this folder (sha256 of each), which it may replace; it leaves any other alone.\n${`${'0'.repeat(64)}  x\n`.repeat(2000)}`), 'too big (136134 bytes; at most 65536 are read)'],
		['a FIFO', (file: string) => execFileSync('mkfifo', [file]), 'is a FIFO'],
	])('one that is %s is refused by name, and nothing is written', async (_label, make, said) => {
		const root = tempProject('sample');
		expect(await main(['openapi', '--html'], captureIo(root))).toBe(0);
		const list = path.join(root, 'public', 'doc', '.edu-page');
		rmSync(list);
		make(list);
		const before = snapshotTree(path.join(root, 'app'));
		const names = readdirSync(path.join(root, 'public', 'doc')).sort();
		for (const args of [['openapi'], ['openapi', '--html']]) {
			const io = captureIo(root);
			expect(await main(args, io)).toBe(1);
			expect(io.err()).toBe(`public/doc/.edu-page: ${said}, not the list of the page's files edu writes there; nothing was written. Remove it, then run edu openapi --html to write the page again.\n`);
		}
		expect(readdirSync(path.join(root, 'public', 'doc')).sort()).toEqual(names);
		expect(snapshotTree(path.join(root, 'app'))).toEqual(before);
	});
});

describe('--out never replaces a file without --force', () => {
	it('an existing empty file named by --out is refused without --force, and replaced with it', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'empty.yaml'), '');
		const before = snapshotTree(root);
		const io = captureIo(root);
		expect(await main(['openapi', '--out', 'empty.yaml'], io)).toBe(1);
		expect(io.err()).toBe('Refusing to replace empty.yaml: it exists and is not a file edu wrote; nothing was written. Pass --force to replace it.\n');
		expect(snapshotTree(root)).toEqual(before);
		expect(await main(['openapi', '--out', 'empty.yaml', '--force'], captureIo(root))).toBe(0);
		expect(readFileSync(path.join(root, 'empty.yaml'), 'utf8')).toContain('openapi: 3.');
	});

	it('an empty public/openapi.yaml, edu\'s own place when no --out is given, is still written', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'public', 'openapi.yaml'), '');
		expect(await main(['openapi'], captureIo(root))).toBe(0);
		expect(readFileSync(path.join(root, 'public', 'openapi.yaml'), 'utf8')).toContain('openapi: 3.');
	});
});

describe('edu start shows project text and php\'s log, never lets them drive the terminal', () => {
	it('a folder of public/index.php and php -S\'s log with escape sequences are shown as text', async () => {
		const root = tempProject('sample');
		writeFileSync(path.join(root, 'public', 'index.php'), `<?php\nnew \\Studoo\\EduFramework\\Core\\ConfigCore(['twig_path' => './../app/X\u001B]0;PWNED\u0007']);\n`);
		// A php that answers the version check, then logs a request path with escape sequences and stops.
		const folder = tempProject();
		writeFileSync(path.join(folder, 'php'), `#!/bin/sh\nif [ "$1" = "-r" ]; then echo 8.3.0; exit 0; fi\nprintf 'GET /\\033]0;PWNED\\007\\033[2J\\n' >&2\nexit 1\n`);
		chmodSync(path.join(folder, 'php'), 0o755);
		const io = captureIo(root, {env: {PATH: `${folder}${path.delimiter}${process.env['PATH'] ?? ''}`}});
		await main(['start', '--port', String(await freePort())], io);
		expect(io.err()).toContain('app/X^[]0;PWNED^G/');
		expect(io.out() + io.err()).toContain('GET /^[]0;PWNED^G^[[2J');
		expect(io.out() + io.err()).not.toMatch(/\u001B|\u0007/);
	});
});
