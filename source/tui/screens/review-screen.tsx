// The review: every file with its action (create, modify, overwrite), and the routes.yaml diff
// with its added lines highlighted. Enter writes through the core's commit (the wizard does it); Esc goes back.
import {Box, Text, useInput} from 'ink';
import {useTerminalSize} from '../controls/terminal-size.js';
import {dryRunNote, fileLines, routesDiff, runHeading} from '../../present/describe-plan.js';
import type {SinkMode} from '../../sink/sink.js';
import {Frame, frameHeight, quitKey, titleText, type Key} from '../controls/frame.js';
import {refusalLines} from '../preview.js';
import {blank, Clipped, heightOf, type Line} from '../controls/clipped.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from '../controls/theme.js';

export interface ReviewProps extends ScreenProps {
	/** The sink's: a dry run's review says what the run would do. */
	readonly mode: SinkMode;
	readonly busy: boolean;
	/** While busy: the write waits for another run's lock, and this line says so. */
	readonly waiting?: string;
	readonly failure: string | undefined;
}

export function ReviewScreen({plan, next, place: {scrolled}, moveTo, chrome, mode, busy, waiting, failure}: ReviewProps) {
	const terminal = useTerminalSize();
	// The hunk without its ---/+++ lines; the added lines matter most: a short terminal shows them from the first.
	const hunk = routesDiff(plan).filter((line) => !line.startsWith('--- ') && !line.startsWith('+++ '));
	// The files and the plan's warnings (once more, as the CLI prints them with the files: a public
	// upload folder, say) above the diff; a refusal, the wait or the failure below it. The diff
	// gets the lines left, and when too few are, one line says how long it is.
	const width = terminal.columns;
	const status = waiting ?? 'Writing…';
	const top: Line[] = [
		...(plan.changes.length === 0 ? [] : [{text: runHeading(mode), bold: true}]),
		...fileLines(plan.changes).map((line): Line => ({text: line})),
		...(plan.warnings.length === 0 ? [] : [blank, ...plan.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'}))]),
	];
	const bottom: Line[] = [
		...plan.refusals.flatMap((refused) => refusalLines(refused)),
		...(busy ? [blank, {text: status}] : []),
		...(failure === undefined ? [] : [blank, {text: `✖ ${failure}`, tone: 'error', bold: true} as const]),
	];
	const footer = (scrolls: boolean): Key[] => (busy ? [quitKey] : [
		// A plan the re-check refused writes nothing: Enter says so, and Esc goes back to fix it.
		...(plan.refusals.length > 0 ? [] : [{key: 'Enter', what: mode === 'dry-run' ? `finish (${dryRunNote})` : 'write the files'}]),
		...(scrolls ? [{key: '↑↓', what: 'scroll the diff'}] : []),
		{key: 'Esc', what: 'back'},
		quitKey,
	]);
	// The diff's blank line and heading come first; the lines left are its room, counted with the footer it will have.
	const roomWith = (keys: readonly Key[]): number => terminal.rows - frameHeight(titleText(chrome.title, chrome.step), keys, width) - heightOf(bottom, width) - heightOf(top, width) - 2;
	const whole = roomWith(footer(false));
	const scrolls = hunk.length > whole;
	const room = hunk.length === 0 ? 0 : roomWith(footer(scrolls));
	// With fewer than three lines (one of the hunk between two that say what is hidden), the diff is one line saying how long it is.
	const folded = scrolls && room < 3;
	const keys = footer(scrolls && !folded);
	// What is above the diff is cut only when not even the diff's line fits.
	const topRoom = roomWith(keys) + heightOf(top, width) + (hunk.length === 0 ? 2 : 0);
	const {above, shown, below, start} = diffWindow(hunk, folded ? hunk.length : room, scrolled);
	// The wizard's reducer refuses a write of a plan with refusals, and a second one; Enter only asks for it.
	useInput((_input, key) => {
		if (key.return) next();
		else if (scrolls && !folded && (key.upArrow || key.downArrow || key.pageUp || key.pageDown)) {
			const step = key.upArrow || key.downArrow ? 1 : Math.max(1, room - 2);
			moveTo({scrolled: Math.max(0, start + (key.upArrow || key.pageUp ? -step : step))});
		}
	});
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			<Clipped lines={top} rows={topRoom} />
			{hunk.length === 0 ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold wrap="truncate-end">{folded ? `app/Config/routes.yaml  … ${hunk.length} lines hidden` : 'app/Config/routes.yaml'}</Text>
					{above > 0 && !folded ? <Toned tone="muted">{`  … ${above} ${above === 1 ? 'line' : 'lines'} above`}</Toned> : null}
					{folded ? null : shown.map((line, index) => (
						// Diff lines repeat; their position is their identity.
						<Text key={index} wrap="truncate-end">
							{line.startsWith('+') ? <Toned tone="added" bold>{line}</Toned> : line.startsWith('@@') ? <Toned tone="muted">{line}</Toned> : line}
						</Text>
					))}
					{below > 0 && !folded ? <Toned tone="muted">{`  … ${below} ${below === 1 ? 'line' : 'lines'} below`}</Toned> : null}
				</Box>
			)}
			<Clipped lines={bottom} />
		</Frame>
	);
}
/**
 * The diff lines `room` lines show, with a line saying what is above or below: all of them when
 * they fit, else a window from `from` (by default the new route's first line, its name), kept
 * within the hunk. `start`: where the window starts, for the next move.
 */
export function diffWindow(hunk: readonly string[], room: number, from?: number): {above: number; shown: readonly string[]; below: number; start: number} {
	if (hunk.length <= room) return {above: 0, shown: hunk, below: 0, start: 0};
	// The route starts at its name: the first added line with text (a bare `+` is the blank line before it).
	const named = hunk.findIndex((line) => /^\+\S/.test(line));
	const first = from ?? Math.max(0, named === -1 ? hunk.findIndex((line) => line.startsWith('+')) : named);
	// One line says what is above: the end of the hunk, when the window reaches it.
	const tail = hunk.length - (room - 1);
	if (first <= 0) return {above: 0, shown: hunk.slice(0, room - 1), below: hunk.length - (room - 1), start: 0};
	if (first >= tail || first + room - 2 >= hunk.length) return {above: tail, shown: hunk.slice(tail), below: 0, start: tail};
	// Else one line above and one below.
	const lines = room - 2;
	return {above: first, shown: hunk.slice(first, first + lines), below: hunk.length - first - lines, start: first};
}
