// A file's content as a short hash: what a run record keeps of each file a run wrote (so `edu undo`
// can tell a file edu wrote from one edited since), and what tells a PHP file read before from one
// changed since (php/kept-facts.ts). MurmurHash3 (x86, 128 bits, seed 0), written here because
// node:crypto brings dozens of Node's internal modules into every run that loads it. Not a defence
// against someone forging a file; an accidental match is as unlikely as with any 128-bit hash.

const c1 = 0x23_9b_96_1b;
const c2 = 0xab_0e_97_89;
const c3 = 0x38_b3_4a_e5;
const c4 = 0xa1_e3_8b_93;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
	h ^= h >>> 16;
	h = Math.imul(h, 0x85_eb_ca_6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2_b2_ae_35);
	return h ^ (h >>> 16);
}

/** The little-endian 32-bit word at `i` (read here: Buffer's readInt32LE checks its argument on every call). */
const word = (bytes: Uint8Array, i: number): number => bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);

// Each lane's input mixed the way that lane mixes its word.
const mix1 = (k: number): number => Math.imul(rotl(Math.imul(k, c1), 15), c2);
const mix2 = (k: number): number => Math.imul(rotl(Math.imul(k, c2), 16), c3);
const mix3 = (k: number): number => Math.imul(rotl(Math.imul(k, c3), 17), c4);
const mix4 = (k: number): number => Math.imul(rotl(Math.imul(k, c4), 18), c1);

/** MurmurHash3_x86_128 of `data` (a string is hashed as UTF-8), as 32 hex digits (h1 to h4). */
export function contentHash(data: Buffer | string): string {
	const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
	const length = bytes.length;
	const blocks = length - (length % 16);
	let h1 = 0;
	let h2 = 0;
	let h3 = 0;
	let h4 = 0;
	for (let i = 0; i < blocks; i += 16) {
		h1 ^= mix1(word(bytes, i));
		h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x56_1c_cd_1b) | 0;
		h2 ^= mix2(word(bytes, i + 4));
		h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0b_ca_a7_47) | 0;
		h3 ^= mix3(word(bytes, i + 8));
		h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96_cd_1c_35) | 0;
		h4 ^= mix4(word(bytes, i + 12));
		h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32_ac_3b_17) | 0;
	}
	// The last 0 to 15 bytes, little-endian, each in the lane it falls in.
	const tail = (lane: number): number => {
		let k = 0;
		for (let i = Math.min(length, blocks + 4 * lane + 4) - 1; i >= blocks + 4 * lane; i--) k = (k << 8) | bytes[i]!;
		return k;
	};
	const left = length - blocks;
	if (left > 12) h4 ^= mix4(tail(3));
	if (left > 8) h3 ^= mix3(tail(2));
	if (left > 4) h2 ^= mix2(tail(1));
	if (left > 0) h1 ^= mix1(tail(0));
	h1 ^= length;
	h2 ^= length;
	h3 ^= length;
	h4 ^= length;
	h1 = (h1 + h2 + h3 + h4) | 0;
	h2 = (h2 + h1) | 0;
	h3 = (h3 + h1) | 0;
	h4 = (h4 + h1) | 0;
	h1 = fmix(h1);
	h2 = fmix(h2);
	h3 = fmix(h3);
	h4 = fmix(h4);
	h1 = (h1 + h2 + h3 + h4) | 0;
	h2 = (h2 + h1) | 0;
	h3 = (h3 + h1) | 0;
	h4 = (h4 + h1) | 0;
	return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}
