// originOf: a character of what a template made → the template's offset that made it, through
// values of every length and sections that repeat their lines.
import {describe, expect, it} from 'vitest';
import {render} from '../../source/templates/fill.js';
import {originOf} from '../../source/templates/trace.js';

/** The template's line:col that made the first character of `needle` in what `text` makes with `view`. */
function siteOf(text: string, view: Record<string, unknown>, needle: string, occurrence = 0): string {
	const made = render(text, view);
	let offset = -1;
	for (let index = 0; index <= occurrence; index++) offset = made.indexOf(needle, offset + 1);
	expect(offset, made).toBeGreaterThanOrEqual(0);
	const at = originOf(text, view, offset);
	expect(at).toBeDefined();
	const before = text.slice(0, at);
	return `${before.split('\n').length}:${at! - before.lastIndexOf('\n')}`;
}

describe('originOf', () => {
	const text = "<?php\nclass <%& className %>\n{\n<%# operations %>\n    #[A\\<%& attribute %>(path: '<% uri %>')]\n<%/ operations %>\n    oops();\n}\n";

	it('a line after a section is found at its template line, however many times the section repeated', () => {
		for (const methods of [['Get'], ['Get', 'Post', 'Put', 'Delete']]) {
			const view = {className: 'VeryLongNameController', operations: methods.map((attribute) => ({attribute, uri: "/api/it's/{id}"}))};
			expect(siteOf(text, view, 'oops')).toBe('7:5');
		}
	});

	it('each repeat of a section is found at the section\'s line; a value at its tag', () => {
		const view = {className: 'V', operations: [{attribute: 'Get', uri: '/a'}, {attribute: 'Post', uri: '/b'}]};
		expect(siteOf(text, view, '#[A', 1)).toBe('5:5');
		expect(siteOf(text, view, 'Post')).toBe('5:9');
		expect(siteOf(text, view, '/b')).toBe('5:33');
		expect(siteOf(text, view, 'V')).toBe('2:7');
	});

	it('past the end: the last character the template made', () => {
		expect(originOf('ab\n<% x %>', {x: 'long value'}, 500)).toBe(3);
		expect(originOf('ab\ncd', {}, 500)).toBe(4);
		expect(originOf('', {}, 0)).toBeUndefined();
	});
});
