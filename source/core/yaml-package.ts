// The `yaml` package is large: it is loaded on first use, by the files that need a full YAML
// parse (a routes.yaml the scanner leaves, commands.yaml, a project's template manifest), never
// at start-up or when the wizard opens.
import {createRequire} from 'node:module';

let yamlModule: typeof import('yaml') | undefined;

export function yaml(): typeof import('yaml') {
	yamlModule ??= createRequire(import.meta.filename)('yaml') as typeof import('yaml');
	return yamlModule;
}
