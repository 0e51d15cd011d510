// Text from project files reaches the terminal as text: control characters in caret notation,
// edu's own colour codes (and php -S's) and line ends kept; a colour code that can hide text is shown.
import {describe, expect, it} from 'vitest';
import {visible} from '../../source/base/visible.js';

describe('visible', () => {
	it.each([
		['x\u001B[2J\u001B]0;PWNED\u0007', 'x^[[2J^[]0;PWNED^G'],
		['line\rfake', 'line^Mfake'],
		['a\u0000b\u007Fc\u009Bd', 'a^@b^?c\\u009bd'],
		['tab\tand\nline\r\nend', 'tab\tand\nline\r\nend'],
		['\u001B[1m\u001B[32mOK\u001B[0m', '\u001B[1m\u001B[32mOK\u001B[0m'],
		['\u001B[31;1mred', '\u001B[31;1mred'],
		['\u001B[5n', '^[[5n'],
		['\u001B[33m[404]: GET /x\u001B[0m', '\u001B[33m[404]: GET /x\u001B[0m'],
		['\u001B[8mhidden', '^[[8mhidden'],
		['\u001B[30;40mblack on black', '^[[30;40mblack on black'],
		['\u001B[1;8mbold, hidden', '^[[1;8mbold, hidden'],
		['\u001B[38;5;16mx\u001B[48;2;0;0;0my', '^[[38;5;16mx^[[48;2;0;0;0my'],
		['é, ·, → and ✖ stay', 'é, ·, → and ✖ stay'],
	])('%j → %j', (text, shown) => {
		expect(visible(text)).toBe(shown);
	});
});
