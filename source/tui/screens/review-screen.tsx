// The review: every file with its action (create, modify, overwrite), and the routes.yaml diff
// with its added lines highlighted. Enter writes through the core's commit (the wizard does it); Esc goes back.
import type {ReactNode} from 'react';
import {Box, Text, useInput} from 'ink';
import {visible} from '../../base/visible.js';
import {routesPath} from '../../project/root.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import {dryRunNote, routesDiff, runHeading} from '../../present/describe-plan.js';
import type {SinkMode} from '../../sink/sink.js';
import {Frame, frameHeight, quitKey, titleText, type Key} from '../controls/frame.js';
import {refusalLines, uploadLines} from '../preview.js';
import {blank, Clipped, heightOf, screenLines, ScreenLine, type Line} from '../controls/clipped.js';
import {scrollWindow} from '../controls/fit.js';
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
	// The files (each on one line, its path cut in the middle, never dropped), how an upload is
	// received and the plan's warnings (once more, as the CLI prints them with the files: a public
	// upload folder, say) above the diff; a refusal, the wait or the failure below it.
	const width = terminal.columns;
	const status = waiting ?? 'Writing…';
	const actionWidth = Math.max(6, ...plan.changes.map((change) => change.action.length));
	const top: Line[] = [
		...(plan.changes.length === 0 ? [] : [{text: runHeading(mode), bold: true}]),
		...plan.changes.map((change): Line => ({label: `  ${change.action.padEnd(actionWidth)}  `, labelWidth: actionWidth + 4, text: change.path, tone: undefined})),
		...uploadLines(plan),
		...(plan.warnings.length === 0 ? [] : [blank, ...plan.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'}))]),
	];
	const bottom: Line[] = [
		...plan.refusals.flatMap((refused) => refusalLines(refused)),
		...(busy ? [blank, {text: status}] : []),
		...(failure === undefined ? [] : [blank, {text: `✖ ${failure}`, tone: 'error', bold: true} as const]),
	];
	const diff: Line[] = hunk.length === 0 ? [] : [
		blank,
		{text: routesPath, bold: true, cut: true},
		...hunk.map((line): Line => ({text: line, cut: true, ...(line.startsWith('+') ? {tone: 'added', bold: true} as const : line.startsWith('@@') ? {tone: 'muted'} as const : {})})),
	];
	const footer = (scrolls?: string): Key[] => (busy ? [quitKey] : [
		// A plan the re-check refused writes nothing: Enter says so, and Esc goes back to fix it.
		// After a failed write (a link out of the project, a full disk), Enter tries it again.
		...(plan.refusals.length > 0 ? [] : [{key: 'Enter', what: failure !== undefined ? 'try again' : mode === 'dry-run' ? `finish (${dryRunNote})` : 'write the files'}]),
		...(scrolls === undefined ? [] : [{key: '↑↓', what: scrolls}]),
		{key: 'Esc', what: 'back'},
		quitKey,
	]);
	const roomWith = (keys: readonly Key[]): number => terminal.rows - frameHeight(titleText(chrome.title, chrome.step), keys, width);
	const topHeight = heightOf(top, width);
	const bottomHeight = heightOf(bottom, width);
	const all = heightOf([...top, ...diff, ...bottom], width);
	const scrolls = all > roomWith(footer());
	// Once something is hidden, the frame takes the line it keeps spare: no row stays empty.
	// Room for the files whole and a window of the diff (at least a line of it between two that
	// say what is hidden): the diff scrolls, from the new route's first line. Else the whole
	// review is one list that scrolls, what to act on (a refusal) first, then the files.
	const diffRoom = roomWith(footer('scroll the diff')) + 1 - topHeight - bottomHeight - 2;
	const split = scrolls && diffRoom >= 3;
	const keys = footer(!scrolls ? undefined : split ? 'scroll the diff' : 'scroll');
	const room = roomWith(keys) + (scrolls ? 1 : 0);
	const window = split ? diffWindow(hunk, diffRoom, scrolled) : undefined;
	const lines = screenLines([...bottom, ...(bottom.length === 0 ? [] : [blank]), ...top, ...diff], width);
	const whole = scrolls && !split ? scrollWindow(lines.length, room, scrolled ?? 0) : undefined;
	const start = window?.start ?? whole?.first ?? 0;
	// The wizard's reducer refuses a write of a plan with refusals, and a second one; Enter only asks for it.
	useInput((_input, key) => {
		if (key.return) next();
		else if (scrolls && (key.upArrow || key.downArrow || key.pageUp || key.pageDown)) {
			const page = Math.max(1, (split ? diffRoom : room) - 2);
			const step = key.upArrow || key.downArrow ? 1 : page;
			// From the top, ↓ shows the next line: the line saying what is above takes the first's place.
			const from = whole !== undefined && start === 0 && (key.downArrow || key.pageDown) ? start + step + 1 : start + (key.upArrow || key.pageUp ? -step : step);
			moveTo({scrolled: Math.max(0, from)});
		}
	});
	const more = (count: number, where: string): ReactNode => (count > 0 ? <Toned tone="muted">{`  … ${count} ${count === 1 ? 'line' : 'lines'} ${where}`}</Toned> : null);
	if (whole !== undefined) {
		return (
			<Frame title={chrome.title} step={chrome.step} keys={keys}>
				{more(whole.above, 'above')}
				{/* Lines repeat (blank ones); their position is their identity. */}
				{lines.slice(whole.first, whole.first + whole.shown).map((line, index) => <ScreenLine key={index} line={line} />)}
				{more(whole.below, 'below')}
			</Frame>
		);
	}
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			<Clipped lines={top} />
			{hunk.length === 0 ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold wrap="truncate-end">{routesPath}</Text>
					{window === undefined ? null : more(window.above, 'above')}
					{(window?.shown ?? hunk).map((line, index) => (
						// Diff lines repeat; their position is their identity.
						<Text key={index} wrap="truncate-end">
							{line.startsWith('+') ? <Toned tone="added" bold>{visible(line)}</Toned> : line.startsWith('@@') ? <Toned tone="muted">{line}</Toned> : visible(line)}
						</Text>
					))}
					{window === undefined ? null : more(window.below, 'below')}
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
