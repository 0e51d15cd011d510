// A one-line text input. Ink reads every key waiting on stdin in one go and calls the input
// handlers for each before React renders again, so an input that edits the `value` it was
// rendered with loses keys typed quickly (ink-text-input does: ten fast Backspaces removed six
// characters in a real terminal). Here every edit applies to the latest value, kept in a ref.
// The wizard's key feed (keys/) hands keys over one at a time; text that still arrives as one
// piece (another input stream) is applied key by key: Backspace deletes, other controls are dropped.
// The editing keys are a shell's (readline's): Backspace deletes backwards, Delete forwards,
// Ctrl+U erases to the start, Ctrl+K to the end, Ctrl+W the word before the cursor (up to a space),
// Alt+Backspace the word before it (letters and digits); Ctrl or Alt with ←→ moves by word.
import {Text, useInput, useStdin} from 'ink';
import {useEffect, useRef, useState} from 'react';

/** `text` typed at the end of `value`, Backspaces in it applied. */
export function typedText(text: string, value = ''): string {
	return edit({value, cursor: value.length}, text).value;
}

interface Editing {
	readonly value: string;
	/** Index in code points. */
	readonly cursor: number;
}

function edit(state: Editing, text: string, accepts: (char: string) => boolean | string = () => true): Editing {
	const chars = [...state.value];
	let cursor = state.cursor;
	for (const char of text) {
		if (char === '\u007F' || char === '\b') {
			if (cursor > 0) {
				chars.splice(cursor - 1, 1);
				cursor--;
			}
		// eslint-disable-next-line no-control-regex
		} else if (!/[\u0000-\u001F\u007F-\u009F]/.test(char)) {
			const taken = accepts(char);
			if (taken === false) continue;
			chars.splice(cursor, 0, taken === true ? char : taken);
			cursor++;
		}
	}
	return {value: chars.join(''), cursor};
}

/** Ctrl+U, Ctrl+K and Ctrl+W as readline does them. */
function erase(state: Editing, how: 'start' | 'end' | 'word'): Editing {
	const chars = [...state.value];
	if (how === 'end') return {value: chars.slice(0, state.cursor).join(''), cursor: state.cursor};
	let from = 0;
	if (how === 'word') {
		from = state.cursor;
		while (from > 0 && /\s/.test(chars[from - 1] ?? '')) from--;
		while (from > 0 && !/\s/.test(chars[from - 1] ?? '')) from--;
	}
	return {value: [...chars.slice(0, from), ...chars.slice(state.cursor)].join(''), cursor: from};
}

/** Where the word (letters and digits, as readline's Alt+B) before or after the cursor starts or ends. */
function wordEdge(state: Editing, direction: -1 | 1): number {
	const chars = [...state.value];
	const inWord = (at: number): boolean => /[\p{L}\p{N}]/u.test(chars[at] ?? '');
	let at = state.cursor;
	if (direction < 0) {
		while (at > 0 && !inWord(at - 1)) at--;
		while (at > 0 && inWord(at - 1)) at--;
	} else {
		while (at < chars.length && !inWord(at)) at++;
		while (at < chars.length && inWord(at)) at++;
	}
	return at;
}

function deleteForward(state: Editing): Editing {
	const chars = [...state.value];
	chars.splice(state.cursor, 1);
	return {value: chars.join(''), cursor: state.cursor};
}

/** Ink names both Backspace (DEL) and Delete (ESC [ 3 ~) `delete`; the raw key tells them apart. */
const deleteKey = /^\u001B\[3(;\d+)?~$/;

/**
 * The first character shown of a value of `length` with its cursor at `cursor` in `width` columns,
 * from the one shown before (`start`): the view moves only when the cursor would leave it. A `…`
 * takes a column on each side where characters are hidden; the cursor's cell is never under one.
 */
export function viewStart(length: number, cursor: number, width: number, start: number): number {
	const columns = Math.max(3, width);
	// The characters shown from `from` on, the cursor's cell past the end counted as one.
	const shown = (from: number): number => {
		const room = columns - (from > 0 ? 1 : 0);
		return length + 1 - from <= room ? length + 1 - from : room - 1;
	};
	if (length + 1 <= columns) return 0;
	let from = Math.min(Math.max(0, start), cursor);
	while (cursor >= from + shown(from)) from++;
	return from;
}

export function TextField({value, onChange, focus = true, placeholder, accepts, width}: {
	value: string;
	onChange: (value: string) => void;
	focus?: boolean;
	placeholder?: string;
	/** The characters the field takes (default: every printable one), or the character it puts for one; others are left to the screen's own keys. */
	accepts?: (char: string) => boolean | string;
	/** The columns it may take (default: as many as the value needs): a longer value stays on one line, the view following the cursor, cut with `…` where hidden. */
	width?: number;
}) {
	const latest = useRef<Editing>({value, cursor: [...value].length});
	const emitted = useRef(new Set<string>());
	const [, setCursor] = useState(latest.current.cursor);
	// The first character shown when the value is wider than `width`.
	const view = useRef(0);
	// A value set from outside (not one of ours arriving late) moves the cursor to its end.
	if (value !== latest.current.value && !emitted.current.has(value)) {
		latest.current = {value, cursor: [...value].length};
	}
	if (value === latest.current.value) emitted.current.clear();

	const apply = (next: Editing): void => {
		const changed = next.value !== latest.current.value;
		latest.current = next;
		setCursor(next.cursor);
		if (changed) {
			emitted.current.add(next.value);
			onChange(next.value);
		}
	};

	// Registered before useInput's handler (effects run in order, and Ink's re-subscribes on every
	// render), so the raw key of each event is known when the handler runs.
	const {internal_eventEmitter: events} = useStdin();
	const forward = useRef(false);
	const escaped = useRef(false);
	useEffect(() => {
		if (!focus) return;
		const note = (data: string): void => {
			forward.current = deleteKey.test(data);
			escaped.current = data.startsWith('\u001B');
		};
		events.on('input', note);
		return () => {
			events.off('input', note);
		};
	}, [events, focus]);

	useInput((input, key) => {
		const {value: current, cursor} = latest.current;
		const length = [...current].length;
		// Ctrl or Alt with an arrow (Alt+B, Alt+F in readline) moves by word; Alt+Backspace erases one.
		if ((key.leftArrow || key.rightArrow) && (key.ctrl || key.meta)) apply({value: current, cursor: wordEdge(latest.current, key.leftArrow ? -1 : 1)});
		else if (key.meta && (input === 'b' || input === 'f')) apply({value: current, cursor: wordEdge(latest.current, input === 'b' ? -1 : 1)});
		else if (key.meta && (key.backspace || key.delete) && !forward.current) {
			const from = wordEdge(latest.current, -1);
			apply({value: [...[...current].slice(0, from), ...[...current].slice(cursor)].join(''), cursor: from});
		} else if (key.leftArrow) apply({value: current, cursor: Math.max(0, cursor - 1)});
		else if (key.rightArrow) apply({value: current, cursor: Math.min(length, cursor + 1)});
		else if (key.home || (key.ctrl && input === 'a')) apply({value: current, cursor: 0});
		else if (key.end || (key.ctrl && input === 'e')) apply({value: current, cursor: length});
		else if (key.ctrl && input === 'u') apply(erase(latest.current, 'start'));
		else if (key.ctrl && input === 'k') apply(erase(latest.current, 'end'));
		else if (key.ctrl && input === 'w') apply(erase(latest.current, 'word'));
		else if (key.delete && forward.current) apply(deleteForward(latest.current));
		// Terminals send Backspace as DEL, which Ink reports as `delete`.
		else if ((key.backspace || key.delete) && input === '') apply(edit(latest.current, '\u007F'));
		else if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow || key.return || key.pageUp || key.pageDown) return;
		// A sequence Ink has no name for (a paste's brackets, a focus report) reaches here as its
		// text without the Esc: it is no key the user typed, and typing it would leave `[200~`.
		else if (!escaped.current) apply(edit(latest.current, input, accepts));
	}, {isActive: focus});

	const {value: shown, cursor} = latest.current;
	const chars = [...shown];
	const cut = (text: string): string => (width !== undefined && [...text].length > width ? `${[...text].slice(0, Math.max(1, width - 1)).join('')}…` : text);
	if (!focus) return <Text>{shown === '' && placeholder ? <Text dimColor>{cut(placeholder)}</Text> : cut(shown)}</Text>;
	if (shown === '') {
		return placeholder
			? <Text><Text inverse>{placeholder.charAt(0) || ' '}</Text><Text dimColor>{cut(placeholder).slice(1)}</Text></Text>
			: <Text inverse> </Text>;
	}
	const start = width === undefined ? 0 : viewStart(chars.length, cursor, width, view.current);
	view.current = start;
	const end = width === undefined ? chars.length : start + Math.max(3, width) - (start > 0 ? 1 : 0) - 1;
	const hiddenAfter = end < chars.length;
	return (
		<Text>
			{start > 0 ? <Text dimColor>…</Text> : null}
			{chars.slice(start, cursor).join('')}
			<Text inverse>{chars[cursor] ?? ' '}</Text>
			{chars.slice(cursor + 1, hiddenAfter ? end : chars.length).join('')}
			{hiddenAfter ? <Text dimColor>…</Text> : null}
		</Text>
	);
}
