// What a project's own template makes is PHP that parses, checked before anything is written: a
// template with a stray brace is refused with the line it made, never written under an [OK]. And
// each escaped tag (<% x %>) of its PHP stands inside a single-quoted string, the one place its
// escaping is made for: in "…", a heredoc, a comment or code, a `$`, `{$…}`, a newline or `*/` in
// a --description would become code.
// The built-in templates are not parsed here: their tests run php -l on everything they make.
import {refusal, type Refusal} from '../core/errors.js';
import type {FileChange} from '../core/sink/file-change.js';
import {isSyntaxError, parsePhp, phpEngine} from '../openapi/php/php-parser.js';
import {builtinNames, type LoadedTemplate} from './catalog.js';

/** The refusal for the first misplaced escaped tag or unparsable .php file of `template`'s `changes`, when it is a project's own; else undefined. */
export function unparsablePhp(template: LoadedTemplate, changes: readonly FileChange[]): Refusal | undefined {
	if (template.origin !== 'project') return undefined;
	// As for a template that cannot be read: the built-in of that name is there again once the copy is gone.
	const wayOut = (builtinNames as readonly string[]).includes(template.name) ? `remove ${template.folder}/ to use the built-in ${template.name} again` : 'choose another template';
	const misplaced = misplacedTagProblem(template);
	if (misplaced !== undefined) return {...refusal('BAD_PROJECT_FILE', `${misplaced} (put it inside '…' as the built-in templates do, or ${wayOut})`), template: true};
	for (const change of changes) {
		if (!change.path.endsWith('.php')) continue;
		const parsed = parsePhp(change.after, change.path);
		if (!isSyntaxError(parsed)) continue;
		const {line, col} = parsed.site;
		const text = (change.after.split('\n')[line - 1] ?? '').trim();
		const shown = text === '' ? '' : `, in "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
		return {...refusal('BAD_PROJECT_FILE', `${template.folder}/: the ${template.name} template makes ${change.path} with a PHP syntax error at line ${line}, column ${col}${shown}: ${parsed.message} (fix the template, or ${wayOut})`), template: true};
	}
	return undefined;
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
 * fall inside a '…' (or b'…') string token. Tags that change the delimiters are not followed.
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
	if (setsDelimiters || escaped.length === 0) return undefined;
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
