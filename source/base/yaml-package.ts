// The `yaml` package is large: it is loaded on first use, by the files that need a full YAML
// parse (a routes.yaml the scanner leaves, commands.yaml, a project's template manifest), never
// at start-up or when the wizard opens.
import {createRequire} from 'node:module';

let yamlModule: typeof import('yaml') | undefined;

export function yaml(): typeof import('yaml') {
	yamlModule ??= createRequire(import.meta.filename)('yaml') as typeof import('yaml');
	return yamlModule;
}

/**
 * The `yaml` package's error message in the file's terms: its first line, without its own place
 * (the caller gives file:line:col), and without advice meant for a JavaScript programmer.
 */
export function yamlReason(message: string): string {
	if (message.startsWith('Source contains multiple documents')) return 'a second YAML document starts here (---): this file must hold one; remove this line and put what follows with the rest';
	return (message.split('\n', 1)[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
}
