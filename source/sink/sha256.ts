// SHA-256 of a file's bytes, for the run records: written here rather than taken from node:crypto,
// which every make run would then load as it starts (test/cli/startup-modules.test.ts).
const k = new Uint32Array([
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The hex SHA-256 of `data` (a string is hashed as UTF-8). */
export function sha256(data: Buffer | string): string {
	const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
	// The message, a 1 bit, zeros, and its length in bits, to a multiple of 64 bytes.
	const padded = Buffer.alloc((Math.floor((bytes.length + 8) / 64) + 1) * 64);
	bytes.copy(padded);
	padded[bytes.length] = 0x80;
	const bits = bytes.length * 8;
	padded.writeUInt32BE(Math.floor(bits / 0x1_0000_0000), padded.length - 8);
	padded.writeUInt32BE(bits >>> 0, padded.length - 4);
	const hash = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
	const w = new Uint32Array(64);
	const rotate = (value: number, by: number): number => (value >>> by) | (value << (32 - by));
	for (let block = 0; block < padded.length; block += 64) {
		for (let index = 0; index < 16; index++) w[index] = padded.readUInt32BE(block + index * 4);
		for (let index = 16; index < 64; index++) {
			const a = w[index - 15]!;
			const b = w[index - 2]!;
			const s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3);
			const s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10);
			w[index] = (w[index - 16]! + s0 + w[index - 7]! + s1) >>> 0;
		}
		let [a, b, c, d, e, f, g, h] = hash as unknown as [number, number, number, number, number, number, number, number];
		for (let index = 0; index < 64; index++) {
			const t1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + k[index]! + w[index]!) >>> 0;
			const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) >>> 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) >>> 0;
		}
		hash[0]! += a;
		hash[1]! += b;
		hash[2]! += c;
		hash[3]! += d;
		hash[4]! += e;
		hash[5]! += f;
		hash[6]! += g;
		hash[7]! += h;
	}
	return [...hash].map((word) => word.toString(16).padStart(8, '0')).join('');
}
