// `edu completion bash|zsh|fish|powershell`: a completion script that asks edu itself, through
// the hidden `edu _complete`, what each Tab offers (complete.ts): the commands, the project's own
// included, options, and their values (templates, methods, folders), read from the program's
// own command table, so it never offers what is not there.
import type {Command} from 'commander';
import {UsageError} from '../../../base/errors.js';
import {candidateLines, completeCommand, completions, shells} from './complete.js';
import {installLines, scripts} from './scripts.js';
import type {CommandContext} from '../context.js';

type Shell = (typeof shells)[number];

const isShell = (shell: string): shell is Shell => (shells as readonly string[]).includes(shell);
const shellList = `${shells.slice(0, -1).join(', ')} or ${shells.at(-1)!}`;

export function registerCompletion(program: Command, context: CommandContext): void {
	program
		.command('completion')
		.description(`print a shell completion script: ${shellList}`)
		.argument('<shell>', shellList)
		.option('--json', 'print one JSON object on stdout')
		.addHelpText('after', `
Install (once; Tab then completes commands, this project's own included, options and their values):
${shells.map((shell) => `  $ ${installLines[shell]}`).join('\n')}

The script asks edu what to offer on each Tab: after --template, the templates of the command, the project's own (.edu/templates/<name>/) included; after --methods, the HTTP methods (GET,P → GET,POST); after --cwd, folders; after --out, files.`)
		.action((shell: string) => {
			if (!isShell(shell)) throw new UsageError(`edu completion: unknown shell "${shell}": use ${shellList}.`, 'INVALID_OPTION');
			const script = scripts[shell]();
			context.outcome = {json: {shell, script}, text: script};
		});
	// What the scripts call on each Tab: hidden from edu list and --help, as Symfony Console's _complete.
	program
		.command(completeCommand, {hidden: true})
		.description('the candidates for one word of an edu command line, one per line (the completion scripts call it)')
		.option('--shell <shell>', shellList, 'bash')
		.option('--current <index>', 'the index of the word to complete (0 is the program\'s name)')
		.argument('[words...]', 'the words of the line, after --')
		.action(async (words: string[], options: {shell: string; current?: string}) => {
			const current = Number(options.current ?? words.length - 1);
			if (!Number.isInteger(current) || current < 1) throw new UsageError(`edu ${completeCommand}: --current takes the index of a word after the program's name, not "${options.current ?? ''}".`);
			const candidates = await completions(program, words, current, context);
			context.outcome = {json: {candidates: candidates.map(({value}) => value)}, text: candidateLines(candidates, options.shell)};
		});
}
