// make:api and make:controller's options, and the command lines read without commander. A
// `make:api ville --yes` is most of what scripts and CI run, and loading and building
// commander's program costs such a run more than the rest of its reading (node:util's parseArgs
// costs as much, in the Node modules it loads). So a line made only of one name and the
// command's own options, each once and spelled plainly (`--uri X`, `--uri=X`, `-y`), is read
// here into exactly the options commander gives (test/cli/make-args.test.ts compares the two on
// generated lines). Anything else (help, a mistake, `--`, a repeated or grouped flag, a value
// that is empty or starts with -) is left to commander, which reads it or says what is wrong.
import type {Kind} from '../../../make/naming.js';
import type {CommonOptions, OptionSpec} from '../../../base/options.js';
import {globalOptionSpecs} from '../global-options.js';
import {isMakeCommand} from './command-names.js';
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
		{long: 'cwd', value: 'dir', description: 'project root (default: the current folder or the nearest one above it)'},
		{long: 'plain', description: 'line prompts instead of the full-screen wizard'},
		{long: 'methods', value: 'list', description: 'HTTP methods, comma-separated', default: defaultMethods},
		{long: 'uri', value: 'uri', description: 'route URI; {param} segments become path parameters'},
		{long: 'force', description: 'replace the controller (and view) file of this name if it exists, keeping what it held in .edu/backups/; routes are never replaced'},
		...(kind === 'api'
			? [{long: 'description', value: 'text', description: 'description of the 200 response'}]
			: [{long: 'template', value: 'name', description: 'the controller and view\'s template: web (the default), or a project\'s own in .edu/templates/<name>/ (see edu template:list)'}]),
	];
}

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

/** The flags of `kind` by long name and by short letter; the options of make:api's templates only when `templates`. */
function flagTable(kind: Kind, templates: boolean): {longs: Map<string, Flag>; shorts: Map<string, Flag>} {
	const longs = new Map<string, Flag>();
	const shorts = new Map<string, Flag>();
	const own = kind === 'api' ? [...makeOptionSpecs(kind), ...(templates ? templateOptionSpecs() : [templateFlag])] : makeOptionSpecs(kind);
	for (const spec of [...own, ...globalOptionSpecs]) {
		const flag = flagOf(spec);
		longs.set(spec.long, flag);
		if (spec.short !== undefined) shorts.set(spec.short, flag);
	}
	return {longs, shorts};
}

/** The options of `make:api NAME …` / `make:controller NAME …`, or undefined for a line commander must read. */
export function makeArgs(argv: readonly string[]): MakeInvocation | undefined {
	const [command, ...words] = argv;
	if (!isMakeCommand(command)) return undefined;
	const kind: Kind = command === 'make:api' ? 'api' : 'controller';
	// The templates' options are read from their manifests only when the line has a flag the command's own list lacks.
	let table = flagTable(kind, false);
	let withTemplates = kind !== 'api';
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
		if (long !== null && !table.longs.has(long[1]!) && !withTemplates) {
			table = flagTable(kind, true);
			withTemplates = true;
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
	if (name === undefined) return undefined;
	if (kind === 'api') options['methodsGiven'] = seen.has('methods');
	if (options['interaction'] === false) options['yes'] = true;
	return {kind, name, options};
}
