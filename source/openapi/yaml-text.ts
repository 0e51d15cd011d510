// The OpenAPI document → YAML, with the `yaml` package. YAML 1.1 rules decide what gets
// quoted, so Symfony YAML and older readers see `'yes'`, `'200'` and `'1e3'` as strings too.
import {stringify} from 'yaml';
import type {JsonObject} from './arguments.js';

/** The document as YAML text, ending with a newline. */
export function toYaml(document: JsonObject): string {
	return stringify(document, {
		version: '1.1',
		lineWidth: 0,
		indent: 2,
		indentSeq: true,
		singleQuote: true,
		aliasDuplicateObjects: false,
		nullStr: 'null',
		trueStr: 'true',
		falseStr: 'false',
	});
}
