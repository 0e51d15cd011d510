// The pure parts of make:command: the original's naming, and commands.yaml read, appended to and
// re-read (every byte kept, anything that would not read back as intended refused).
import {describe, expect, it} from 'vitest';
import {commandNames} from '../../source/make/command/command-naming.js';
import {appendCommand, parseCommands} from '../../source/project/commands-yaml.js';

describe('make:command naming (the original: ucfirst(name) + Command, strtolower(name))', () => {
	it.each([
		['generate', 'GenerateCommand', 'generate'],
		['Generate', 'GenerateCommand', 'generate'],
		['generateUsers', 'GenerateUsersCommand', 'generateusers'],
		['import_csv', 'Import_csvCommand', 'import_csv'],
	])('%s → %s, php bin/edu %s', (name, className, commandName) => {
		expect(commandNames(name)).toMatchObject({className, commandName, fqcn: `Command\\${className}`, file: `app/Command/${className}.php`});
	});

	it.each([
		['generateCommand', 'The class is GenerateCommandCommand: leave "Command" out of the name (generate) to get GenerateCommand.'],
		['ImportCommand', 'The class is ImportCommandCommand: leave "Command" out of the name (Import) to get ImportCommand.'],
		['Command', 'The class is CommandCommand.'],
	])('%s: the warning names the class the shorter name gives', (name, warning) => {
		expect(commandNames(name)).toMatchObject({warnings: expect.arrayContaining([warning])});
	});

	it.each(['list', 'Help', 'start', 'completion', 'default'])('refuses %s, a command of the framework console itself (it would be replaced), and offers another name', (name) => {
		const lower = name.toLowerCase();
		expect(commandNames(name)).toEqual({code: 'INVALID_NAME', message: `"${lower}" is a command of the framework console itself (php bin/edu ${lower}): a command of yours by that name would replace it. Choose another name, e.g. app_${lower}.`});
		expect(commandNames(`app_${lower}`)).toMatchObject({commandName: `app_${lower}`, warnings: []});
	});
});

describe('commands.yaml', () => {
	it.each([
		['', 'generate: Command\\GenerateCommand\n'],
		['# none yet\n', '# none yet\ngenerate: Command\\GenerateCommand\n'],
		['a: Command\\ACommand', 'a: Command\\ACommand\ngenerate: Command\\GenerateCommand\n'],
		['a: "Command\\\\ACommand"\r\n', 'a: "Command\\\\ACommand"\r\ngenerate: Command\\GenerateCommand\r\n'],
	])('%j gains the line at its end', (before, after) => {
		const file = parseCommands(before);
		if ('code' in file) throw new Error(file.message);
		expect(appendCommand(file, 'generate', 'Command\\GenerateCommand')).toBe(after);
	});

	it('quotes a name YAML would read as null or a boolean', () => {
		const file = parseCommands('');
		if ('code' in file) throw new Error(file.message);
		expect(appendCommand(file, 'null', 'Command\\NullCommand')).toBe("'null': Command\\NullCommand\n");
	});

	it.each([
		['a: [b', 'app/Config/commands.yaml:1:6: not valid YAML'],
		['{a: Command\\A}', 'app/Config/commands.yaml:1:1: expected a map of command name → class'],
		['- Command\\A', 'app/Config/commands.yaml:1:1: expected a map of command name → class'],
		['a: x\na: y\n', 'app/Config/commands.yaml:2:1: not valid YAML'],
	])('%j is refused with its place', (text, message) => {
		const file = parseCommands(text);
		expect('code' in file && file.message.startsWith(message)).toBe(true);
	});

	it('refuses to append after a document that would swallow the line', () => {
		const file = parseCommands('a: |\n  text\n');
		if ('code' in file) throw new Error(file.message);
		// A block scalar at the end: the new line reads as a key of the map, so this one is fine…
		expect(appendCommand(file, 'b', 'Command\\BCommand')).toBe('a: |\n  text\nb: Command\\BCommand\n');
		const open = parseCommands('a: x\n...\n');
		if ('code' in open) throw new Error(open.message);
		// …but after a document end marker the line would start a second document.
		expect(appendCommand(open, 'b', 'Command\\BCommand')).toMatchObject({code: 'BAD_PROJECT_FILE'});
	});
});

describe('a name listed twice', () => {
	it('is refused at its second line, naming the first', () => {
		expect(parseCommands('alpha: Command\\AlphaCommand\nbeta: Command\\BetaCommand\nalpha: Command\\OtherCommand\n')).toMatchObject({
			code: 'BAD_PROJECT_FILE',
			message: 'app/Config/commands.yaml:3:1: not valid YAML (Map keys must be unique: "alpha" is on line 1 too); nothing was written.',
		});
	});
});
