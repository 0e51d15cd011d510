// The end: whether the files were written. The wizard exits right after showing it; the files
// and the next steps are printed below it as plain lines (run-wizard.tsx), so that long paths
// and commands are one line each, the terminal's to wrap, and paste whole.
import {Text} from 'ink';
import type {CommitResult} from '../../make/commit.js';
import {dryRunDone, successLine} from '../../present/describe-plan.js';
import {Frame} from '../controls/frame.js';
import type {Chrome} from './screen-props.js';
import {Toned} from '../controls/theme.js';
import {WriterNotes} from '../controls/writer-notes.js';

/** `result`: what commit returned; its mode says whether anything was written. */
export function DoneScreen({result: {plan, mode, notes}, chrome}: {result: CommitResult; chrome: Chrome}) {
	const reportOnly = mode === 'dry-run';
	return (
		<Frame title={chrome.title} keys={[]}>
			{reportOnly
				? <Text bold>{dryRunDone}</Text>
				: <Toned tone="success" bold>{`✔ ${successLine(plan).replace(/^\[OK\] /, '')}`}</Toned>}
			{/* What the writer has to tell (a copy --force kept, a leftover to remove by hand), as the CLI's warnings. */}
			<WriterNotes notes={notes} />
		</Frame>
	);
}
