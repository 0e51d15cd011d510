// edu completion: scripts made from the command table, run by a real bash.
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

async function script(shell: string): Promise<string> {
	const io = captureIo(tempProject());
	expect(await main(['completion', shell], io)).toBe(0);
	return io.out();
}

/** What bash completes for the line typed so far, with the script loaded as the readme says. */
function completeInBash(bashScript: string, line: string): string {
	const program = `eval "$EDU_SCRIPT"; COMP_LINE="$LINE"; COMP_POINT=\${#LINE}; _edu; printf '%s\\n' "\${COMPREPLY[@]}"`;
	return execFileSync('bash', ['-c', program], {env: {PATH: process.env['PATH'] ?? '', EDU_SCRIPT: bashScript, LINE: line}, encoding: 'utf8'}).trim();
}

describe('edu completion', () => {
	it.each([
		['edu ma', 'make:api\nmake:controller\nmake:command'],
		['edu make:a', 'api'],
		['edu mock:', 'persist\ninit\ntoken'],
		['edu make:api --me', '--methods'],
		['edu make:controller --te', '--template'],
		['edu routes --c', '--check\n--cwd'],
	])('bash: %j → %j', async (line, expected) => {
		expect(completeInBash(await script('bash'), line)).toBe(expected);
	});

	it('every command of edu list is in each script', async () => {
		const io = captureIo(tempProject());
		await main(['list', '--json'], io);
		const names = (JSON.parse(io.out()) as {commands: Array<{name: string}>}).commands.map(({name}) => name);
		for (const shell of ['bash', 'zsh', 'fish']) {
			const text = await script(shell);
			for (const name of names) expect(text, `${shell}: ${name}`).toContain(name);
		}
		expect(await script('fish')).toContain("complete -c edu -n '__fish_seen_subcommand_from make:api' -l methods");
	});

	it('an unknown shell is a usage error', async () => {
		const io = captureIo(tempProject());
		expect(await main(['completion', 'tcsh'], io)).toBe(2);
		expect(io.err()).toBe('edu completion: unknown shell "tcsh": use bash, zsh or fish.\n');
	});
});
