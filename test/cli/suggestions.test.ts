// One style of "did you mean" for commands, options and option values, and names: an invalid
// name is offered the nearest valid one; a name whose _ precedes a capital is warned about.
import {describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

describe('one suggestion style', () => {
	test.each([
		[['maek:api', 'x'], "edu: unknown command 'maek:api' (did you mean make:api? edu list shows every command).\n"],
		[['make:api', 'x', '--method', 'GET'], "edu: unknown option '--method' (did you mean --methods? edu help make:api lists its options).\n"],
		[['make:api', 'x', '--template', 'resoure'], "edu: invalid value 'resoure' for --template (did you mean resource? allowed: default, resource, upload).\n"],
		[['make:api', 'x', '--template', 'RESOURCE'], "edu: invalid value 'RESOURCE' for --template (did you mean resource? allowed: default, resource, upload).\n"],
		[['make:api', 'x', '--json=false'], 'edu: --json takes no value: write --json alone, or leave it out (edu help make:api lists its options).\n'],
		[['make:api', 'x', '--force=yes'], 'edu: --force takes no value: write --force alone, or leave it out (edu help make:api lists its options).\n'],
		[['make:api', 'a', '--template', 'resource', '--fields', 'nom:string', '--table', '--dry-run'], 'edu: --table needs a value, and --dry-run came next: write --table NAME (edu help make:api lists its options).\n'],
		[['make:api', 'a', '--uri', '-y'], 'edu: --uri needs a value, and -y came next: write --uri URI (edu help make:api lists its options).\n'],
		[['routes', '--check=1'], 'edu: --check takes no value: write --check alone, or leave it out (edu help routes lists its options).\n'],
		[['make:controller', 'a', '--description=x'], "edu: unknown option '--description' (edu help make:controller lists its options).\n"],
		[['make:api', 'a', '--uri'], 'edu: --uri needs a value: write --uri URI (edu help make:api lists its options).\n'],
		[['make:api', 'ville', 'paris', '--yes'], 'edu: make:api takes one controller-name, and got 2: a name is one word, and a value with spaces goes in quotes (edu help make:api lists its options).\n'],
		[['routes', 'extra'], 'edu: routes takes no argument, and got 1 (edu help routes lists its options).\n'],
		[['--uri', '/api/z', 'make:api', 'x', '--yes'], 'edu: --uri is an option of make:api: write it after the command name (edu make:api … --uri …).\n'],
		[['--bogus', 'make:api', 'x'], "edu: unknown option '--bogus' (edu --help lists the options).\n"],
		[['--yes=1', 'make:api', 'x'], 'edu: --yes takes no value: write --yes alone, or leave it out (edu help make:api lists its options).\n'],
		[['completion', 'bash', 'zsh'], 'edu: completion takes one shell, and got 2 (edu help completion lists its options).\n'],
	])('%j', async (args, message) => {
		const result = await runMain(args, {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toBe(message);
	});
});

describe('names', () => {
	test('"Ville Paris" is refused in a sentence that offers VilleParis', async () => {
		const result = await runMain(['make:api', 'Ville Paris', '--yes'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toBe('Invalid controller name "Ville Paris": the name cannot contain a space: a PHP class name uses only the letters A-Z and a-z, digits and _ (did you mean VilleParis?).\n');
	});

	test.each([['\uFF36ille', 'Ville'], ['Vill\u00E9', 'Ville'], ['\uFB01le', 'File']])('%j offers %s (full-width letters, accents and ligatures read as the letters they show)', async (name, offered) => {
		const result = await runMain(['make:api', name, '--yes'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain(`(did you mean ${offered}?)`);
	});

	test('Ville_Paris: a warning with the spellings that give /api/ville-paris and /api/ville_paris', async () => {
		const result = await runMain(['make:api', 'Ville_Paris', '--dry-run'], {cwd: tempProject('sample')});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('Warning: "Ville_Paris" has _ before a capital, which starts a word: it gives /api/ville--paris; write "VilleParis" for /api/ville-paris, or write "ville_paris" for /api/ville_paris.\n');
	});
});
