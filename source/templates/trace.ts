// Where a character of what a template made came from, so a PHP syntax error in a project's
// template is shown at the template's own line: the text is filled again as render() fills it,
// by a writer that notes the template offset behind each piece (a section's text at each repeat).
import Mustache from 'mustache';
import {phpSingleQuoted, type TemplateView} from './fill.js';
import {tags} from './check.js';

interface Piece {
	/** Where in the template: the text's own offset, or the tag's. */
	readonly at: number;
	readonly length: number;
	/** Text of the template as it is (each character has its own offset), not a tag's value. */
	readonly literal: boolean;
}

/** The offset in `text` that made the character at `offset` of render(text, view) (the last one's past the end); undefined when it cannot be told. */
export function originOf(text: string, view: TemplateView, offset: number): number | undefined {
	const pieces: Piece[] = [];
	const writer = new Mustache.Writer();
	const base = Mustache.Writer.prototype;
	const noted = (token: string[], value: unknown, literal: boolean): string => {
		if (value !== undefined && value !== null) pieces.push({at: Number(token[2]), length: String(value).length, literal});
		return value as string;
	};
	writer.rawValue = (token) => noted(token, base.rawValue.call(writer, token), true);
	writer.escapedValue = (token, context, config) => noted(token, base.escapedValue.call(writer, token, context, config), false);
	writer.unescapedValue = (token, context) => noted(token, base.unescapedValue.call(writer, token, context), false);
	const made = writer.render(text, view, {}, {tags, escape: phpSingleQuoted});
	// A value that is a function renders its section its own way: no piece for it.
	if (pieces.reduce((sum, piece) => sum + piece.length, 0) !== made.length || pieces.length === 0) return undefined;
	let start = 0;
	for (const piece of pieces) {
		if (offset < start + piece.length) return piece.literal ? piece.at + offset - start : piece.at;
		start += piece.length;
	}
	const last = pieces.at(-1)!;
	return last.literal ? last.at + last.length - 1 : last.at;
}
