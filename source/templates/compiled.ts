// The built-in templates as the bundle carries them: scripts/bundle.js writes dist/bin/templates/
// with every built-in's manifest read and checked, and each template's file texts with the way
// they parse, so a run reads one small file per template it uses where the folders under
// templates/ take one per file, a check of each manifest and a parse of each text. Run from tsc's
// output or the sources there is no such folder: the catalog reads templates/ itself.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {knownParse} from './fill.js';
import type {Manifest} from './manifest.js';

/** Set by the bundle: the folder, beside it, that holds the compiled built-ins. */
declare const EDU_COMPILED_TEMPLATES: string | undefined;

/** What scripts/bundle.js writes: manifests.json, and <name>.json for each built-in. */
export interface CompiledManifests {
	readonly manifests: Readonly<Record<string, Manifest>>;
	/** Each `to` path of every manifest, with how it parses. */
	readonly parsed: readonly (readonly [string, unknown])[];
}

export interface CompiledTexts {
	/** Each file's text, by role. */
	readonly texts: Readonly<Record<string, string>>;
	readonly parsed: readonly (readonly [string, unknown])[];
}

const folder = typeof EDU_COMPILED_TEMPLATES === 'string' ? path.join(import.meta.dirname, EDU_COMPILED_TEMPLATES) : undefined;

let manifests: CompiledManifests['manifests'] | undefined;

/** A built-in's manifest as the build read and checked it; undefined outside the bundle. */
export function compiledManifest(name: string): Manifest | undefined {
	if (folder === undefined) return undefined;
	if (manifests === undefined) {
		const compiled = JSON.parse(readFileSync(path.join(folder, 'manifests.json'), 'utf8')) as CompiledManifests;
		for (const [text, tokens] of compiled.parsed) knownParse(text, tokens);
		manifests = compiled.manifests;
	}
	return manifests[name];
}

/** A built-in's file texts by role, their parse known to render(); undefined outside the bundle. */
export function compiledTexts(name: string): Readonly<Record<string, string>> | undefined {
	if (folder === undefined) return undefined;
	const compiled = JSON.parse(readFileSync(path.join(folder, `${name}.json`), 'utf8')) as CompiledTexts;
	for (const [text, tokens] of compiled.parsed) knownParse(text, tokens);
	return compiled.texts;
}
