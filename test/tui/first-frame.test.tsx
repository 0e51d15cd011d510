// The wizard draws its first frame before it reads the project (run-wizard.tsx, when the form has
// no name and no URI): that frame must be the one it would draw on the project, on every kind of
// project, or the user would see it change once the project is read.
import {act} from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import type {Kind} from '../../source/make/naming.js';
import {unreadProject, type Snapshot} from '../../source/make/snapshot.js';
import {sinkFor} from '../../source/sink/sink.js';
import type {WizardForm} from '../../source/tui/form.js';
import {ThemeProvider} from '../../source/tui/controls/theme.js';
import {Wizard} from '../../source/tui/wizard.js';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, snapshotOf} from './wizard-harness.js';

afterEach(cleanupWizards);

async function firstFrame(snapshot: Snapshot, kind: Kind | undefined, initial: Partial<WizardForm>, readProject?: () => Snapshot): Promise<string> {
	let instance!: ReturnType<typeof render>;
	await act(async () => {
		instance = render(
			<ThemeProvider color={false}>
				<Wizard snapshot={snapshot} readProject={readProject} kind={kind} initial={initial} sink={sinkFor({dryRun: true})} onExit={() => undefined} />
			</ThemeProvider>,
		);
	});
	return instance.frames[0] ?? '';
}

const fixtures = ['sample', 'skeleton', 'mock-project', 'empty', 'comments', 'crlf', 'drift'];
const forms: Array<[string, Partial<WizardForm>]> = [
	['no flags', {}],
	['--methods POST', {methods: ['POST']}],
	['--template upload', {template: 'upload'}],
	['--template resource', {template: 'resource'}],
];

describe('the first frame, drawn before the project is read', () => {
	for (const fixture of fixtures) {
		for (const kind of ['api', 'controller', undefined] as const) {
			it.each(forms)(`${fixture}, ${kind ?? 'edu alone'}, %s: the frame drawn on the project`, async (_label, initial) => {
				const root = tempProject(fixture);
				const project = snapshotOf(root);
				const early = await firstFrame(unreadProject(root), kind, initial, () => project);
				expect(early).toContain(kind === undefined ? 'What do you want to create?' : 'Controller name:');
				expect(early).toBe(await firstFrame(project, kind, initial));
			});
		}
	}

	it('a name would be judged wrongly on the stand-in: the comparison sees it (so a name is read against the project first)', async () => {
		const root = tempProject('sample');
		const initial = {name: 'Hello'};
		const early = await firstFrame(unreadProject(root), 'api', initial, () => snapshotOf(root));
		expect(early).not.toContain('Route already exists.');
		expect(await firstFrame(snapshotOf(root), 'api', initial)).toContain('Route already exists.');
	});
});
