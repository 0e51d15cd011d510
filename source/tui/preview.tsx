// What the core's plan says about the request: the names and paths it derives, its warnings
// and its refusals. Everything shown here comes from plan(); nothing is computed but the
// wording (whether the URI is the name's own, in customUri).
import {Text} from 'ink';
import type {Refusal} from '../base/errors.js';
import {placeLine} from '../present/describe-plan.js';
import {describeUploadApi} from '../project/framework-request.js';
import type {Plan} from '../make/plan.js';
import {blocks, laterHint, type Screen} from './form.js';
import {Toned} from './controls/theme.js';
import {blank, Clipped, heightOf, type Line} from './controls/clipped.js';

const none = '—';

/**
 * A label in a column of 8, then its value, shortened in the middle when the line is too long.
 * One text, not a box of two: each box is a layout node for Yoga and Ink, and the preview's rows
 * are most of the first screen's, and each node delays the first frame.
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
export function previewLines(plan: Plan): Line[] {
	const [route] = plan.routes;
	const names = plan.names;
	const custom = customUri(plan);
	return [
		blank,
		{label: 'Class', text: names?.className ?? none},
		{label: 'File', text: route?.controllerPath ?? none},
		{label: 'Route', text: names?.routeName ?? none},
		{label: 'URI', text: (custom === undefined ? route?.uri ?? names?.uri : `${custom} (custom; the name gives ${names?.uri})`) ?? none},
		...(plan.kind === 'controller' ? [{label: 'View', text: route?.viewPath ?? none}] : []),
	];
}

/** How the controller receives the file, as the CLI says it (`Upload : PHP's $_FILES…`), under a blank line; none but for an upload. */
export function uploadLines(plan: Plan): Line[] {
	const api = plan.routes.find((route) => route.uploadApi !== undefined)?.uploadApi;
	return api === undefined ? [] : [blank, {text: `Upload : ${describeUploadApi(api)}`, tone: 'muted'}];
}

/** Where a collision is and the way out, in the CLI's words (the line under its message). */
export function placeLines(refused: Refusal): Line[] {
	return refused.place === undefined ? [] : [{text: placeLine(refused.place, true), tone: 'muted', indent: 2}];
}

/** A refusal as a screen shows it: `✖` and its message, then where it is. */
export function refusalLines(refused: Refusal, words: string = refused.message): Line[] {
	return [{text: `✖ ${words}`, tone: 'error', bold: true}, ...placeLines(refused)];
}

interface NotesProps {
	readonly plan: Plan;
	readonly screen: Screen;
	readonly screens: readonly Screen[];
	readonly words?: (refused: Refusal) => string;
}

/** The plan's warnings and refusals under a blank line (none without any); `words` says a refusal in the screen's own words (keys, not flags). */
export function noteLines({plan, screen, screens, words = (refused) => refused.message}: NotesProps): Line[] {
	if (plan.warnings.length === 0 && plan.refusals.length === 0) return [];
	return [
		blank,
		...plan.warnings.map((warning): Line => ({text: `! ${warning}`, tone: 'warning'})),
		...plan.refusals.flatMap((refused) => (blocks(refused, screen, screens)
			? refusalLines(refused, words(refused))
			: [{text: `! ${words(refused)} (${laterHint(refused, screens, plan)})`, tone: 'warning'} as const, ...placeLines(refused)])),
	];
}

/** The lines Notes takes at `columns` (with its blank line above), for a screen that fits a list below its height. */
export function notesHeight(props: NotesProps, columns: number): number {
	return heightOf(noteLines(props), columns);
}

/** The plan's warnings and refusals. */
export function Notes(props: NotesProps) {
	return <Clipped lines={noteLines(props)} />;
}
