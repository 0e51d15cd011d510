// esbuild's __toESM, shared: one wrapper per CommonJS module instead of one per importer.
//
// In a bundle, each ES module that imports a CommonJS module (React, Ink's dependencies, a Node
// built-in) calls esbuild's __toESM, which makes a new object and copies every export of the
// module onto it as a getter: a property descriptor and a closure per export, per importer.
// ui.js wraps React 28 times and node:process 12 times, and the wizard's screens wrap Ink 17
// times: about 1.5 MB of objects before the first frame, which the first garbage collections
// then copy (git log -p docs/performance.md has the measurements). Shared, a module is wrapped once; a
// later importer gets the same object, topped up with any export added since (what a fresh
// copy would have shown it), so every importer still sees every export the module has when it
// imports it.

/** esbuild's helper as it writes it with minifySyntax (esbuild 0.28). */
const helper = 'var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod))';

/** The same helper, remembering the wrapper it made for each module (per kind of import). */
const shared = 'var __esmWrappers=[new WeakMap,new WeakMap],__toESM=(mod,isNodeMode,target)=>{'
	+ 'let wrappers=mod!==null&&(typeof mod=="object"||typeof mod=="function")?__esmWrappers[isNodeMode?1:0]:void 0,wrapped=wrappers?.get(mod);'
	+ 'if(wrapped!==void 0)return __copyProps(wrapped,mod);'
	+ 'target=mod!=null?__create(__getProtoOf(mod)):{};'
	+ 'wrapped=__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod);'
	+ 'wrappers?.set(mod,wrapped);return wrapped}';

/**
 * The bundle's text with __toESM shared; unchanged when the bundle never calls it. Throws when
 * it calls a __toESM that is not the one above (esbuild's output changed): the build then fails.
 */
export function withSharedEsmWrappers(text, name = 'the bundle') {
	if (!/\b__toESM\(/.test(text)) return text;
	if (text.split(helper).length !== 2) {
		throw new Error(`${name}: esbuild's __toESM helper changed: update scripts/esm-wrappers.js.`);
	}
	return text.replace(helper, shared);
}
