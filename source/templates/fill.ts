// Fills a template's text. Tags are <% %> so PHP and Twig syntax pass through.
// In a .php.tpl, an escaped tag (<% x %>) may only stand inside a single-quoted PHP string:
// its value is escaped for one. Raw tags (<%& x %>) take identifiers checked beforehand.
// The texts come from template folders (source/templates/catalog.ts); this stays pure.
import Mustache from 'mustache';

export type TemplateView = Readonly<Record<string, unknown>>;

/** The content of a PHP single-quoted string: `\` and `'` escaped, everything else literal. */
export function phpSingleQuoted(value: unknown): string {
	return String(value).replace(/[\\']/g, (char) => `\\${char}`);
}

const tags: ['<%', '%>'] = ['<%', '%>'];

export function render(text: string, view: TemplateView): string {
	return Mustache.render(text, view, {}, {tags, escape: phpSingleQuoted});
}

/** How `text` parses (Mustache.parse with render()'s tags), known beforehand: render() then takes it as it is. */
export function knownParse(text: string, tokens: unknown): void {
	// The cache holds parsed tokens (@types/mustache says strings); its key is the text and the tags.
	(Mustache.templateCache as {set(key: string, value: unknown): void} | undefined)?.set(`${text}:${tags.join(':')}`, tokens);
}

/** How `text` parses with render()'s tags, for knownParse. */
export function parseOf(text: string): unknown {
	return Mustache.parse(text, tags);
}

/** The template file of `role` filled with `view`: a project template's PHP is checked with it, a syntax error shown at the template's line. */
export interface Filled {
	readonly role: string;
	readonly view: TemplateView;
}
