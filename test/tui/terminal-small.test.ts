// The built wizard in real pseudo-terminals (tmux) from 40×12 up: a refusal's reason on the name
// screen, the review naming the controller, Esc with a name typed clearing it, and every frame
// with its title on the first row and its footer on screen; keys sent one by one and together.
import {describe, expect, test} from 'vitest';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from './tmux.js';

const sizes = [[40, 12], [60, 15], [80, 24], [200, 50]] as const;

/** The title on the first row, the footer on screen, no row wider than the terminal. */
function expectFrame(screen: string, columns: number, rows: number, title: string): void {
	const lines = screen.split('\n');
	expect(lines.length, screen).toBeLessThanOrEqual(rows);
	expect(lines[0], screen).toContain(title);
	expect(lines.some((line) => line.includes('Ctrl+C quit')), screen).toBe(true);
	expect(lines.every((line) => [...line].length <= columns), screen).toBe(true);
}

async function withWizard(columns: number, rows: number, run: (terminal: Terminal, root: string) => Promise<void>): Promise<void> {
	const root = tempProject('sample');
	const terminal = await Terminal.start(['make:api'], {cwd: root, columns, rows});
	try {
		await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
		await run(terminal, root);
	} finally {
		await terminal.close();
	}
}

describe.skipIf(!hasTmux)('the wizard in small and large real terminals', () => {
	for (const [columns, rows] of sizes) {
		test(`${columns}×${rows}, keys one by one: typing hello shows "already exists"; Enter does nothing`, async () => {
			await withWizard(columns, rows, async (terminal, root) => {
				const before = snapshotTree(root);
				for (const key of 'hello') await terminal.type(key);
				const screen = await terminal.waitFor((current) => current.includes('already exists'), '"already exists"');
				expect(screen).toContain('Controller name: hello');
				expectFrame(screen, columns, rows, 'edu make:api  Name · step 1 of 4');
				await terminal.keys('Enter');
				expect(await terminal.waitFor((current) => current.includes('Name · step 1 of 4'), 'still the name screen')).toContain('already exists');
				expect(snapshotTree(root)).toEqual(before);
			});
		});

		test(`${columns}×${rows}, keys together: lyon and three Enters reach the review, which names LyonController`, async () => {
			await withWizard(columns, rows, async (terminal) => {
				await terminal.type('lyon');
				await terminal.keys('Enter', 'Enter', 'Enter');
				const review = await terminal.waitFor((current) => current.includes('Review · step 4 of 4'), 'the review');
				expect(review).toMatch(/create {2}app\/\S*\/LyonController\.php/);
				expectFrame(review, columns, rows, 'edu make:api  Review · step 4 of 4');
				// ↓ until the route's last line shows; the title stays on the first row.
				let screen = review;
				for (let moves = 0; moves < 30 && !screen.includes('+    httpMethod: [GET]'); moves++) {
					const last = screen;
					await terminal.keys('Down');
					screen = await terminal.waitFor((current) => current !== last, 'the review scrolled');
					expectFrame(screen, columns, rows, 'Review · step 4 of 4');
				}
				expect(screen).toContain('+    httpMethod: [GET]');
			});
		});
	}

	test('40×12: the route screen keeps its title on the first row', async () => {
		await withWizard(40, 12, async (terminal) => {
			for (const key of 'lyon') await terminal.type(key);
			await terminal.waitFor((current) => current.includes('LyonController'), 'the preview');
			await terminal.keys('Enter');
			await terminal.waitFor((current) => current.includes('Template · step'), 'the template screen');
			await terminal.keys('Enter');
			const route = await terminal.waitFor((current) => current.includes('Route · step 3 of 4') && current.includes('Ctrl+C quit'), 'the route screen');
			expectFrame(route, 40, 12, 'edu make:api  Route · step 3 of 4');
			expect(route).toContain('❯ [x] GET');
		});
	});

	test('40×12: Esc with Abc typed clears it and does not quit; Esc again quits with 130, nothing written', async () => {
		await withWizard(40, 12, async (terminal, root) => {
			const before = snapshotTree(root);
			await terminal.type('Abc');
			await terminal.waitFor((current) => current.includes('Controller name: Abc'), 'Abc typed');
			await terminal.keys('Escape');
			const cleared = await terminal.waitFor((current) => current.includes('Controller name: e.g.'), 'the name cleared');
			expect(cleared).not.toContain('Cancelled');
			expectFrame(cleared, 40, 12, 'edu make:api  Name · step 1 of 4');
			// Still running: typing goes on in the same field.
			await terminal.type('Lyon');
			await terminal.waitFor((current) => current.includes('LyonController'), 'the preview after Esc');
			await terminal.keys('Escape');
			await terminal.waitFor((current) => current.includes('Controller name: e.g.'), 'the name cleared again');
			await terminal.keys('Escape');
			expect(await terminal.exitStatus()).toBe(130);
			expect(await terminal.screen()).toContain('Cancelled');
			expect(snapshotTree(root)).toEqual(before);
		});
	});
});
