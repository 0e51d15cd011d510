// Where a JSON text stops being valid, as line:col and a reason. Node 20's JSON.parse
// messages rarely carry a position, so this small strict scanner (RFC 8259) finds it.

export interface JsonProblem {
	readonly line: number;
	readonly col: number;
	readonly reason: string;
}

class Stop extends Error {
	constructor(readonly offset: number, readonly reason: string) {
		super(reason);
	}
}

/** undefined when `text` is valid JSON, else the first problem. */
export function findJsonProblem(text: string): JsonProblem | undefined {
	let at = 0;
	const describe = (): string => (at >= text.length ? 'end of file' : JSON.stringify(text[at]));
	const space = (): void => {
		while (at < text.length && ' \t\r\n'.includes(text[at] ?? '')) at++;
	};
	const expect = (what: string): never => {
		throw new Stop(at, `expected ${what}, found ${describe()}`);
	};
	const literal = (word: string): void => {
		if (text.startsWith(word, at)) at += word.length;
		else expect('a value');
	};
	const trailingComma = (close: string): void => {
		const comma = at++;
		space();
		if (text[at] === close) throw new Stop(comma, `a comma before "${close}": JSON allows no trailing comma`);
	};
	const string = (): void => {
		at++; // opening quote
		for (;;) {
			const char = text[at];
			if (char === undefined) throw new Stop(at, 'unterminated string');
			if (char === '"') {
				at++;
				return;
			}
			if (char < ' ') throw new Stop(at, 'control character in a string (write it as an escape such as \\n)');
			if (char === '\\') {
				const next = text[at + 1];
				if (next === 'u') {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) throw new Stop(at, 'bad \\u escape');
					at += 6;
				} else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
					at += 2;
				} else {
					throw new Stop(at, 'bad escape in a string');
				}
				continue;
			}
			at++;
		}
	};
	const number = (): void => {
		const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at));
		if (!match) expect('a value');
		at += match![0].length;
	};
	const value = (): void => {
		space();
		const char = text[at];
		if (char === '{') return object();
		if (char === '[') return array();
		if (char === '"') return string();
		if (char === 't') return literal('true');
		if (char === 'f') return literal('false');
		if (char === 'n') return literal('null');
		if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
		expect('a value');
	};
	const object = (): void => {
		at++;
		space();
		if (text[at] === '}') {
			at++;
			return;
		}
		for (;;) {
			space();
			if (text[at] !== '"') expect('a property name in double quotes');
			string();
			space();
			if (text[at] !== ':') expect('":"');
			at++;
			value();
			space();
			if (text[at] === ',') {
				trailingComma('}');
				continue;
			}
			if (text[at] === '}') {
				at++;
				return;
			}
			expect('"," or "}"');
		}
	};
	const array = (): void => {
		at++;
		space();
		if (text[at] === ']') {
			at++;
			return;
		}
		for (;;) {
			value();
			space();
			if (text[at] === ',') {
				trailingComma(']');
				continue;
			}
			if (text[at] === ']') {
				at++;
				return;
			}
			expect('"," or "]"');
		}
	};
	try {
		value();
		space();
		if (at < text.length) expect('the end of the file');
		return undefined;
	} catch (error) {
		if (!(error instanceof Stop)) throw error;
		return {...position(text, error.offset), reason: error.reason};
	}
}

export function position(text: string, offset: number): {line: number; col: number} {
	const before = text.slice(0, offset);
	const lines = before.split('\n');
	return {line: lines.length, col: (lines.at(-1) ?? '').length + 1};
}
