// A project's own templates, end to end through main() in-process in temp copies of fixtures/sample:
// template:list, template:publish, an edited or new template used by make:api, and a broken one
// refused with its file:line before anything is written.
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasPhp, phpLint} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {readProjectFile, repoRoot, runEdu, snapshotTree, tempProject} from '../helpers/temp-project.js';

const folder = (root: string, name: string): string => path.join(root, '.edu', 'templates', name);

/** Publishes default, adds a comment line to its controller, copies it to `minimal` when asked. */
async function published(copyAs?: string, fixture = 'sample'): Promise<string> {
	const root = tempProject(fixture);
	const result = await runMain(['template:publish', 'default'], {cwd: root});
	expect(result).toMatchObject({exitCode: 0, stderr: ''});
	const controller = path.join(folder(root, 'default'), 'controller.php.tpl');
	writeFileSync(controller, readFileSync(controller, 'utf8').replace('class <%& className %>', '// Cours BTS SIO: house style\nclass <%& className %>'));
	if (copyAs !== undefined) cpSync(folder(root, 'default'), folder(root, copyAs), {recursive: true});
	return root;
}

/** The built edu run with `args` in `root`: how many times it read each file under .edu/templates/. */
async function templateReads(root: string, args: readonly string[]): Promise<Record<string, number>> {
	// Preloaded into the built edu: counts the reads of files under .edu/ (whole-file reads, and
	// files opened to be read, each once), written at exit.
	const preload = path.join(root, 'count-reads.cjs');
	const counts = path.join(root, 'reads.json');
	writeFileSync(preload, `const fs = require('node:fs');
const read = fs.readFileSync;
const open = fs.openSync;
const counted = {};
let reading = false;
const count = (file) => {
	if (typeof file === 'string' && /[\\\\/]\\.edu[\\\\/]/.test(file)) counted[file.slice(file.indexOf('.edu'))] = (counted[file.slice(file.indexOf('.edu'))] ?? 0) + 1;
};
fs.readFileSync = function (file, ...rest) {
	count(file);
	reading = true;
	try {
		return read.call(this, file, ...rest);
	} finally {
		reading = false;
	}
};
fs.openSync = function (file, flags, ...rest) {
	if (!reading && (flags === undefined || flags === 'r' || (typeof flags === 'number' && (flags & 3) === 0))) count(file);
	return open.call(this, file, flags, ...rest);
};
process.on('exit', () => fs.writeFileSync(${JSON.stringify(counts)}, JSON.stringify(counted)));
`);
	// The built binary: the reads are counted by a module preloaded into its process.
	const result = await runEdu(args, {cwd: root, env: {NODE_OPTIONS: `--require ${preload}`}});
	expect(result).toMatchObject({exitCode: 0, stderr: ''});
	return JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>;
}

describe('template:list', () => {
	it('lists default, resource, upload, web and command as built-in', async () => {
		const result = await runMain(['template:list'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(0);
		expect(result.stdout.split('\n').map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual(['default built-in make:api:', 'resource built-in make:api:', 'upload built-in make:api:', 'web built-in make:controller:', 'command built-in make:command:', '']);
	});

	it('shows a project template whose PHP puts a typed value outside \'…\' as broken, at the tag\'s line and column', async () => {
		const root = await published('cours');
		const controller = path.join(folder(root, 'cours'), 'controller.php.tpl');
		const good = readFileSync(controller, 'utf8');
		writeFileSync(controller, good.replace('class <%& className %>', '$info = "<% description %>";\nclass <%& className %>'));
		const line = good.slice(0, good.indexOf('class <%& className %>')).split('\n').length;
		const result = await runMain(['template:list'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain(`cours     .edu/templates/cours    broken: .edu/templates/cours/controller.php.tpl:${line}:10: <% description %> is outside a single-quoted PHP string, the only place its value is escaped for\n`);
		expect(result.stdout).toMatch(/^default +\.edu\/templates\/default +make:api: /m);
	});

	it('shows a project template whose PHP does not parse as broken, at the template\'s line, made for a sample name with the engine\'s defaults, in text and --json', async () => {
		const root = tempProject('sample');
		expect((await runMain(['template:publish'], {cwd: root})).exitCode).toBe(0);
		const broken = [['default', 'controller.php.tpl', 'app/Controller/api/SampleController.php'], ['resource', 'item.php.tpl', 'app/Controller/api/SampleByIdController.php'], ['upload', 'controller.php.tpl', 'app/Controller/api/SampleController.php'], ['web', 'controller.php.tpl', 'app/Controller/SampleController.php'], ['command', 'command.php.tpl', 'app/Command/SampleCommand.php']];
		const problems = broken.map(([name, file, made]) => {
			const text = readFileSync(path.join(folder(root, name!), file!), 'utf8');
			writeFileSync(path.join(folder(root, name!), file!), `${text}}\n`);
			const line = text.split('\n').length;
			// The template's line, then the line of the file it makes (fewer: sections and tags take lines).
			const quoted = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			return new RegExp(`^${quoted(`.edu/templates/${name}/${file}:${line}:1: the ${name} template makes ${made} with a PHP syntax error at line `)}\\d+${quoted(`, column 1, in "}": syntax error, unexpected '}' (checked with the sample name Sample)`)}$`);
		});
		const result = await runMain(['template:list'], {cwd: root});
		expect(result.exitCode).toBe(0);
		const shown = result.stdout.trimEnd().split('\n').map((line) => line.replace(/^\S+ +\S+ +broken: /, ''));
		expect(shown).toHaveLength(problems.length);
		shown.forEach((line, index) => expect(line).toMatch(problems[index]!));
		const report = JSON.parse((await runMain(['template:list', '--json'], {cwd: root})).stdout) as {templates: Array<{problem?: string; command?: string}>};
		expect(report.templates.map((template) => template.problem)).toEqual(shown);
		expect(report.templates.map((template) => template.command)).toEqual([undefined, undefined, undefined, undefined, undefined]);
		// Fixed, the same templates are listed as fine.
		for (const [name, file] of broken) writeFileSync(path.join(folder(root, name!), file!), readFileSync(path.join(repoRoot, 'templates', name!, file!)));
		expect((await runMain(['template:list'], {cwd: root})).stdout).not.toContain('broken');
	});

	it('--json gives each template\'s origin: a published one its project folder, a new one too', async () => {
		const root = await published('minimal');
		const result = await runMain(['template:list', '--json'], {cwd: root});
		const report = JSON.parse(result.stdout) as {templates: Array<{name: string; origin: string; command: string}>};
		expect(report.templates.map(({name, origin}) => [name, origin])).toEqual([
			['default', '.edu/templates/default'], ['resource', 'built-in'], ['upload', 'built-in'], ['web', 'built-in'], ['command', 'built-in'], ['minimal', '.edu/templates/minimal'],
		]);
	});
});

describe('template:publish', () => {
	it('copies the built-in folder byte for byte and prints the paths', async () => {
		const root = tempProject('sample');
		const result = await runMain(['template:publish', 'default'], {cwd: root});
		expect(result.stdout).toContain('  create  .edu/templates/default/controller.php.tpl');
		for (const file of ['template.json', 'controller.php.tpl', 'openapi.php.tpl']) {
			expect(readFileSync(path.join(folder(root, 'default'), file))).toEqual(readFileSync(path.join(repoRoot, 'templates', 'default', file)));
		}
	});

	it('--dry-run writes nothing; a second publish is refused without --force, replaced with it', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		const dry = await runMain(['template:publish', 'upload', '--dry-run', '--json'], {cwd: root});
		expect(JSON.parse(dry.stdout)).toMatchObject({ok: true, dryRun: true, files: [{path: '.edu/templates/upload/template.json', action: 'create'}, {}, {}]});
		expect(snapshotTree(root)).toEqual(before);
		const root2 = await published();
		const edited = snapshotTree(root2);
		const again = await runMain(['template:publish', 'default'], {cwd: root2});
		expect(again.exitCode).toBe(1);
		expect(again.stderr).toContain('.edu/templates/default/ is already there: pass --force');
		expect(snapshotTree(root2)).toEqual(edited);
		// All of them, one there: none is copied, and the refusal says so and names the others.
		const all = await runMain(['template:publish'], {cwd: root2});
		expect(all).toMatchObject({exitCode: 1, stdout: '', stderr: '.edu/templates/default/ is already there, so nothing was copied: pass --force to replace it with the built-in (what it holds is kept in .edu/backups/), or name the others alone (edu template:publish resource upload web command), or edit it.\n'});
		expect(snapshotTree(root2)).toEqual(edited);
		// The file --force replaces is an overwrite, in --json as in make:* --force.
		const planned = await runMain(['template:publish', 'default', '--force', '--dry-run', '--json'], {cwd: root2});
		expect(JSON.parse(planned.stdout).files).toEqual([{path: '.edu/templates/default/controller.php.tpl', action: 'overwrite'}]);
		const forced = await runMain(['template:publish', 'default', '--force'], {cwd: root2});
		expect(forced.exitCode).toBe(0);
		expect(readFileSync(path.join(folder(root2, 'default'), 'controller.php.tpl'), 'utf8')).not.toContain('house style');
		// The edited copy --force replaced is kept, and the run says where; the unchanged files are not copied.
		const kept = /what it held is kept in (\.edu\/backups\/[^ ]+\/\.edu\/templates\/default\/controller\.php\.tpl)\.\n/.exec(forced.stderr)?.[1];
		expect(kept, forced.stderr).toBeDefined();
		expect(readFileSync(path.join(root2, kept!), 'utf8')).toContain('house style');
		expect(forced.stderr.match(/what it held is kept/g)).toHaveLength(1);
		expect(forced.stdout).toBe('  overwrite  .edu/templates/default/controller.php.tpl\n2 files were already as the built-in: left as they are.\n\nmake:* now uses .edu/templates/default/: edit the files there.\n');
	});

	it('the help says how to start a new template and what each engine offers its files', async () => {
		const help = await runMain(['template:publish', '--help'], {cwd: tempProject('sample'), env: {COLUMNS: '200'}});
		expect(help.stdout).toContain('  $ cp -r .edu/templates/default .edu/templates/cours\n');
		expect(help.stdout).toContain("<% x %> puts x escaped for a PHP single-quoted string, and only inside '…'");
		expect(help.stdout).toContain('\n  controller  className, routeName, uri, kebab, twigFolder, description, operations {attribute, uri}, parameters {name, type}\n');
		expect(help.stdout).toContain('\n  command     className, commandName\n');
		const list = await runMain(['template:list', '--help'], {cwd: tempProject('sample'), env: {COLUMNS: '200'}});
		expect(list.stdout).toContain('(cp -r .edu/templates/default .edu/templates/cours)');
	});

	it('an unknown name is a usage error', async () => {
		const result = await runMain(['template:publish', 'defualt'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toBe('edu: no built-in template "defualt" (did you mean default? template:publish copies default, resource, upload, web, command).\n');
	});
});

describe('make:api with the project\'s templates', () => {
	it('an edit in the published default appears in the next make:api --yes', async () => {
		const root = await published();
		const result = await runMain(['make:api', 'ville', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		const controller = readProjectFile(root, 'app/Controller/api/VilleController.php');
		expect(controller).toContain('// Cours BTS SIO: house style\nclass VilleController implements');
		if (hasPhp) expect(phpLint(path.join(root, 'app/Controller/api/VilleController.php'))).toContain('No syntax errors');
	});

	it('a template that makes PHP which does not parse is refused with the line it made, nothing written; the same template fixed writes', async () => {
		const root = await published('minimal');
		const controller = path.join(folder(root, 'minimal'), 'controller.php.tpl');
		const good = readFileSync(controller, 'utf8');
		writeFileSync(controller, good.replace('class <%& className %>', 'class <%& className %> {{'));
		const before = snapshotTree(root);
		for (const args of [['--yes'], ['--dry-run'], ['--json']]) {
			const result = await runMain(['make:api', 'lyon', '--template', 'minimal', ...args], {cwd: root});
			expect(result.exitCode, args.join(' ')).toBe(1);
			if (args[0] === '--json') expect(JSON.parse(result.stdout).error.code).toBe('BAD_PROJECT_FILE');
			else expect(result.stderr).toMatch(/^\.edu\/templates\/minimal\/controller\.php\.tpl:10:\d+: the minimal template makes app\/Controller\/api\/LyonController\.php with a PHP syntax error at line \d+, column \d+, in ".*": .*syntax error.* \(fix the template, or choose another template\)\n$/);
		}
		expect(snapshotTree(root)).toEqual(before);
		// A copy of a built-in: the way out is the built-in again.
		const copy = path.join(folder(root, 'default'), 'controller.php.tpl');
		writeFileSync(copy, readFileSync(copy, 'utf8').replace('return', 'return return'));
		const copied = await runMain(['make:api', 'lyon', '--yes'], {cwd: root});
		expect(copied.exitCode).toBe(1);
		expect(copied.stderr).toContain('(fix the template, or remove .edu/templates/default/ to use the built-in default again)');
		writeFileSync(controller, good);
		expect((await runMain(['make:api', 'lyon', '--template', 'minimal', '--yes'], {cwd: root})).exitCode).toBe(0);
	});

	it('an openapi.php.tpl that does not parse is refused alike in a project that has openapi.php (not written, checked all the same) and in a fresh one', async () => {
		const roots = [await published(), await published(undefined, 'skeleton')];
		expect(existsSync(path.join(roots[0]!, 'app/Controller/api/openapi.php'))).toBe(true);
		expect(existsSync(path.join(roots[1]!, 'app/Controller/api/openapi.php'))).toBe(false);
		for (const root of roots) {
			const openapi = path.join(folder(root, 'default'), 'openapi.php.tpl');
			const good = readFileSync(openapi, 'utf8');
			writeFileSync(openapi, `${good}class {\n`);
			const line = good.split('\n').length;
			const before = snapshotTree(root);
			const result = await runMain(['make:api', 'lyon', '--yes'], {cwd: root});
			expect(result).toMatchObject({exitCode: 1, stdout: '', stderr: `.edu/templates/default/openapi.php.tpl:${line}:7: the default template makes app/Controller/api/openapi.php with a PHP syntax error at line ${line}, column 7, in "class {": syntax error, unexpected '{', expecting T_STRING (fix the template, or remove .edu/templates/default/ to use the built-in default again)\n`});
			expect(snapshotTree(root)).toEqual(before);
		}
	});

	it.each([
		['a byte order mark (a Windows editor\'s)', '\uFEFF', 'a byte order mark before <?php'],
		['a blank line', '\n', 'a blank line before <?php'],
	])('%s before <?php in a template is refused (PHP fails on a namespace after it), nothing written', async (_what, lead, said) => {
		const root = await published();
		const controller = path.join(folder(root, 'default'), 'controller.php.tpl');
		const good = readFileSync(controller, 'utf8');
		writeFileSync(controller, `${lead}${good}`);
		const line = `${lead}${good}`.slice(0, `${lead}${good}`.indexOf('namespace ')).split('\n').length;
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'lyon', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 1, stdout: ''});
		expect(result.stderr).toMatch(new RegExp(`^\\.edu/templates/default/controller\\.php\\.tpl:${line}:1: the default template makes app/Controller/api/LyonController\\.php with a PHP syntax error at line \\d+, column 1, in "namespace Controller\\\\api;": Namespace declaration statement has to be the very first statement or after any declare call in the script \\(${said.replace('?', '\\?')}\\) \\(fix the template`));
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a syntax error names the template\'s file:line:col, the same whatever the run\'s values, and the line of the file it would have made', async () => {
		const root = await published();
		const controller = path.join(folder(root, 'default'), 'controller.php.tpl');
		const good = readFileSync(controller, 'utf8');
		writeFileSync(controller, good.replace('return json_encode', 'return return json_encode'));
		const before = good.slice(0, good.indexOf('return json_encode'));
		const site = `.edu/templates/default/controller.php.tpl:${before.split('\n').length}:${before.length - before.lastIndexOf('\n') + 7}`;
		const madeLines: number[] = [];
		for (const [name, ...args] of [['lyon'], ['b1', '--methods', 'GET,POST,PUT', '--uri', '/api/b1/{id}/{x}']]) {
			const result = await runMain(['make:api', name!, ...args, '--yes'], {cwd: root});
			expect(result.exitCode).toBe(1);
			const made = new RegExp(`^${site.replaceAll('.', '\\.')}: the default template makes app/Controller/api/${name![0]!.toUpperCase()}${name!.slice(1)}Controller\\.php with a PHP syntax error at line (\\d+), column 16, in "return return json_encode\\(\\[": syntax error, unexpected 'return' \\(T_RETURN\\) \\(fix the template, or remove \\.edu/templates/default/ to use the built-in default again\\)\n$`).exec(result.stderr);
			expect(made, result.stderr).not.toBeNull();
			madeLines.push(Number(made![1]));
		}
		// The made file's line moves with the attributes the run adds; the template's does not.
		expect(madeLines[1]).toBe(madeLines[0]! + 4);
	});

	it('an escaped tag outside a single-quoted string is refused at its line and column, nothing written: a --description cannot become code', async () => {
		const root = await published('cours');
		const controller = path.join(folder(root, 'cours'), 'controller.php.tpl');
		const good = readFileSync(controller, 'utf8');
		writeFileSync(controller, good.replace('class <%& className %>', '$info = "<% description %>";\nclass <%& className %>'));
		const line = good.slice(0, good.indexOf('class <%& className %>')).split('\n').length;
		const before = snapshotTree(root);
		for (const args of [['--yes'], ['--dry-run'], ['--json']]) {
			const result = await runMain(['make:api', 'ecole', '--template', 'cours', '--description', '{${phpinfo()}}', ...args], {cwd: root});
			expect(result.exitCode, args.join(' ')).toBe(1);
			const message = `.edu/templates/cours/controller.php.tpl:${line}:10: <% description %> is outside a single-quoted PHP string, the only place its value is escaped for (put it inside '…' as the built-in templates do, or choose another template)`;
			if (args[0] === '--json') expect(JSON.parse(result.stdout).error).toEqual({code: 'BAD_PROJECT_FILE', message});
			else expect(result.stderr).toBe(`${message}\n`);
		}
		expect(snapshotTree(root)).toEqual(before);
		writeFileSync(controller, good.replace('class <%& className %>', '$info = \'<% description %>\';\nclass <%& className %>'));
		expect((await runMain(['make:api', 'ecole', '--template', 'cours', '--description', '{${phpinfo()}}', '--yes'], {cwd: root})).exitCode).toBe(0);
		const written = readProjectFile(root, 'app/Controller/api/EcoleController.php');
		expect(written).toContain("$info = '{${phpinfo()}}';");
		if (hasPhp) expect(phpLint(path.join(root, 'app/Controller/api/EcoleController.php'))).toContain('No syntax errors');
	});

	it('make:api --yes reads the project\'s template folder once: each of its files one time', async () => {
		const root = await published();
		const edu = path.join('.edu', 'templates', 'default');
		expect(await templateReads(root, ['make:api', 'ville', '--yes'])).toEqual({
			[path.join(edu, 'template.json')]: 1,
			[path.join(edu, 'controller.php.tpl')]: 1,
			[path.join(edu, 'openapi.php.tpl')]: 1,
		});
	});

	it('a copy under a new name is chosen with --template; an unknown name gets the nearest one', async () => {
		const root = await published('minimal');
		const result = await runMain(['make:api', 'lyon', '--template', 'minimal', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(0);
		expect(readProjectFile(root, 'app/Controller/api/LyonController.php')).toContain('house style');
		const wrong = await runMain(['make:api', 'paris', '--template', 'minimla', '--yes'], {cwd: root});
		expect(wrong.exitCode).toBe(2);
		expect(wrong.stderr).toContain("invalid value 'minimla' for --template (did you mean minimal? allowed: default, resource, upload, minimal).");
	});

	it('make:api --help lists the project\'s own templates with their folder, from the project or with --cwd', async () => {
		const root = await published('minimal');
		const listed = (text: string): string => text.replace(/\s+/g, ' ');
		const entry = 'minimal a controller returning sample JSON, for the --methods and --uri given (.edu/templates/minimal/)';
		expect(listed((await runMain(['make:api', '--help'], {cwd: root})).stdout)).toContain(entry);
		expect(listed((await runMain(['make:api', '--help', '--cwd', root], {cwd: tmpdir()})).stdout)).toContain(entry);
		expect((await runMain(['make:api', '--help'], {cwd: tmpdir()})).stdout).not.toContain('minimal');
	});

	it('a broken copy of a built-in template: the refusal says how to get the built-in back, and that works', async () => {
		const root = await published();
		const manifest = path.join(folder(root, 'default'), 'template.json');
		writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"engine": "controller",', '"engine": "controller"'));
		const refused = await runMain(['make:api', 'paris', '--yes'], {cwd: root});
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(/^\.edu\/templates\/default\/template\.json:\d+:\d+: not valid JSON: .* \(fix it, or remove \.edu\/templates\/default\/ to use the built-in default again\)\n$/);
		rmSync(folder(root, 'default'), {recursive: true});
		expect((await runMain(['make:api', 'paris', '--yes'], {cwd: root})).exitCode).toBe(0);
	});

	it.each([
		['a key without quotes (YAML, not JSON)', (text: string) => text.replace('"engine":', 'engine:'), /^\.edu\/templates\/default\/template\.json:5:2: not valid JSON: expected a property name in double quotes, found "e" /],
		['the same key twice', (text: string) => text.replace('"engine": "controller",', '"engine": "controller",\n\t"engine": "controller",'), /^\.edu\/templates\/default\/template\.json:6:2: not valid JSON: the key "engine" is given twice/],
		['a comma before the closing brace', (text: string) => text.replace(/\n\}\s*$/, ',\n}\n'), /^\.edu\/templates\/default\/template\.json:\d+:\d+: not valid JSON: a comma before "\}"/],
	])('a template.json that is not strict JSON (%s) is refused at its line and column, in JSON\'s words', async (_what, change, message) => {
		const root = await published();
		const manifest = path.join(folder(root, 'default'), 'template.json');
		writeFileSync(manifest, change(readFileSync(manifest, 'utf8')));
		const before = snapshotTree(root);
		const refused = await runMain(['make:api', 'paris', '--yes'], {cwd: root});
		expect(refused.exitCode).toBe(1);
		expect(refused.stderr).toMatch(message);
		expect(snapshotTree(root)).toEqual(before);
	});

	it.each([
		['an unclosed tag', 'controller.php.tpl', (text: string) => text.replace('<%& className %> implements', '<%& className implements'), '.edu/templates/minimal/controller.php.tpl:10:7: a tag opened with <% is never closed with %>'],
		['a variable the template does not offer', 'controller.php.tpl', (text: string) => text.replace('<%& className %> implements', '<%& clasName %> implements'), '.edu/templates/minimal/controller.php.tpl:10:7: "clasName" is not a variable this template offers (did you mean className?)'],
		['a manifest field of the wrong type', 'template.json', (text: string) => text.replace('"once": true', '"once": "yes"'), '.edu/templates/minimal/template.json:14:4: "once" must be true or false, not the string "yes"'],
		['a key misspelt', 'template.json', (text: string) => text.replace('"engine"', '"engin"'), '.edu/templates/minimal/template.json:5:2: "engin" is not a key of template.json (did you mean "engine"? its keys are description, help, command, engine, files, options)'],
		['a key misspelt in a file', 'template.json', (text: string) => text.replace('"from": "controller.php.tpl"', '"frm": "controller.php.tpl"'), '.edu/templates/minimal/template.json:8:4: "frm" is not a key of "files.controller" (did you mean "from"? its keys are from, to, once)'],
		['the engine left out', 'template.json', (text: string) => text.replace('"engine": "controller",', ''), '.edu/templates/minimal/template.json:1:1: "engine" must be one of controller, resource, upload, web, command (it is missing)'],
		['a file that would land outside the project', 'template.json', (text: string) => text.replace('app/Controller/api/<%& className %>.php', '../<%& className %>.php'), '.edu/templates/minimal/template.json:9:4: "to" would land outside the project'],
		['a file outside the folders edu checks (an existing public/index.php)', 'template.json', (text: string) => text.replace('app/Controller/api/<%& className %>.php', 'public/index.php'), '.edu/templates/minimal/template.json:9:4: "to" must be under app/Controller/ or app/Template/ (the folders edu checks before it writes), not "public/index.php"'],
	])('%s is refused with its file:line(:col), the project left byte-identical', async (_what, file, edit, message) => {
		const root = await published('minimal');
		const target = path.join(folder(root, 'minimal'), file);
		writeFileSync(target, edit(readFileSync(target, 'utf8')));
		const before = snapshotTree(root);
		const result = await runMain(['make:api', 'paris', '--template', 'minimal', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain(message);
		expect(result.stderr).not.toMatch(/\n\s+at /);
		expect(snapshotTree(root)).toEqual(before);
		expect(existsSync(path.join(root, 'app/Controller/api/ParisController.php'))).toBe(false);
	});
});

describe('make:controller with the project\'s templates', () => {
	it('--template names a project\'s own web template, whose files it writes; one of another command, or unknown, is a usage error', async () => {
		const root = tempProject('sample');
		expect((await runMain(['template:publish', 'web'], {cwd: root})).exitCode).toBe(0);
		cpSync(folder(root, 'web'), folder(root, 'vitrine'), {recursive: true});
		const view = path.join(folder(root, 'vitrine'), 'view.twig.tpl');
		writeFileSync(view, readFileSync(view, 'utf8').replace('</h1>', '</h1>\n    <p>vitrine</p>'));
		const result = await runMain(['make:controller', 'Gare', '--template', 'vitrine', '--methods', 'GET,POST', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(readProjectFile(root, 'app/Template/gare/gare.html.twig')).toContain('<p>vitrine</p>');
		expect(readProjectFile(root, 'app/Config/routes.yaml')).toMatch(/gare:\n {4}uri: \/gare\n {4}controller: Controller\\GareController\n {4}httpMethod: \[GET, ?POST\]/);
		const before = snapshotTree(root);
		expect(await runMain(['make:controller', 'Quai', '--template', 'default', '--yes'], {cwd: root})).toMatchObject({exitCode: 2, stderr: 'edu: The default template is for make:api only.\n'});
		expect(await runMain(['make:controller', 'Quai', '--template', 'vitrin', '--yes'], {cwd: root})).toMatchObject({exitCode: 2, stderr: "edu: invalid value 'vitrin' for --template (did you mean vitrine? allowed: web, vitrine).\n"});
		expect(snapshotTree(root)).toEqual(before);
		expect((await runMain(['make:controller', '--help'], {cwd: root})).stdout).toContain('--template <name>');
	});
});

describe('make:command with the project\'s templates', () => {
	/** The sample with the built-in command template published, one line of its class edited. */
	async function publishedCommand(): Promise<string> {
		const root = tempProject('sample');
		const result = await runMain(['template:publish', 'command'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		for (const file of ['template.json', 'command.php.tpl']) {
			expect(readFileSync(path.join(folder(root, 'command'), file))).toEqual(readFileSync(path.join(repoRoot, 'templates', 'command', file)));
		}
		const text = path.join(folder(root, 'command'), 'command.php.tpl');
		writeFileSync(text, readFileSync(text, 'utf8').replace('// Ajouter votre code ici', '// Cours BTS SIO: house style'));
		return root;
	}

	it('an edit in the published command template appears in the next make:command --yes', async () => {
		const root = await publishedCommand();
		const result = await runMain(['make:command', 'purge', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		const php = readProjectFile(root, 'app/Command/PurgeCommand.php');
		expect(php).toContain('// Cours BTS SIO: house style');
		expect(php).toContain("#[AsCommand(name: 'purge'");
		expect(readProjectFile(root, 'app/Config/commands.yaml')).toContain('purge: Command\\PurgeCommand\n');
		if (hasPhp) expect(phpLint(path.join(root, 'app/Command/PurgeCommand.php'))).toContain('No syntax errors');
	});

	it('a copy under a new name is chosen with --template; a class file moved where the autoloader does not look is refused; another command\'s template or an unknown name is a usage error', async () => {
		const root = await publishedCommand();
		cpSync(folder(root, 'command'), folder(root, 'cron'), {recursive: true});
		const result = await runMain(['make:command', 'nightly', '--template', 'cron', '--yes'], {cwd: root});
		expect(result).toMatchObject({exitCode: 0, stderr: ''});
		expect(result.stdout).toContain('Class : ./app/Command/NightlyCommand\n');
		expect(readProjectFile(root, 'app/Command/NightlyCommand.php')).toContain('house style');

		const manifest = path.join(folder(root, 'cron'), 'template.json');
		const text = readFileSync(manifest, 'utf8');
		writeFileSync(manifest, text.replace('app/Command/<%& className %>.php', 'app/Command/Cron/<%& className %>.php'));
		const line = text.slice(0, text.indexOf('app/Command/')).split('\n').length;
		const before = snapshotTree(root);
		const moved = await runMain(['make:command', 'weekly', '--template', 'cron', '--yes'], {cwd: root});
		expect(moved).toMatchObject({exitCode: 1, stderr: `.edu/templates/cron/template.json:${line}:4: "to": the command file must go to "app/Command/<%& className %>.php", where the project's autoloader finds Command\\<className>, the class commands.yaml names (fix it, or choose another template)\n`});
		expect(snapshotTree(root)).toEqual(before);
		writeFileSync(manifest, text);

		const untouched = snapshotTree(root);
		const other = await runMain(['make:command', 'weekly', '--template', 'default', '--yes'], {cwd: root});
		expect(other).toMatchObject({exitCode: 2, stderr: 'edu: The default template is for make:api only.\n'});
		const unknown = await runMain(['make:command', 'weekly', '--template', 'crom', '--yes'], {cwd: root});
		expect(unknown).toMatchObject({exitCode: 2, stderr: "edu: invalid value 'crom' for --template (did you mean cron? allowed: command, cron).\n"});
		const api = await runMain(['make:api', 'weekly', '--template', 'cron', '--yes'], {cwd: root});
		expect(api.exitCode).toBe(2);
		expect(api.stderr).toContain('The cron template is for make:command only.');
		expect(snapshotTree(root)).toEqual(untouched);
	});

	it('make:command --template reads that template\'s folder once: each of its files one time', async () => {
		const root = await publishedCommand();
		cpSync(folder(root, 'command'), folder(root, 'cron'), {recursive: true});
		const edu = path.join('.edu', 'templates', 'cron');
		expect(await templateReads(root, ['make:command', 'nightly', '--template', 'cron', '--yes'])).toEqual({
			[path.join(edu, 'template.json')]: 1,
			[path.join(edu, 'command.php.tpl')]: 1,
		});
	});

	it('a command template that makes PHP which does not parse is refused, the project left byte-identical', async () => {
		const root = await publishedCommand();
		const text = path.join(folder(root, 'command'), 'command.php.tpl');
		writeFileSync(text, readFileSync(text, 'utf8').replace('namespace Command;', 'namespace Command'));
		const before = snapshotTree(root);
		const result = await runMain(['make:command', 'purge', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toMatch(/^\.edu\/templates\/command\/command\.php\.tpl:5:1: the command template makes app\/Command\/PurgeCommand\.php with a PHP syntax error at line 5, column 1, in "use /);
		expect(snapshotTree(root)).toEqual(before);
	});

	it('a broken command template is refused with its file:line, the project left byte-identical', async () => {
		const root = await publishedCommand();
		const text = path.join(folder(root, 'command'), 'command.php.tpl');
		writeFileSync(text, readFileSync(text, 'utf8').replace("name: '<% commandName %>'", "name: '<% comandName %>'"));
		const before = snapshotTree(root);
		const result = await runMain(['make:command', 'purge', '--yes'], {cwd: root});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('.edu/templates/command/command.php.tpl:13:20: "comandName" is not a variable this template offers (did you mean commandName?) (fix it, or remove .edu/templates/command/ to use the built-in command again)\n');
		expect(snapshotTree(root)).toEqual(before);
	});
});
