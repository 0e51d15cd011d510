// What the core's plan says about the request: the names and paths it derives, its warnings
// and its refusals. Everything shown here comes from plan(); nothing is computed but the
// wording (whether the URI is the name's own, in customUri).
import {Box, Text} from 'ink';
import type {Refusal} from '../core/errors.js';
import {placeLine} from '../core/describe-plan.js';
import type {Plan} from '../core/plan.js';
import {blocks, laterHint, type Screen} from './form.js';
import {Toned} from './controls/theme.js';
import {linesAt} from './controls/fit.js';

const none = '—';

/**
 * A label in a column of 8, then its value, shortened in the middle when the line is too long.
 * One text, not a box of two: each box is a layout node for Yoga and Ink, and the preview's rows
 * are most of the first screen's (docs/performance.md has what they cost the first frame).
 */
export function Row({label, value, width = 8}: {label: string; value: string | undefined; width?: number}) {
	return (
		<Text wrap="truncate-middle">
			<Toned tone="muted">{label.padEnd(width)}</Toned>
			{value ?? none}
		</Text>
	);
}

/** The URI the user typed when it is not the one the name gives, else undefined. */
export function customUri(plan: Plan): string | undefined {
	const typed = plan.request.uri;
	return typed !== undefined && plan.names !== undefined && typed !== plan.names.uri ? typed : undefined;
}

/** Class, controller file, route name, URI and (web) view, as the plan derives them, under a blank line. */
export function NamePreview({plan}: {plan: Plan}) {
	const [route] = plan.routes;
	const names = plan.names;
	const custom = customUri(plan);
	return (
		<Box flexDirection="column" marginTop={1}>
			<Row label="Class" value={names?.className} />
			<Row label="File" value={route?.controllerPath} />
			<Row label="Route" value={names?.routeName} />
			<Row label="URI" value={custom === undefined ? route?.uri ?? names?.uri : `${custom} (custom; the name gives ${names?.uri})`} />
			{plan.kind === 'controller' ? <Row label="View" value={route?.viewPath} /> : null}
		</Box>
	);
}

/** Where a collision is and the way out, in the CLI's words (the line under its message). */
export function Place({refused}: {refused: Refusal}) {
	return refused.place === undefined ? null : <Box marginLeft={2}><Text wrap="wrap"><Toned tone="muted">{placeLine(refused.place, true)}</Toned></Text></Box>;
}

/** The lines Notes takes at `columns` (with its blank line above), for a screen that fits a list below its height. */
export function notesHeight({plan, screen, screens, words = (refused) => refused.message}: NotesProps, columns: number): number {
	if (plan.warnings.length === 0 && plan.refusals.length === 0) return 0;
	const texts = [
		...plan.warnings.map((warning) => `! ${warning}`),
		...plan.refusals.map((refused) => (blocks(refused, screen, screens) ? `✖ ${words(refused)}` : `! ${words(refused)} (${laterHint(refused, screens, plan)})`)),
		...plan.refusals.flatMap((refused) => (refused.place === undefined ? [] : [`  ${placeLine(refused.place, true)}`])),
	];
	return 1 + texts.reduce((sum, text) => sum + linesAt(text, columns), 0);
}

interface NotesProps {
	readonly plan: Plan;
	readonly screen: Screen;
	readonly screens: readonly Screen[];
	readonly words?: (refused: Refusal) => string;
}

/** The plan's warnings and refusals; `words` says a refusal in the screen's own words (keys, not flags). */
export function Notes({plan, screen, screens, words = (refused) => refused.message}: NotesProps) {
	if (plan.warnings.length === 0 && plan.refusals.length === 0) return null;
	return (
		<Box flexDirection="column" marginTop={1}>
			{plan.warnings.map((warning) => (
				<Text key={warning} wrap="wrap"><Toned tone="warning">{`! ${warning}`}</Toned></Text>
			))}
			{plan.refusals.map((refused, index) => (
				<Box key={`${refused.code}-${index}`} flexDirection="column">
					<Text wrap="wrap">
						{blocks(refused, screen, screens)
							? <Toned tone="error" bold>{`✖ ${words(refused)}`}</Toned>
							: <Toned tone="warning">{`! ${words(refused)} (${laterHint(refused, screens, plan)})`}</Toned>}
					</Text>
					<Place refused={refused} />
				</Box>
			))}
		</Box>
	);
}
