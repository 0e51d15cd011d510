import {execFileSync} from 'node:child_process';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {deriveNames, type Names} from '../../source/make/naming.js';
import {hasPhp} from '../helpers/php.js';

function names(kind: 'api' | 'controller', argument: string): Names {
	const result = deriveNames(kind, argument);
	if (!('className' in result)) throw new Error(`refused: ${result.message}`);
	return result;
}

describe('the seed and design naming table (make:api)', () => {
	it.each([
		['ville', 'VilleController', 'ville', 'ville', 'api_ville', '/api/ville'],
		['Ville', 'VilleController', 'ville', 'ville', 'api_ville', '/api/ville'],
		['MyUserTest', 'MyUserTestController', 'my-user-test', 'my_user_test', 'api_my-user-test', '/api/my-user-test'],
		['myUserTest', 'MyUserTestController', 'user-test', 'user_test', 'api_user-test', '/api/user-test'],
		['villeRead', 'VilleReadController', 'villeread', 'villeread', 'api_villeread', '/api/villeread'],
		['VilleRead', 'VilleReadController', 'ville-read', 'ville_read', 'api_ville-read', '/api/ville-read'],
	])('%s → %s, kebab %s, twig %s, route %s, URI %s', (argument, className, kebab, twig, route, uri) => {
		const result = names('api', argument);
		expect(result).toMatchObject({className, kebab, twigFolder: twig, routeName: route, uri});
	});
});

describe('a _ in a name of several words: the framework turns every _ of its URI into - (its twig folder keeps them)', () => {
	it.each([
		['Ville_Paris', 'ville--paris', 'ville__paris', '/api/ville--paris'],
		['My_UserTest', 'my--user-test', 'my__user_test', '/api/my--user-test'],
		['MyUser_test', 'my-user-test', 'my_user_test', '/api/my-user-test'],
		['ville_paris', 'ville_paris', 'ville_paris', '/api/ville_paris'],
		['Ville_paris', 'ville_paris', 'ville_paris', '/api/ville_paris'],
		['ville_Paris', 'ville_paris', 'ville_paris', '/api/ville_paris'],
	])('%s → kebab %s, twig %s, URI %s', (argument, kebab, twig, uri) => {
		expect(names('api', argument)).toMatchObject({kebab, twigFolder: twig, uri, routeName: `api_${kebab}`});
	});

	it.skipIf(!hasPhp)('PHP\'s preg_split, as the framework splits a name, gives the same kebab and twig folder (generated names)', () => {
		const samples = fc.sample(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/), 400).filter((name) => /[A-Za-z]/.test(name));
		// The rule as the framework's make:api and make:controller apply it (Edu Framework 2.3), in PHP.
		const script = 'foreach (json_decode(stream_get_contents(STDIN)) as $arg) { $name = preg_split("/(?=[A-Z])/", $arg); array_shift($name); $twig = strtolower($arg); $uri = strtolower($arg); if (count($name) > 1) { $twig = implode("_", array_map("strtolower", $name)); $uri = str_replace("_", "-", $twig); } $out[] = [$uri, $twig]; } echo json_encode($out);';
		const expected = JSON.parse(execFileSync('php', ['-r', script], {input: JSON.stringify(samples), encoding: 'utf8'})) as Array<[string, string]>;
		expect(samples.map((name) => [names('controller', name).kebab, names('controller', name).twigFolder])).toEqual(expected);
	});
});

describe('make:controller names', () => {
	it.each([
		['villeRead', 'VilleReadController', 'villeread', '/villeread', 'villeread'],
		['VilleRead', 'VilleReadController', 'ville-read', '/ville-read', 'ville_read'],
		['hello', 'HelloController', 'hello', '/hello', 'hello'],
	])('%s → %s, route %s, URI %s, view folder %s', (argument, className, route, uri, twig) => {
		expect(names('controller', argument)).toMatchObject({className, routeName: route, uri, twigFolder: twig});
	});
});

describe('warnings for names whose URI would surprise', () => {
	it('a lower-case start with inner capitals says the first word is dropped and how to keep it', () => {
		const [warning] = names('api', 'myUserTest').warnings;
		expect(warning).toContain('/api/user-test');
		expect(warning).toContain('"MyUserTest" for /api/my-user-test');
	});

	it('a lower-case word with one capital says it is not split', () => {
		const [warning] = names('api', 'villeRead').warnings;
		expect(warning).toContain('/api/villeread');
		expect(warning).toContain('"VilleRead" for /api/ville-read');
	});

	it('consecutive capitals each start a word', () => {
		const result = names('api', 'API');
		expect(result.uri).toBe('/api/a-p-i');
		expect(result.warnings.join(' ')).toContain('"Api" for /api/api');
		expect(names('api', 'MyAPITest').warnings.join(' ')).toContain('"MyApiTest" for /api/my-api-test');
	});

	it('a name already ending in Controller', () => {
		const result = names('api', 'VilleController');
		expect(result.className).toBe('VilleControllerController');
		expect(result.warnings.join(' ')).toContain('"Ville" for VilleController');
	});

	it('the name Controller alone: a warning that says the class, with no shorter spelling to offer', () => {
		const result = names('api', 'Controller');
		expect(result.className).toBe('ControllerController');
		expect(result.warnings).toEqual(['"Controller" already ends in "Controller": the class will be ControllerController.']);
	});

	it('a lower-case word, _ and a capital that does not start a word: one warning, whose spelling gives the split URI', () => {
		const result = names('api', 'ville_Paris');
		expect(result.uri).toBe('/api/ville_paris');
		expect(result.warnings).toEqual(['"ville_Paris" starts with a lower-case word, so its capitals do not split it: it gives /api/ville_paris; write "VilleParis" for /api/ville-paris.']);
	});

	it('every warning of a name offers the same spelling: consecutive capitals and Controller together', () => {
		expect(names('api', 'villeAPIController').warnings).toEqual([
			'"villeAPIController" has consecutive capitals, each of which starts a word: it gives /api/a-p-i-controller; write "VilleApi" for /api/ville-api.',
			'"villeAPIController" already ends in "Controller": the class will be VilleAPIControllerController; write "VilleApi" for VilleApiController.',
		]);
	});

	it('a spelling a warning offers is a valid name with no warning of its own (generated names)', () => {
		const piece = fc.constantFrom('ville', 'Ville', 'V', 'API', 'a', 'Read', '_', '__', 'Controller', '2', 'x_', 'Paris', 'ID', 'e');
		fc.assert(fc.property(fc.array(piece, {minLength: 1, maxLength: 6}), fc.constantFrom('api', 'controller'), (pieces, kind: 'api' | 'controller') => {
			const argument = pieces.join('');
			const result = deriveNames(kind, argument);
			if (!('className' in result)) return;
			for (const [, spelling] of result.warnings.join(' ').matchAll(/write "([^"]+)"/g)) {
				const offered = deriveNames(kind, spelling!);
				expect('className' in offered, `${argument} offers ${spelling}`).toBe(true);
				// Only a name with nothing shorter to offer (Controller, _Controller) keeps a warning: the one that says the class.
				if ('className' in offered) expect(offered.warnings.filter((warning) => !/already ends in "Controller": the class will be \w+\.$/.test(warning)), `${argument} offers ${spelling}`).toEqual([]);
			}
		}), {numRuns: 3000});
	});

	it.each(['ville', 'Ville', 'MyUserTest', 'VilleRead', 'ma_ville'])('no warning for %s', (argument) => {
		expect(names('api', argument).warnings).toEqual([]);
	});
});

describe('names that cannot be PHP class names are refused with the reason', () => {
	it.each([
		['', 'empty'],
		['2ville', 'cannot start with a digit'],
		['ma-ville', 'cannot contain "-"'],
		['ma ville', 'cannot contain a space'],
		['api/ville', 'cannot contain "/"'],
		['ville.php', 'cannot contain "."'],
		['vïlle', 'non-ASCII character "ï"'],
		['../etc', 'cannot contain "."'],
		['a\0b', 'NUL byte'],
		['x'.repeat(5000), 'at most 100'],
		['___', 'at least one letter'],
	])('%j is refused (%s)', (argument, reason) => {
		const result = deriveNames('api', argument);
		expect('className' in result).toBe(false);
		expect(result).toMatchObject({code: 'INVALID_NAME'});
		expect((result as {message: string}).message).toContain(reason);
	});

	it('a view folder named like a Windows device is refused for web controllers', () => {
		expect(deriveNames('controller', 'Con')).toMatchObject({code: 'INVALID_NAME'});
		expect('className' in deriveNames('api', 'Con')).toBe(true);
	});
});
