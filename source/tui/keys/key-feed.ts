// Hands Ink the terminal's input one key at a time, each once the screen has taken the key
// before it in: the wizard's one mechanism for keys read together. Ink (6.8) splits a read into
// escape sequences and runs of other text, so `Lyon⏎` or Space-Enter reaches the handlers as one
// input, and it calls the handlers for every piece before React renders again and before a new
// screen's handlers subscribe: a key that moves to another field or screen (Enter, Tab) would
// take the keys read with it to the old one, or lose them (`Lyon⏎` pasted typed the name and
// lost the Enter). With the feed, every handler sees the state its key's predecessor left. Here Ink's `read()` of the stdin it was given returns one key (or a run of letters,
// which only types itself), and the next only once React has rendered what that key did and
// run its effects (where Ink's input listeners of a new screen or field subscribe): the
// wizard's KeyPump says so (keys/key-pump.tsx).
import {joinText, splitKeys} from './split-keys.js';
import {takeTypeAhead} from './type-ahead.js';

/** What the feed needs of a stdin: a Node stream in paused mode, or ink-testing-library's stand-in. */
export interface KeySource {
	read(): unknown;
	emit(event: 'readable'): boolean;
	listenerCount(event: 'readable'): number;
	on(event: 'newListener', listener: (event: string | symbol) => void): unknown;
	off(event: 'newListener', listener: (event: string | symbol) => void): unknown;
}

const ctrlC = '\u0003';

class KeyFeed {
	private queue: string[] = [];
	private waiting = false;
	private closed = false;
	private readonly original: () => unknown;
	private readonly ownRead: (() => unknown) | undefined;
	private readonly onListener = (event: string | symbol): void => {
		if (event === 'readable') queueMicrotask(() => this.nudge());
	};

	/**
	 * `handed`: called as each key is handed to Ink, in the same task as its handlers (so in the
	 * same render). `held`: no key goes until the first settled().
	 */
	constructor(private readonly stdin: KeySource, private readonly handed: () => void, held = false) {
		this.waiting = held;
		this.ownRead = Object.hasOwn(stdin, 'read') ? stdin.read : undefined;
		const original = stdin.read;
		this.original = () => original.call(stdin);
		stdin.read = () => this.read();
		for (const chunk of takeTypeAhead(stdin)) this.push(chunk);
		if (this.queue.length > 0) setImmediate(() => this.nudge());
	}

	private read(): string | null {
		let chunk: unknown;
		while ((chunk = this.original()) !== null && chunk !== undefined) this.push(String(chunk));
		if (this.waiting || this.closed || this.queue.length === 0) return null;
		this.waiting = true;
		const key = this.queue.shift()!;
		// Ink holds a lone Esc back for a turn of the event loop (it may start a sequence) and
		// then emits it: the pump is bumped after that, in the same render as what Esc did.
		if (key === '\u001B') setImmediate(() => setImmediate(this.handed));
		else this.handed();
		return key;
	}

	/** The key handed last has been rendered and its effects run: the next may go. */
	settled(): void {
		if (!this.waiting) return;
		this.waiting = false;
		// Out of React's effect phase first: the key's handlers update state.
		setImmediate(() => this.nudge());
	}

	private push(text: string): void {
		const keys = splitKeys(text);
		// Ctrl+C ends the wizard at once, whatever is still waiting its turn.
		if (keys.includes(ctrlC)) this.queue = [ctrlC];
		else this.queue = joinText([...this.queue, ...keys]);
	}

	/** Has Ink read the next key: at once, or when it listens again. */
	private nudge(): void {
		if (this.closed || this.waiting || this.queue.length === 0) return;
		this.stdin.off('newListener', this.onListener);
		if (this.stdin.listenerCount('readable') === 0) this.stdin.on('newListener', this.onListener);
		else this.stdin.emit('readable');
	}

	close(): void {
		this.closed = true;
		this.stdin.off('newListener', this.onListener);
		if (this.ownRead) this.stdin.read = this.ownRead;
		else delete (this.stdin as Partial<KeySource>).read;
	}
}

/** Makes `stdin` hand its input out one key at a time (type-ahead first), the next after each settled() (the first too, when `held`); close() undoes it. */
export function installKeyFeed(stdin: KeySource, handed: () => void, held = false): {settled(): void; close(): void} {
	return new KeyFeed(stdin, handed, held);
}
