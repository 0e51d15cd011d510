// The templates available in a project: the built-in folders under templates/, and the project's
// own under .edu/templates/<name>/ (a built-in's name there replaces the built-in). Each folder is
// read and checked when first asked for, so a run reads only the template it uses, and a broken
// one is refused (file:line) before anything is planned.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {checkText, classFileProblem, sameTarget} from './check.js';
import {readTemplateFile} from './template-file.js';
import {compiledManifest, compiledTexts} from './compiled.js';
import {engines} from './engines.js';
import {isManifestProblem, readManifest, type Manifest} from './manifest.js';
import {defaultProblem} from './option-values.js';
import {position, readJson, type JsonNode} from '../base/json-check.js';
import {isFolder} from '../base/path-kind.js';

/** Registering a built-in template: add its folder under templates/ and its name here. */
export const builtinNames = ['default', 'resource', 'upload', 'web', 'command'] as const;

export const builtinFolder = path.join(import.meta.dirname, '..', '..', 'templates');
export const projectTemplatesFolder = '.edu/templates';
export const manifestFile = 'template.json';

export interface LoadedTemplate {
	readonly name: string;
	readonly origin: 'built-in' | 'project';
	/** The folder: relative to the project root for a project's own, absolute for a built-in. */
	readonly folder: string;
	readonly manifest: Manifest;
	/** Each file's text, by role. */
	readonly texts: Readonly<Record<string, string>>;
}

export interface BrokenTemplate {
	readonly name: string;
	readonly origin: 'project';
	readonly folder: string;
	/** `.edu/templates/<name>/<file>:LINE: what is wrong`. */
	readonly problem: string;
}

export type TemplateEntry = LoadedTemplate | BrokenTemplate;

export function isBroken(entry: TemplateEntry): entry is BrokenTemplate {
	return 'problem' in entry;
}

export interface TemplateCatalog {
	/** Every name available here: the built-ins in their order, then the project's new ones, sorted. */
	readonly names: readonly string[];
	get(name: string): TemplateEntry | undefined;
}

const builtinCache = new Map<string, LoadedTemplate>();

let builtinOnly: TemplateCatalog | undefined;

/** The catalog of `root` (undefined: the built-ins only, one catalog for the process). */
export function templateCatalog(root?: string): TemplateCatalog {
	if (root === undefined) return builtinOnly ??= makeCatalog();
	return makeCatalog(root);
}

function makeCatalog(root?: string): TemplateCatalog {
	const own = root === undefined ? [] : projectTemplateNames(root);
	const names = [...builtinNames, ...own.filter((name) => !(builtinNames as readonly string[]).includes(name)).sort()];
	const cache = new Map<string, TemplateEntry>();
	return {
		names,
		get(name) {
			if (!names.includes(name)) return undefined;
			let entry = cache.get(name);
			if (entry === undefined) {
				entry = root !== undefined && own.includes(name) ? loadProject(root, name) : loadBuiltin(name);
				cache.set(name, entry);
			}
			return entry;
		},
	};
}

function projectTemplateNames(root: string): string[] {
	const folder = path.join(root, projectTemplatesFolder);
	if (!existsSync(folder)) return [];
	try {
		return readdirSync(folder).filter((name) => !name.startsWith('.') && isFolder(path.join(folder, name)));
	} catch {
		return [];
	}
}

function loadBuiltin(name: string): LoadedTemplate {
	const cached = builtinCache.get(name);
	if (cached !== undefined) return cached;
	const folder = path.join(builtinFolder, name);
	const manifest = compiledManifest(name) ?? readManifest(JSON.parse(readFileSync(path.join(folder, manifestFile), 'utf8')), name);
	// A built-in's manifest is checked by the tests; a broken one is a bug, not the user's problem.
	if (isManifestProblem(manifest)) throw new Error(`templates/${name}/${manifestFile}: ${manifest.message}`);
	// Read when first rendered: registering the commands reads every built-in's manifest, for its flags.
	let texts: Readonly<Record<string, string>> | undefined;
	const loaded: LoadedTemplate = {
		name, origin: 'built-in', folder, manifest,
		get texts() {
			return texts ??= compiledTexts(name) ?? Object.fromEntries(manifest.files.map((file) => [file.role, readFileSync(path.join(folder, file.from), 'utf8')]));
		},
	};
	builtinCache.set(name, loaded);
	return loaded;
}

function loadProject(root: string, name: string): TemplateEntry {
	const folder = `${projectTemplatesFolder}/${name}`;
	const broken = (file: string, line: number | undefined, message: string, col?: number): BrokenTemplate => ({
		name, origin: 'project', folder, problem: `${folder}/${file}${line === undefined ? '' : `:${line}`}${line === undefined || col === undefined ? '' : `:${col}`}: ${message}`,
	});
	if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) return broken('', undefined, 'a template name starts with a letter or a digit, then letters, digits, _ and - (at most 64)');
	const manifestRead = readTemplateFile(root, `${folder}/${manifestFile}`, maxManifestBytes);
	if (manifestRead === 'missing') return broken(manifestFile, undefined, `missing: every template folder holds a ${manifestFile} (edu template:publish writes one)`);
	if ('problem' in manifestRead) return broken(manifestFile, undefined, manifestRead.problem);
	const read = readManifestWithLines(manifestRead.text, name);
	if ('problem' in read) return broken(manifestFile, read.line, read.problem, read.col);
	const {manifest, siteOf} = read;
	// A default is checked as the flag it stands for, and refused where it is written.
	for (const option of manifest.options) {
		const problem = option.default === undefined ? undefined : defaultProblem(option.type, option.default, name);
		if (problem === undefined) continue;
		const at = siteOf(['options', option.name, 'default'], true);
		return broken(manifestFile, at.line, `the "default" of ${option.name} is not a value --${option.name} takes: ${problem}`, at.col);
	}
	const engine = engines[manifest.engine];
	const texts: Record<string, string> = {};
	for (const file of manifest.files) {
		const to = siteOf(['files', file.role, 'to']);
		const toProblem = checkText(file.to, engine, [...engine.names, ...engine.pathVariables])?.message ?? classFileProblem(file.to, file.role, engine);
		if (toProblem !== undefined) return broken(manifestFile, to.line, `"to": ${toProblem}`, to.col);
		const fileRead = readTemplateFile(root, `${folder}/${file.from}`);
		const from = siteOf(['files', file.role, 'from']);
		if (fileRead === 'missing') return broken(manifestFile, from.line, `"${file.from}" is not a file of ${folder}`, from.col);
		if ('problem' in fileRead) return broken(file.from, undefined, fileRead.problem);
		const {text} = fileRead;
		const problem = checkText(text, engine);
		if (problem !== undefined) return broken(file.from, problem.line, problem.message, problem.col);
		texts[file.role] = text;
	}
	const clash = clashingTarget(manifest);
	if (clash !== undefined) {
		const at = siteOf(['files', clash.role, 'to']);
		return broken(manifestFile, at.line, `"to": the ${clash.role} file goes where the ${clash.other} file goes (${clash.to}): each file needs a place of its own`, at.col);
	}
	return {name, origin: 'project', folder, manifest, texts};
}

type Site = {readonly line: number; readonly col: number};
type Read = {readonly manifest: Manifest; readonly siteOf: (key: readonly string[], value?: boolean) => Site} | {readonly problem: string; readonly line?: number; readonly col?: number};

/**
 * A project's template.json, read as strict JSON (what its name promises: a key without quotes, a
 * key given twice or a trailing comma is refused at its line and column), with the line of every key.
 */
function readManifestWithLines(file: string, name: string): Read {
	// A byte order mark some editors write is not part of the JSON.
	const text = file.replace(/^\uFEFF/, '');
	const read = readJson(text);
	if ('problem' in read) return {problem: `not valid JSON: ${read.problem.reason}`, line: read.problem.line, col: read.problem.col};
	// The key's own place (`value`: its value's); for a key that is missing, the object that lacks it.
	const siteOf = (key: readonly string[], value = false): Site => {
		let node: JsonNode = read.root;
		let site = position(text, node.start);
		for (const part of key) {
			if (node.kind !== 'object') break;
			const entry = node.entries.find((each) => each.key === part);
			if (entry === undefined) break;
			site = position(text, value && part === key.at(-1) ? entry.value.start : entry.keyStart);
			node = entry.value;
		}
		return site;
	};
	const manifest = readManifest(JSON.parse(text), name);
	if (isManifestProblem(manifest)) return {problem: manifest.message, ...siteOf(manifest.key)};
	return {manifest, siteOf};
}

/** The most a template.json may hold. */
const maxManifestBytes = 64 * 1024;

/** The first file whose `to` lands where an earlier file's does, for any name. */
function clashingTarget(manifest: Manifest): {readonly role: string; readonly other: string; readonly to: string} | undefined {
	for (const [index, file] of manifest.files.entries()) {
		const other = manifest.files.slice(0, index).find((earlier) => sameTarget(earlier.to, file.to));
		if (other !== undefined) return {role: file.role, other: other.role, to: file.to};
	}
	return undefined;
}
