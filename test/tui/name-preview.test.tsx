// The name screen's preview (tui/preview.tsx) as the wizard draws it: the class, file, route, URI
// and (web) view the name gives, every line of the block, Class with its Controller suffix.
import {afterEach, describe, expect, test} from 'vitest';
import {tempProject} from '../helpers/temp-project.js';
import {cleanupWizards, renderWizard} from './wizard-harness.js';

afterEach(cleanupWizards);

/** The preview's block: from its Class line to its last labelled line. */
const previewBlock = (frame: string): string[] => {
	const lines = frame.split('\n');
	const start = lines.findIndex((line) => line.startsWith('Class '));
	if (start === -1) return [];
	const end = lines.findIndex((line, index) => index > start && line.trim() === '');
	return lines.slice(start, end === -1 ? undefined : end).map((line) => line.trimEnd());
};

describe('the name screen\'s preview', () => {
	test.each([
		['api', 'ville', ['Class   VilleController', 'File    app/Controller/api/VilleController.php', 'Route   api_ville', 'URI     /api/ville']],
		['api', 'MyUserTest', ['Class   MyUserTestController', 'File    app/Controller/api/MyUserTestController.php', 'Route   api_my-user-test', 'URI     /api/my-user-test']],
		['controller', 'ville', ['Class   VilleController', 'File    app/Controller/VilleController.php', 'Route   ville', 'URI     /ville', 'View    app/Template/ville/ville.html.twig']],
	] as const)('make:%s, %s typed: Class, File, Route, URI (and View) as the name gives them', async (kind, name, expected) => {
		const wizard = await renderWizard(tempProject('sample'), {kind});
		// Waits on the File line, so a wrong Class line fails the assertion below rather than the wait.
		const frame = await wizard.press(name, (current) => current.includes(expected[1]));
		expect(previewBlock(frame)).toEqual(expected);
	});
});
