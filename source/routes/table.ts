// Route rows → the text `edu routes` prints: a table fitted to the terminal width (whole rows
// when there is none), then one line per problem, in full.
import type {RouteRow} from './drift.js';
import {visibleAll} from '../base/visible.js';

const headers = ['NAME', 'METHODS', 'URI', 'CONTROLLER', 'STATUS'] as const;
/** Narrowest a column gets before the table is allowed to overflow. */
const minimum = [8, 7, 12, 16, 8];
/** Which columns give up width first: controller, URI, status, name. */
const shrinkOrder = [3, 2, 4, 0];
const gap = '  ';

export function statusText(row: RouteRow): string {
	return row.problems.length === 0 ? 'ok' : [...new Set(row.problems.map((problem) => problem.label))].join(', ');
}

/** A row's cells as they show: the project's text with its control characters written out (colour codes too), so each is padded by the width it takes. */
function cells(row: RouteRow): string[] {
	return [...[row.name ?? '-', row.methods.join(',') || '-', row.uri || '-', row.controller || row.file].map(visibleAll), statusText(row)];
}

/** Cuts a cell to `width`, keeping its end for paths and class names (the specific part), its start otherwise. */
function fit(text: string, width: number, keepEnd: boolean): string {
	if (text.length <= width) return text.padEnd(width);
	if (width <= 1) return '…'.slice(0, width);
	if (!keepEnd) return `${text.slice(0, width - 1)}…`;
	// Whole namespace segments first: …\api\VilleController reads better than …oller\api\VilleController.
	const segments = text.split('\\');
	for (let drop = 1; drop < segments.length; drop++) {
		const shorter = `…\\${segments.slice(drop).join('\\')}`;
		if (shorter.length <= width) return shorter.padEnd(width);
	}
	return `…${text.slice(text.length - width + 1)}`;
}

export function renderTable(rows: readonly RouteRow[], width = 80): string[] {
	const table = rows.map(cells);
	const widths = headers.map((header, column) => Math.max(header.length, ...table.map((row) => row[column]!.length)));
	const total = (): number => widths.reduce((sum, value) => sum + value, 0) + gap.length * (headers.length - 1);
	while (total() > width) {
		const column = shrinkOrder.find((index) => widths[index]! > minimum[index]!);
		if (column === undefined) break;
		widths[column] = Math.max(minimum[column]!, widths[column]! - (total() - width));
	}
	// Cut cells, then let each column take only the width its cut cells need.
	const cut = table.map((row) => row.map((value, column) => fit(value, widths[column]!, column === 2 || column === 3).trimEnd()));
	headers.forEach((header, column) => {
		widths[column] = Math.max(header.length, ...cut.map((row) => row[column]!.length));
	});
	const line = (values: readonly string[]): string => values.map((value, column) => value.padEnd(widths[column]!)).join(gap).trimEnd();
	return [line(headers), ...cut.map(line)];
}

export function renderProblems(rows: readonly RouteRow[], routesPath: string): string[] {
	const lines: string[] = [];
	for (const row of rows) {
		for (const problem of row.problems) {
			const subject = row.name === null ? '' : `${row.name} (${routesPath}:${row.line}): `;
			lines.push(`  ${subject}${problem.message}`);
		}
	}
	return lines;
}

export function problemCount(rows: readonly RouteRow[]): number {
	return rows.reduce((sum, row) => sum + row.problems.length, 0);
}
