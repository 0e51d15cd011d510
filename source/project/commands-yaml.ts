// app/Config/commands.yaml, the flat map `<name>: Command\<Name>Command` the framework console
// reads: parsed with the `yaml` package to validate and index it, appended to as text (every
// existing byte kept), then re-parsed and compared with the intended map before any write.
import {refusal, type Refusal} from '../base/errors.js';
import {yaml, yamlReason} from '../base/yaml-package.js';

export const commandsPath = 'app/Config/commands.yaml';

export interface CommandsFile {
	/** null: the file does not exist. */
	readonly text: string | null;
	/** Name → class, in file order. */
	readonly entries: ReadonlyMap<string, string>;
	/** 1-based line of each name. */
	readonly lines: ReadonlyMap<string, number>;
}

function problem(line: number, col: number, reason: string): Refusal {
	return refusal('BAD_PROJECT_FILE', `${commandsPath}:${line}:${col}: ${reason}; nothing was written.`);
}

/** The file's map, or why edu cannot add to it. */
export function parseCommands(text: string | null): CommandsFile | Refusal {
	const entries = new Map<string, string>();
	const lines = new Map<string, number>();
	if (text === null) return {text, entries, lines};
	const {isMap, isScalar, LineCounter, parseDocument} = yaml();
	const counter = new LineCounter();
	// Duplicate names are found below in one pass: the package's own check compares each key with every other.
	const document = parseDocument(text, {lineCounter: counter, uniqueKeys: false, prettyErrors: false});
	const [error] = document.errors;
	if (error) {
		const {line, col} = counter.linePos(error.pos[0]);
		return problem(line, col, `not valid YAML (${yamlReason(error.message)})`);
	}
	const {contents} = document;
	const placeholder = isMap(contents) && contents.flow && contents.items.length === 0 ? '{}' : isScalar(contents) && contents.value === null && contents.range !== undefined && contents.range[1] > contents.range[0] ? text.slice(contents.range[0], contents.range[1]) : undefined;
	if (placeholder !== undefined) {
		// What Symfony YAML writes for no commands: empty to the framework, but nothing can follow it.
		const {line, col} = counter.linePos(contents?.range?.[0] ?? 0);
		return problem(line, col, `holds only ${placeholder}, which the framework reads as no commands, after which no line can be added: delete it (an empty file is fine) and run edu again`);
	}
	if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) return {text, entries, lines};
	if (!isMap(contents) || contents.flow) {
		const {line, col} = counter.linePos(contents.range?.[0] ?? 0);
		return problem(line, col, 'expected a map of command name → class (name: Command\\NameCommand)');
	}
	for (const pair of contents.items) {
		const {key, value} = pair;
		const at = counter.linePos(isScalar(key) && key.range ? key.range[0] : 0);
		if (!isScalar(key) || !isScalar(value) || typeof value.value !== 'string') {
			return problem(at.line, at.col, 'expected name: Command\\NameCommand, one per line');
		}
		if (at.col > 1) return problem(at.line, at.col, 'the names are indented, which Symfony YAML, the framework\'s parser, rejects: start each line in the first column');
		const earlier = lines.get(String(key.value));
		if (earlier !== undefined) return problem(at.line, at.col, `not valid YAML (Map keys must be unique: "${String(key.value)}" is on line ${earlier} too)`);
		entries.set(String(key.value), value.value);
		lines.set(String(key.value), at.line);
	}
	return {text, entries, lines};
}

/** The file with `name: fqcn` appended, or why not (the result must read back as the old map plus the new entry). */
export function appendCommand(file: CommandsFile, name: string, fqcn: string): string | Refusal {
	const text = file.text ?? '';
	const eol = text.includes('\r\n') ? '\r\n' : '\n';
	const separator = text === '' || text.endsWith('\n') ? '' : eol;
	// Words YAML reads as null or booleans stay names only when quoted.
	const key = /^(null|true|false)$/i.test(name) ? `'${name}'` : name;
	const after = `${text}${separator}${key}: ${fqcn}${eol}`;
	const reread = parseCommands(after);
	const intended = [...file.entries, [name, fqcn]];
	if ('code' in reread || JSON.stringify([...reread.entries]) !== JSON.stringify(intended)) {
		return refusal('BAD_PROJECT_FILE', `${commandsPath}: adding "${name}: ${fqcn}" at its end would not read back as intended (an unusual layout); add the line by hand. Nothing was written.`);
	}
	return after;
}
