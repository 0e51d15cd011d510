// Hostile text given on the command line stays literal in the generated PHP: PHP itself reads
// the attribute arguments back (through Reflection) exactly as they were typed.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasPhp, phpLint} from '../helpers/php.js';
import {runMain} from '../helpers/run-main.js';
import {tempProject} from '../helpers/temp-project.js';

const stubs = `namespace Studoo\\EduFramework\\Core\\Controller { interface ControllerInterface {} class Request {} }`;

function attributeArguments(file: string, className: string): unknown {
	const script = `${stubs} namespace { require $argv[1]; $out = []; foreach ((new ReflectionMethod($argv[2], 'execute'))->getAttributes() as $a) { $out[] = [$a->getName(), $a->getArguments()]; } echo json_encode($out); }`;
	return JSON.parse(execFileSync('php', ['-r', script, file, className], {encoding: 'utf8'}));
}

describe.skipIf(!hasPhp)('hostile --description', () => {
	it.each([
		"It's \"quoted\" and \\back\\slashed\\",
		'?> <?php system("id"); ?>',
		'line one\nline two\r\n\ttabbed',
		"'); system('id'); //",
		'\\\'',
	])('%j is valid PHP and reads back literally', async (description) => {
		const root = tempProject('sample');
		const result = await runMain(['make:api', 'ville', '--description', description], {cwd: root});
		expect(result.exitCode, result.stderr).toBe(0);
		const file = path.join(root, 'app/Controller/api/VilleController.php');
		expect(phpLint(file)).toContain('No syntax errors detected');
		const attributes = attributeArguments(file, 'Controller\\api\\VilleController') as Array<[string, Record<string, unknown>]>;
		expect(attributes).toContainEqual(['OpenApi\\Attributes\\Response', {response: '200', description}]);
		expect(attributes).toContainEqual(['OpenApi\\Attributes\\Get', {path: '/api/ville'}]);
	});
});
