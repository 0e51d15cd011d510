// The scripts `edu completion SHELL` prints. Each only hands the words typed so far to
// `edu _complete` (complete.ts computes the candidates) and, when it answers with a marker, lets
// the shell complete folders or files itself, with its own quoting.
import {completeCommand, fileMarker, folderMarker} from './complete.js';

export const programNames = ['edu', 'edu-scaffold'] as const;

export const installLines = {
	bash: 'eval "$(edu completion bash)"    in ~/.bashrc',
	zsh: 'eval "$(edu completion zsh)"     in ~/.zshrc, after compinit',
	fish: 'edu completion fish > ~/.config/fish/completions/edu.fish',
	powershell: 'edu completion powershell | Out-String | Invoke-Expression    in $PROFILE',
} as const;

function bash(): string {
	return `# edu completion for bash: ${installLines.bash}
_edu() {
	local line=\${COMP_LINE:0:COMP_POINT} words
	read -ra words <<< "$line"
	[[ $line == *[[:space:]] ]] && words+=('')
	local cur=\${words[\${#words[@]}-1]} IFS=$'\\n'
	local candidates=($("\${words[0]}" ${completeCommand} --shell bash --current $((\${#words[@]} - 1)) -- "\${words[@]}" 2>/dev/null))
	# bash replaces only what follows the last = or : of the word (both end a word for it).
	local breaks=\${COMP_WORDBREAKS//[^=:]/} head=''
	[[ -n $breaks && $cur == *["$breaks"]* ]] && head=\${cur%"\${cur##*["$breaks"]}"}
	case \${candidates[0]-} in
		${folderMarker}) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "\${cur#"$head"}")) ;;
		${fileMarker}) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "\${cur#"$head"}")) ;;
		*) COMPREPLY=("\${candidates[@]#"$head"}") ;;
	esac
}
complete -F _edu ${programNames.join(' ')}
`;
}

function zsh(): string {
	return `#compdef ${programNames.join(' ')}
# edu completion for zsh: ${installLines.zsh}
_edu() {
	local -a candidates
	candidates=("\${(@f)$("\${words[1]}" ${completeCommand} --shell zsh --current $((CURRENT - 1)) -- "\${(@)words[1,CURRENT]}" 2>/dev/null)}")
	case $candidates[1] in
		${folderMarker}) [[ $PREFIX == --*=* ]] && compset -P '*='; _files -/ ;;
		${fileMarker}) [[ $PREFIX == --*=* ]] && compset -P '*='; _files ;;
		'') ;;
		*) compadd -- "\${candidates[@]}" ;;
	esac
}
compdef _edu ${programNames.join(' ')}
`;
}

function fish(): string {
	return `# edu completion for fish: ${installLines.fish}
function __edu_complete
	set -l words (commandline -opc)
	set -l current (commandline -ct)
	set -l candidates (command $words[1] ${completeCommand} --shell fish --current (count $words) -- $words $current 2>/dev/null)
	# --cwd=DIR: the shell completes what follows the =.
	set -l head (string match -r -- '^--[^=]*=' $current)
	set -l rest (string replace -r -- '^--[^=]*=' '' $current)
	switch "$candidates[1]"
		case ${folderMarker}
			__fish_complete_directories "$rest" | string replace -r -- '^' "$head"
		case ${fileMarker}
			__fish_complete_path "$rest" | string replace -r -- '^' "$head"
		case '*'
			printf '%s\\n' $candidates
	end
end
${programNames.map((name) => `complete -c ${name} -f -a '(__edu_complete)'`).join('\n')}
`;
}

function powershell(): string {
	return `# edu completion for PowerShell: ${installLines.powershell}
Register-ArgumentCompleter -Native -CommandName ${programNames.join(',')} -ScriptBlock {
	param($wordToComplete, $commandAst, $cursorPosition)
	# The words before the one under the cursor, then that one (an empty one is not passed: edu reads it as empty).
	$start = $cursorPosition - $wordToComplete.Length
	$words = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $start } | ForEach-Object {
		if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value } else { $_.Extent.Text }
	})
	$current = $words.Count
	if ($wordToComplete -ne '') { $words += $wordToComplete }
	# '--' quoted: a bare -- would be taken by PowerShell itself when edu is its .ps1 shim.
	$candidates = @(& $words[0] ${completeCommand} --shell powershell --current $current '--' @words 2>$null)
	$head = if ($wordToComplete -match '^--[^=]*=') { $Matches[0] } else { '' }
	if ($candidates.Count -gt 0 -and ($candidates[0] -eq '${folderMarker}' -or $candidates[0] -eq '${fileMarker}')) {
		$foldersOnly = $candidates[0] -eq '${folderMarker}'
		[System.Management.Automation.CompletionCompleters]::CompleteFilename($wordToComplete.Substring($head.Length)) |
			Where-Object { -not $foldersOnly -or $_.ResultType -eq 'ProviderContainer' } |
			ForEach-Object { [System.Management.Automation.CompletionResult]::new($head + $_.CompletionText, $_.ListItemText, $_.ResultType, $_.ToolTip) }
		return
	}
	foreach ($candidate in $candidates) {
		$value, $description = $candidate -split "\`t", 2
		if (-not $description) { $description = $value }
		[System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $description)
	}
}
`;
}

export const scripts = {bash, zsh, fish, powershell} as const;
