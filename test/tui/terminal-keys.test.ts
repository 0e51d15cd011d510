// Keys that arrive together in a real pseudo-terminal (tmux, the built binary): several keys in
// one write (one send-keys), and type-ahead sent before the wizard has drawn anything.
import {appendFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from './tmux.js';

describe.skipIf(!hasTmux)('keys read together, in a real terminal', () => {
	test('`Lyon` and Enter in one write reach the template screen with Lyon', async () => {
		const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample')});
		try {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.keys('L', 'y', 'o', 'n', 'Enter');
			const screen = await terminal.waitFor((current) => current.includes('Template · step'), 'the template screen');
			expect(screen).toContain('What should LyonController do?');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('`Lyon` and Enter typed before the first frame: applied once the wizard is up, never echoed above it', async () => {
		const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample')});
		try {
			// At once: the program is still starting, the terminal still in line mode.
			await terminal.keys('L', 'y', 'o', 'n', 'Enter');
			const screen = await terminal.waitFor((current) => current.includes('Template · step'), 'the template screen');
			expect(screen).toContain('What should LyonController do?');
			const rows = screen.split('\n');
			expect(rows[0]).toContain('edu make:api');
			expect(rows.filter((row) => row.includes('Lyon'))).toEqual(['What should LyonController do?']);
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('type-ahead from a folder below the project: the echo is erased, the Project: line kept', async () => {
		const root = tempProject('sample');
		const terminal = await Terminal.start(['make:api'], {cwd: path.join(root, 'app')});
		try {
			await terminal.keys('L', 'y', 'o', 'n', 'Enter');
			const screen = await terminal.waitFor((current) => current.includes('Template · step'), 'the template screen');
			const rows = screen.split('\n');
			expect(rows[0]).toBe(`Project: ${root}`);
			expect(rows[1]).toContain('edu make:api');
			expect(rows.filter((row) => row.includes('Lyon'))).toEqual(['What should LyonController do?']);
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('on the route screen, Tab and Ctrl+U in one write leave the URI empty', async () => {
		const terminal = await Terminal.start(['make:controller'], {cwd: tempProject('sample')});
		try {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.keys('L', 'y', 'o', 'n', 'Enter');
			await terminal.waitFor((screen) => screen.includes('Route · step') && screen.includes('URI   /lyon'), 'the route screen');
			await terminal.keys('Tab', 'C-u');
			const screen = await terminal.waitFor((current) => current.includes('the URI is empty'), 'the emptied URI');
			expect(screen).toMatch(/❯ URI *\n/);
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('an invalid name on the command line opens the wizard on it, refused, to be fixed there', async () => {
		const terminal = await Terminal.start(['make:api', 'Ville Paris'], {cwd: tempProject('sample')});
		try {
			const screen = await terminal.waitFor((current) => current.includes('Controller name: Ville Paris'), 'the name screen on the name');
			expect(screen.replace(/ *\n */g, ' ')).toContain('(did you mean VilleParis?)');
			// Home, Ctrl+K clears it; the nearest valid name, typed, goes on.
			await terminal.keys('C-a', 'C-k', 'V', 'i', 'l', 'l', 'e', 'P', 'a', 'r', 'i', 's', 'Enter');
			await terminal.waitFor((current) => current.includes('What should VilleParisController do?'), 'the template screen');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('a taken name and Enter typed before the first frame are judged against the project, read after that frame', async () => {
		const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample')});
		try {
			await terminal.keys('H', 'e', 'l', 'l', 'o', 'Enter');
			const screen = await terminal.waitFor((current) => current.includes('Controller name: Hello') && current.includes('Route already exists.'), 'the refused name');
			expect(screen).toContain('Enter next (fix the name first)');
			expect(screen).not.toContain('Template · step');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});

	test('a routes.yaml that cannot be read once the first frame is up: its one line where the wizard was, exit 1', async () => {
		const root = tempProject('sample');
		appendFileSync(path.join(root, 'app/Config/routes.yaml'), 'api_x:\n  uri: [oops\n');
		for (const args of [['make:api'], []]) {
			const terminal = await Terminal.start(args, {cwd: root});
			try {
				expect(await terminal.exitStatus()).toBe(1);
				const rows = (await terminal.screen()).split('\n');
				expect(rows[0]).toMatch(/^app\/Config\/routes\.yaml:14:13: Flow sequence/);
				expect(rows.join('\n')).not.toContain('Controller name');
				expect(rows.join('\n')).not.toContain('edu make:api');
			} finally {
				await terminal.close();
			}
		}
	});
	test('a bracketed paste types the name alone, and Ctrl+← (ESC [ 1 ; 5 D) goes to its start', async () => {
		const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample')});
		try {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			// What a terminal with bracketed paste on sends: the name used to arrive as `[200~Paris[201~`.
			await terminal.type('\u001B[200~Paris\u001B[201~');
			await terminal.type('\u001B[1;5D');
			await terminal.type('Ville');
			const screen = await terminal.waitFor((current) => current.includes('URI     /api/ville-paris'), 'the name VilleParis');
			expect(screen).toContain('Controller name: VilleParis\n');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});
});

describe.skipIf(!hasTmux)('a terminal that says it has no size', () => {
	test('0×0 (script with no terminal around it, a container before its size is set): the wizard draws as in 80×24, not a character a line', async () => {
		const terminal = await Terminal.start(['make:api'], {cwd: tempProject('sample'), before: 'stty rows 0 cols 0'});
		try {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.type('Lyon');
			const screen = await terminal.waitFor((current) => current.includes('/api/lyon'), 'the preview of Lyon');
			expect(screen).toContain('Controller name: Lyon');
			expect(screen).toContain('File    app/Controller/api/LyonController.php');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		} finally {
			await terminal.close();
		}
	});
});

/** The template screen reached with Lyon, the command line typed at the prompt still above it, and no echo of Lyon. */
async function expectLyonUnderCommand(terminal: Terminal, line: string): Promise<void> {
	const screen = await terminal.waitFor((current) => current.includes('Template · step'), 'the template screen');
	const rows = screen.split('\n');
	// The rows above the wizard's title: the command line, as the terminal wrapped it.
	const title = rows.findIndex((row) => row.startsWith('edu make:api'));
	expect(rows.slice(0, title).join('')).toBe(`$ ${line}`);
	expect(rows.filter((row) => row.includes('Lyon'))).toEqual(['What should LyonController do?']);
	await terminal.keys('C-c');
}

describe.skipIf(!hasTmux)('type-ahead at a shell prompt', () => {
	test('the command and `Lyon⏎` in one write (a paste): the wizard takes Lyon, and the command line typed at the prompt stays on the screen', async () => {
		const {terminal, line} = await Terminal.shell(['make:api'], tempProject('sample'));
		try {
			await terminal.waitFor((screen) => screen.startsWith('$'), 'the prompt');
			await terminal.type(`${line}\rLyon\r`);
			await expectLyonUnderCommand(terminal, line);
		} finally {
			await terminal.close();
		}
	});

	test('`Lyon⏎` typed as the program starts: its echo is erased, the command line stays', async () => {
		const {terminal, line} = await Terminal.shell(['make:api'], tempProject('sample'));
		try {
			await terminal.waitFor((screen) => screen.startsWith('$'), 'the prompt');
			await terminal.type(`${line}\r`);
			await terminal.type('Lyon\r');
			await expectLyonUnderCommand(terminal, line);
		} finally {
			await terminal.close();
		}
	});
});
