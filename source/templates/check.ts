// A template file checked before it fills anything: its tags close, and each variable it uses is
// one its engine offers (the nearest one named when not). Pure; the caller adds the file's path.
import Mustache from 'mustache';
import {nearest} from '../base/levenshtein.js';
import {render} from './fill.js';
import type {Engine} from './engines.js';

export const tags: [string, string] = ['<%', '%>'];

export interface TextProblem {
	/** 1-based. */
	readonly line: number;
	readonly col: number;
	readonly message: string;
}

type Token = [string, string, number, number, Token[]?, number?];

/** The first problem of `text` for files of `engine`, or undefined. `offered`: the variables allowed at the top (a path offers fewer). */
export function checkText(text: string, engine: Pick<Engine, 'variables' | 'sections' | 'freeText'>, offered: readonly string[] = engine.variables): TextProblem | undefined {
	const unclosed = unclosedTag(text);
	if (unclosed !== undefined) return {...siteAt(text, unclosed), message: 'a tag opened with <% is never closed with %>'};
	const deep = tooDeep(text);
	if (deep !== undefined) return {...siteAt(text, deep), message: `sections nest more than ${maxSectionDepth} deep here: a template is a page of code, not a tree (close some with <%/ name %>)`};
	// New tags would hide a value from the rules below and from the PHP check of where it stands;
	// looked for before the parse, which reads the rest of the text with the new tags.
	const retag = /<%\s*=/.exec(text);
	if (retag !== null) return {...siteAt(text, retag.index), message: 'changing the tags (<%= … =%>) is not allowed in templates: write every tag as <% name %>'};
	let tokens: Token[];
	try {
		tokens = Mustache.parse(text, tags) as unknown as Token[];
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		const at = /at (\d+)\s*$/.exec(message);
		let position = at === null ? 0 : Number(at[1]);
		// Mustache says where it noticed; the opening of the section is where to look.
		const section = /^Unclosed section "(.*)"/.exec(message);
		if (section !== null) position = openingOf(text, section[1] ?? '', position);
		return {...siteAt(text, position), message: `${message.replace(/ at \d+\s*$/, '')} (tags are <% name %>, <%& name %>, <%# section %>…<%/ section %>)`};
	}
	return walk(tokens, text, engine, new Set(offered));
}

function walk(tokens: readonly Token[], text: string, engine: Pick<Engine, 'sections' | 'freeText'>, scope: ReadonlySet<string>): TextProblem | undefined {
	for (const token of tokens) {
		const [type, name, start] = token;
		if (type === 'text' || type === '!' || type === '=') continue;
		if (type === '>') return {...siteAt(text, start), message: `partials (<%> ${name} %>) are not supported in templates`};
		if (name !== '.' && !scope.has(name)) {
			// A suggestion only when one is close; else where the variables are listed.
			const [near] = nearest(name, [...scope]);
			const hint = near === undefined ? ' (edu template:publish --help lists the variables of each engine)' : ` (did you mean ${near}?)`;
			return {...siteAt(text, start), message: `"${name}" is not a variable this template offers${hint}`};
		}
		// A raw tag puts the text as typed into the file: a quote or a */ in a --description breaks the PHP.
		if ((type === '&' || type === '{') && engine.freeText.includes(name)) {
			return {...siteAt(text, start), message: `"${name}" is free text and must be escaped: write <% ${name} %> inside '…', not the raw <%& ${name} %>`};
		}
		if ((type === '#' || type === '^') && token[4] !== undefined) {
			const inner = engine.sections[name];
			const found = walk(token[4], text, engine, inner === undefined ? scope : new Set([...scope, ...inner]));
			if (found !== undefined) return found;
		}
	}
	return undefined;
}

/** How deep sections may nest: the built-in templates use two. */
export const maxSectionDepth = 32;

/** The position of the section tag that opens past `maxSectionDepth`, or undefined. */
function tooDeep(text: string): number | undefined {
	let depth = 0;
	for (const match of text.matchAll(/<%\s*([#^/])/g)) {
		depth += match[1] === '/' ? -1 : 1;
		if (depth > maxSectionDepth) return match.index;
	}
	return undefined;
}

/** The position of the first `<%` with no `%>` before the next `<%` or the end. */
function unclosedTag(text: string): number | undefined {
	for (let open = text.indexOf(tags[0]); open !== -1;) {
		const close = text.indexOf(tags[1], open + tags[0].length);
		const next = text.indexOf(tags[0], open + tags[0].length);
		if (close === -1 || (next !== -1 && next < close)) return open;
		open = text.indexOf(tags[0], close + tags[1].length);
	}
	return undefined;
}

function openingOf(text: string, name: string, before: number): number {
	let found = before;
	const pattern = /<%\s*[#^]\s*([^%\s]+)\s*%>/g;
	for (let match = pattern.exec(text); match !== null && match.index < before; match = pattern.exec(text)) {
		if (match[1] === name) found = match.index;
	}
	return found;
}

/** The 1-based line and column of `position` in `text`. */
function siteAt(text: string, position: number): {line: number; col: number} {
	const before = text.slice(0, position);
	return {line: before.split('\n').length, col: position - before.lastIndexOf('\n')};
}

/** A value for every variable a `to` path can use, each told apart from the others. */
const probeView = {className: 'ProbeAController', itemClassName: 'ProbeBController', commandName: 'probe-c', routeName: 'probe_d', uri: '/probe-e', kebab: 'probe-f', twigFolder: 'probe_g'};

/** Two `to` paths that land on one file for the names of a run. */
export function sameTarget(one: string, other: string): boolean {
	return render(one, probeView) === render(other, probeView);
}

/** Why the file of `role` cannot go to `to` (its class would not be found), or undefined. */
export function classFileProblem(to: string, role: string, engine: Pick<Engine, 'classFiles'>): string | undefined {
	const expected = engine.classFiles[role];
	if (expected === undefined || render(to, probeView) === render(expected.to, probeView)) return undefined;
	return `the ${role} file must go to "${expected.to}", where the project's autoloader finds ${expected.names}`;
}
