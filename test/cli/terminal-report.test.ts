// `make:* --yes` in a real terminal (tmux) shows what it did: the original's three lines, the
// files created and modified, then the next steps; colour only there and never with NO_COLOR.
// Piped, the output is the original's three lines and nothing else.
import {writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';
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

	test('TERM=dumb (Emacs\' shell, an editor\'s console): no colour code, the report otherwise the same', async () => {
		const dumb = await inTerminal(['make:api', 'lyon2', '--yes'], tempProject('sample'), {TERM: 'dumb'});
		expect(dumb.status).toBe(0);
		expect(dumb.coloured).not.toMatch(/\u001B\[/);
		expect(dumb.screen).toContain('  create  app/Controller/api/Lyon2Controller.php');
	});
});

describe.skipIf(!hasTmux)('make:command --yes in a terminal', () => {
	test('lists the class and commands.yaml, then how to run it; from another folder the steps start with cd', async () => {
		const root = tempProject('skeleton');
		const {screen, coloured, status} = await inTerminal(['make:command', 'tally', '--yes', '--cwd', root], tmpdir());
		expect(status).toBe(0);
		const rows = screen.split('\n').map((row) => row.trimEnd());
		expect(rows.slice(0, 4)).toEqual([`Project: ${root}`, 'Class : ./app/Command/TallyCommand', 'Command : php bin/edu tally', '[OK] Command successfully generated']);
		expect(rows).toContain('  create  app/Command/TallyCommand.php');
		expect(rows).toContain('  modify  app/Config/commands.yaml');
		const steps = rows.slice(rows.indexOf('Next steps:') + 1);
		expect(steps.slice(0, 2)).toEqual(['  Go to the project:', `    cd ${root}`]);
		expect(steps).toContain('    php bin/edu tally');
		expect(coloured).toMatch(colour);
	});
});

describe.skipIf(!hasTmux)('--ansi and --no-ansi, as php bin/edu takes them', () => {
	test('--no-ansi: no colour in a terminal; --ansi: colour even with NO_COLOR set; the report otherwise the same', async () => {
		const plain = await inTerminal(['make:api', 'lyon2', '--yes', '--no-ansi'], tempProject('sample'));
		expect(plain.status).toBe(0);
		expect(plain.coloured).not.toMatch(colour);
		expect(plain.screen).toContain('  create  app/Controller/api/Lyon2Controller.php');
		const forced = await inTerminal(['--ansi', 'make:api', 'lyon2', '--yes'], tempProject('sample'), {NO_COLOR: '1'});
		expect(forced.status).toBe(0);
		expect(forced.coloured).toMatch(colour);
		expect(forced.screen.replace(/\s+$/, '')).toBe(plain.screen.replace(/\s+$/, ''));
	});
});

describe.skipIf(!hasTmux)('make:api --template resource --yes in a terminal, and DB_HOST_STATUS', () => {
	const args = ['make:api', 'ville', '--template', 'resource', '--fields', 'nom:string:255', '--yes'];
	/** Everything the run printed (its report is taller than the terminal), wrapped lines joined back. */
	const report = async (root: string): Promise<string[]> => {
		const terminal = await Terminal.start(args, {cwd: root});
		try {
			expect(await terminal.exitStatus()).toBe(0);
			const history = await terminal.waitFor(() => true, 'the report').then(() => terminal.history());
			return history.split('\n').map((row) => row.trimEnd());
		} finally {
			await terminal.close();
		}
	};

	test.each(['DB_HOST_STATUS=false\n', 'DB_HOST_STATUS=TRUE\n', 'DB_TYPE=mysql\n'])('.env with %j: the steps say to write DB_HOST_STATUS=true before creating the table', async (env) => {
		const root = tempProject('skeleton');
		writeFileSync(path.join(root, '.env'), env);
		const rows = await report(root);
		const line = rows.indexOf('    DB_HOST_STATUS=true');
		expect(line, rows.join('\n')).toBeGreaterThan(rows.indexOf('Next steps:'));
		// The purpose above it, broken to the terminal's width by edu.
		expect(rows.slice(line - 2, line).map((row) => row.trim()).join(' ')).toBe('Let the framework connect to the database: write this line in .env (it connects only with exactly true; without it each call answers 500):');
		expect(rows.findIndex((row) => row.startsWith('    CREATE TABLE ville'))).toBeGreaterThan(line);
	});

	test('.env with DB_HOST_STATUS=true: no such step', async () => {
		const root = tempProject('skeleton');
		writeFileSync(path.join(root, '.env'), 'DB_HOST_STATUS=true\n');
		const rows = await report(root);
		expect(rows.some((row) => row.startsWith('    CREATE TABLE ville'))).toBe(true);
		expect(rows).not.toContain('    DB_HOST_STATUS=true');
	});
});

test('piped, the report is the original three lines only, in colour only with --ansi', async () => {
	const lines = 'Class : ./app/Controller/api/Lyon2Controller\nURI : /api/lyon2\n[OK] Controller and route successfully generated\n';
	for (const ansi of [[], ['--no-ansi']]) {
		expect(await runMain(['make:api', 'lyon2', '--yes', ...ansi], {cwd: tempProject('sample'), env: {NO_COLOR: undefined}})).toEqual({exitCode: 0, stdout: lines, stderr: ''});
	}
	const forced = await runMain(['make:api', 'lyon2', '--yes', '--ansi'], {cwd: tempProject('sample'), env: {NO_COLOR: undefined}});
	expect(forced.exitCode).toBe(0);
	expect(forced.stdout).toMatch(colour);
	expect(forced.stdout.replaceAll(/\u001B\[[0-9;]*m/g, '')).toBe(lines);
});
