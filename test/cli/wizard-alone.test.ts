// `edu`, `edu make:api` and `edu make:controller` typed alone in a terminal open the wizard
// without commander's program (main.ts; the make commands' lines are read from their
// declaration, as make-args.test.ts checks against commander): a refusal must read as it did.
import {describe, expect, it} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

describe('the wizard opened without commander', () => {
	it('edu --json in a terminal: the usage error names --json, not a missing terminal', async () => {
		const io = captureIo(tempProject('sample'), {interactive: true});
		expect(await main(['--json'], io)).toBe(2);
		const {ok, error} = JSON.parse(io.out()) as {ok: boolean; error: {message: string}};
		expect(ok).toBe(false);
		expect(error.message).toBe('edu: no command given: --json reports on a command, e.g. edu make:api NAME --yes --json (edu --help lists the commands).');
	});

	it.each([[[]], [['make:api']], [['make:controller']]])('%j alone in a terminal outside a project: the refusal and exit code of the commander path', async (argv) => {
		const folder = tempProject();
		const alone = captureIo(folder, {interactive: true});
		// --cwd . takes the commander path to the same folder.
		const viaCommander = captureIo(folder, {interactive: true});
		const aloneCode = await main(argv, alone);
		expect(aloneCode).toBe(1);
		expect(await main([...argv, '--cwd', '.'], viaCommander)).toBe(aloneCode);
		expect(alone.err()).toMatch(/^No Edu Framework project in /);
		expect(alone.err()).toBe(viaCommander.err());
		expect(alone.out()).toBe('');
	});
});
