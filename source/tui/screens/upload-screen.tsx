// Step 4 of the upload template: the form field, the extensions allowed, the folder files go to.
import {Box, Text, useInput} from 'ink';
import {visible} from '../../base/visible.js';
import {parseExtensions} from '../../templates/option-values.js';
import {blockingRefusals, type UploadRow} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {noteLines, uploadLines} from '../preview.js';
import {blank, Clipped, type Line} from '../controls/clipped.js';
import {labelColumn} from '../controls/fit.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import type {ScreenProps} from './screen-props.js';

const keys: ReadonlyArray<keyof UploadRow> = ['field', 'extensions', 'dir'];

export function UploadScreen({form, update, plan, screens, next, place: {row}, moveTo, chrome, catalog}: ScreenProps) {
	// Each row's label is what the template's manifest asks for that option.
	const chosen = catalog.get(form.template);
	const declared = chosen === undefined || 'problem' in chosen ? [] : chosen.manifest.options;
	// From the project's template.json: shown, its control characters written out.
	const rows = keys.map((key) => ({key, label: visible(declared.find((option) => option.name === key)?.ask ?? key)}));
	const blocked = blockingRefusals(plan, 'upload', screens).length > 0;
	// What was typed differs from what the controller will allow (".JPG" is "jpg"): say so.
	const typed = form.upload.extensions.split(/[\s,]+/).filter((item) => item !== '');
	const normalised = parseExtensions(form.upload.extensions);
	const readAs = typed.join(',') === normalised.join(',') ? undefined : normalised.join(', ');
	// Say only what happened: a dot dropped, capitals lowered, a repeat kept once.
	const how = [
		typed.some((item) => item.startsWith('.')) ? 'a leading dot is dropped' : undefined,
		typed.some((item) => item !== item.toLowerCase()) ? 'capitals lowered' : undefined,
		normalised.length < typed.length ? 'each extension kept once' : undefined,
	].filter((part) => part !== undefined).join(', ');
	useInput((_input, key) => {
		if (key.upArrow || (key.tab && key.shift)) moveTo({row: (row + rows.length - 1) % rows.length});
		else if (key.downArrow || key.tab) moveTo({row: (row + 1) % rows.length});
		else if (key.return && !blocked) next();
	});
	const footer = [{key: '↑↓', what: 'field'}, {key: 'Enter', what: blocked ? 'next (fix the fields first)' : 'next'}, {key: 'Esc', what: 'back'}, quitKey];
	// The three fields always show; what is said under them gets the lines left.
	const terminal = useTerminalSize();
	const labelWidth = labelColumn(rows.map((entry) => `❯ ${entry.label}`), terminal.columns, 14);
	const below: Line[] = [
		...(readAs === undefined ? [] : [blank, {text: `Extensions read as ${readAs}: ${how}, as the controller compares them.`, tone: 'warning'} as const]),
		blank,
		{text: 'Extensions: comma-separated (csv, txt). Folder: relative to the project root.'},
		...uploadLines(plan),
		...noteLines({plan, screen: 'upload', screens}),
	];
	return (
		<Frame title={chrome.title} step={chrome.step} keys={footer}>
			{rows.map((entry, index) => {
				const label = `${row === index ? '❯' : ' '} ${entry.label}`;
				const field = (
					<TextField
						value={form.upload[entry.key]}
						focus={row === index}
						onChange={(value) => update((current) => ({...current, upload: {...current.upload, [entry.key]: value}}))}
					/>
				);
				// A label too long for the column goes above its field, which keeps the column's place.
				return labelWidth === undefined
					? <Box key={entry.key} flexDirection="column"><Text>{label}</Text><Box marginLeft={4}>{field}</Box></Box>
					: <Box key={entry.key}><Box width={labelWidth} flexShrink={0}><Text>{label}</Text></Box>{field}</Box>;
			})}
			<Clipped lines={below} rows={terminal.rows - frameHeight(titleText(chrome.title, chrome.step), footer, terminal.columns) - rows.length * (labelWidth === undefined ? 2 : 1)} spare />
		</Frame>
	);
}
