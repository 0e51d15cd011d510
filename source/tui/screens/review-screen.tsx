// The review: every file with its action (create, modify, overwrite), and the routes.yaml diff
// with its added lines highlighted. Enter writes through the core's commit (the wizard does it); Esc goes back.
import {useState} from 'react';
import {Box, Text, useInput} from 'ink';
import {useTerminalSize} from '../controls/terminal-size.js';
import {dryRunNote, fileLines, routesDiff, runHeading} from '../../core/describe-plan.js';
import type {SinkMode} from '../../core/sink/sink.js';
import {Frame, quitKey} from '../controls/frame.js';
import {Place} from '../preview.js';
import {linesAt} from '../controls/fit.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from '../controls/theme.js';
import {useLatest} from '../use-latest.js';

export interface ReviewProps extends ScreenProps {
	/** The sink's: a dry run's review says what the run would do. */
	readonly mode: SinkMode;
	readonly busy: boolean;
	/** While busy: the write waits for another run's lock, and this line says so. */
	readonly waiting?: string;
	readonly failure: string | undefined;
}

export function ReviewScreen({plan, next, chrome, mode, busy, waiting, failure}: ReviewProps) {
	const terminal = useTerminalSize();
	// Where the diff's window starts when ↑↓ moved it (undefined: at the new route).
	const [scrolled, setScrolled] = useState<number>();
	// The hunk without its ---/+++ lines; the added lines matter most: a short terminal shows them from the first.
	const hunk = routesDiff(plan).filter((line) => !line.startsWith('--- ') && !line.startsWith('+++ '));
	// Title, headings and footer with their blank lines take 9 lines besides the files (a long path
	// wraps), a message 2 or more, and one line to spare: a frame as tall as the terminal makes Ink
	// clear the screen and the scrollback.
	const width = terminal.columns;
	const files = fileLines(plan.changes).reduce((sum, line) => sum + linesAt(line, width), 0);
	const status = waiting ?? 'Writing…';
	const message = busy ? 1 + linesAt(status, width) : failure === undefined ? 0 : 1 + linesAt(`✖ ${failure}`, width);
	// The plan's warnings once more, as the CLI prints them with the files (a public upload folder, say).
	const warnings = plan.warnings.map((warning) => `! ${warning}`);
	const warned = warnings.length === 0 ? 0 : 1 + warnings.reduce((sum, line) => sum + linesAt(line, width), 0);
	const room = Math.max(4, terminal.rows - 9 - files - warned - message - 1);
	const {above, shown, below, start} = diffWindow(hunk, room, scrolled);
	const scrolls = hunk.length > room;
	// The wizard's write() refuses a plan with refusals and a second write; Enter only asks for it.
	const latest = useLatest({next, start, scrolls, page: Math.max(1, room - 2)});
	useInput((_input, key) => {
		const {next, start, scrolls, page} = latest.current;
		if (key.return) next();
		else if (scrolls && (key.upArrow || key.downArrow || key.pageUp || key.pageDown)) {
			const step = key.upArrow || key.downArrow ? 1 : page;
			setScrolled(Math.max(0, start + (key.upArrow || key.pageUp ? -step : step)));
		}
	});
	return (
		<Frame
			title={chrome.title}
			step={chrome.step}
			// While it writes, only Ctrl+C counts (it stops a wait for another run's lock).
			keys={busy ? [quitKey] : [
				// A plan the re-check refused writes nothing: Enter says so, and Esc goes back to fix it.
				...(plan.refusals.length > 0 ? [] : [{key: 'Enter', what: mode === 'dry-run' ? `finish (${dryRunNote})` : 'write the files'}]),
				...(scrolls ? [{key: '↑↓', what: 'scroll the diff'}] : []),
				{key: 'Esc', what: 'back'},
				quitKey,
			]}
		>
			{plan.changes.length === 0 ? null : <Text bold>{runHeading(mode)}</Text>}
			{fileLines(plan.changes).map((line) => <Text key={line}>{line}</Text>)}
			{warnings.length === 0 ? null : (
				<Box flexDirection="column" marginTop={1}>
					{warnings.map((line) => <Text key={line} wrap="wrap"><Toned tone="warning">{line}</Toned></Text>)}
				</Box>
			)}
			{hunk.length === 0 ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold>app/Config/routes.yaml</Text>
					{above > 0 ? <Toned tone="muted">{`  … ${above} ${above === 1 ? 'line' : 'lines'} above`}</Toned> : null}
					{shown.map((line, index) => (
						// Diff lines repeat; their position is their identity.
						<Text key={index} wrap="truncate-end">
							{line.startsWith('+') ? <Toned tone="added" bold>{line}</Toned> : line.startsWith('@@') ? <Toned tone="muted">{line}</Toned> : line}
						</Text>
					))}
					{below > 0 ? <Toned tone="muted">{`  … ${below} ${below === 1 ? 'line' : 'lines'} below`}</Toned> : null}
				</Box>
			)}
			{plan.refusals.map((refused, index) => (
				<Box key={`${refused.code}-${index}`} flexDirection="column">
					<Text wrap="wrap"><Toned tone="error" bold>{`✖ ${refused.message}`}</Toned></Text>
					<Place refused={refused} />
				</Box>
			))}
			{busy ? <Box marginTop={1}><Text wrap="wrap">{status}</Text></Box> : null}
			{failure === undefined ? null : <Box marginTop={1}><Text wrap="wrap"><Toned tone="error" bold>{`✖ ${failure}`}</Toned></Text></Box>}
		</Frame>
	);
}

/**
 * The diff lines `room` lines show, with a line saying what is above or below: all of them when
 * they fit, else a window from `from` (by default the first added line: the new route), kept
 * within the hunk. `start`: where the window starts, for the next move.
 */
export function diffWindow(hunk: readonly string[], room: number, from?: number): {above: number; shown: readonly string[]; below: number; start: number} {
	if (hunk.length <= room) return {above: 0, shown: hunk, below: 0, start: 0};
	const first = from ?? Math.max(0, hunk.findIndex((line) => line.startsWith('+')));
	// One line says what is above: the end of the hunk, when the window reaches it.
	const tail = hunk.length - (room - 1);
	if (first <= 0) return {above: 0, shown: hunk.slice(0, room - 1), below: hunk.length - (room - 1), start: 0};
	if (first >= tail || first + room - 2 >= hunk.length) return {above: tail, shown: hunk.slice(tail), below: 0, start: tail};
	// Else one line above and one below.
	const lines = room - 2;
	return {above: first, shown: hunk.slice(first, first + lines), below: hunk.length - first - lines, start: first};
}
