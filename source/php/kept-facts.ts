// What each PHP file of a small project said, kept between runs (io.kept): a file whose bytes are
// those of the last run is not parsed again, so `edu routes` or `edu openapi` on a project where no
// controller changed does not load php-parser. Only what a file's bytes decide is kept (its facts,
// or its syntax error), never why a file could not be read or took too long to parse.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {contentHash} from '../base/content-hash.js';
import type {KeptText} from '../base/io.js';
import {decodeResults, encodeResults, type ParseResult} from './facts-json.js';
import {parsePhpBytes, readPhpBytes} from './read-project-php.js';

interface KeptFile {
	readonly hash: string;
	readonly result: ParseResult;
}

/** What is kept for one project: its root (two roots may share a key's file), each file's hash, and the results as the workers encode them. */
interface KeptFacts {
	readonly root: string;
	readonly files: ReadonlyArray<readonly [relative: string, hash: string]>;
	readonly results: string;
}

const keyOf = (root: string): string => `php-facts ${root}`;

/**
 * Every file's result in the order of `files`: the kept one when the file's bytes did not change,
 * else what `parse` makes of the changed files. `parse` is handed the function that parses a
 * file from the very bytes hashed here; only the results it made are kept for the next run.
 */
export async function parseWithKept(
	root: string,
	files: readonly string[],
	kept: KeptText,
	parse: (changed: readonly string[], parseHere: (root: string, relative: string) => ParseResult) => Promise<ParseResult[]>,
): Promise<ParseResult[]> {
	const before = readKept(kept, root);
	const results = new Map<string, ParseResult>();
	const hashes = new Map<string, string>();
	const changed = new Map<string, Buffer>();
	for (const relative of files) {
		const bytes = readPhpBytes(root, relative);
		if (!Buffer.isBuffer(bytes)) {
			results.set(relative, bytes);
			continue;
		}
		const hash = contentHash(bytes);
		hashes.set(relative, hash);
		const known = before.get(relative);
		if (known?.hash === hash) results.set(relative, known.result);
		else changed.set(relative, bytes);
	}
	const parsedHere = new Set<string>();
	if (changed.size > 0) {
		const names = [...changed.keys()];
		const parsed = await parse(names, (_root, relative) => {
			const result = parsePhpBytes(changed.get(relative)!, relative);
			parsedHere.add(relative);
			return result;
		});
		names.forEach((relative, index) => results.set(relative, parsed[index]!));
	}
	const keep = files.filter((relative) => parsedHere.has(relative) || (!changed.has(relative) && hashes.has(relative)));
	// What another command read (routes reads every controller, openapi those of api/) stays, while its file is there.
	const asked = new Set(files);
	const others = [...before].filter(([relative]) => !asked.has(relative) && existsSync(path.join(root, relative)));
	const entries = [...keep.map((relative) => ({relative, hash: hashes.get(relative)!, result: results.get(relative)!})), ...others.map(([relative, file]) => ({relative, ...file}))];
	if (entries.length !== before.size || entries.some(({relative, hash}) => before.get(relative)?.hash !== hash)) {
		writeKept(kept, root, entries.map(({relative, hash}) => [relative, hash] as const), entries.map(({result}) => result));
	}
	return files.map((relative) => results.get(relative)!);
}

/** What was kept for `root`; nothing when it was kept for another root, or cannot be read as kept. */
function readKept(kept: KeptText, root: string): Map<string, KeptFile> {
	const text = kept.read(keyOf(root));
	if (text === undefined) return new Map();
	try {
		const value = JSON.parse(text) as Partial<KeptFacts>;
		if (value.root !== root || !Array.isArray(value.files) || typeof value.results !== 'string') return new Map();
		const results = decodeResults(value.results);
		if (results.length !== value.files.length) return new Map();
		return new Map(value.files.map(([relative, hash], index) => [relative, {hash, result: results[index]!}]));
	} catch {
		return new Map();
	}
}

function writeKept(kept: KeptText, root: string, files: KeptFacts['files'], results: readonly ParseResult[]): void {
	kept.write(keyOf(root), JSON.stringify({root, files, results: encodeResults(results)} satisfies KeptFacts));
}
