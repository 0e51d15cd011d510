// The route: HTTP methods as a checklist (Space toggles) and the URI, editable, with {param}s.
// The resource template offers the methods it serves (GET stays); the upload template chooses
// its own: then only the URI is asked.
import {Box, Text, useInput} from 'ink';
import {blockingRefusals, fixedEarlier, methodChoices} from '../form.js';
import {TextField} from '../controls/text-field.js';
import {Frame, frameHeight, quitKey, titleText, type Key} from '../controls/frame.js';
import {customUri, noteLines} from '../preview.js';
import {rowsWindow} from '../controls/fit.js';
import {blank, Clipped, heightOf, type Line} from '../controls/clipped.js';
import {useTerminalSize} from '../controls/terminal-size.js';
import type {ScreenProps} from './screen-props.js';
import {Toned} from '../controls/theme.js';

export function RouteScreen({form, update, plan, screens, next, place, moveTo, chrome}: ScreenProps) {
	const {all: methods, always} = methodChoices(plan);
	const askMethods = methods.length > 0;
	const uriRow = methods.length;
	const row = Math.min(place.row, uriRow);
	const blocking = blockingRefusals(plan, 'route', screens);
	const blocked = blocking.length > 0;
	// A refusal the route cannot fix (the route name taken, the controller there) is fixed back there.
	const earlier = fixedEarlier(blocking, 'route', screens);
	// As typed (the plan's is trimmed); until edited, the plan's default.
	const uri = form.uri ?? plan.uri ?? '';
	const terminal = useTerminalSize();
	useInput((input, key) => {
		if (key.upArrow) moveTo({row: Math.max(0, row - 1)});
		else if (key.downArrow) moveTo({row: Math.min(uriRow, row + 1)});
		else if (key.tab) moveTo({row: row === uriRow ? 0 : uriRow});
		// The URI the name gives again: a custom one no longer follows the name.
		else if (key.ctrl && input === 'r') update((current) => ({...current, uri: undefined}));
		else if (input === ' ' && row < uriRow && methods[row] !== always) {
			const method = methods[row]!;
			update((current) => ({
				...current,
				methodsChosen: true,
				methods: current.methods.includes(method) ? current.methods.filter((each) => each !== method) : [...current.methods, method],
			}));
		} else if (key.return && !blocked) next();
	});
	const {parameters} = plan;
	const custom = customUri(plan) !== undefined;
	const keys: Key[] = [
		// The footer names the keys of the focused control: Space toggles a method, not the URI's text.
		...(askMethods && row !== uriRow ? [{key: '↑↓', what: 'move'}, ...(methods[row] === always ? [] : [{key: 'Space', what: 'toggle'}]), {key: 'Tab', what: 'URI'}] : []),
		...(askMethods && row === uriRow ? [{key: '↑ Tab', what: 'methods'}] : []),
		...(custom ? [{key: 'Ctrl+R', what: 'reset the URI'}] : []),
		{key: 'Enter', what: !blocked ? 'next' : earlier ? `next (first Esc back to change ${earlier})` : `next (fix the ${askMethods ? 'URI or methods' : 'URI'} first)`},
		{key: 'Esc', what: 'back'},
		quitKey,
	];
	const customNote = `custom URI: it no longer follows the name (which gives ${plan.names?.uri}); Ctrl+R resets it`;
	const hint = `Write {id} in the URI for a path parameter, e.g. ${plan.names?.uri ?? (plan.kind === 'api' ? '/api/ville' : '/ville')}/{id}.`;
	const customLine: Line = {text: customNote, tone: 'warning', indent: 8};
	const hintLine: Line = {text: hint, tone: 'muted'};
	// Wrapped by the wizard, not Ink: a wrapped line of Ink's starts with the space it broke at.
	const heading: Line = {text: !askMethods ? `The ${form.template} template chooses the methods; edit the URI if you like.` : always === undefined ? 'HTTP methods' : `HTTP methods the ${form.template} template serves (${always} always)`};
	// Under the URI: the route rows (each cut to one line), the parameters or the hint, and the
	// notes. All of it, and every method, when they fit; else what to act on (a refusal) first,
	// then the route, and the hint goes; the method rows shown follow the cursor, with lines that
	// say how many are hidden above and below, and the frame takes the line it keeps spare.
	const width = terminal.columns;
	const routeLines: Line[] = plan.routes.length > 0
		? plan.routes.map((route): Line => ({label: 'Route', text: `${route.name}: ${route.methods.join(', ')} ${route.uri}`}))
		: [{label: 'Route', text: plan.names?.routeName ?? '—'}];
	const paramsLines: Line[] = parameters.length > 0 ? [{label: 'Params', text: parameters.map((parameter) => `{${parameter.name}} ${parameter.type}`).join(', ')}] : [];
	const notes = noteLines({plan, screen: 'route', screens});
	const fixed = frameHeight(titleText(chrome.title, chrome.step), keys, width) + 1;
	const headingHeight = heightOf([heading], width);
	const customHeight = custom ? heightOf([customLine], width) : 0;
	// The hint where the URI's {param}s are the user's to add: not for a template that makes its own …/{id} route.
	const whole: Line[] = [blank, ...routeLines, ...(paramsLines.length > 0 ? paramsLines : plan.takesMethods ? [hintLine] : []), ...notes];
	const methodCount = methods.length;
	const fits = fixed + headingHeight + methodCount + 1 + customHeight + heightOf(whole, width) <= terminal.rows;
	const room = terminal.rows - fixed + (fits ? 0 : 1);
	const short: Line[] = [...notes.slice(1), ...(custom ? [customLine] : []), ...routeLines, ...paramsLines];
	const shortHeight = heightOf(short, width);
	// With the cursor on the URI and too few lines, the methods are one line: those checked (↑ shows the list).
	const compact = !fits && askMethods && row === uriRow && room - shortHeight - headingHeight < 2;
	const withHeading = fits || (!compact && room - shortHeight - headingHeight >= (askMethods ? 2 : 0));
	// The methods get what the route and the notes leave (at least the cursor's row and a line for the others).
	const methodRoom = fits ? methodCount : !askMethods || compact ? 0 : Math.min(methodCount, Math.max(2, room - 1 - shortHeight - (withHeading ? headingHeight : 0)));
	const {first, shown, above, below} = methodRoom > 0 ? rowsWindow(methodCount, methodRoom, row) : {first: 0, shown: 0, above: 0, below: 0};
	const methodLines = compact ? 1 : shown + (above > 0 ? 1 : 0) + (below > 0 ? 1 : 0);
	// The blank lines around the URI, when lines are left for them.
	const left = room - (withHeading ? headingHeight : 0) - methodLines - shortHeight;
	const gap = fits || left >= 1;
	const lower = fits ? whole : left >= 2 ? [blank, ...short] : short;
	const lowerRoom = fits ? undefined : room - (withHeading ? headingHeight : 0) - methodLines - (gap ? 1 : 0);
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			{withHeading ? <Clipped lines={[heading]} /> : null}
			{compact ? <Clipped lines={[{label: 'Methods', text: methods.filter((method) => form.methods.includes(method) || method === always).join(', ') || '—'}]} /> : null}
			{above > 0 ? <Toned tone="muted">{`  … ${above} more above`}</Toned> : null}
			{methods.slice(first, first + shown).map((method, index) => (
				<Box key={method}>
					<Box width={2} flexShrink={0}><Toned tone="accent">{row === first + index ? '❯' : ' '}</Toned></Box>
					<Text>{`[${form.methods.includes(method) || method === always ? 'x' : ' '}] ${method}${method === always ? ' (always)' : ''}`}</Text>
				</Box>
			))}
			{below > 0 ? <Toned tone="muted">{`  … ${below} more below`}</Toned> : null}
			<Box marginTop={gap ? 1 : 0}>
				<Box width={8} flexShrink={0}><Text>{row === uriRow ? '❯ URI' : '  URI'}</Text></Box>
				<TextField value={uri} focus={row === uriRow} onChange={(value) => update((current) => ({...current, uri: value}))} />
			</Box>
			{custom && fits ? <Clipped lines={[customLine]} /> : null}
			<Clipped lines={lower} rows={lowerRoom} />
		</Frame>
	);
}
