// Ink hands keys read together (a paste, or keys typed while the program was busy) to the input
// handlers one after the other, and React renders only once they have all run. So a handler must
// not act on the state it closed over:
// - useLatest: props and callbacks of the last render, for handlers registered earlier;
// - useEagerState: state a handler changes and the next key must see at once (a cursor).
import {useRef, useState} from 'react';

export function useLatest<Value>(value: Value): {readonly current: Value} {
	const ref = useRef(value);
	ref.current = value;
	return ref;
}

export function useEagerState<Value>(initial: Value): [value: Value, set: (value: Value) => void, now: () => Value] {
	const [value, setValue] = useState(initial);
	const ref = useRef(initial);
	const set = (next: Value): void => {
		ref.current = next;
		setValue(next);
	};
	return [value, set, () => ref.current];
}
