// The scripts of `edu completion` in real shells, as the readme installs them: each Tab runs the
// built `edu` (a shim on PATH, as npm links it), so the process is the point here. bash always;
// fish and zsh where they are installed (Debian: apt-get install fish zsh). PowerShell is not
// run: completion.test.ts checks its script's text.
import {execFileSync} from 'node:child_process';
import {chmodSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {copyTemplate} from '../helpers/template-copy.js';
import {binPath, tempProject} from '../helpers/temp-project.js';

function installed(shell: string): boolean {
	try {
		execFileSync(shell, ['-c', 'exit 0'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

const hasFish = installed('fish');
const hasZsh = installed('zsh');
for (const [shell, found] of [['fish', hasFish], ['zsh', hasZsh]] as const) {
	// CI installs both: there a missing shell is a failure, never a skip.
	if (!found && process.env['EDU_REQUIRE_SHELLS']) throw new Error(`EDU_REQUIRE_SHELLS is set but ${shell} is not installed`);
	if (!found) process.stderr.write(`\n  NOTICE: ${shell} is not installed: its completion script is checked as text only (Debian: apt-get install ${shell}).\n\n`);
}

let project: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
	project = tempProject('sample');
	copyTemplate(project, 'default', 'mine');
	writeFileSync(path.join(project, 'app', 'Config', 'commands.yaml'), 'hello: Command\\HelloCommand\n');
	const bin = tempProject();
	writeFileSync(path.join(bin, 'edu'), `#!/bin/sh\nexec '${process.execPath}' '${binPath}' "$@"\n`);
	chmodSync(path.join(bin, 'edu'), 0o755);
	env = {PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: project, NO_COLOR: '1'};
});

const folders = (): string[] => readdirSync(project).filter((name) => statSync(path.join(project, name)).isDirectory()).sort();

/**
 * COMPREPLY after the bash function the script defines runs for `line` (the cursor at its end),
 * with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as bash sets them.
 */
function bash(line: string): string[] {
	const program = [
		'eval "$(edu completion bash)"',
		'COMP_LINE=$LINE; COMP_POINT=${#LINE}',
		'read -ra COMP_WORDS <<< "$LINE"; [[ $LINE == *" " ]] && COMP_WORDS+=("")',
		'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
		'_edu edu "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
		'printf "%s\\n" "${COMPREPLY[@]}"',
	].join('\n');
	return lines(execFileSync('bash', ['-c', program], {cwd: project, env: {...env, LINE: line}, encoding: 'utf8'}));
}

/** What fish's own completion machinery offers for `line` (complete -C), the script sourced; values only. */
function fish(line: string): string[] {
	const output = execFileSync('fish', ['--no-config', '-c', 'edu completion fish | source; complete -C $argv[1]', line], {cwd: project, env, encoding: 'utf8'});
	return lines(output).map((entry) => entry.split('\t')[0]!);
}

/**
 * What zsh's _edu hands to compadd and _files for `words` (CURRENT at the last): zsh's completion
 * builtins only work inside its line editor, so they are replaced by functions that print.
 */
function zsh(words: readonly string[]): string[] {
	const program = [
		'compdef() { :; }',
		'eval "$(edu completion zsh)"',
		'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }',
		'_files() { print -r -- "_files${*:+ $*} on [$PREFIX]"; }',
		'compset() { PREFIX=${PREFIX#*=}; }',
		'words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}',
		'_edu',
	].join('\n');
	return lines(execFileSync('zsh', ['-f', '-c', program, 'zsh', 'edu', ...words], {cwd: project, env, encoding: 'utf8'}));
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

describe('bash, the script loaded as the readme says', () => {
	it.each([
		['edu make:api x --template ', ['default', 'resource', 'upload', 'mine']],
		['edu make:api x --template r', ['resource']],
		['edu make:api x --template=u', ['upload']],
		['edu make:api x --methods ', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']],
		['edu make:api x --methods GET,P', ['GET,POST', 'GET,PUT', 'GET,PATCH']],
		['edu completion ', ['bash', 'zsh', 'fish', 'powershell']],
		// bash replaces what follows the last : of a word: the rest of the name.
		['edu make:a', ['api']],
		['edu make:api x --uri ', []],
	])('%j → %j', (line, expected) => {
		expect(bash(line)).toEqual(expected);
	});

	it('edu routes --cwd : the folders here, nothing else', () => {
		expect(bash('edu routes --cwd ').sort()).toEqual(folders());
		expect(bash('edu routes --cwd=ap')).toEqual(['app']);
		expect(bash('edu openapi --out public/')).toEqual(['public/index.php']);
	});

	it('edu : the commands, the project\'s own among them', () => {
		const offered = bash('edu ');
		expect(offered).toEqual(expect.arrayContaining(['make:api', 'routes', 'completion', 'hello']));
		expect(offered).not.toContain('_complete');
		expect(bash('edu hel')).toEqual(['help', 'hello']);
	});
});

describe.skipIf(!hasFish)('fish, the script sourced', () => {
	it.each([
		['edu make:api x --template ', ['default', 'mine', 'resource', 'upload']],
		['edu make:api x --methods GET,P', ['GET,PATCH', 'GET,POST', 'GET,PUT']],
		['edu hel', ['hello', 'help']],
		['edu make:api x --uri ', []],
	])('%j → %j', (line, expected) => {
		expect(fish(line).sort()).toEqual(expected);
	});

	it('--cwd: the folders here, with a / as fish shows them', () => {
		expect(fish('edu routes --cwd ')).toEqual(folders().filter((name) => !name.startsWith('.')).map((name) => `${name}/`));
		expect(fish('edu routes --cwd=ap')).toEqual(['--cwd=app/']);
	});
});

describe.skipIf(!hasZsh)('zsh, the script evaluated', () => {
	it.each([
		[['make:api', 'x', '--template', ''], ['default', 'resource', 'upload', 'mine']],
		[['make:api', 'x', '--methods', 'GET,P'], ['GET,POST', 'GET,PUT', 'GET,PATCH']],
		[['hel'], ['help', 'hello']],
		[['make:api', 'x', '--uri', ''], []],
		[['routes', '--cwd', ''], ['_files -/ on []']],
		[['routes', '--cwd=ap'], ['_files -/ on [ap]']],
		[['openapi', '--out', 'pub'], ['_files on [pub]']],
	])('%j → %j', (words, expected) => {
		expect(zsh(words)).toEqual(expected);
	});
});
