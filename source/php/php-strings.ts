// PHP double-quoted string escapes, decoded on bytes as PHP does: "\xC3\xA9" is "é",
// "\u{1F600}" is its UTF-8 encoding, an unknown escape such as "\q" stays as written.

const simple: Readonly<Record<string, number>> = {n: 10, t: 9, r: 13, v: 11, e: 27, f: 12, '\\': 92, $: 36, '"': 34};

export function unescapeDoubleQuoted(body: string): string {
	const bytes: number[] = [];
	const encoder = new TextEncoder();
	const pushText = (text: string): void => {
		for (const byte of encoder.encode(text)) bytes.push(byte);
	};
	let index = 0;
	while (index < body.length) {
		const char = body[index]!;
		if (char !== '\\' || index + 1 >= body.length) {
			const codePoint = body.codePointAt(index)!;
			const text = String.fromCodePoint(codePoint);
			pushText(text);
			index += text.length;
			continue;
		}
		const next = body[index + 1]!;
		const known = simple[next];
		if (known !== undefined) {
			bytes.push(known);
			index += 2;
			continue;
		}
		// Sticky patterns read at the escape's place, without copying the rest of the string.
		const octal = match(/[0-7]{1,3}/y, body, index + 1);
		if (octal) {
			bytes.push(Number.parseInt(octal[0], 8) & 0xff);
			index += 1 + octal[0].length;
			continue;
		}
		const hex = match(/x([0-9A-Fa-f]{1,2})/y, body, index + 1);
		if (hex) {
			bytes.push(Number.parseInt(hex[1]!, 16));
			index += 1 + hex[0].length;
			continue;
		}
		const unicode = match(/u\{([0-9A-Fa-f]+)\}/y, body, index + 1);
		if (unicode) {
			const codePoint = Number.parseInt(unicode[1]!, 16);
			if (codePoint <= 0x10ffff) {
				pushText(String.fromCodePoint(codePoint));
				index += 1 + unicode[0].length;
				continue;
			}
		}
		// Not an escape: the backslash stays.
		bytes.push(92);
		index += 1;
	}
	return new TextDecoder('utf-8', {fatal: false}).decode(new Uint8Array(bytes));
}

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
	pattern.lastIndex = at;
	return pattern.exec(text);
}
