// A make:command argument → the console command's name, its class and file, as the original
// derives them: the class is the argument with its first letter upper-cased + `Command`, the
// command name is the whole argument lower-cased.
import {refusal, type Refusal} from '../../base/errors.js';
import {maxNameLength, nearestName} from '../naming.js';

/** The template make:command uses when none is named: the built-in `command`, or the project's copy of it. */
export const defaultCommandTemplate = 'command';

export interface CommandNames {
	/** What `php bin/edu <commandName>` runs, and the key in commands.yaml. */
	readonly commandName: string;
	readonly className: string;
	/** The value in commands.yaml. */
	readonly fqcn: string;
	/** Relative to the project root. */
	readonly file: string;
	readonly warnings: readonly string[];
}

/** Commands the framework console registers itself: a project command of that name would replace it, so it is refused. */
const frameworkCommands = ['default', 'list', 'help', 'start', 'completion'];

export function commandNames(argument: string): CommandNames | Refusal {
	// Given, but empty: an invalid name, as make:api says it (no name at all is the usage error).
	if (argument === '') return refusal('INVALID_NAME', 'The command name is empty: use letters, digits and _, starting with a letter or _, e.g. generate or GenerateUsers.');
	if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(argument)) {
		const why = /^[0-9]/.test(argument)
			? 'it starts with a digit'
			: /[^\x00-\x7f]/.test(argument)
				? 'it has a non-ASCII letter'
				: `it has "${[...argument].find((char) => !/[A-Za-z0-9_]/.test(char))}"`;
		const nearest = nearestName(argument);
		const offer = nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
		return refusal('INVALID_NAME', `"${argument}" cannot name a PHP class (${why}): use letters, digits and _, starting with a letter, e.g. generate or GenerateUsers${offer}.`);
	}
	// As make:api's names: a file name the file systems take, with room for Command.php.
	if (argument.length > maxNameLength) return refusal('INVALID_NAME', `The command name is ${argument.length} characters long; at most ${maxNameLength} are allowed.`);
	const className = `${argument[0]!.toUpperCase()}${argument.slice(1)}Command`;
	const commandName = argument.toLowerCase();
	// Registered under that name, the project's class would take the console's own command away.
	if (frameworkCommands.includes(commandName)) {
		return refusal('INVALID_NAME', `"${commandName}" is a command of the framework console itself (php bin/edu ${commandName}): a command of yours by that name would replace it. Choose another name, e.g. app_${commandName}.`);
	}
	const warnings: string[] = [];
	if (/[A-Z]/.test(argument.slice(1))) {
		warnings.push(`The command name is the whole name lower-cased: php bin/edu ${commandName}.`);
	}
	if (/Command$/.test(argument)) {
		const shorter = argument.replace(/Command$/, '');
		warnings.push(shorter === '' ? `The class is ${className}.` : `The class is ${className}: leave "Command" out of the name (${shorter}) to get ${className.slice(0, -'Command'.length)}.`);
	}
	return {commandName, className, fqcn: `Command\\${className}`, file: `app/Command/${className}.php`, warnings};
}
