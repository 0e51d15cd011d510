// make:api and make:controller lines read from their declaration without commander
// (commands/make/make-args.ts, which commander's commands are built from too): every line that
// reading takes must give the kind, name and options commander's program gives (its hooks
// included), and every other line must be left to commander, which reads it or refuses it.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {globalOptionSpecs, hoistGlobalOptions} from '../../source/cli/commands/global-options.js';
import {makeOptionSpecs, readMakeLine, type MakeInvocation} from '../../source/cli/commands/make/make-args.js';
import {templateOptionSpecs} from '../../source/cli/commands/make/templates.js';
import {main} from '../../source/cli/main.js';
import {wizardParts} from '../../source/cli/on-demand.js';
import {buildProgram, parseLine} from '../../source/cli/program.js';
import {newRun, renderingOf} from '../../source/cli/run.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

const project = tempProject('sample');

/** What commander's program reads from `typed` for a make command, as main hands it over: undefined when it refuses the line. */
async function commanderReads(typed: readonly string[]): Promise<MakeInvocation | undefined> {
	const io = captureIo(project);
	const rendering = renderingOf(typed, io);
	const run = newRun(io, rendering, wizardParts);
	const {argv, moved} = hoistGlobalOptions(typed);
	try {
		await parseLine(buildProgram(argv, run, rendering), argv, moved);
	} catch {
		return undefined;
	}
	return run.make;
}

const ownRead = (typed: readonly string[]): MakeInvocation | undefined => readMakeLine(hoistGlobalOptions(typed).argv);

// The options as the commands declare them (an option added later is generated too).
const specs = [...makeOptionSpecs('api'), ...templateOptionSpecs(), ...globalOptionSpecs];
/** The flags, each with its spellings. */
const spellings = specs.filter((spec) => spec.value === undefined).map((spec) => [`--${spec.long}`, ...(spec.short === undefined ? [] : [`-${spec.short}`])]);
const flags = spellings.flat();
const valued = specs.filter((spec) => spec.value !== undefined).map((spec) => `--${spec.long}`);
const odd = ['--interaction', '--help', '-h', '-V', '--version', '--bogus', '-yq', '-nq', '--', '--yes=1', '--Yes', '-', '', '--no-yes', '--dry', '-Y'];
const values = ['.', 'GET,POST', 'get post', '/api/ville/{id}', 'resource', 'upload', 'default', 'nom:string:255,code:int', 'csv,txt', 'ville', '-x', '', '--yes', 'a=b', ' '];
const names = ['ville', 'MyUserTest', 'x', 'Ville_Paris', 'make:api', 'a b', 'é', '123'];

const word = fc.oneof(
	fc.constantFrom(...flags).map((flag) => [flag]),
	fc.tuple(fc.constantFrom(...valued), fc.oneof(fc.constantFrom(...values), fc.string({maxLength: 6}))).map(([flag, value]) => [flag, value]),
	fc.tuple(fc.constantFrom(...valued), fc.oneof(fc.constantFrom(...values), fc.string({maxLength: 6}))).map(([flag, value]) => [`${flag}=${value}`]),
	fc.constantFrom(...odd).map((token) => [token]),
	fc.oneof(fc.constantFrom(...names), fc.string({maxLength: 5})).map((name) => [name]),
);

const before = fc.array(fc.oneof(fc.constantFrom('--yes', '-y', '--json', '--dry-run', '-n', '--no-interaction', '-q', '--quiet', '-v', '--verbose', '--plain', '--cwd=.', '-yq').map((word) => [word]), fc.constant(['--cwd', '.'])), {maxLength: 2}).map((words) => words.flat());
const command = fc.constantFrom('make:api', 'make:controller');

/** Any words: most of these lines are mistakes, or spelled in ways left to commander. */
const anyLine = fc.tuple(before, command, fc.array(word, {maxLength: 7})).map(([first, name, words]) => [...first, name, ...words.flat()]);

/** One name and options each once, with plain values: the lines scripts write. */
const plainLine = fc.tuple(
	before,
	command,
	fc.constantFrom(...names),
	fc.shuffledSubarray(spellings, {maxLength: 4}).chain((chosen) => fc.tuple(...chosen.map((each) => fc.constantFrom(...each)))),
	fc.shuffledSubarray(valued, {maxLength: 3}).chain((options) => fc.tuple(...options.map((option) => fc.tuple(fc.constant(option), fc.constantFrom(...values.filter((value) => value !== '' && !value.startsWith('-'))), fc.boolean())))),
	fc.nat(8),
).map(([first, name, controller, flagWords, pairs, at]) => {
	const words = [...flagWords, ...pairs.map(([option, value, joined]) => (joined ? `${option}=${value}` : `${option} ${value}`))];
	words.splice(Math.min(at, words.length), 0, controller);
	return [...first, name, ...words.flatMap((each) => (each.includes(' ') && each.startsWith('--') && !each.includes('=') ? each.split(/ (.*)/s).slice(0, 2) : [each]))];
});

const line = fc.oneof(anyLine, plainLine);

describe('make:api and make:controller read without commander', () => {
	it('a line it reads gives what commander gives, hooks included (generated lines)', async () => {
		let read = 0;
		await fc.assert(fc.asyncProperty(line, async (typed) => {
			const own = ownRead(typed);
			if (own === undefined) return;
			read++;
			expect(own).toEqual(await commanderReads(typed));
		}), {numRuns: 600});
		// The generator reaches the lines it reads, not only the ones it leaves to commander.
		expect(read).toBeGreaterThan(100);
	});

	it.each([
		['make:api', 'ville', '--yes'],
		['make:api', 'ville', '-y', '--json'],
		['--yes', 'make:api', 'ville', '--dry-run'],
		['--cwd', '.', 'make:api', 'ville', '--yes'],
		['make:api', 'ville', '--yes', '--methods', 'GET,POST', '--uri', '/api/ville/{id}'],
		['make:api', 'ville', '--yes', '--methods=GET,POST', '--uri=/api/ville/{id}', '--description', 'Les villes'],
		['make:api', 'ville', '--yes', '--template', 'resource', '--table', 'ville', '--fields', 'nom:string:255,code_postal:string:10,nombre_habitant:int'],
		['make:api', 'import', '--yes', '--template', 'upload', '--field', 'file', '--extensions', 'csv,txt', '--dir', 'var/uploads'],
		['make:api', 'ville', '-n', '-q'],
		['make:api', 'ville', '--no-interaction', '--force', '--plain', '--verbose'],
		['make:controller', 'Gare', '--yes'],
		['make:controller', 'Gare', '--yes', '--uri', '/gare/{id}', '--dry-run'],
		['make:api', '--yes'],
		['make:controller'],
	])('%j is read without commander, as commander reads it', async (...typed) => {
		const own = ownRead(typed);
		expect(own).toBeDefined();
		expect(own).toEqual(await commanderReads(typed));
	});

	it.each([
		[['make:api', 'ville', '--yes', '--yes']],
		[['make:api', 'ville', '-yq']],
		[['make:api', 'ville', '--yes', '--']],
		[['make:api', 'ville', '--help']],
		[['make:api', 'ville', '-V']],
		[['make:api', 'ville', '--uri', '--yes']],
		[['make:api', 'ville', '--uri=', '--yes']],
		[['make:api', 'ville', '--yes=1']],
		[['make:api', 'ville', 'paris', '--yes']],
		[['make:api', '', '--yes']],
		[['make:api', 'ville', '--bogus']],
		[['make:controller', 'Gare', '--table', 'ville']],
		[['make:api', 'ville', '--methods']],
		[['routes', '--json']],
	])('%j is left to commander', (typed) => {
		expect(ownRead(typed)).toBeUndefined();
	});

	it('a line left to commander still runs: --yes twice writes as once, and a mistake is the usage error', async () => {
		const twice = captureIo(tempProject('sample'));
		expect(await main(['make:api', 'ville', '--yes', '--yes'], twice)).toBe(0);
		expect(twice.out()).toContain('[OK] Controller and route successfully generated');
		const wrong = captureIo(tempProject('sample'));
		expect(await main(['make:controller', 'Gare', '--table', 'ville'], wrong)).toBe(2);
		expect(wrong.err()).toContain("unknown option '--table'");
	});
});
