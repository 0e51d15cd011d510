// `edu completion bash|zsh|fish`: a completion script made from the program's own command
// table (command names, their long options), so it never lists a command that is not there.
import type {Command} from 'commander';
import {UsageError} from '../../base/errors.js';
import type {CommandContext} from './context.js';

interface Entry {
	readonly name: string;
	readonly description: string;
	readonly options: readonly string[];
}

const shells = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof shells)[number];

function entries(program: Command): Entry[] {
	return program.commands.map((command) => ({
		name: command.name(),
		description: command.description(),
		options: [...command.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined), '--help'],
	}));
}

const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

function bash(table: readonly Entry[]): string {
	return `# edu completion for bash: eval "$(edu completion bash)", e.g. in ~/.bashrc
_edu() {
	local line=\${COMP_LINE:0:COMP_POINT} cur words
	cur=\${line##* }
	read -ra words <<< "$line"
	[[ $line == *' ' ]] && words+=('')
	local list
	if (( \${#words[@]} <= 2 )); then
		list=${quoted(table.map(({name}) => name).join(' '))}
	else
		case \${words[1]} in
${table.map(({name, options}) => `			${name}) list=${quoted(options.join(' '))} ;;`).join('\n')}
		esac
	fi
	COMPREPLY=($(compgen -W "$list" -- "$cur"))
	# ':' splits words for bash: hand back only what follows the last one.
	[[ $cur == *:* ]] && COMPREPLY=("\${COMPREPLY[@]#\${cur%:*}:}")
}
complete -F _edu edu edu-scaffold
`;
}

function zsh(table: readonly Entry[]): string {
	return `#compdef edu edu-scaffold
# edu completion for zsh: eval "$(edu completion zsh)", e.g. in ~/.zshrc after compinit
_edu() {
	if (( CURRENT == 2 )); then
		compadd -- ${table.map(({name}) => name).join(' ')}
		return
	fi
	case $words[2] in
${table.map(({name, options}) => `		${name}) compadd -- ${options.join(' ')} ;;`).join('\n')}
	esac
}
compdef _edu edu edu-scaffold
`;
}

function fish(table: readonly Entry[]): string {
	return [
		'# edu completion for fish: edu completion fish > ~/.config/fish/completions/edu.fish',
		'complete -c edu -f',
		...table.map(({name, description}) => `complete -c edu -n __fish_use_subcommand -a ${quoted(name)} -d ${quoted(description)}`),
		...table.flatMap(({name, options}) => options.map((option) => `complete -c edu -n ${quoted(`__fish_seen_subcommand_from ${name}`)} -l ${option.slice(2)}`)),
		'',
	].join('\n');
}

export function registerCompletion(program: Command, context: CommandContext): void {
	program
		.command('completion')
		.description('print a shell completion script: bash, zsh or fish')
		.argument('<shell>', 'bash, zsh or fish')
		.option('--json', 'print one JSON object on stdout')
		.addHelpText('after', `
Examples:
  $ eval "$(edu completion bash)"    in ~/.bashrc
  $ eval "$(edu completion zsh)"     in ~/.zshrc, after compinit
  $ edu completion fish > ~/.config/fish/completions/edu.fish`)
		.action((shell: string) => {
			if (!(shells as readonly string[]).includes(shell)) throw new UsageError(`edu completion: unknown shell "${shell}": use bash, zsh or fish.`, 'INVALID_OPTION');
			const table = entries(program);
			const script = {bash, zsh, fish}[shell as Shell](table);
			context.outcome = {json: {shell, script}, text: script};
		});
}
