// What the controller does: an API controller's template, or a web controller's when the project has its own.
import {templateChoices} from '../../make/template-units.js';
import {ChoiceList, type Choice} from '../controls/choice-list.js';
import {blockingRefusals, withTemplate} from '../form.js';
import {Frame, frameHeight, quitKey, titleText} from '../controls/frame.js';
import type {ScreenProps} from './screen-props.js';
import {refusalLines} from '../preview.js';
import {Clipped, heightOf, type Line} from '../controls/clipped.js';
import {useTerminalSize} from '../controls/terminal-size.js';

/** What the engine asks next, after the description. */
const nextStep: Record<string, string> = {resource: ' (next: table, fields)', upload: ' (next: field, extensions)'};

/** `rereadTemplates`: Enter on a template with a problem reads the project's templates again (one fixed on disk meanwhile). */
export function TemplateScreen({form, update, plan, screens, next, chrome, catalog, rereadTemplates}: ScreenProps & {readonly rereadTemplates?: () => void}) {
	const blocking = blockingRefusals(plan, 'template', screens);
	// Built-ins and the project's own (.edu/templates/), from their manifests.
	const kind = form.kind === 'controller' ? 'controller' : 'api';
	const choices: ReadonlyArray<Choice<string>> = templateChoices(kind, catalog).map((choice) => ({
		value: choice.name,
		label: choice.name,
		hint: `${choice.description}${nextStep[choice.engine ?? ''] ?? ''}${choice.origin === 'built-in' ? '' : ` · ${choice.origin}`}`,
	}));
	const keys = [{key: '↑↓', what: 'choose'}, {key: 'Enter', what: blocking.length === 0 ? 'next' : blocking.some((refused) => refused.template === true) ? 'next (another template, or the template fixed)' : 'next (another template, or Esc for another name)'}, {key: 'Esc', what: 'back'}, quitKey];
	// The title, the question and the choices show first (as many as fit, around the cursor); the refusals get the lines left.
	const terminal = useTerminalSize();
	// Wrapped by the wizard, not Ink (whose wrapped line starts with the space it broke at), and counted as shown.
	const question: Line = {text: `What should ${plan.names?.className ?? 'the controller'} do?`};
	const room = terminal.rows - frameHeight(titleText(chrome.title, chrome.step), keys, terminal.columns) - heightOf([question], terminal.columns);
	const refused = blocking.flatMap((each) => refusalLines(each));
	const listRows = Math.max(Math.min(choices.length, 3), room - Math.min(heightOf(refused, terminal.columns), 2));
	return (
		<Frame title={chrome.title} step={chrome.step} keys={keys}>
			<Clipped lines={[question]} />
			<ChoiceList
				choices={choices}
				rows={listRows}
				value={kind === 'controller' && form.template === 'default' ? 'web' : form.template}
				onChange={(template) => update((current) => withTemplate(current, template, catalog))}
				onSubmit={() => {
					if (blocking.length === 0) next();
					else if (blocking.some((refused) => refused.template === true)) rereadTemplates?.();
				}}
			/>
			<Clipped lines={refused} rows={room - Math.min(choices.length, listRows)} />
		</Frame>
	);
}
