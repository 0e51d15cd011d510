// Ink hands a run of plain keys read together (typed while the program was busy) to the input
// handlers as one piece of text: " \r" is Space then Enter, not a key of its own. Screens whose
// focus is not a text field take such a run apart and handle its keys one by one.
import type {Key} from 'ink';

export interface KeyPress {
	readonly input: string;
	readonly key: Key;
}

export function eachKey(input: string, key: Key): KeyPress[] {
	if ([...input].length <= 1 || key.ctrl || key.meta) return [{input, key}];
	return [...input].map((char) => {
		const named = {
			return: char === '\r' || char === '\n',
			tab: char === '\t',
			backspace: char === '\u007F' || char === '\b',
		};
		const special = named.return || named.tab || named.backspace;
		return {input: special ? '' : char, key: {...key, ...named}};
	});
}
