// The console examples of the readme and docs/, run as written on a copy of the fixture project
// they describe: what edu prints must be what the page shows, line for line.
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {afterAll, describe, expect, it} from 'vitest';
import {binPath, repoRoot, tempProject} from '../helpers/temp-project.js';

/** A folder holding an `edu` that runs the built bin, put first on PATH so the pages' lines run unchanged. */
const shimDir = mkdtempSync(path.join(tmpdir(), 'edu-docs-bin-'));
writeFileSync(path.join(shimDir, 'edu'), `#!/bin/sh\nexec "${process.execPath}" "${binPath}" "$@"\n`);
chmodSync(path.join(shimDir, 'edu'), 0o755);
afterAll(() => rmSync(shimDir, {recursive: true, force: true}));

interface Example {
	readonly page: string;
	/** The first `$` line of the block, which finds it on the page. */
	readonly first: string;
	readonly fixture: string;
	/** Shell lines run first, for a block whose page says what came before it. */
	readonly setup?: readonly string[];
}

const examples: readonly Example[] = [
	{page: 'readme.md', first: 'edu make:api ville --yes', fixture: 'sample'},
	{page: 'docs/make.md', first: 'edu make:api ville | cat', fixture: 'sample'},
	{page: 'docs/make.md', first: 'edu make:api MyUserTest --dry-run', fixture: 'sample'},
	{page: 'docs/make.md', first: 'edu make:controller villeRead', fixture: 'sample'},
	{page: 'docs/make.md', first: 'edu make ville', fixture: 'sample'},
	{page: 'docs/openapi.md', first: 'edu openapi', fixture: 'sample', setup: ['edu make:api ville']},
	{page: 'docs/openapi.md', first: 'edu openapi --html', fixture: 'sample', setup: ['edu make:api ville']},
	{page: 'docs/templates.md', first: 'edu make:api ville --template resource --table ville \\', fixture: 'sample'},
	{page: 'docs/templates.md', first: 'edu make:api import --template upload --field file --extensions csv,txt --dir var/uploads', fixture: 'sample'},
	{page: 'docs/templates.md', first: 'edu template:publish default', fixture: 'sample'},
	{
		page: 'docs/templates.md', first: 'edu make:api paris --template minimal --yes', fixture: 'sample',
		setup: ['edu template:publish default', 'cp -r .edu/templates/default .edu/templates/minimal',
			'sed -i \'s/class <%& className %>/class <%\\& className/\' .edu/templates/minimal/controller.php.tpl'],
	},
	{
		page: 'docs/templates.md', first: 'edu make:api lyon --yes', fixture: 'sample',
		setup: ['edu template:publish default', 'sed -i \'s/return json_encode/return return json_encode/\' .edu/templates/default/controller.php.tpl'],
	},
	{page: 'docs/doctor.md', first: 'edu make:command generate', fixture: 'skeleton'},
];

/** The block of `page` whose first line is `$ first`, as commands (continued lines joined) and what each prints. */
function blockOf(page: string, first: string): Array<{command: string; output: string}> {
	const text = readFileSync(path.join(repoRoot, page), 'utf8');
	const block = [...text.matchAll(/^```[a-z]*\n([\s\S]*?)^```/gm)].map(match => match[1]!)
		.find(body => body.startsWith(`$ ${first}\n`));
	if (block === undefined) throw new Error(`${page}: no example block starting with "$ ${first}"`);
	const steps: Array<{command: string; output: string[]}> = [];
	let continued = false;
	for (const line of block.replace(/\n$/, '').split('\n')) {
		if (continued) {
			steps.at(-1)!.command += `\n${line}`;
		} else if (line.startsWith('$ ')) {
			steps.push({command: line.slice(2), output: []});
		} else {
			steps.at(-1)!.output.push(line);
		}

		continued = line.endsWith('\\');
	}

	return steps.map(step => ({command: step.command, output: step.output.join('\n').trimEnd()}));
}

async function shell(command: string, cwd: string): Promise<{stdout: string; stderr: string}> {
	const result = await execa('bash', ['-c', command], {
		cwd, reject: false, stdin: 'ignore', stripFinalNewline: false,
		env: {PATH: `${shimDir}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1', COLUMNS: undefined},
	});
	return {stdout: String(result.stdout), stderr: String(result.stderr)};
}

describe('the pages\' console examples, run as written', () => {
	it.each(examples)('$page: $ $first', async ({page, first, fixture, setup = []}) => {
		const root = tempProject(fixture);
		for (const line of setup) await shell(line, root);
		for (const {command, output} of blockOf(page, first)) {
			const {stdout, stderr} = await shell(command, root);
			// What a terminal shows: a warning (stderr) comes before the lines that follow it.
			expect(`${stderr}${stdout}`.trimEnd(), `${page}: $ ${command}`).toBe(output);
		}
	});
});
