// MD5 of a text's UTF-8 bytes, as hex: swagger-php's default operationId. Written here so that
// edu routes and edu openapi --stdout, which compute one per operation, do not load node:crypto
// (dozens of Node's internal modules) for a few short strings. Not for anything secret.

const shifts = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const sines = Array.from({length: 64}, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);

export function md5Hex(text: string): string {
	const bytes = new TextEncoder().encode(text);
	const padded = new Uint8Array((((bytes.length + 8) >>> 6) + 1) * 64);
	padded.set(bytes);
	padded[bytes.length] = 0x80;
	const view = new DataView(padded.buffer);
	view.setUint32(padded.length - 8, (bytes.length * 8) >>> 0, true);
	view.setUint32(padded.length - 4, Math.floor(bytes.length / 0x20000000), true);
	let a0 = 0x67452301;
	let b0 = 0xefcdab89;
	let c0 = 0x98badcfe;
	let d0 = 0x10325476;
	const words = new Uint32Array(16);
	for (let block = 0; block < padded.length; block += 64) {
		for (let index = 0; index < 16; index++) words[index] = view.getUint32(block + index * 4, true);
		let a = a0;
		let b = b0;
		let c = c0;
		let d = d0;
		for (let step = 0; step < 64; step++) {
			const round = step >>> 4;
			let mixed: number;
			let word: number;
			if (round === 0) {
				mixed = (b & c) | (~b & d);
				word = step;
			} else if (round === 1) {
				mixed = (d & b) | (~d & c);
				word = (5 * step + 1) & 15;
			} else if (round === 2) {
				mixed = b ^ c ^ d;
				word = (3 * step + 5) & 15;
			} else {
				mixed = c ^ (b | ~d);
				word = (7 * step) & 15;
			}
			const sum = (a + mixed + sines[step]! + words[word]!) >>> 0;
			const shift = shifts[round * 4 + (step & 3)]!;
			a = d;
			d = c;
			c = b;
			b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
		}
		a0 = (a0 + a) >>> 0;
		b0 = (b0 + b) >>> 0;
		c0 = (c0 + c) >>> 0;
		d0 = (d0 + d) >>> 0;
	}
	const out = new DataView(new ArrayBuffer(16));
	[a0, b0, c0, d0].forEach((word, index) => out.setUint32(index * 4, word, true));
	return Array.from(new Uint8Array(out.buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
