// `make:* --yes` in a real terminal (tmux) shows what it did: the original's three lines, the
// files created and modified, then the next steps; colour only there and never with NO_COLOR.
// Piped, the output is the original's three lines and nothing else.
import {tmpdir} from 'node:os';
import {describe, expect, test} from 'vitest';
import {runEdu, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from '../tui/tmux.js';

const colour = /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;[0-9]+)(?:;[0-9;]*)?m/;

async function inTerminal(args: readonly string[], cwd: string, env?: Record<string, string>): Promise<{screen: string; coloured: string; status: number}> {
	const terminal = await Terminal.start(args, {cwd, env});
	try {
		const status = await terminal.exitStatus();
		const screen = await terminal.waitFor((current) => current.includes('Next steps:') && /\S\n*$/.test(current), 'the report');
		return {screen, coloured: await terminal.screen(true), status};
	} finally {
		await terminal.close();
	}
}

describe.skipIf(!hasTmux)('make:* --yes in a terminal', () => {
	test('`make:api lyon2 --yes` lists the controller and routes.yaml, then the next steps', async () => {
		const {screen, coloured, status} = await inTerminal(['make:api', 'lyon2', '--yes'], tempProject('sample'));
		expect(status).toBe(0);
		const rows = screen.split('\n').map((row) => row.trimEnd());
		expect(rows.slice(0, 3)).toEqual(['Class : ./app/Controller/api/Lyon2Controller', 'URI : /api/lyon2', '[OK] Controller and route successfully generated']);
		expect(rows).toContain('  create  app/Controller/api/Lyon2Controller.php');
		expect(rows).toContain('  modify  app/Config/routes.yaml');
		expect(rows).toContain('    curl -i http://localhost:8042/api/lyon2');
		// Run in the project: no cd.
		expect(screen).not.toContain('    cd ');
		expect(coloured).toMatch(colour);
	});

	test('from another folder the steps start with cd to the project; NO_COLOR: no colour code', async () => {
		const root = tempProject('sample');
		const {screen, coloured} = await inTerminal(['make:controller', 'Lyon', '--yes', '--cwd', root], tmpdir(), {NO_COLOR: '1'});
		const rows = screen.split('\n').map((row) => row.trimEnd());
		const steps = rows.slice(rows.indexOf('Next steps:') + 1);
		expect(steps.slice(0, 2)).toEqual(['  Go to the project:', `    cd ${root}`]);
		expect(steps).toContain('    http://localhost:8042/lyon');
		expect(coloured).not.toMatch(colour);
	});
});

test('piped, the report is the original three lines only', async () => {
	const result = await runEdu(['make:api', 'lyon2', '--yes'], {cwd: tempProject('sample'), env: {}});
	expect(result.stdout).toBe('Class : ./app/Controller/api/Lyon2Controller\nURI : /api/lyon2\n[OK] Controller and route successfully generated\n');
});
