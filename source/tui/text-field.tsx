// ink-text-input, with what it inserts cleaned up. Ink hands a run of keys read together (a
// paste, or keys typed while the program was busy) to the input as one piece of text, so a
// Backspace or Enter in that run would land in the value as a control character. Here a
// Backspace still deletes, and every other control character (Enter included) is dropped:
// Enter only counts pressed on its own, after the preview has caught up.
import TextInput from 'ink-text-input';

export function typedText(text: string): string {
	let result = '';
	for (const char of text) {
		if (char === '\u007F' || char === '\b') result = [...result].slice(0, -1).join('');
		// eslint-disable-next-line no-control-regex
		else if (!/[\u0000-\u001F\u007F-\u009F]/.test(char)) result += char;
	}
	return result;
}

export function TextField({value, onChange, focus = true, placeholder}: {
	value: string;
	onChange: (value: string) => void;
	focus?: boolean;
	placeholder?: string;
}) {
	return <TextInput value={value} focus={focus} placeholder={placeholder} onChange={(next) => onChange(typedText(next))} />;
}
