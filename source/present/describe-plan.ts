// Plan → what a person or a script reads: the summary lines, the file list, the routes.yaml
// diff and the JSON report. Used by text mode, --dry-run, --json and the wizard alike.
import {placeLine, type RefusalPlace} from '../base/errors.js';
import {modeReport, type ModeReport, type SinkMode} from '../sink/file-change.js';
import {describeUploadApi} from '../project/framework-request.js';
import type {FileChange, Plan} from '../make/plan.js';
import {routesPath} from '../project/root.js';

export function summaryLines(plan: Plan): string[] {
	const lines: string[] = [];
	for (const route of plan.routes) {
		lines.push(`Class : ./${route.controllerPath.replace(/\.php$/, '')}`);
		lines.push(`URI : ${route.uri}`);
		if (route.viewPath !== undefined) lines.push(`View : ./${route.viewPath}`);
		if (route.uploadApi !== undefined) lines.push(`Upload : ${describeUploadApi(route.uploadApi)}`);
	}
	return lines;
}

/** The original's own last line, word for word (php bin/edu make:controller says "Controller" only): scripts read it. */
export function successLine(plan: Plan): string {
	return plan.kind === 'api'
		? '[OK] Controller and route successfully generated'
		: '[OK] Controller successfully generated';
}

export function fileLines(changes: ReadonlyArray<Pick<FileChange, 'path' | 'action'>>): string[] {
	const width = Math.max(6, ...changes.map((change) => change.action.length));
	return changes.map((change) => `  ${change.action.padEnd(width)}  ${change.path}`);
}

/** A file's lines for a diff; the last one marked when the file does not end with a newline. */
interface DiffLine {
	readonly text: string;
	readonly noNewline: boolean;
}

function diffLines(text: string): DiffLine[] {
	if (text === '') return [];
	// Each line keeps its CR in a CRLF file, as diff prints it: the diff then applies to the file.
	const lines = text.split('\n');
	const noNewline = lines.at(-1) !== '';
	if (!noNewline) lines.pop();
	return lines.map((line, index) => ({text: line, noNewline: noNewline && index === lines.length - 1}));
}

/**
 * A unified diff of one contiguous change (what an append is), with three lines of context. A
 * last line without a newline is followed by diff's "\ No newline at end of file", so that the
 * diff applies with patch and says that the run adds that newline.
 */
export function unifiedDiff(path: string, before: string | null, after: string, context = 3): string[] {
	const old = diffLines(before ?? '');
	const neu = diffLines(after);
	const same = (a: DiffLine | undefined, b: DiffLine | undefined): boolean => a !== undefined && b !== undefined && a.text === b.text && a.noNewline === b.noNewline;
	let prefix = 0;
	while (prefix < old.length && prefix < neu.length && same(old[prefix], neu[prefix])) prefix++;
	let suffix = 0;
	while (suffix < old.length - prefix && suffix < neu.length - prefix && same(old[old.length - 1 - suffix], neu[neu.length - 1 - suffix])) suffix++;
	const start = Math.max(0, prefix - context);
	const oldEnd = Math.min(old.length, old.length - suffix + context);
	const newEnd = Math.min(neu.length, neu.length - suffix + context);
	const range = (from: number, to: number): string => `${to - from === 0 ? from : from + 1},${to - from}`;
	const lines = [
		`--- ${before === null ? '/dev/null' : `a/${path}`}`,
		`+++ b/${path}`,
		`@@ -${range(start, oldEnd)} +${range(start, newEnd)} @@`,
	];
	const push = (mark: string, line: DiffLine | undefined): void => {
		if (line === undefined) return;
		lines.push(`${mark}${line.text}`);
		if (line.noNewline) lines.push('\\ No newline at end of file');
	};
	for (let index = start; index < prefix; index++) push(' ', old[index]);
	for (let index = prefix; index < old.length - suffix; index++) push('-', old[index]);
	for (let index = prefix; index < neu.length - suffix; index++) push('+', neu[index]);
	for (let index = neu.length - suffix; index < newEnd; index++) push(' ', neu[index]);
	return lines;
}

export function routesDiff(plan: Plan): string[] {
	const change = plan.changes.find((candidate) => candidate.path === routesPath);
	return change ? unifiedDiff(change.path, change.before, change.after) : [];
}

export interface JsonSuccess extends ModeReport {
	readonly ok: true;
	readonly kind: Plan['kind'];
	readonly className: string;
	readonly routeName: string;
	readonly uri: string;
	readonly methods: readonly string[];
	readonly files: ReadonlyArray<{path: string; action: FileChange['action']}>;
	readonly routes: ReadonlyArray<{name: string; uri: string; methods: readonly string[]; className: string; uploadApi?: string}>;
	readonly warnings: readonly string[];
	readonly diff?: string;
}

/** The heading over the files on the review: what the run will do, or would (the sink only reports). */
export function runHeading(mode: SinkMode): string {
	return mode === 'dry-run' ? 'The run would:' : 'The run will:';
}

/** What a dry run says once done, over the files it would have written. */
export const dryRunDone = 'Dry run: nothing was written. The run would:';

/** Beside what confirming does in a dry run (the wizard's Enter, the prompts' last question). */
export const dryRunNote = 'dry run: nothing is written';

/** The --json report of a make:* run, from the plan the sink returned and the sink's mode. */
export function jsonSuccess(plan: Plan, mode: SinkMode): JsonSuccess {
	const [first] = plan.routes;
	return {
		ok: true,
		kind: plan.kind,
		className: first?.className ?? '',
		routeName: first?.name ?? '',
		uri: first?.uri ?? '',
		methods: first?.methods ?? [],
		files: plan.changes.map((change) => ({path: change.path, action: change.action})),
		routes: plan.routes.map((route) => ({name: route.name, uri: route.uri, methods: route.methods, className: route.className, ...(route.uploadApi ? {uploadApi: route.uploadApi} : {})})),
		...modeReport(mode),
		warnings: plan.warnings,
		...(mode === 'dry-run' ? {diff: `${routesDiff(plan).join('\n')}\n`} : {}),
	};
}

/** A refusal as the CLI prints it: the seed's exact message, then where and the way out (placeLine). The prompts (`asked`) show the same, a flag said as one to run with. */
export function refusalText(refused: {readonly message: string; readonly place?: RefusalPlace}, asked = false): string {
	return refused.place === undefined ? refused.message : `${refused.message}\n${placeLine(refused.place, asked)}`;
}

export {placeLine} from '../base/errors.js';
