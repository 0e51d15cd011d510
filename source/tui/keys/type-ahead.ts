// Keys typed before the wizard is up. Until raw mode the terminal echoes what is typed (above
// where the wizard will draw) and keeps it as a line, Enter as LF. So the command puts the
// terminal in raw mode as soon as it knows the wizard will open, holds what arrives until the
// wizard's key feed takes it, and erases the echo of what had been typed before.

/** What holding needs of stdin: a Node tty stream (process.stdin). */
interface TerminalInput {
	readonly isTTY?: boolean;
	setRawMode?(mode: boolean): unknown;
	setEncoding?(encoding: 'utf8'): unknown;
	read(): unknown;
	on(event: 'readable', listener: () => void): unknown;
	off(event: 'readable', listener: () => void): unknown;
}

interface Held {
	readonly chunks: string[];
	readonly listener: () => void;
}

const holds = new WeakMap<object, Held>();

/** How many lines the terminal's echo of `text` filled below the line it started on (tabs to 8, ^X for controls). */
export function echoLines(text: string, columns: number): number {
	let lines = 0;
	let column = 0;
	const advance = (width: number): void => {
		column += width;
		if (column > columns) {
			lines++;
			column = width;
		}
	};
	for (const char of text) {
		if (char === '\n' || char === '\r') {
			lines++;
			column = 0;
		} else if (char === '\t') advance(8 - (column % 8));
		// eslint-disable-next-line no-control-regex
		else if (/[\u0000-\u001F\u007F]/.test(char)) advance(2);
		else advance(1);
	}
	return lines;
}

/**
 * Raw mode now, and what stdin delivers kept for the wizard (takeTypeAhead). What was typed in
 * line mode was echoed: `erase` gets the terminal sequence that wipes it. `pending` reads what the
 * terminal holds without waiting (undefined where it cannot). Returns whether all that was typed
 * before raw mode is taken already; otherwise it arrives within one turn of the event loop.
 */
export function holdTypeAhead(stdin: TerminalInput, erase: (sequence: string) => void, columns = 80, pending: () => string | undefined = () => undefined): boolean {
	if (!stdin.isTTY || stdin.setRawMode === undefined || holds.has(stdin)) return true;
	stdin.setRawMode(true);
	stdin.setEncoding?.('utf8');
	const chunks: string[] = [];
	const takeEchoed = (text: string): void => {
		// An Enter kept as CR arrived while a shell's line editor held the terminal (it turns CR
		// into LF off, and the echo with it): what came up to there was never echoed, and erasing
		// for it would wipe the command line typed at the prompt.
		const up = echoLines(text.slice(text.lastIndexOf('\r') + 1), Math.max(1, columns));
		erase(`\r${up > 0 ? `\u001B[${up}A` : ''}\u001B[J`);
		chunks.push(text);
	};
	const typed = pending();
	if (typed) takeEchoed(typed);
	// Otherwise what was typed before raw mode is waiting already, so it is read before the event
	// loop's first check phase; anything later was never echoed.
	let echoed = typed === undefined;
	if (echoed) {
		setImmediate(() => {
			echoed = false;
		});
	}
	const listener = (): void => {
		let chunk: unknown;
		while ((chunk = stdin.read()) !== null && chunk !== undefined) {
			const text = String(chunk);
			if (echoed && chunks.length === 0) takeEchoed(text);
			else chunks.push(text);
		}
	};
	stdin.on('readable', listener);
	holds.set(stdin, {chunks, listener});
	return !echoed;
}

/** What was held for `stdin` (nothing when nothing was), and stops holding: the caller reads it from now on. */
export function takeTypeAhead(stdin: object): string[] {
	const held = holds.get(stdin);
	if (held === undefined) return [];
	holds.delete(stdin);
	(stdin as TerminalInput).off('readable', held.listener);
	return held.chunks;
}

/** Back to line mode when nothing took the keys (the wizard did not open): they are dropped. */
export function releaseTypeAhead(stdin: object): void {
	if (!holds.has(stdin)) return;
	takeTypeAhead(stdin);
	(stdin as TerminalInput).setRawMode?.(false);
}

/**
 * Why the full-screen wizard cannot draw here, said on stderr before the plain prompts open
 * instead; undefined when it can. Ink draws only its last frame where it believes it runs in CI;
 * with TERM=dumb it draws no inverse, so a text field's cursor and its placeholder do not show.
 */
export function cannotDraw(env: Readonly<Record<string, string | undefined>>): string | undefined {
	const ci = ['CI', 'CONTINUOUS_INTEGRATION'].find((key) => key in env && env[key] !== '0' && env[key] !== 'false');
	if (ci !== undefined) return `${ci} is set, so the full-screen wizard cannot draw: using the plain prompts (--plain).`;
	if (env.TERM === 'dumb') return 'TERM is dumb, so the full-screen wizard cannot draw: using the plain prompts (--plain).';
	return undefined;
}

/** Whether the full-screen wizard will draw: not with --plain, nor where it cannot (open.ts then uses the prompts). */
function wizardDraws(env: Readonly<Record<string, string | undefined>>, plain: boolean | undefined): boolean {
	return !plain && cannotDraw(env) === undefined;
}

/**
 * For the commands: hold the keys typed from now on when the full-screen wizard is about to open.
 * Resolves once what was typed before is read and its echo erased, so that nothing the command
 * prints next (`Project: …`) is erased instead: after one turn of the event loop, or, where io
 * read it without waiting, after Node's next ticks (where stdin starts reading, as the 'readable'
 * listener asked: done before the wizard takes stdin over, or the wizard loses its first keys).
 * No turn of the loop then: a turn would delay the first frame.
 */
export async function holdForWizard(io: {readonly env: Readonly<Record<string, string | undefined>>; readonly stdin: unknown; readonly stdout: {write(chunk: string): unknown; readonly columns?: number}; readonly pendingInput?: () => string | undefined}, plain: boolean | undefined): Promise<void> {
	if (!wizardDraws(io.env, plain)) return;
	const taken = holdTypeAhead(io.stdin as TerminalInput, (sequence) => io.stdout.write(sequence), io.stdout.columns, io.pendingInput);
	await new Promise((resolve) => (taken ? process.nextTick(resolve) : setImmediate(resolve)));
}
