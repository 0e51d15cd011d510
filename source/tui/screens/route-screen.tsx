// The route: HTTP methods as a checklist (Space toggles) and the URI, editable, with {param}s.
// The resource and upload templates choose their own methods: then only the URI is asked.
import {Box, Text, useInput} from 'ink';
import {httpMethods} from '../../core/request.js';
import {blockingRefusals, fixedEarlier} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, quitKey, type Key} from '../controls/frame.js';
import {customUri, Notes, notesHeight, Row} from '../preview.js';
import {linesAt} from '../controls/fit.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import type {ScreenProps} from './screen-props.js';
import {eachKey} from '../keys/each-key.js';
import {Toned} from '../controls/theme.js';
import {useEagerState, useLatest} from '../use-latest.js';

export function RouteScreen({form, update, plan, screens, next, chrome}: ScreenProps) {
	const askMethods = plan.takesMethods;
	const uriRow = askMethods ? httpMethods.length : 0;
	const [chosen, setRow, rowNow] = useEagerState(0);
	const row = Math.min(chosen, uriRow);
	const blocking = blockingRefusals(plan, 'route', screens);
	const blocked = blocking.length > 0;
	// A refusal the route cannot fix (the route name taken, the controller there) is fixed back there.
	const earlier = fixedEarlier(blocking, 'route', screens);
	// As typed (the plan's is trimmed); until edited, the plan's default.
	const uri = form.uri ?? plan.uri ?? '';
	const terminal = useTerminalSize();
	const latest = useLatest({uriRow, blocked, next, update});
	useInput((typed, pressed) => {
		const {uriRow, blocked, next, update} = latest.current;
		// On the methods, keys read together are taken one by one; on the URI, the field has them.
		const keys = rowNow() < uriRow ? eachKey(typed, pressed) : [{input: typed, key: pressed}];
		for (const {input, key} of keys) {
			const row = Math.min(rowNow(), uriRow);
			if (key.upArrow) setRow(Math.max(0, row - 1));
			else if (key.downArrow) setRow(Math.min(uriRow, row + 1));
			else if (key.tab) setRow(row === uriRow ? 0 : uriRow);
			// The URI the name gives again: a custom one no longer follows the name.
			else if (key.ctrl && input === 'r') update((current) => ({...current, uri: undefined}));
			else if (input === ' ' && row < uriRow) {
				const method = httpMethods[row]!;
				update((current) => ({
					...current,
					methods: current.methods.includes(method) ? current.methods.filter((each) => each !== method) : [...current.methods, method],
				}));
			} else if (key.return && !blocked) {
				// Whether the plan still blocks is known only after the render of the keys before.
				if (keys.length === 1) next();
				return;
			}
		}
	});
	const {parameters} = plan;
	const custom = customUri(plan) !== undefined;
	const keys: Key[] = [
		// The footer names the keys of the focused control: Space toggles a method, not the URI's text.
		...(askMethods && row !== uriRow ? [{key: '↑↓', what: 'move'}, {key: 'Space', what: 'toggle'}, {key: 'Tab', what: 'URI'}] : []),
		...(askMethods && row === uriRow ? [{key: '↑', what: 'methods'}, {key: 'Tab', what: 'methods'}] : []),
		...(custom ? [{key: 'Ctrl+R', what: 'reset the URI'}] : []),
		{key: 'Enter', what: !blocked ? 'next' : earlier ? `next (first Esc back to change ${earlier})` : `next (fix the ${askMethods ? 'URI or methods' : 'URI'} first)`},
		{key: 'Esc', what: 'back'},
		quitKey,
	];
	const customNote = `custom URI: it no longer follows the name (which gives ${plan.names?.uri}); Ctrl+R resets it`;
	const hint = `Write {id} in the URI for a path parameter, e.g. ${plan.names?.uri ?? (plan.kind === 'api' ? '/api/ville' : '/ville')}/{id}.`;
	// The method rows that fit: a frame as tall as the terminal makes Ink clear the whole screen (the
	// scrollback too) on every key, and one taller loses its top. Around the rows: the title, the
	// heading, the URI, its note, the route rows (each cut to one line), the hint as it wraps, the
	// notes, the footer, their blank lines, and one to spare. Past the room, two lines say how many
	// rows are hidden above and below, and the rows shown follow the cursor.
	const width = terminal.columns;
	const around = 2 + 1 + 2 + (custom ? linesAt(customNote, Math.max(1, width - 8)) : 0) + 1
		+ Math.max(1, plan.routes.length) + (parameters.length > 0 ? 1 : askMethods ? linesAt(hint, width) : 0)
		+ notesHeight({plan, screen: 'route', screens}, width) + 1 + linesAt(keys.map((entry) => `${entry.key} ${entry.what}`).join(' · '), width) + 1;
	const room = terminal.rows - around;
	const shown = !askMethods || httpMethods.length <= room ? httpMethods.length : Math.max(1, room - 2);
	const first = Math.min(Math.max(0, Math.min(row, httpMethods.length - 1) - Math.floor(shown / 2)), httpMethods.length - shown);
	const above = first;
	const below = httpMethods.length - first - shown;
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			{askMethods ? <Text>HTTP methods</Text> : <Text>{`The ${form.template} template chooses the methods; edit the URI if you like.`}</Text>}
			{askMethods && above > 0 ? <Toned tone="muted">{`  … ${above} more above`}</Toned> : null}
			{askMethods ? httpMethods.slice(first, first + shown).map((method, index) => (
				<Box key={method}>
					<Box width={2} flexShrink={0}><Toned tone="accent">{row === first + index ? '❯' : ' '}</Toned></Box>
					<Text>{`[${form.methods.includes(method) ? 'x' : ' '}] ${method}`}</Text>
				</Box>
			)) : null}
			{askMethods && below > 0 ? <Toned tone="muted">{`  … ${below} more below`}</Toned> : null}
			<Box marginTop={1}>
				<Box width={8} flexShrink={0}><Text>{row === uriRow ? '❯ URI' : '  URI'}</Text></Box>
				<TextField value={uri} focus={row === uriRow} onChange={(value) => update((current) => ({...current, uri: value}))} />
			</Box>
			{custom
				? <Box marginLeft={8}><Toned tone="warning">{customNote}</Toned></Box>
				: null}
			<Box marginTop={1} flexDirection="column">
				{plan.routes.length > 0
					? plan.routes.map((route) => <Row key={route.name} label="Route" value={`${route.name}: ${route.methods.join(', ')} ${route.uri}`} />)
					: <Row label="Route" value={plan.names?.routeName} />}
				{parameters.length > 0
					? <Row label="Params" value={parameters.map((parameter) => `{${parameter.name}} ${parameter.type}`).join(', ')} />
					: askMethods ? <Toned tone="muted">{hint}</Toned> : null}
			</Box>
			<Notes plan={plan} screen="route" screens={screens} />
		</Frame>
	);
}
