// The folders public/index.php hands the framework's ConfigCore (route_config_path, twig_path…),
// read with php-parser, and whether each is there with the case written: Windows and macOS find
// app/config/ when the folder is app/Config/, Linux does not. edu doctor and edu start say so.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {readTextFile} from '../base/path-kind.js';
import {isSyntaxError, parsePhp, type PhpNode} from '../php/php-parser.js';

export const frontController = 'public/index.php';

export interface ConfiguredPath {
	/** The ConfigCore key, e.g. route_config_path. */
	readonly key: string;
	/** The folder from the project root, with / separators, as written ('' for the root). */
	readonly relative: string;
	/** 1-based line of the value in public/index.php. */
	readonly line: number;
	/** The string literal as written in the file, e.g. '/../app/config/'. */
	readonly literal: string;
}

export interface PathProblem extends ConfiguredPath {
	/** What exists instead, with its real case (for a case mismatch), or undefined when nothing does. */
	readonly actual?: string;
	/** The line of public/index.php with the path corrected, for a case mismatch. */
	readonly fixedLine?: string;
	/** The line as it is. */
	readonly lineText: string;
}

/** What the framework does with each folder, for the message; keys it creates itself are not required. */
const uses: Readonly<Record<string, (written: string) => string>> = {
	route_config_path: (written) => `the framework does not find routes.yaml and every request answers 500 (ParseException: File ".../${written}routes.yaml" does not exist)`,
	twig_path: () => 'Twig does not find the views and every page that renders one answers 500',
	command_config_path: () => 'the console does not find commands.yaml',
	base_path: () => 'the framework does not find its files',
	sqlite_path: () => 'the framework opens (and creates) another, empty SQLite database',
};
const createdByTheFramework = new Set(['sqlite_path', 'command_config_path']);

function isNode(value: unknown): value is PhpNode {
	return typeof value === 'object' && value !== null && typeof (value as {kind?: unknown}).kind === 'string';
}

/** A value built from __DIR__, dirname(__DIR__) and string literals: the path it names from public/, and its last literal. */
function evaluate(node: PhpNode): {value: string; literal?: PhpNode} | undefined {
	if (node.kind === 'magic' && node['value'] === '__DIR__') return {value: '.'};
	if (node.kind === 'string') return {value: String(node['value']), literal: node};
	if (node.kind === 'call' && isNode(node['what']) && String(node['what']['name']).replace(/^\\/, '').toLowerCase() === 'dirname') {
		const [argument] = Array.isArray(node['arguments']) ? (node['arguments'] as unknown[]) : [];
		const inner = isNode(argument) ? evaluate(argument) : undefined;
		return inner === undefined || inner.literal !== undefined ? undefined : {value: `${inner.value}/..`};
	}
	if (node.kind === 'bin' && node['type'] === '.' && isNode(node['left']) && isNode(node['right'])) {
		const left = evaluate(node['left']);
		const right = evaluate(node['right']);
		if (left === undefined || right === undefined) return undefined;
		return {value: `${left.value}${right.value}`, ...(right.literal ?? left.literal ? {literal: (right.literal ?? left.literal)!} : {})};
	}
	return undefined;
}

/** Every `new ConfigCore([...])` array entry of the file that names a folder from __DIR__. */
function configEntries(program: PhpNode): Array<{key: string; value: PhpNode}> {
	const found: Array<{key: string; value: PhpNode}> = [];
	const visit = (node: unknown): void => {
		if (Array.isArray(node)) {
			for (const item of node) visit(item);
			return;
		}
		if (!isNode(node)) return;
		if (node.kind === 'new' && isNode(node['what']) && /(^|\\)ConfigCore$/i.test(String(node['what']['name']))) {
			const [array] = Array.isArray(node['arguments']) ? (node['arguments'] as unknown[]) : [];
			if (isNode(array) && array.kind === 'array') {
				for (const entry of Array.isArray(array['items']) ? (array['items'] as unknown[]) : []) {
					if (isNode(entry) && isNode(entry['key']) && entry['key'].kind === 'string' && isNode(entry['value'])) found.push({key: String(entry['key']['value']), value: entry['value']});
				}
			}
		}
		for (const [field, value] of Object.entries(node)) if (field !== 'loc' && typeof value === 'object') visit(value);
	};
	visit(program);
	return found;
}

/** The folders public/index.php configures, relative to the project root; none when it is missing or not PHP. */
export function configuredPaths(root: string): ConfiguredPath[] {
	const text = readTextFile(path.join(root, frontController));
	if (text === undefined) return [];
	const program = parsePhp(text, frontController);
	if (isSyntaxError(program)) return [];
	return configEntries(program).flatMap(({key, value}) => {
		const evaluated = evaluate(value);
		if (evaluated === undefined || !evaluated.value.startsWith('.')) return [];
		const relative = path.posix.normalize(`public/${evaluated.value}`).replace(/\/+$/, '').replace(/^\.$/, '');
		if (relative === '..' || relative.startsWith('../')) return [];
		const literal = evaluated.literal === undefined ? '' : String(evaluated.literal['raw'] ?? '');
		return [{key, relative, line: value.loc?.start.line ?? 1, literal}];
	});
}

/** Walks `relative` down from the root: exact match, else the folder there in another case (each part's real case), or nothing. */
function lookUp(root: string, relative: string): {exact: true} | {exact: false; actual?: string} {
	const parts = relative === '' ? [] : relative.split('/');
	const real: string[] = [];
	for (const part of parts) {
		let names: string[];
		try {
			names = readdirSync(path.join(root, ...real));
		} catch {
			return {exact: false};
		}
		const name = names.includes(part) ? part : names.find((candidate) => candidate.toLowerCase() === part.toLowerCase());
		if (name === undefined) return {exact: false};
		real.push(name);
	}
	return real.every((name, index) => name === parts[index]) ? {exact: true} : {exact: false, actual: real.join('/')};
}

/** The configured folders that are not there as written: a case mismatch, or missing where the framework needs them. */
export function configuredPathProblems(root: string): PathProblem[] {
	const lines = (readTextFile(path.join(root, frontController)) ?? '').split(/\r?\n|\r/);
	return configuredPaths(root).flatMap((configured) => {
		const found = lookUp(root, configured.relative);
		if (found.exact) return [];
		const lineText = lines[configured.line - 1] ?? '';
		if (found.actual === undefined) return createdByTheFramework.has(configured.key) ? [] : [{...configured, lineText}];
		const written = configured.relative.split('/');
		const actual = found.actual.split('/');
		// The literal with each part in its real case: only the letters' case changes.
		let fixedLiteral = configured.literal;
		for (const [index, part] of written.entries()) {
			const real = actual[index];
			if (real !== undefined && real !== part) fixedLiteral = fixedLiteral.replace(new RegExp(`(^|[/\\\\'"])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[/\\\\'"])`), `$1${real}`);
		}
		const fixedLine = configured.literal === '' ? undefined : lineText.replace(configured.literal, fixedLiteral);
		return [{...configured, actual: found.actual, lineText, ...(fixedLine === undefined || fixedLine === lineText ? {} : {fixedLine})}];
	});
}

/** One problem in words: what, why (Windows and macOS against Linux), and the one-line fix. */
export function describePathProblem(problem: PathProblem): {message: string; fix: string} {
	const where = `${frontController}:${problem.line}`;
	const written = `${problem.relative}/`;
	const use = uses[problem.key]?.(written) ?? 'the framework does not find it';
	if (problem.actual === undefined) {
		return {message: `${where}: ${problem.key} is ${written}, which does not exist: ${use}`, fix: `create ${written}, or correct line ${problem.line} of ${frontController}`};
	}
	return {
		message: `${where}: ${problem.key} is ${written} but the folder is ${problem.actual}/: Windows and macOS ignore the case of file names, so it works there; on Linux ${use}`,
		fix: problem.fixedLine === undefined
			? `write ${problem.actual}/ in line ${problem.line} of ${frontController}, with its case`
			: `write line ${problem.line} of ${frontController} as: ${problem.fixedLine.trim()}`,
	};
}
