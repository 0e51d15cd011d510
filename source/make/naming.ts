// The naming rules of make:api / make:controller, as the Edu Framework computes them. Pure.
import {refusal, type Refusal} from '../base/errors.js';

export type Kind = 'api' | 'controller';

export interface Names {
	readonly argument: string;
	/** e.g. VilleController */
	readonly className: string;
	/** e.g. my-user-test */
	readonly kebab: string;
	/** e.g. my_user_test */
	readonly twigFolder: string;
	/** api_<kebab> for an API, <kebab> for a web controller */
	readonly routeName: string;
	/** /api/<kebab> or /<kebab> */
	readonly uri: string;
	readonly warnings: readonly string[];
}

export const maxNameLength = 100;

const windowsDeviceNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** Why a name cannot make a PHP class name, or undefined when it can. */
export function nameProblem(argument: string): string | undefined {
	if (argument.length === 0) return 'the name is empty.';
	if (argument.length > maxNameLength) {
		return `the name is ${argument.length} characters long; at most ${maxNameLength} are allowed.`;
	}
	const bad = [...argument].find((char) => !/[A-Za-z0-9_]/.test(char));
	if (bad !== undefined) {
		return `the name cannot contain ${describeChar(bad)}: a PHP class name uses only the letters A-Z and a-z, digits and _.`;
	}
	if (/^[0-9]/.test(argument)) return 'the name cannot start with a digit: a PHP class name starts with a letter or _.';
	if (!/[A-Za-z]/.test(argument)) return 'the name needs at least one letter.';
	return undefined;
}

function describeChar(char: string): string {
	if (char === ' ') return 'a space';
	if (char === '\t') return 'a tab';
	if (char === '\0') return 'a NUL byte';
	const code = char.codePointAt(0) ?? 0;
	if (code < 0x20 || code === 0x7f) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
	if (code > 0x7f) return `the non-ASCII character "${char}"`;
	return `"${char}"`;
}

/**
 * The framework's kebab rule: split before each upper-case letter (a leading capital
 * leaves an empty first piece), drop the first piece; several pieces left are joined,
 * otherwise the whole argument is lower-cased. The framework joins them by _ (the Twig
 * folder) and makes the URI of that by turning every _ into -, its own as well.
 */
export function kebabPieces(argument: string): string[] {
	const pieces = argument.split(/(?=[A-Z])/);
	// PHP's preg_split keeps an empty piece before a leading capital; JavaScript's split does not.
	if (/^[A-Z]/.test(argument)) pieces.unshift('');
	return pieces.slice(1);
}

export function kebabCase(argument: string): string {
	const pieces = kebabPieces(argument);
	return pieces.length > 1 ? twigFolderName(argument).replaceAll('_', '-') : argument.toLowerCase();
}

export function twigFolderName(argument: string): string {
	const pieces = kebabPieces(argument);
	return pieces.length > 1 ? pieces.map((piece) => piece.toLowerCase()).join('_') : argument.toLowerCase();
}

export function className(argument: string): string {
	return `${argument.charAt(0).toUpperCase()}${argument.slice(1)}Controller`;
}

export function routeNameFor(kind: Kind, kebab: string): string {
	return kind === 'api' ? `api_${kebab}` : kebab;
}

export function uriFor(kind: Kind, kebab: string): string {
	return kind === 'api' ? `/api/${kebab}` : `/${kebab}`;
}

/**
 * The name's class, route name, URI and twig folder, or a refusal saying why it cannot be one.
 * `taken`: whether the project has a name already, so a warning never offers one it would refuse.
 */
export function deriveNames(kind: Kind, argument: string, context: WarningContext = {}): Names | Refusal {
	const problem = nameProblem(argument);
	if (problem !== undefined) {
		const nearest = nearestName(argument);
		const offer = nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
		return refusal('INVALID_NAME', `Invalid controller name "${printable(argument)}": ${problem.replace(/\.$/, '')}${offer}.`);
	}
	const kebab = kebabCase(argument);
	const twigFolder = twigFolderName(argument);
	if (kind === 'controller' && windowsDeviceNames.test(twigFolder)) {
		return refusal('INVALID_NAME', `Invalid controller name "${argument}": the view folder "${twigFolder}" is a reserved device name on Windows.`);
	}
	return {
		argument,
		className: className(argument),
		kebab,
		twigFolder,
		routeName: routeNameFor(kind, kebab),
		uri: uriFor(kind, kebab),
		warnings: namingWarnings(kind, argument, context),
	};
}

/** What the naming warnings know of the run beyond the name. */
export interface WarningContext {
	/** Whether the project has a name already: a warning then says so instead of offering it. */
	readonly taken?: (name: string) => boolean;
	/** The URI given (--uri, or typed in the wizard): when it is not the name's, the name makes only the route name, which the warnings then speak of. */
	readonly uri?: string;
}

/**
 * Warnings for names whose URI would surprise, each with the spelling that gives the intended URI:
 * one spelling for every warning of a name, itself without a warning.
 */
export function namingWarnings(kind: Kind, argument: string, {taken = () => false, uri: given}: WarningContext = {}): string[] {
	const warnings: string[] = [];
	const kebab = kebabCase(argument);
	const uriGiven = given !== undefined && given !== uriFor(kind, kebab);
	const made = (words: string): string => (uriGiven ? `the route ${routeNameFor(kind, words)}` : uriFor(kind, words));
	const uri = made(kebab);
	const fixed = intendedSpelling(argument);
	const offer = (name: string, gives: string): string => (taken(name) ? `"${name}", which gives ${gives}, is in this project already` : `write "${name}" for ${gives}`);
	const suggestion = (): string => offer(fixed, made(kebabCase(fixed)));

	if (collapseCapitalRuns(argument) !== argument) {
		warnings.push(`"${argument}" has consecutive capitals, each of which starts a word: it gives ${uri}; ${suggestion()}.`);
	} else if (/^[a-z]/.test(argument) && /[A-Z]/.test(argument)) {
		const dropped = kebabPieces(argument).length > 1;
		const what = dropped
			? `starts with a lower-case word followed by capitals, so its first word is dropped`
			: `starts with a lower-case word, so its capitals do not split it`;
		warnings.push(`"${argument}" ${what}: it gives ${uri}; ${suggestion()}.`);
	}
	// Only where the capital after the _ does start a word: ville_Paris is one word, ville_paris.
	if (kebabPieces(argument).slice(0, -1).some((piece) => piece.endsWith('_'))) {
		const lower = argument.toLowerCase();
		warnings.push(`"${argument}" has _ before a capital, which starts a word: it gives ${uri}; ${suggestion()}, or ${offer(lower, made(kebabCase(lower)))}.`);
	}
	if (/Controller$/.test(argument)) {
		// `Controller` alone has no shorter spelling: the warning then only says what the class will be.
		const shorter = fixed.endsWith('Controller') ? '' : `; ${offer(fixed, className(fixed))}`;
		warnings.push(`"${argument}" already ends in "Controller": the class will be ${className(argument)}${shorter}.`);
	}
	return warnings;
}

/**
 * The spelling a surprising name was meant as: no _ before a capital, a run of capitals as one
 * word, a capital first, and without the Controller the class adds (when a name is left).
 */
function intendedSpelling(argument: string): string {
	let spelled = collapseCapitalRuns(upperFirst(argument.replace(/(?<=.)_+(?=[A-Z])/g, '')));
	while (spelled.endsWith('Controller')) {
		const shorter = spelled.slice(0, -'Controller'.length);
		if (shorter === '' || nameProblem(shorter) !== undefined) break;
		spelled = shorter;
	}
	return spelled;
}

/** The valid name nearest an invalid one: its words (split on what a class name cannot hold, accents dropped, full-width letters as ASCII) in PascalCase, without leading digits. */
export function nearestName(argument: string): string | undefined {
	const words = argument.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^A-Za-z0-9_]+/).filter((word) => word !== '');
	const name = words.map(upperFirst).join('').replace(/^[0-9]+/, '').slice(0, maxNameLength);
	return name !== argument && nameProblem(name) === undefined ? name : undefined;
}

function upperFirst(text: string): string {
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** API → Api, MyAPITest → MyApiTest: a run of capitals becomes one word. */
function collapseCapitalRuns(text: string): string {
	return text.replace(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)/g, (run) => `${run.charAt(0)}${run.slice(1).toLowerCase()}`);
}

function printable(text: string): string {
	const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
	return shown.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
