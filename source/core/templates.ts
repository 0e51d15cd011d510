// Loads templates/<template>/*.tpl and fills them. Tags are <% %> so PHP and Twig syntax pass through.
// In a .php.tpl, an escaped tag (<% x %>) may only stand inside a single-quoted PHP string:
// its value is escaped for one. Raw tags (<%& x %>) take identifiers checked beforehand.
// The Twig view takes no values: it is the template's text as it stands.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Mustache from 'mustache';

const templatesFolder = path.join(import.meta.dirname, '..', '..', 'templates');
const cache = new Map<string, string>();

export type TemplateName =
	| 'default/controller.php.tpl'
	| 'default/openapi.php.tpl'
	| 'resource/list.php.tpl'
	| 'resource/item.php.tpl'
	| 'upload/controller.php.tpl'
	| 'web/controller.php.tpl'
	| 'web/view.twig.tpl'
	| 'command/command.php.tpl';

export type TemplateView = Readonly<Record<string, unknown>>;

function load(name: string): string {
	let text = cache.get(name);
	if (text === undefined) {
		text = readFileSync(path.join(templatesFolder, name), 'utf8');
		cache.set(name, text);
	}
	return text;
}

/** The content of a PHP single-quoted string: `\` and `'` escaped, everything else literal. */
export function phpSingleQuoted(value: unknown): string {
	return String(value).replace(/[\\']/g, (char) => `\\${char}`);
}

export function render(name: TemplateName | string, view: TemplateView): string {
	return Mustache.render(load(name), view, {}, {tags: ['<%', '%>'], escape: phpSingleQuoted});
}
