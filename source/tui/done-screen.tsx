// The end: what was written and what to do next. The wizard exits right after showing it.
import {Box, Text} from 'ink';
import {fileLines, successLine} from '../core/describe-plan.js';
import type {Plan} from '../core/plan.js';
import {nextSteps} from './next-steps.js';
import {Frame} from './frame.js';
import type {Chrome} from './screen-props.js';
import {Toned} from './theme.js';

export function DoneScreen({plan, dryRun, dependenciesInstalled, chrome}: {plan: Plan; dryRun: boolean; dependenciesInstalled?: boolean; chrome: Chrome}) {
	return (
		<Frame title={chrome.title} keys={[]}>
			{dryRun
				? <Text bold>Dry run: nothing was written. The run would:</Text>
				: <Toned tone="success" bold>{`✔ ${successLine(plan).replace(/^\[OK\] /, '')}`}</Toned>}
			{fileLines(plan.changes).map((line) => <Text key={line}>{line}</Text>)}
			{dryRun ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold>Next steps</Text>
					{nextSteps(plan, dependenciesInstalled).map((step) => (
						<Box key={step.command} flexDirection="column">
							<Toned tone="muted">{`  ${step.what}:`}</Toned>
							<Text wrap="wrap">{`    ${step.command}`}</Text>
						</Box>
					))}
				</Box>
			)}
		</Frame>
	);
}
