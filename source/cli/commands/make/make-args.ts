// make:api and make:controller declared once (makeCommands): commander's commands are built from
// this table (make.ts registerMake), and a plain line of one is read from it here, without
// commander. A `make:api ville --yes` is most of what scripts and CI run, and loading and
// building commander's program costs such a run more than the rest of its reading (node:util's
// parseArgs costs as much, in the Node modules it loads). A plain line is at most one name and
// the command's options, each once and spelled plainly (`--uri X`, `--uri=X`, `-y`); anything
// else (help, a mistake, `--`, a repeated or grouped flag, a value that is empty or starts with -)
// is left to commander, which reads it or says what is wrong (test/cli/make-args.test.ts checks
// on generated lines that both read the same).
import type {Kind} from '../../../make/naming.js';
import type {CommonOptions, OptionSpec} from '../../../base/options.js';
import {globalOptionSpecs, impliesYes} from '../global-options.js';
import type {MakeCommandName} from './command-names.js';
import {templateFlag, templateOptionSpecs, type TemplateOptions} from './templates.js';

export interface MakeOptions extends CommonOptions, TemplateOptions {
	readonly methods?: string;
	readonly uri?: string;
	readonly description?: string;
	readonly force?: boolean;
	/** False with -n/--no-interaction (which then sets yes), true otherwise: commander's default for a negated flag. */
	readonly interaction?: boolean;
	readonly verbose?: boolean;
}

/** A make command as its command line gave it. */
export interface MakeInvocation {
	readonly kind: Kind;
	readonly name: string | undefined;
	readonly options: MakeOptions;
}

export const defaultMethods = 'GET';

/** The options of make:api or make:controller itself, in the order of its --help. */
export function makeOptionSpecs(kind: Kind): OptionSpec[] {
	return [
		{long: 'yes', short: 'y', description: 'never prompt; fail on a missing value instead'},
		{long: 'dry-run', description: 'print the plan and the routes.yaml diff, write nothing'},
		{long: 'json', description: 'print one JSON object on stdout'},
		{long: 'cwd', value: 'dir', description: 'project root (default: here, or the nearest one above)'},
		{long: 'plain', description: 'line prompts instead of the full-screen wizard'},
		{long: 'methods', value: 'list', description: 'HTTP methods, comma-separated', default: defaultMethods},
		{long: 'uri', value: 'uri', description: 'route URI; {param} segments become path parameters'},
		{long: 'force', description: 'replace this name\'s files, and its route as edu wrote it (the old files kept in .edu/backups/)'},
		...(kind === 'api'
			? [{long: 'description', value: 'text', description: 'description of the 200 response'}]
			: [{long: 'template', value: 'name', description: 'the controller and view\'s template: web (the default), or a project\'s own in .edu/templates/<name>/ (see edu template:list)'}]),
	];
}

/** A make command as declared once: commander's command is built from it, and a plain line of it read from it. */
export interface MakeCommandSpec {
	readonly name: MakeCommandName;
	readonly kind: Kind;
	readonly description: string;
	/** Its one argument, optional (a terminal asks for it). */
	readonly argument: {readonly name: string; readonly description: string};
	/**
	 * Its options in the order of its --help, the global ones apart (globalOptionSpecs).
	 * `templates`: with the options of make:api's templates, read from their manifests (for
	 * commander, and for a plain line with a flag the rest lacks).
	 */
	options(templates: boolean): OptionSpec[];
	/** Options whose `<key>Given` says whether the line typed them (their default stands otherwise). */
	readonly given: readonly string[];
}

const controllerName = {name: 'controller-name', description: 'the controller name, e.g. ville or MyUserTest'};

export const makeCommands: readonly MakeCommandSpec[] = [
	{
		name: 'make:api',
		kind: 'api',
		description: 'generate a JSON API controller, its route and (once) openapi.php',
		argument: controllerName,
		options: (templates) => [...makeOptionSpecs('api'), ...(templates ? templateOptionSpecs() : [templateFlag])],
		given: ['methods'],
	},
	{
		name: 'make:controller',
		kind: 'controller',
		description: 'generate a web controller, its Twig view and its route',
		argument: controllerName,
		options: () => makeOptionSpecs('controller'),
		given: [],
	},
];

interface Flag {
	/** The key in the options (`dryRun`; `interaction` for --no-interaction). */
	readonly key: string;
	readonly takesValue: boolean;
	readonly negated: boolean;
	readonly default?: string;
}

/** How an option is read: commander's key for it (`dryRun`; `interaction`, false, for --no-interaction). */
function flagOf(spec: OptionSpec): Flag {
	const negated = spec.long.startsWith('no-');
	const key = (negated ? spec.long.slice(3) : spec.long).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
	return {key, takesValue: spec.value !== undefined, negated, ...(spec.default === undefined ? {} : {default: spec.default})};
}

/** The flags of `command` by long name and by short letter; the options of make:api's templates only when `templates`. */
function flagTable(command: MakeCommandSpec, templates: boolean): {longs: Map<string, Flag>; shorts: Map<string, Flag>} {
	const longs = new Map<string, Flag>();
	const shorts = new Map<string, Flag>();
	for (const spec of [...command.options(templates), ...globalOptionSpecs]) {
		const flag = flagOf(spec);
		longs.set(spec.long, flag);
		if (spec.short !== undefined) shorts.set(spec.short, flag);
	}
	return {longs, shorts};
}

/** The make command a plain line names, read from its declaration, or undefined for a line commander must read. */
export function readMakeLine(argv: readonly string[]): MakeInvocation | undefined {
	const [first, ...words] = argv;
	const command = makeCommands.find((candidate) => candidate.name === first);
	if (command === undefined) return undefined;
	// The templates' options are read from their manifests only when the line has a flag the command's own list lacks.
	let templates = false;
	let table = flagTable(command, templates);
	const options: Record<string, string | boolean> = {};
	// Only the command's own options have defaults (a template's option says its default in its help).
	for (const flag of table.longs.values()) {
		if (flag.negated) options[flag.key] = true;
		else if (flag.default !== undefined) options[flag.key] = flag.default;
	}
	const seen = new Set<string>();
	let name: string | undefined;
	for (let index = 0; index < words.length; index++) {
		const word = words[index]!;
		if (!word.startsWith('-')) {
			if (name !== undefined || word === '') return undefined;
			name = word;
			continue;
		}
		const long = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(word);
		const short = /^-([a-zA-Z])$/.exec(word);
		if (long !== null && !table.longs.has(long[1]!) && !templates) {
			templates = true;
			table = flagTable(command, templates);
		}
		const flag = long !== null ? table.longs.get(long[1]!) : short !== null ? table.shorts.get(short[1]!) : undefined;
		if (flag === undefined || seen.has(flag.key)) return undefined;
		seen.add(flag.key);
		let value = long?.[2];
		if (!flag.takesValue) {
			if (value !== undefined) return undefined;
			options[flag.key] = !flag.negated;
			continue;
		}
		if (value === undefined) value = words[++index];
		if (value === undefined || value === '' || value.startsWith('-')) return undefined;
		options[flag.key] = value;
	}
	for (const key of command.given) options[`${key}Given`] = seen.has(key);
	if (impliesYes(options)) options['yes'] = true;
	return {kind: command.kind, name, options};
}
