// The Twig block a generated view fills with its page title: the one inside <title> of the
// project's app/Template/base.html.twig, which every view extends. Edu Framework 2.3's own base
// names it `titre` (its sample views fill `title`, which that base never shows).
import path from 'node:path';
import {readTextFile} from '../base/path-kind.js';

export const baseViewPath = 'app/Template/base.html.twig';

/** The framework's own name for it, used when the project's base says nothing. */
export const defaultTitleBlock = 'titre';

/** The block named inside the base's <title> element, else the framework's. Pure. */
export function titleBlockOf(base: string | undefined): string {
	const title = base === undefined ? null : /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(base);
	const block = title === null ? null : /\{%-?\s*block\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(title[1]!);
	return block?.[1] ?? defaultTitleBlock;
}

/** Reads the project's base view, if any, and names its title block. */
export function readTitleBlock(root: string): string {
	return titleBlockOf(readTextFile(path.join(root, baseViewPath)));
}
