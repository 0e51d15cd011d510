// Step 4 of the resource template: the table and its fields (name, type, length).
import {Box, Text, useInput} from 'ink';
import {visible} from '../../base/visible.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import {noFieldsMessage} from '../../templates/option-values.js';
import {blockingRefusals, emptyField, type FieldRow} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import {Notes, noteLines} from '../preview.js';
import {labelColumn, linesAt} from '../controls/fit.js';
import {Clipped, heightOf} from '../controls/clipped.js';
import {fieldsLayout} from './fields-layout.js';
import {declaredDefault} from '../../templates/option-values.js';
import type {Refusal} from '../../base/errors.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from '../controls/theme.js';

type Column = 'name' | 'type' | 'length';
/** Column and table names hold no space: one typed there is a _ (`code postal` is code_postal). */
const spaceAsUnderscore = (char: string): boolean | string => char === ' ' ? '_' : true;
const isDigit = (char: string): boolean => char >= '0' && char <= '9';
const columns: readonly Column[] = ['name', 'type', 'length'];

export function ResourceScreen({form, update, plan, screens, next, place, moveTo, chrome, catalog}: ScreenProps) {
	const terminal = useTerminalSize();
	// The labels are what the template's manifest asks; its default table, when it has one, is what an empty table means.
	const chosen = catalog.get(form.template);
	const declared = chosen === undefined || 'problem' in chosen ? undefined : chosen;
	// From the project's template.json: shown, its control characters written out.
	const ask = (name: string, otherwise: string): string => visible(declared?.manifest.options.find((option) => option.name === name)?.ask ?? otherwise);
	const tableLabel = ask('table', 'Table');
	const fieldsLabel = ask('fields', 'Fields');
	const tableHint = plan.table === undefined ? 'the database table' : `${plan.table} (${declaredDefault(declared, 'table') === undefined ? 'from the name' : 'the template\'s default'})`;
	// A label too long for the column goes on its own line, and the rows keep their column.
	const labelWidth = labelColumn([`❯ ${tableLabel}`, `  ${fieldsLabel}`], terminal.columns, 10);
	const indent = labelWidth ?? 10;
	// Rows: 0 the table, 1…n the fields, n+1 "add a field".
	const {row, tried} = place;
	const column = place.column as Column;
	// "needs at least one field" waits until the user tries to go on (`tried`): an empty form is no mistake yet.
	const setRow = (at: number): void => moveTo({row: at});
	const setColumn = (at: Column): void => moveTo({column: at});
	const {fields} = form;
	const addRow = fields.length + 1;
	const blocked = blockingRefusals(plan, 'resource', screens).length > 0;
	const setField = (index: number, change: Partial<FieldRow>): void => {
		update((current) => ({...current, fields: current.fields.map((field, at) => (at === index ? {...field, ...change} : field))}));
	};

	useInput((input, key) => {
		const field = row >= 1 && row <= fields.length ? fields[row - 1] : undefined;
		if (key.upArrow || key.downArrow) {
			setRow(Math.min(addRow, Math.max(0, row + (key.upArrow ? -1 : 1))));
		} else if (key.tab && field) {
			const usable = field.type === 'int' ? columns.filter((name) => name !== 'length') : columns;
			const at = usable.indexOf(column);
			setColumn(usable[(at + (key.shift ? -1 : 1) + usable.length) % usable.length] ?? 'name');
		} else if (input === ' ' && field && column === 'type') {
			setField(row - 1, {type: field.type === 'string' ? 'int' : 'string'});
		} else if (key.ctrl && input === 'd' && field) {
			update((current) => ({...current, fields: current.fields.filter((_, at) => at !== row - 1)}));
			// The cursor stays where it was, on the field that takes the deleted one's place (the last
			// one left when it was the last; "+ add a field" when none is left), as in an editor.
			const left = fields.length - 1;
			setRow(left === 0 ? 1 : Math.min(row, left));
		} else if (key.return) {
			if (row === addRow) {
				update((current) => ({...current, fields: [...current.fields, emptyField]}));
				moveTo({row: addRow, column: 'name'});
			} else if (blocked) {
				moveTo({tried: true});
			} else {
				next();
			}
		} else if (row === addRow && printable(input, key)) {
			// Typing on "+ add a field" starts a new field with what was typed.
			update((current) => ({...current, fields: [...current.fields, {...emptyField, name: input}]}));
			moveTo({row: addRow, column: 'name'});
		}
	});

	const focusedColumn = (index: number): Column | undefined => (row === index + 1 ? (column === 'length' && fields[index]?.type === 'int' ? 'name' : column) : undefined);
	// The rows that fit: a frame as tall as the terminal makes Ink clear the whole screen (the
	// scrollback above too) on every key. The rows shown follow the cursor, with a line for those hidden.
	const width = terminal.columns;
	const notes = tried ? plan : {...plan, refusals: plan.refusals.filter((refused) => refused.message !== noFieldsMessage(form.template))};
	const words = (refused: Refusal): string => (refused.message === noFieldsMessage(form.template)
		? `The ${form.template} template needs at least one field: type a column name in a row above (e.g. nom), Tab to its type, Space switches string/int.`
		: refused.message);
	const footer = [{key: '↑↓', what: 'row'}, {key: 'Tab', what: 'column'}, {key: 'Space', what: 'type'}, {key: 'Ctrl+D', what: 'delete'}, {key: 'Enter', what: row === addRow ? 'add field' : 'next'}, {key: 'Esc', what: 'back'}, quitKey];
	// The lines under the table: the terminal's less the frame and the table (wrapped, its label's line too when it has one).
	const noteProps = {plan: notes, screen: 'resource' as const, screens, words};
	const allNotes = noteLines(noteProps);
	const fit = (tableLines: number) => fieldsLayout(terminal.rows - frameHeight(titleText(chrome.title, chrome.step), footer, width) - tableLines - (labelWidth === undefined ? 1 : 0),
		fields.length, row, labelWidth === undefined ? 2 : 1, heightOf(allNotes, width));
	const tableLines = linesAt(`${' '.repeat(indent)}${form.table || tableHint}`, width);
	// Short of room, the table takes one line too, cut (its view following the cursor).
	const tableCut = tableLines > 1 && fit(tableLines).compact;
	const layout = fit(tableCut ? 1 : tableLines);
	const {first, shown, above, below} = layout.window;
	// Cut, the notes lose their blank line first; on one line, the first is cut with a ….
	const cutNotes = allNotes.slice(1);
	// The name column gives way in a narrow terminal, so that type and length stay on the row's line;
	// a longer name shows in it on one line (a column before the type kept blank), so each row is one line.
	const nameWidth = Math.max(8, Math.min(24, width - indent - 10 - 'length'.length));
	return (
		<Frame
			title={chrome.title}
			step={chrome.step}
			keys={footer}
		>
			{labelWidth === undefined ? <Text>{`${row === 0 ? '❯' : ' '} ${tableLabel}`}</Text> : null}
			<Box>
				<Box width={indent} flexShrink={0}><Text>{labelWidth === undefined ? '' : `${row === 0 ? '❯' : ' '} ${tableLabel}`}</Text></Box>
				<TextField value={form.table} focus={row === 0} placeholder={tableHint} accepts={spaceAsUnderscore} width={tableCut ? width - indent - 1 : undefined} onChange={(table) => update((current) => ({...current, table}))} />
			</Box>
			{labelWidth === undefined && layout.heading ? <Box marginTop={layout.gap ? 1 : 0}><Toned tone="muted">{`  ${fieldsLabel}`}</Toned></Box> : null}
			{layout.heading ? <Box marginTop={labelWidth === undefined || !layout.gap ? 0 : 1}>
				<Box width={indent} flexShrink={0}><Toned tone="muted">{labelWidth === undefined ? '' : `  ${fieldsLabel}`}</Toned></Box>
				<Box width={nameWidth} flexShrink={0}><Toned tone="muted">name</Toned></Box>
				<Box width={10} flexShrink={0}><Toned tone="muted"> type</Toned></Box>
				<Toned tone="muted">length</Toned>
			</Box> : null}
			{above > 0 && !layout.together ? <Toned tone="muted">{`${' '.repeat(indent)}… ${above} more above`}</Toned> : null}
			{Array.from({length: shown}, (_, at) => first + at).map((index) => {
				if (index === fields.length) return <AddRow key="add" indent={indent} focused={row === addRow} />;
				const field = fields[index]!;
				const focused = focusedColumn(index);
				return (
					// Rows have no identity beyond their position.
					<Box key={index}>
						<Box width={indent} flexShrink={0}><Toned tone="accent">{focused ? '❯' : ' '}</Toned></Box>
						<Box width={nameWidth} flexShrink={0}>
							<TextField value={field.name} focus={focused === 'name'} placeholder="column" accepts={spaceAsUnderscore} width={nameWidth - 1} onChange={(name) => setField(index, {name})} />
						</Box>
						<Box width={10} flexShrink={0}>
							{focused === 'type' ? <Toned tone="accent" bold>{`‹${field.type}›`}</Toned> : <Text>{` ${field.type}`}</Text>}
						</Box>
						{field.type === 'int'
							? <Toned tone="muted">—</Toned>
							: <TextField value={field.length} focus={focused === 'length'} placeholder="max" accepts={isDigit} onChange={(length) => setField(index, {length})} />}
					</Box>
				);
			})}
			{layout.together ? <Toned tone="muted">{`${' '.repeat(indent)}… ${above} more above, ${below} below`}</Toned>
				: below > 0 ? <Toned tone="muted">{`${' '.repeat(indent)}… ${below} more below`}</Toned> : null}
			{layout.compact ? null : <AddRow indent={indent} focused={row === addRow} />}
			{layout.notes >= heightOf(allNotes, width) ? <Notes {...noteProps} />
				: layout.notes >= 2 ? <Clipped lines={cutNotes} rows={layout.notes} />
					: layout.notes === 1 && allNotes[1] !== undefined ? <Text wrap="truncate-end"><Toned tone={allNotes[1].tone} bold={allNotes[1].bold}>{allNotes[1].text}</Toned></Text> : null}
		</Frame>
	);
}

function AddRow({indent, focused}: {indent: number; focused: boolean}) {
	return (
		<Box>
			<Box width={indent} flexShrink={0}><Toned tone="accent">{focused ? '❯' : ' '}</Toned></Box>
			<Text>+ add a field</Text>
		</Box>
	);
}

/** Text to type into a field, not a key that moves or edits. */
function printable(input: string, key: {ctrl: boolean; meta: boolean; tab: boolean; escape: boolean; backspace: boolean; delete: boolean}): boolean {
	return input !== '' && !key.ctrl && !key.meta && !key.tab && !key.escape && !key.backspace && !key.delete && !/[\u0000-\u001f\u007f]/.test(input);
}
