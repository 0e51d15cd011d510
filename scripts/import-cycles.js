#!/usr/bin/env node
// Import cycles among the modules of a folder (source/ by default): every static import and
// export-from, type-only ones included (they are still a dependency a reader follows), and
// every dynamic import('…'). Prints one line per cycle and exits 1 when there is any.
// Usage: node scripts/import-cycles.js [folder]
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';

const specifier = /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder) {
	return readdirSync(folder, {withFileTypes: true, recursive: true})
		.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
		.map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** The module an import names: `./x.js` is `./x.ts` or `./x.tsx`. */
function resolve(from, name, known) {
	const base = path.resolve(path.dirname(from), name).replace(/\.js$/, '');
	return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/** The import graph: file → the files it imports. Comments are left out so a quoted example is not read as an import. */
export function importGraph(folder) {
	const files = sourceFiles(folder);
	const known = new Set(files);
	const graph = new Map();
	for (const file of files) {
		const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
		const targets = new Set();
		for (const match of text.matchAll(specifier)) {
			const target = resolve(file, match[1], known);
			if (target !== undefined) targets.add(target);
		}
		graph.set(file, [...targets].sort());
	}
	return graph;
}

/** The strongly connected parts with more than one module (or a module importing itself), each as one cycle path. */
export function importCycles(graph) {
	let counter = 0;
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const parts = [];
	const visit = (node) => {
		index.set(node, counter);
		low.set(node, counter);
		counter++;
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node), low.get(next)));
			} else if (onStack.has(next)) {
				low.set(node, Math.min(low.get(node), index.get(next)));
			}
		}
		if (low.get(node) === index.get(node)) {
			const part = [];
			let member;
			do {
				member = stack.pop();
				onStack.delete(member);
				part.push(member);
			} while (member !== node);
			if (part.length > 1 || (graph.get(node) ?? []).includes(node)) parts.push(part.sort());
		}
	};
	for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
	return parts.map((part) => cyclePath(graph, part));
}

/** One cycle through the first module of a strongly connected part: a → b → … → a. */
function cyclePath(graph, part) {
	const members = new Set(part);
	const start = part[0];
	const previous = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length > 0) {
		const node = queue.shift();
		for (const next of graph.get(node) ?? []) {
			if (!members.has(next)) continue;
			if (next === start) {
				const trail = [start];
				for (let at = node; at !== start; at = previous.get(at)) trail.splice(1, 0, at);
				return [...trail, start];
			}
			if (!previous.has(next)) {
				previous.set(next, node);
				queue.push(next);
			}
		}
	}
	return [...part, start];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const folder = path.resolve(process.argv[2] ?? 'source');
	const cycles = importCycles(importGraph(folder));
	for (const cycle of cycles) console.log(cycle.map((file) => path.relative(folder, file)).join(' → '));
	if (cycles.length > 0) {
		console.log(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} in ${path.relative(process.cwd(), folder) || '.'}`);
		process.exitCode = 1;
	} else {
		console.log(`No import cycle in ${path.relative(process.cwd(), folder) || '.'}`);
	}
}
