// The fields screen's layout in any room: never taller than the terminal allows, the cursor's row
// always shown, and everything shown when it fits.
import {describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {fieldsLayout, type FieldsLayout} from '../../source/tui/screens/fields-layout.js';

/** The lines the layout takes under the table. */
function height(layout: FieldsLayout, headLines: number): number {
	const {window} = layout;
	const counts = layout.together ? 1 : (window.above > 0 ? 1 : 0) + (window.below > 0 ? 1 : 0);
	return (layout.gap ? 1 : 0) + (layout.heading ? headLines : 0) + window.shown + counts + (layout.compact ? 0 : 1) + layout.notes;
}

describe('fieldsLayout', () => {
	test('fits the room (one line more at the least), shows the cursor\'s row, and all of it when all fits', () => {
		fc.assert(fc.property(fc.integer({min: -3, max: 30}), fc.integer({min: 0, max: 20}), fc.integer({min: 0, max: 21}), fc.integer({min: 1, max: 2}), fc.integer({min: 0, max: 8}), (room, count, at, headLines, notesLines) => {
			const row = Math.min(at, count + 1);
			const layout = fieldsLayout(room, count, row, headLines, notesLines);
			const lines = height(layout, headLines);
			expect(lines).toBeLessThanOrEqual(Math.max(1, room + 1));
			// Taller than the room only at the least: the compact rows.
			if (lines > room) expect(layout.compact).toBe(true);
			const {first, shown, above, below} = layout.window;
			const items = layout.compact ? count + 1 : count;
			// Every row shown or counted, but when the rows have one line: the cursor's row alone.
			if (!(layout.compact && shown === 1 && above + below === 0)) expect(above + shown + below).toBe(items);
			if (layout.compact && shown === 1 && above + below === 0 && items > 1) expect(lines - layout.notes).toBe(1);
			if (row >= 1 && (layout.compact || row <= count)) {
				expect(row - 1).toBeGreaterThanOrEqual(first);
				expect(row - 1).toBeLessThan(first + shown);
			}
			if (1 + headLines + count + 1 + notesLines <= room) expect(layout).toMatchObject({gap: true, heading: true, compact: false, notes: notesLines, window: {shown: count}});
		}), {numRuns: 3000});
	});
});
