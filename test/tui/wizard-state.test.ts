// The wizard's moves, in memory: each row starts a wizard, sends it events as its screens and
// its write would, and says where it stands after. No Ink, no terminal, no write.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSnapshot, type Snapshot} from '../../source/make/snapshot.js';
import {readCommandSnapshot} from '../../source/make/command/command-project.js';
import {planCommand} from '../../source/make/command/command-plan.js';
import {mayWrite, planOf, screensOf, startState, wizardReducer, type WizardEvent, type WizardStart, type WizardState} from '../../source/tui/wizard-state.js';
import {fixturesDir} from '../helpers/temp-project.js';

const sampleRoot = path.join(fixturesDir, 'sample');
const read = readSnapshot(sampleRoot);
if ('code' in read) throw new Error(read.message);
const sample: Snapshot = read;
const command = readCommandSnapshot(sampleRoot);

const name = (value: string): WizardEvent => ({type: 'form-changed', change: (form) => ({...form, name: value})});
const next: WizardEvent = {type: 'next'};
const back: WizardEvent = {type: 'back'};
const written = (state: WizardState): WizardEvent => {
	const plan = planOf(state)!;
	return {type: 'written', result: {plan, mode: 'write', notes: []}, outcome: {status: 'written', plan, nextSteps: []}};
};

const run = (start: WizardStart, events: ReadonlyArray<WizardEvent | ((state: WizardState) => WizardEvent)>): WizardState =>
	events.reduce<WizardState>((state, event) => wizardReducer(state, typeof event === 'function' ? event(state) : event), startState(start));

interface Row {
	readonly what: string;
	readonly start: WizardStart;
	readonly events: ReadonlyArray<WizardEvent | ((state: WizardState) => WizardEvent)>;
	readonly expected: (state: WizardState) => void;
}

const rows: Row[] = [
	{
		what: 'edu alone opens on the kinds; Enter on an API controller goes to the name',
		start: {snapshot: sample},
		events: [{type: 'kind-chosen', kind: 'api'}],
		expected: (state) => expect(state).toMatchObject({screen: 'name', form: {kind: 'api'}, askKind: true}),
	},
	{
		what: 'the kind screen\'s cursor on a web controller changes the kind and its template',
		start: {snapshot: sample, initial: {template: 'resource'}},
		events: [{type: 'kind-changed', kind: 'controller'}],
		expected: (state) => expect(state).toMatchObject({screen: 'kind', form: {kind: 'controller', template: 'default'}, commandChosen: false}),
	},
	{
		what: 'the cursor on "Console command" keeps the form as it was',
		start: {snapshot: sample},
		events: [{type: 'kind-changed', kind: 'command'}],
		expected: (state) => expect(state).toMatchObject({screen: 'kind', commandChosen: true, form: {template: 'default'}}),
	},
	{
		what: 'an empty name holds Enter on the name screen',
		start: {snapshot: sample, kind: 'api'},
		events: [next],
		expected: (state) => expect(state.screen).toBe('name'),
	},
	{
		what: 'a refusal holds Enter: hello\'s route exists already',
		start: {snapshot: sample, kind: 'api'},
		events: [name('hello'), next],
		expected: (state) => {
			expect(state.screen).toBe('name');
			expect(planOf(state)!.refusals.map((refused) => refused.message)).toContain('Route already exists.');
		},
	},
	{
		what: 'make:api goes name → template → route → review',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next],
		expected: (state) => {
			expect(screensOf(state)).toEqual(['name', 'template', 'route', 'review']);
			expect(state.screen).toBe('review');
			expect(mayWrite(state)).toBe(true);
		},
	},
	{
		what: 'the resource template adds its screen after the template',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, {type: 'form-changed', change: (form) => ({...form, template: 'resource'})}, next],
		expected: (state) => expect(state.screen).toBe('resource'),
	},
	{
		what: 'Esc goes back a screen, and the focus starts again there',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, {type: 'placed', place: {row: 3}}, back],
		expected: (state) => expect(state).toMatchObject({screen: 'template', place: {row: 0}}),
	},
	{
		what: 'Esc on the first screen cancels',
		start: {snapshot: sample, kind: 'controller'},
		events: [back],
		expected: (state) => expect(state.finished).toEqual({outcome: {status: 'cancelled'}}),
	},
	{
		what: 'Ctrl+C cancels from anywhere before the write',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, {type: 'cancel'}],
		expected: (state) => expect(state.finished).toEqual({outcome: {status: 'cancelled'}}),
	},
	{
		what: 'Enter on the review writes once: a second Enter, Esc and Ctrl+C wait for the write',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next, {type: 'write'}, {type: 'write'}, back, {type: 'cancel'}],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'review', writing: true});
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'a wait for another run\'s lock is said while writing',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next, {type: 'write'}, {type: 'waiting', what: 'Waiting for another edu run…'}],
		expected: (state) => expect(state.waiting).toBe('Waiting for another edu run…'),
	},
	{
		what: 'written: the done screen, and the wizard finishes with the outcome',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next, {type: 'write'}, written],
		expected: (state) => expect(state).toMatchObject({screen: 'done', writing: false, finished: {outcome: {status: 'written'}}}),
	},
	{
		what: 'a refused write stays on the review with why, and Enter may try again',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next, {type: 'write'}, {type: 'write-refused', failure: 'routes.yaml changed.', snapshot: sample}],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'review', writing: false, failure: 'routes.yaml changed.'});
			expect(mayWrite(state)).toBe(true);
		},
	},
	{
		what: 'a stopped write finishes cancelled, with the error',
		start: {snapshot: sample, kind: 'api'},
		events: [name('ville'), next, next, next, {type: 'write'}, {type: 'write-stopped', error: new Error('stopped')}],
		expected: (state) => expect(state.finished).toEqual({outcome: {status: 'cancelled'}, error: new Error('stopped')}),
	},
	{
		what: 'what the write says is ignored when no write is under way',
		start: {snapshot: sample, kind: 'api'},
		events: [{type: 'waiting', what: 'late'}, {type: 'write-stopped', error: new Error('late')}],
		expected: (state) => {
			expect(state.waiting).toBeUndefined();
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'nothing moves a finished wizard',
		start: {snapshot: sample, kind: 'api'},
		events: [back, name('ville'), {type: 'kind-chosen', kind: 'controller'}],
		expected: (state) => expect(state).toMatchObject({screen: 'name', form: {name: ''}}),
	},
	{
		what: '"Console command" opens make:command\'s screen; Esc comes back to the kinds with the name kept',
		start: {snapshot: sample},
		events: [{type: 'kind-changed', kind: 'command'}, {type: 'command-opened', project: command, choices: ['command']}, {type: 'command-named', name: 'generate'}, back],
		expected: (state) => expect(state).toMatchObject({screen: 'kind', commandChosen: true, command: {name: 'generate', project: undefined}}),
	},
	{
		what: 'make:command goes from its name to its review once the name plans, writes there, and finishes with the command',
		start: {snapshot: sample},
		events: [
			{type: 'command-opened', project: command, choices: []}, {type: 'command-named', name: 'generate'}, next, {type: 'write'},
			(state) => ({type: 'command-written', result: {plan: planCommand(state.command.name, command), mode: 'write', notes: []}}),
		],
		expected: (state) => expect(state).toMatchObject({screen: 'command-review', writing: false, commandWritten: {mode: 'write'}, finished: {outcome: {status: 'command', command: {name: 'generate'}}}}),
	},
	{
		what: 'make:command with no name does not write',
		start: {command},
		events: [{type: 'write'}],
		expected: (state) => expect(state.writing).toBe(false),
	},
	{
		what: 'make:command on its own: Esc quits',
		start: {command},
		events: [back],
		expected: (state) => expect(state).toMatchObject({screen: 'command', finished: {outcome: {status: 'cancelled'}}}),
	},
	{
		what: 'make:command on its own, a name typed: Esc clears it, a second Esc quits',
		start: {command},
		events: [{type: 'command-named', name: 'Abc'}, back],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'command', command: {name: ''}});
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'make:command on its own, a name typed: Esc twice quits',
		start: {command},
		events: [{type: 'command-named', name: 'Abc'}, back, back],
		expected: (state) => expect(state).toMatchObject({finished: {outcome: {status: 'cancelled'}}}),
	},
	{
		what: 'make:command: Enter on the name does not write, it opens the review; Esc there goes back to the name',
		start: {command},
		events: [{type: 'command-named', name: 'generate'}, {type: 'write'}, next],
		expected: (state) => expect(state).toMatchObject({screen: 'command-review', writing: false}),
	},
	{
		what: 'make:command: Esc on the review goes back to the name, kept',
		start: {command},
		events: [{type: 'command-named', name: 'generate'}, next, back],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'command', command: {name: 'generate'}});
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'make:command: a refused name does not reach the review',
		start: {command},
		events: [{type: 'command-named', name: '9lives'}, next],
		expected: (state) => expect(state.screen).toBe('command'),
	},
	{
		what: 'the name screen first (make:api), a name typed: Esc clears it and stays; a second Esc quits',
		start: {snapshot: sample, kind: 'api'},
		events: [name('Abc'), back],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'name', form: {name: ''}});
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'the name screen first, empty: Esc quits',
		start: {snapshot: sample, kind: 'api'},
		events: [name('Abc'), back, back],
		expected: (state) => expect(state).toMatchObject({finished: {outcome: {status: 'cancelled'}}}),
	},
	{
		what: 'the name screen after the kinds, a name typed: Esc goes back to the kinds, the name kept',
		start: {snapshot: sample},
		events: [{type: 'kind-chosen', kind: 'api'}, name('Abc'), back],
		expected: (state) => {
			expect(state).toMatchObject({screen: 'kind', form: {name: 'Abc'}});
			expect(state.finished).toBeUndefined();
		},
	},
	{
		what: 'Tab on make:command\'s screen: the template and the project read with it',
		start: {command},
		events: [{type: 'command-template', project: {...command, templateName: 'mine'}}],
		expected: (state) => expect(state.command).toMatchObject({template: 'mine', project: {templateName: 'mine'}}),
	},
	{
		what: 'a refused make:command write keeps the screen, with why and the project read again',
		start: {command},
		events: [{type: 'command-named', name: 'generate'}, next, {type: 'write'}, {type: 'write-refused', failure: 'Command already exists.', project: command}],
		expected: (state) => expect(state).toMatchObject({screen: 'command-review', writing: false, failure: 'Command already exists.'}),
	},
];

describe('the wizard\'s reducer', () => {
	it.each(rows)('$what', ({start, events, expected}) => {
		expected(run(start, events));
	});

	it('is pure: the state it was given is left as it was', () => {
		const before = startState({snapshot: sample, kind: 'api'});
		const copy = structuredClone({screen: before.screen, form: before.form, place: before.place});
		wizardReducer(before, name('ville'));
		wizardReducer(before, back);
		expect({screen: before.screen, form: before.form, place: before.place}).toEqual(copy);
	});
});
