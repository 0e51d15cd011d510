// What a project's own template makes is PHP that parses, checked before anything is written: a
// template with a stray brace is refused with the line it made, never written under an [OK]. And
// each escaped tag (<% x %>) of its PHP stands inside a single-quoted string, the one place its
// escaping is made for: in "…", a heredoc, a comment or code, a `$`, `{$…}`, a newline or `*/` in
// a --description would become code.
// Every PHP file the template has is checked on every run, an openapi.php the project already has
// included, so a template is refused the same way in every project; an error is shown at the
// template's line that made it (trace.ts).
// The built-in templates are not parsed here: their tests run php -l on everything they make.
import {refusal, type Refusal} from '../base/errors.js';
import type {Filled} from './fill.js';
import {isSyntaxError, parsePhp, phpEngine} from '../php/php-parser.js';
import {builtinNames, type LoadedTemplate} from './catalog.js';
import {originOf} from './trace.js';

/** A file a template made: where it goes, its text, and what made it. */
export interface MadeFile {
	readonly path: string;
	readonly text: string;
	readonly from?: Filled;
}

/** The refusal for the first misplaced escaped tag or unparsable .php file of what `template` `made`, when it is a project's own; else undefined. */
export function unparsablePhp(template: LoadedTemplate, made: readonly MadeFile[]): Refusal | undefined {
	if (template.origin !== 'project') return undefined;
	// As for a template that cannot be read: the built-in of that name is there again once the copy is gone.
	const wayOut = (builtinNames as readonly string[]).includes(template.name) ? `remove ${template.folder}/ to use the built-in ${template.name} again` : 'choose another template';
	const misplaced = misplacedTagProblem(template);
	if (misplaced !== undefined) return {...refusal('BAD_PROJECT_FILE', `${misplaced} (put it inside '…' as the built-in templates do, or ${wayOut})`), template: true};
	const broken = phpProblem(template, made);
	if (broken !== undefined) return {...refusal('BAD_PROJECT_FILE', `${broken} (fix the template, or ${wayOut})`), template: true};
	return undefined;
}

/**
 * `.edu/templates/<name>/<file>:LINE:COL: the <name> template makes <path> with a PHP syntax error
 * at line L, column C, in "<its text>": <the parser's words>`, for the first .php file of `made`
 * that does not parse; else undefined.
 */
export function phpProblem(template: LoadedTemplate, made: readonly MadeFile[]): string | undefined {
	for (const file of made) {
		if (!file.path.endsWith('.php')) continue;
		const parsed = parsePhp(file.text, file.path);
		if (!isSyntaxError(parsed)) continue;
		const {line, col} = parsed.site;
		const lines = file.text.split('\n');
		const text = (lines[line - 1] ?? '').trim();
		const shown = text === '' ? '' : `, in "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
		const offset = lines.slice(0, line - 1).reduce((sum, each) => sum + each.length + 1, 0) + col - 1;
		return `${templateSite(template, file.from, offset)}: the ${template.name} template makes ${file.path} with a PHP syntax error at line ${line}, column ${col}${shown}: ${parsed.message}`;
	}
	return undefined;
}

/** `<folder>/<file>:LINE:COL` of the template text that made the character at `offset`; the folder alone when it cannot be told. */
function templateSite(template: LoadedTemplate, from: Filled | undefined, offset: number): string {
	const file = template.manifest.files.find((entry) => entry.role === from?.role);
	const text = file === undefined ? undefined : template.texts[file.role];
	const at = text === undefined || from === undefined ? undefined : originOf(text, from.view, offset);
	if (file === undefined || text === undefined || at === undefined) return `${template.folder}/`;
	const before = text.slice(0, at);
	return `${template.folder}/${file.from}:${before.split('\n').length}:${at - before.lastIndexOf('\n')}`;
}

/** `.edu/templates/<name>/<file>:LINE:COL: <% x %> is outside…` for the first escaped tag of the template's PHP files not inside '…'; else undefined. */
export function misplacedTagProblem(template: LoadedTemplate): string | undefined {
	for (const file of template.manifest.files) {
		if (!file.to.endsWith('.php')) continue;
		const misplaced = misplacedTag(template.texts[file.role] ?? '');
		if (misplaced !== undefined) return `${template.folder}/${file.from}:${misplaced.line}:${misplaced.col}: ${misplaced.tag} is outside a single-quoted PHP string, the only place its value is escaped for`;
	}
	return undefined;
}

const tagPattern = /<%([\s\S]*?)%>/g;
const markerPattern = /__eduTag(\d+)__/g;

/**
 * The first escaped tag of a .php.tpl's text that does not stand inside a single-quoted PHP string.
 * The text is read as PHP tokens with each escaped tag replaced by a marker, each raw tag by an
 * identifier and each section tag by nothing (both ways of a section read at once): a marker must
 * fall inside a '…' (or b'…') string token. A tag that changes the delimiters is itself misplaced.
 */
export function misplacedTag(text: string): {readonly line: number; readonly col: number; readonly tag: string} | undefined {
	const escaped: Array<{readonly at: number; readonly tag: string}> = [];
	let setsDelimiters = false;
	const probe = text.replaceAll(tagPattern, (tag: string, inside: string, at: number) => {
		const sigil = inside.trim().charAt(0);
		if (sigil === '=') setsDelimiters = true;
		if (sigil === '&' || sigil === '{') return 'eduRaw';
		if ('#^/!>='.includes(sigil)) return '';
		escaped.push({at, tag});
		return `__eduTag${escaped.length - 1}__`;
	});
	if (setsDelimiters) {
		// checkText refuses such a template first; a delimiter change is never read past here either.
		const at = text.search(/<%\s*=/);
		const before = text.slice(0, at);
		return {line: before.split('\n').length, col: at - before.lastIndexOf('\n'), tag: text.slice(at, text.indexOf('%>', at) + 2)};
	}
	if (escaped.length === 0) return undefined;
	let tokens: ReadonlyArray<string | readonly [string, string, number]>;
	try {
		tokens = phpEngine().tokenGetAll(probe) as unknown as typeof tokens;
	} catch {
		return undefined; // not PHP the lexer can read: the parse of what it makes says where
	}
	const inString = new Set<number>();
	const seen = new Set<number>();
	for (const token of tokens) {
		const tokenText = typeof token === 'string' ? token : token[1];
		const quoted = typeof token !== 'string' && token[0] === 'T_CONSTANT_ENCAPSED_STRING' && /^[bB]?'/.test(tokenText);
		for (const match of tokenText.matchAll(markerPattern)) {
			seen.add(Number(match[1]));
			if (quoted) inString.add(Number(match[1]));
		}
	}
	const first = escaped.findIndex((_tag, index) => !inString.has(index) || !seen.has(index));
	if (first === -1) return undefined;
	const {at, tag} = escaped[first]!;
	const before = text.slice(0, at);
	return {line: before.split('\n').length, col: at - before.lastIndexOf('\n'), tag};
}
