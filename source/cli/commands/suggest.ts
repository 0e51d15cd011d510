// One style for every "did you mean": commands, options and option values alike say
// `edu: <what is wrong> (did you mean <nearest>? <where to look>).` on one line. Commander's
// own messages (a line break before "(Did you mean …?)", none for a bad choice) are reworded here.
import {nearest} from '../../base/levenshtein.js';

export {nearest};
import {isGlobalOption, notApplying} from './global-options.js';

const didYouMean = (names: readonly string[]): string => (names.length > 0 ? `did you mean ${names.join(' or ')}? ` : '');

/**
 * A message of commander's (`error: …`), in edu's words; `command`: the command it is about, if
 * any, and `argumentNames` the names of the arguments it takes (`controller-name`).
 */
export function reworded(text: string, command?: string, takesNoValue: (flag: string) => boolean = () => false, argumentNames: readonly string[] = []): string {
	const look = command === undefined ? 'edu --help lists the options' : `edu help ${command} lists its options`;
	const unknown = /^error: unknown option '([^']+)'(?:\n\(Did you mean (?:one of )?(.+?)\?\))?\n?$/.exec(text);
	if (unknown) {
		const option = unknown[1]!.split('=')[0]!;
		// `--json=false`: a flag of the command, given a value it does not take.
		if (unknown[1]!.includes('=') && takesNoValue(option)) return `edu: ${option} takes no value: write ${option} alone, or leave it out (${look}).\n`;
		// A global option after a command that does not take it: the words it gets before the command too.
		if (command !== undefined && isGlobalOption(option)) return `${notApplying(option, command)}\n`;
		return `edu: unknown option '${option}' (${didYouMean(unknown[2]?.split(', ') ?? [])}${look}).\n`;
	}
	const missing = /^error: option '(-[^\s',]+)[^']*?(?: <([^>]+)>)?' argument missing\n?$/.exec(text);
	if (missing) return `edu: ${missing[1]} needs a value: write ${missing[1]} ${(missing[2] ?? 'value').toUpperCase()} (${look}).\n`;
	const tooMany = /^error: too many arguments(?: for '[^']+')?\. Expected (\d+) arguments? but got (\d+)\.\n?$/.exec(text);
	if (tooMany) {
		const [, expected, got] = tooMany;
		const takes = expected === '0' ? 'no argument' : expected === '1' ? `one ${argumentNames[0] ?? 'argument'}` : `${expected} arguments (${argumentNames.join(', ')})`;
		const hint = argumentNames.some((name) => name.endsWith('name')) ? ': a name is one word, and a value with spaces goes in quotes' : '';
		return `edu: ${command ?? 'edu'} takes ${takes}, and got ${got}${hint} (${look}).\n`;
	}
	const choice = /^error: option '(-[^\s',]+)[^']*' argument '([^']*)' is invalid\. Allowed choices are (.+)\.\n?$/.exec(text);
	if (choice) {
		const choices = choice[3]!.split(', ');
		return `edu: invalid value '${choice[2]}' for ${choice[1]} (${didYouMean(nearest(choice[2]!, choices))}allowed: ${choices.join(', ')}).\n`;
	}
	return text.replace(/^error: /, 'edu: ');
}
