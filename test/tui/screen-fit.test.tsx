// Every screen fits the terminal's height: the title and the field being typed stay on screen,
// and what is under them (the preview, the notes, the diff) is cut with a line saying how much.
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {tempProject} from '../helpers/temp-project.js';
import {wrapText} from '../../source/tui/controls/fit.js';
import {cleanupWizards, keys, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

const lineCount = (frame: string): number => frame.split('\n').length;

/** The name screen of `name` on a terminal of `columns` × `rows`, on fixtures/sample (which has HelloController). */
async function nameScreenAt(columns: number, rows: number, name: string) {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
	await wizard.resize(columns, rows);
	const frame = await wizard.press(name, (current) => current.includes(`Controller name: ${name}`));
	return {wizard, frame};
}

describe('a short terminal', () => {
	for (const [columns, rows] of [[60, 16], [40, 10], [80, 24]] as const) {
		test(`${columns}×${rows}, a refused name: the title and the name stay, what is cut is counted`, async () => {
			const {frame} = await nameScreenAt(columns, rows, 'hello');
			expect(frame.split('\n')[0]).toContain('edu make:api  Name · step 1 of 4');
			expect(frame).toContain('Controller name: hello');
			// What is cut takes every row but the cursor's line: none stays empty while lines are hidden.
			if (rows < 24) {
				expect(frame).toMatch(/… \d+ more lines\n/);
				expect(lineCount(frame)).toBe(rows - 1);
			} else {
				expect(frame).toContain('✖ Controller already exists.');
				expect(lineCount(frame)).toBeLessThan(rows - 1);
			}
			// The refusal comes before the preview it would hide.
			expect(frame).toContain('✖ Route already exists.');
		});
	}

	test('60×16, the review with a naming warning keeps its title and files, and a taller terminal shows the whole diff', async () => {
		const {wizard} = await nameScreenAt(60, 16, 'VILLE');
		await wizard.press(keys.enter, (current) => current.includes('Template · step'));
		await wizard.press(keys.enter, (current) => current.includes('Route · step'));
		const review = await wizard.press(keys.enter, (current) => current.includes('Review · step'));
		expect(review.split('\n')[0]).toContain('Review · step 4 of 4');
		expect(review).toContain('The run will:');
		expect(review).toContain('  create  app/Controller/api/VILLEController.php');
		expect(lineCount(review)).toBe(15);
		expect(review).not.toContain('+    httpMethod: [GET]');
		await wizard.resize(80, 26);
		const tall = await wizard.waitFor((current) => current.includes('+    httpMethod: [GET]'), 'the whole diff');
		expect(tall).toContain('@@ -10,3 +10,8 @@');
		expect(tall).not.toMatch(/lines? (above|below|hidden)/);
		expect(lineCount(tall)).toBeLessThan(25);
	});
});

/** The resource template's fields screen of `name` on a terminal of `columns` × `rows`. */
async function resourceScreenAt(columns: number, rows: number, name = 'Ville') {
	const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
	await wizard.resize(columns, rows);
	// A long name wraps on the name screen.
	await wizard.press(name, (current) => current.replace(/\s/g, '').includes(`Controllername:${name}`));
	await wizard.press(keys.enter, (current) => current.includes('Template · step'));
	await wizard.press(keys.down, (current) => current.includes('❯ resource'));
	const frame = await wizard.press(keys.enter, (current) => current.includes('Table and fields · step'));
	return {wizard, frame};
}

describe('the fields screen in a short terminal', () => {
	test('40×10: the title, the table, the row and the footer all on screen, one line short of the terminal', async () => {
		const {frame} = await resourceScreenAt(40, 10);
		const lines = frame.split('\n');
		expect(lines[0]).toContain('edu make:api  Table and fields');
		expect(frame).toContain('❯ Table   ville (from the name)');
		expect(frame).toMatch(/\n +column +string +max\n/);
		expect(lines.at(-1)).toBe('Ctrl+C quit');
		expect(lines.length).toBeLessThanOrEqual(9);
	});

	test('40×10, a table name that wraps: on one line, cut with …, the title kept', async () => {
		const {frame} = await resourceScreenAt(40, 10, 'InscriptionEtudiantSemestre');
		const lines = frame.split('\n');
		expect(lines[0]).toContain('edu make:api  Table and fields');
		expect(frame).toMatch(/❯ Table   inscription_etudiant_semes\S*…\n +column +string +max\n/);
		expect(lines.at(-1)).toBe('Ctrl+C quit');
		expect(lines.length).toBeLessThanOrEqual(9);
	});

	test('40×12 with five fields: the rows around the cursor, the others counted, the table and the title kept', async () => {
		const {wizard} = await resourceScreenAt(40, 12);
		await wizard.press(keys.down, (current) => /❯ +column/.test(current));
		await wizard.press('nom', (current) => current.includes('nom'));
		for (const name of ['cp', 'ville', 'pays', 'tel']) {
			await wizard.press(keys.down, (current) => /❯ +\+ add a field/.test(current));
			await wizard.press(name, (current) => new RegExp(`❯ +${name} `).test(current));
		}
		const frame = await wizard.press(keys.up + keys.up + keys.up, (current) => /❯ +cp /.test(current));
		const lines = frame.split('\n');
		expect(lines[0]).toContain('edu make:api  Table and fields');
		expect(frame).toContain('  Table   ville (from the name)');
		expect(frame).toMatch(/… 1 more above, 4 below/);
		expect(lines.at(-1)).toBe('Ctrl+C quit');
		expect(lines.length).toBeLessThan(11);
		// Down the list: the count follows the cursor, "+ add a field" counted with the rows.
		const tel = await wizard.press(keys.down + keys.down + keys.down, (current) => /❯ +tel /.test(current));
		expect(tel).toMatch(/❯ +tel +string +max\n +… 4 more above, 1 below\n/);
		const last = await wizard.press(keys.down, (current) => /❯ +\+ add a field/.test(current));
		expect(last).toMatch(/\n +… 5 more above\n❯ +\+ add a field\n/);
		expect(last.split('\n').length).toBeLessThan(11);
	});
});

describe('a narrow terminal', () => {
	// At 40 or 45 columns the field table's `length` used to wrap a letter a line (a row took 7 lines), and the type stood a column right of its heading.
	for (const [columns, rows] of [[40, 16], [45, 16], [60, 16]] as const) {
		test(`${columns}×${rows}, the resource template's fields: each row on one line, under its headings, the title kept`, async () => {
			const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
			await wizard.resize(columns, rows);
			await wizard.press('Ville', (current) => current.includes('Controller name: Ville'));
			await wizard.press(keys.enter, (current) => current.includes('Template · step'));
			await wizard.press(keys.down, (current) => current.includes('❯ resource'));
			const frame = await wizard.press(keys.enter, (current) => current.includes('Table and fields · step'));
			const lines = frame.split('\n');
			expect(lines[0]).toContain('edu make:api  Table and fields');
			expect(lines.length).toBeLessThan(rows - 1);
			const heading = lines.find((line) => /name +type/.test(line))!;
			expect(heading).toMatch(/name +type +length$/);
			const row = lines.find((line) => line.includes('column'))!;
			expect(row).toMatch(/column +string +max$/);
			// The type and length columns start where their headings do.
			expect(row.indexOf('string')).toBe(heading.indexOf('type'));
			expect(row.indexOf('max')).toBe(heading.indexOf('length'));
			expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
		});
	}
});

describe('a column name longer than its column', () => {
	test('40×16: it stays on the row\'s line, the view following the cursor, cut with … when not focused; the name written is whole', async () => {
		const root = tempProject('sample');
		const wizard = await renderWizard(root, {kind: 'api'});
		await wizard.resize(40, 16);
		await wizard.press('Ville', (current) => current.includes('Controller name: Ville'));
		await wizard.press(keys.enter, (current) => current.includes('Template · step'));
		await wizard.press(keys.down, (current) => current.includes('❯ resource'));
		const before = await wizard.press(keys.enter, (current) => current.includes('Table and fields · step'));
		await wizard.press(keys.down, (current) => /❯ +column/.test(current));
		const name = 'adresse_de_facturation_principale';
		const typed = await wizard.press(name, (current) => current.includes('pale'));
		const rowOf = (frame: string): string => frame.split('\n').find((line) => line.includes('string') || line.includes('‹string›'))!;
		const heading = typed.split('\n').find((line) => /name +type/.test(line))!;
		// The end of the name, where the cursor is, with a … for its start; the type where its heading is.
		expect(rowOf(typed)).toMatch(new RegExp(`^❯ +…${name.slice(-11)} +string +max$`));
		expect(rowOf(typed).indexOf('string')).toBe(heading.indexOf('type'));
		expect(lineCount(typed)).toBe(lineCount(before));
		const onType = await wizard.press(keys.tab, (current) => current.includes('‹string›'));
		expect(rowOf(onType)).toMatch(new RegExp(`^❯ +${name.slice(0, 12)}… ‹string› +max$`));
		expect(lineCount(onType)).toBe(lineCount(before));
		// Back on the name, Ctrl+A: its start, with a … for the rest.
		await wizard.press('\u001B[Z', (current) => !current.includes('‹string›'));
		const atStart = await wizard.press('\u0001', (current) => rowOf(current).includes(name.slice(0, 12)));
		expect(rowOf(atStart)).toMatch(new RegExp(`^❯ +${name.slice(0, 12)}… +string +max$`));
		await wizard.press(keys.enter, (current) => current.includes('Route · step'));
		await wizard.press(keys.enter, (current) => current.includes('Review · step'));
		await wizard.press(keys.enter, (current) => current.includes('successfully'));
		await wizard.exited;
		expect(readFileSync(`${root}/app/Controller/api/VilleController.php`, 'utf8')).toContain(`'${name}'`);
	});
});

describe('text the wizard wraps', () => {
	test('40 columns, the upload template\'s route screen: its sentence wraps between words, no line starting with a space', async () => {
		const wizard = await renderWizard(tempProject('sample'), {kind: 'api'});
		await wizard.resize(40, 20);
		await wizard.press('Ville', (current) => current.includes('Controller name: Ville'));
		await wizard.press(keys.enter, (current) => current.includes('Template · step'));
		await wizard.press(keys.down, (current) => current.includes('❯ resource'));
		await wizard.press(keys.down, (current) => current.includes('❯ upload'));
		await wizard.press(keys.enter, (current) => current.includes('Upload · step'));
		const frame = await wizard.press(keys.enter, (current) => current.includes('Route · step'));
		expect(frame).toContain('\nThe upload template chooses the methods;\nedit the URI if you like.\n');
		expect(frame.split('\n').length).toBeLessThan(19);
	});

	test('40×13, a long name: the template question wraps between words, and the list gets the lines it leaves', async () => {
		// A fourth template (the project's own), so that the list is cut when its room is miscounted.
		const root = tempProject('sample');
		cpSync(path.join(import.meta.dirname, '..', '..', 'templates', 'default'), path.join(root, '.edu', 'templates', 'maison'), {recursive: true});
		const wizard = await renderWizard(root, {kind: 'api'});
		await wizard.resize(40, 13);
		await wizard.press('InscriptionEtudiant', (current) => current.includes('Controller name: InscriptionEtudiant'));
		const frame = await wizard.press(keys.enter, (current) => current.includes('Template · step'));
		expect(frame).toContain('\nWhat should\nInscriptionEtudiantController do?\n');
		expect(frame).not.toMatch(/\n do\?/);
		// Two lines of question leave room for all four templates.
		expect(frame).toContain('maison');
		expect(frame).not.toMatch(/more (above|below)/);
		expect(lineCount(frame)).toBeLessThan(12);
	});

	test('60 columns: a refusal\'s wrapped line starts at its indent, not with a stray space', async () => {
		const {frame} = await nameScreenAt(60, 40, 'hello');
		expect(frame).toContain('\n  there: choose another name');
		expect(frame).not.toMatch(/\n {3}\S/);
	});

	test('no line starts with a space beyond the text\'s own indent, and none is wider than the columns', () => {
		fc.assert(fc.property(fc.string({unit: fc.constantFrom('a', 'b', ' ', '/'), maxLength: 120}), fc.integer({min: 4, max: 60}), (text, columns) => {
			for (const line of wrapText(text, columns)) {
				const indent = /^ */.exec(text)![0].length;
				expect([...line].length).toBeLessThanOrEqual(Math.max(columns, indent + 1));
				if (indent < columns - 1) expect(line.slice(indent).startsWith(' ') && line.trim() !== '').toBe(false);
			}
		}), {numRuns: 1000});
	});
});
