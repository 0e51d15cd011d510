// The built binary in a real pseudo-terminal (tmux, 80×24): raw-mode keys end to end, the
// done-when checks of the wizard, and what a user's terminal shows.
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import {snapshotTree, tempProject} from '../helpers/temp-project.js';
import {hasTmux, Terminal} from './tmux.js';

const lines = (screen: string): string[] => screen.split('\n');

/** The whole frame is on the 24-line screen: its title on the first line, its keys further down. */
function fitsOnScreen(screen: string, title: string, footer: string): void {
	const rows = lines(screen);
	expect(rows.length).toBeLessThanOrEqual(24);
	expect(rows[0]).toContain(title);
	expect(rows.some((row) => row.includes(footer))).toBe(true);
	expect(rows.every((row) => row.length <= 80)).toBe(true);
}

async function withTerminal(args: readonly string[], cwd: string, run: (terminal: Terminal) => Promise<void>, env?: Record<string, string>, before?: string): Promise<void> {
	const terminal = await Terminal.start(args, {cwd, env, ...(before === undefined ? {} : {before})});
	try {
		await run(terminal);
	} finally {
		await terminal.close();
	}
}

/** Types `name` on the name screen, waits for its class in the preview, then Enter through to the review. */
async function toReview(terminal: Terminal, name: string): Promise<void> {
	await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
	await terminal.type(name);
	await terminal.waitFor((screen) => screen.includes(`${name[0]!.toUpperCase()}${name.slice(1)}Controller`), 'the preview');
	for (const screen of ['Template', 'Route', 'Review']) {
		await terminal.keys('Enter');
		await terminal.waitFor((current) => current.includes(`${screen} · step`), `the ${screen} screen`);
	}
}

describe.skipIf(!hasTmux)('the wizard in a real terminal', () => {
	test('edu make:api: typing MyUserTest previews it before any Enter; Enter through the screens writes it, as --yes would', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		await withTerminal(['make:api'], root, async (terminal) => {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.type('MyUserTest');
			const preview = await terminal.waitFor((screen) => screen.includes('MyUserTestController'), 'the preview');
			expect(preview).toContain('app/Controller/api/MyUserTestController.php');
			expect(preview).toContain('api_my-user-test');
			expect(preview).toContain('/api/my-user-test');
			fitsOnScreen(preview, 'edu make:api', 'Ctrl+C quit');
			expect(snapshotTree(root)).toEqual(before);

			await terminal.keys('Enter');
			fitsOnScreen(await terminal.waitFor((screen) => screen.includes('Template · step'), 'the template screen'), 'edu make:api', 'Ctrl+C quit');
			await terminal.keys('Enter');
			fitsOnScreen(await terminal.waitFor((screen) => screen.includes('Route · step'), 'the route screen'), 'edu make:api', 'Ctrl+C quit');
			await terminal.keys('Enter');
			const review = await terminal.waitFor((screen) => screen.includes('Review · step'), 'the review');
			fitsOnScreen(review, 'edu make:api', 'Ctrl+C quit');
			expect(review).toContain('+api_my-user-test:');
			expect(snapshotTree(root)).toEqual(before);
			await terminal.keys('Enter');
			const done = await terminal.waitFor((screen) => screen.includes('Next steps'), 'the done screen');
			expect(done).toContain('Controller and route successfully generated');
			expect(done).toContain('curl -i http://localhost:8042/api/my-user-test');
			expect(await terminal.exitStatus()).toBe(0);
		});
		const viaFlags = tempProject('sample');
		expect((await runMain(['make:api', 'MyUserTest', '--yes'], {cwd: viaFlags})).exitCode).toBe(0);
		expect(snapshotTree(root)).toEqual(snapshotTree(viaFlags));
	});

	test('next steps wider than the terminal are printed whole, each command on one line for the terminal to wrap, so they paste as printed', async () => {
		const root = tempProject('sample');
		const name = 'VeryLongResourceNameForTheStudentsOfTheCourse';
		const command = 'curl -i http://localhost:8042/api/very-long-resource-name-for-the-students-of-the-course';
		expect(`    ${command}`.length).toBeGreaterThan(80);
		await withTerminal(['make:api'], root, async (terminal) => {
			await toReview(terminal, name);
			await terminal.keys('Enter');
			expect(await terminal.exitStatus()).toBe(0);
			const shown = lines(await terminal.history());
			expect(shown).toContain(`    ${command}`);
			// The done screen, then the block below it, in that order.
			expect(shown.indexOf('Next steps:')).toBeGreaterThan(shown.findIndex((line) => line.includes('✔ Controller and route successfully generated')));
		});
	});

	test('-q: the wizard ends on its done line, with nothing printed below it', async () => {
		const root = tempProject('sample');
		await withTerminal(['make:api', '-q'], root, async (terminal) => {
			await toReview(terminal, 'lyon');
			await terminal.keys('Enter');
			expect(await terminal.exitStatus()).toBe(0);
			const shown = await terminal.history();
			expect(shown).toContain('✔ Controller and route successfully generated');
			expect(shown).not.toContain('Next steps');
			expect(shown).not.toContain('create  app/Controller/api/LyonController.php');
		});
		expect(readFileSync(path.join(root, 'app/Controller/api/LyonController.php'), 'utf8')).toContain('class LyonController');
	});

	test('a dry run ends as the CLI\'s does: the files, then the routes.yaml diff, and nothing written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		await withTerminal(['make:api', '--dry-run'], root, async (terminal) => {
			await toReview(terminal, 'lyon');
			await terminal.keys('Enter');
			expect(await terminal.exitStatus()).toBe(0);
			const shown = lines(await terminal.history());
			const diff = shown.indexOf('--- a/app/Config/routes.yaml');
			expect(diff).toBeGreaterThan(shown.findIndex((line) => line.includes('modify  app/Config/routes.yaml')));
			expect(shown.slice(diff)).toContain('+api_lyon:');
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('long paths on the review and twenty fields never make a frame as tall as the terminal: nothing is cleared, and the files are listed one per line at the end', async () => {
		const root = tempProject('sample');
		const name = 'VeryLongResourceNameForTheStudentsOfTheCourseInTheSecondYear';
		const fields = Array.from({length: 20}, (_, index) => `f${index + 1}:int`).join(',');
		await withTerminal(['make:api', '--template', 'resource', '--fields', fields], root, async (terminal) => {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.type(name);
			await terminal.waitFor((screen) => screen.includes(`${name.slice(0, 40)}`), 'the preview');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Template · step'), 'the template screen');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Table and fields · step'), 'the fields screen');
			// Two errors at once, one of them wrapping: the table name is too long, and a field is given twice.
			for (let row = 0; row < 14; row++) await terminal.keys('Down');
			await terminal.keys('C-u');
			await terminal.type('f1');
			// The line printed before the wizard is still on the screen, above the whole frame.
			const above = (screen: string): boolean => lines(screen)[0] === 'BEFORE-THE-WIZARD' && screen.includes('Ctrl+C quit');
			expect(above(await terminal.waitFor((screen) => screen.includes('is given twice') && screen.includes('longer than 64'), 'both errors'))).toBe(true);
			await terminal.keys('Backspace');
			await terminal.type('4');
			for (let row = 0; row < 14; row++) await terminal.keys('Up');
			await terminal.type('villes');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Route · step'), 'the route screen');
			await terminal.keys('Enter');
			// The review hides part of its diff: it takes every row but the cursor's, so the line above
			// it scrolls into the scrollback (kept, as the history below shows), its title on the first row.
			expect(lines(await terminal.waitFor((screen) => screen.includes('Review · step') && screen.includes('Ctrl+C quit'), 'the review'))[0]).toContain('Review · step');
			await terminal.keys('Enter');
			expect(await terminal.exitStatus()).toBe(0);
			const shown = lines(await terminal.history());
			// Had a frame filled the terminal, Ink would have cleared it, the scrollback with it.
			expect(shown[0]).toBe('BEFORE-THE-WIZARD');
			expect(shown).toContain(`  create  app/Controller/api/${name}Controller.php`);
			expect(shown).toContain(`  create  app/Controller/api/${name}ByIdController.php`);
		}, undefined, 'echo BEFORE-THE-WIZARD');
	});

	test('typing an existing route\'s name shows "Route already exists." and Enter writes nothing; Ctrl+C quits with 130', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		await withTerminal(['make:api'], root, async (terminal) => {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.type('hello');
			await terminal.waitFor((screen) => screen.includes('Route already exists.'), 'the refusal');
			await terminal.keys('Enter');
			// A key after Enter is read after it: once it shows, Enter has been handled, and did nothing.
			await terminal.keys('BSpace');
			const after = await terminal.waitFor((screen) => screen.includes('Controller name: hell\n') || screen.includes('Controller name: hell '), 'the backspace');
			expect(after).toContain('Name · step 1 of 4');
			expect(snapshotTree(root)).toEqual(before);
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
			await terminal.waitFor((screen) => screen.includes('Cancelled: nothing was written.'), 'the cancel message');
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('Ctrl+C part-way, on the review screen, leaves the project byte-identical', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		await withTerminal(['make:api'], root, async (terminal) => {
			await toReview(terminal, 'Ville');
			await terminal.keys('C-c');
			expect(await terminal.exitStatus()).toBe(130);
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('`edu` alone opens the kind screen; Esc there quits with nothing written', async () => {
		const root = tempProject('sample');
		const before = snapshotTree(root);
		await withTerminal([], root, async (terminal) => {
			const screen = await terminal.waitFor((current) => current.includes('What do you want to create?'), 'the kind screen');
			fitsOnScreen(screen, 'edu', 'Esc quit');
			await terminal.keys('Escape');
			expect(await terminal.exitStatus()).toBe(130);
		});
		expect(snapshotTree(root)).toEqual(before);
	});

	test('`edu make:api </dev/null`, with the screen a terminal, exits 2 at once', async () => {
		const root = tempProject('sample');
		const terminal = await Terminal.start(['make:api'], {cwd: root, redirect: '</dev/null'});
		try {
			// Ends by itself with the usage error: nothing waits on the empty stdin.
			expect(await terminal.exitStatus()).toBe(2);
			// tmux may draw the last output just after the status is known.
			await terminal.waitFor((screen) => screen.includes('Not enough arguments (missing: "controller-name")'), 'the usage error');
		} finally {
			await terminal.close();
		}
	});

	test('NO_COLOR: the same screens without a colour code; without it, refusals are red', async () => {
		// tmux -e reports colours as SGR 30–37, 90–97 and 38;5;n.
		const colour = /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;[0-9]+)(?:;[0-9;]*)?m/;
		const screens: Record<string, string> = {};
		for (const [label, env] of [['plain', {NO_COLOR: '1'}], ['colour', {}]] as const) {
			await withTerminal(['make:api'], tempProject('sample'), async (terminal) => {
				await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
				await terminal.type('hello');
				await terminal.waitFor((screen) => screen.includes('Route already exists.'), 'the refusal');
				screens[label] = await terminal.screen(true);
				await terminal.keys('C-c');
				await terminal.exitStatus();
			}, env);
		}
		expect(screens['plain']).toContain('Route already exists.');
		expect(screens['plain']).not.toMatch(colour);
		expect(screens['colour']).toMatch(colour);
	});

	test('edu make:api --force: the wizard replaces the controller of that name, shows it as overwrite, and says where the old one is kept', async () => {
		const root = tempProject('sample');
		const controller = path.join(root, 'app/Controller/api/VilleController.php');
		writeFileSync(controller, '<?php // mine\n');
		await withTerminal(['make:api', '--force'], root, async (terminal) => {
			await terminal.waitFor((screen) => screen.includes('Controller name:'), 'the name screen');
			await terminal.type('Ville');
			await terminal.waitFor((screen) => screen.includes('VilleController') && !screen.includes('Controller already exists.'), 'the preview');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Template · step'), 'the template screen');
			await terminal.keys('Enter');
			await terminal.waitFor((screen) => screen.includes('Route · step'), 'the route screen');
			await terminal.keys('Enter');
			expect(await terminal.waitFor((screen) => screen.includes('Review · step'), 'the review')).toContain('overwrite  app/Controller/api/VilleController.php');
			await terminal.keys('Enter');
			const done = (await terminal.waitFor((screen) => screen.includes('Next steps'), 'the done screen')).replace(/ *\n */g, ' ');
			expect(done).toMatch(/! --force replaced app\/Controller\/api\/VilleController\.php; what it held is kept in \.edu\/backups\//);
			expect(await terminal.exitStatus()).toBe(0);
		});
		expect(readFileSync(controller, 'utf8')).toContain('class VilleController');
		const [stamp = ''] = readdirSync(path.join(root, '.edu/backups'));
		expect(readFileSync(path.join(root, '.edu/backups', stamp, 'app/Controller/api/VilleController.php'), 'utf8')).toBe('<?php // mine\n');
	});
});
