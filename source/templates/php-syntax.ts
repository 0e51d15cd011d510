// What a project's own template makes is PHP that parses, checked before anything is written: a
// template with a stray brace is refused with the line it made, never written under an [OK].
// The built-in templates are not parsed here: their tests run php -l on everything they make.
import {refusal, type Refusal} from '../core/errors.js';
import type {FileChange} from '../core/sink/file-change.js';
import {isSyntaxError, parsePhp} from '../openapi/php/php-parser.js';
import {builtinNames, type LoadedTemplate} from './catalog.js';

/** The refusal for the first .php file of `changes` that does not parse, when `template` is a project's own; else undefined. */
export function unparsablePhp(template: LoadedTemplate, changes: readonly FileChange[]): Refusal | undefined {
	if (template.origin !== 'project') return undefined;
	for (const change of changes) {
		if (!change.path.endsWith('.php')) continue;
		const parsed = parsePhp(change.after, change.path);
		if (!isSyntaxError(parsed)) continue;
		const {line, col} = parsed.site;
		const text = (change.after.split('\n')[line - 1] ?? '').trim();
		const shown = text === '' ? '' : `, in "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
		// As for a template that cannot be read: the built-in of that name is there again once the copy is gone.
		const wayOut = (builtinNames as readonly string[]).includes(template.name) ? `remove ${template.folder}/ to use the built-in ${template.name} again` : 'choose another template';
		return {...refusal('BAD_PROJECT_FILE', `${template.folder}/: the ${template.name} template makes ${change.path} with a PHP syntax error at line ${line}, column ${col}${shown}: ${parsed.message} (fix the template, or ${wayOut})`), template: true};
	}
	return undefined;
}
