// The layout a newcomer reads the design from: no folder of source/ crowded past 15 files, no
// source file past 300 lines, and comments that say why, not what was measured (numbers live in
// commit messages and the bench's output).
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import {importGraph} from '../../scripts/import-cycles.js';

const source = path.resolve(import.meta.dirname, '..', '..', 'source');

function folders(folder: string): string[] {
	const inside = readdirSync(folder).map(name => path.join(folder, name)).filter(entry => statSync(entry).isDirectory());
	return [folder, ...inside.flatMap(folders)];
}

const files = folders(source).flatMap(folder => readdirSync(folder).map(name => path.join(folder, name))
	.filter(entry => statSync(entry).isFile()));
const shown = (file: string) => path.relative(path.dirname(source), file).split(path.sep).join('/');

/** The comments of a TypeScript file (line and block), with the line each starts on. */
function comments(text: string): Array<{line: number; text: string}> {
	const found: Array<{line: number; text: string}> = [];
	for (const match of text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)) {
		const before = text.slice(0, match.index);
		// A `//` inside a string or a regular expression is not a comment.
		const lineStart = before.lastIndexOf('\n') + 1;
		const onLine = text.slice(lineStart, match.index);
		if ((onLine.match(/['"`]/g)?.length ?? 0) % 2 === 1 || /[=(,:]\s*\/$/.test(onLine) || /https?:$/.test(onLine)) continue;
		found.push({line: before.split('\n').length, text: match[0]});
	}
	return found;
}

/** A duration (in figures or in words), a size in kilobytes, a speed-up or a count of runs: what a measurement looks like. */
const measurement = /\b(?:one|two|three|a few|several|\d+)(?: or \w+)? (?:milli|micro|nano)seconds?\b|\b\d[\d,.]*\s?(?:ms|µs|ns|KB|kB|KiB)\b|\b\d[\d,.]*\s?×|\b\d+ (?:interleaved )?runs\b|\b(?:took|takes|measured|costs?|costing|saved?)\b[^.;]*?\b\d/i;

describe('the layout of source/', () => {
	it('no folder holds more than 15 files', () => {
		const crowded = folders(source).map(folder => ({folder: shown(folder), files: readdirSync(folder).filter(name => statSync(path.join(folder, name)).isFile()).length}))
			.filter(({files}) => files > 15);
		expect(crowded).toEqual([]);
	});

	it('no file is over 300 lines', () => {
		const long = files.map(file => ({file: shown(file), lines: readFileSync(file, 'utf8').split('\n').length - 1})).filter(({lines}) => lines > 300);
		expect(long).toEqual([]);
	});

	it('no comment carries a measurement', () => {
		const measured = files.filter(file => /\.tsx?$/.test(file)).flatMap(file => comments(readFileSync(file, 'utf8'))
			.filter(comment => measurement.test(comment.text)).map(comment => `${shown(file)}:${comment.line}: ${comment.text.slice(0, 80)}`));
		expect(measured).toEqual([]);
	});

	it('no comment points outside the repository', () => {
		const outside = files.filter(file => /\.tsx?$/.test(file)).flatMap(file => comments(readFileSync(file, 'utf8'))
			.filter(comment => /DESIGN\.md|seed rule|spec\/seed|STYLE\.md/.test(comment.text)).map(comment => `${shown(file)}:${comment.line}`));
		expect(outside).toEqual([]);
	});
});

/**
 * The folders of source/, top to bottom: a module may import its own folder and the folders
 * below it, never one above. launch starts the program; cli reads the command line; the plain
 * prompts and the wizard ask (the prompts with the wizard's form); present words things for
 * people; the features use make, which uses templates, the sink, the project's files, PHP
 * reading and base.
 */
export const layers = ['launch', 'cli', 'prompts', 'tui', 'present', 'doctor', 'routes', 'openapi', 'mock', 'start', 'make', 'templates', 'sink', 'project', 'php', 'base'];

/** Each import of `graph` (file → files) that runs up the layers, as `from → to`. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>, root: string): string[] {
	const layerOf = (file: string): string => path.relative(root, file).split(path.sep)[0] ?? '';
	const rank = (file: string): number => layers.indexOf(layerOf(file));
	const upward: string[] = [];
	for (const [from, targets] of graph) {
		for (const to of targets) {
			if (rank(to) < rank(from) || rank(from) === -1 || rank(to) === -1) upward.push(`${shown(from)} → ${shown(to)}`);
		}
	}
	return upward;
}

describe('the folders of source/ import in one direction', () => {
	const graph = importGraph(source) as Map<string, string[]>;

	it('every module lives in a ranked folder, none at the root but the few allowed', () => {
		const loose = files.filter(file => path.dirname(file) === source);
		expect(loose.length).toBeLessThanOrEqual(4);
		expect([...graph.keys()].filter(file => path.dirname(file) !== source && !layers.includes(path.relative(source, file).split(path.sep)[0] ?? '')).map(shown)).toEqual([]);
	});

	it('no import runs up the layers', () => {
		expect(upwardImports(graph, source)).toEqual([]);
	});

	it('an import from a lower folder to a higher one is caught', () => {
		const low = path.join(source, 'base', 'errors.ts');
		const high = path.join(source, 'tui', 'wizard.tsx');
		expect(upwardImports(new Map([[low, [high]], [high, [low]]]), source)).toEqual(['source/base/errors.ts → source/tui/wizard.tsx']);
	});
});
