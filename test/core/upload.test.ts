// The upload template's pure parts: the extension deny-list (table-driven), and the choice
// between the seed's Request methods and PHP's $_FILES from the installed framework's Request.
import {describe, expect, it} from 'vitest';
import {uploadApiOf} from '../../source/project/framework-request.js';
import {plan, type FileChange} from '../../source/make/plan.js';
import {uploadSpecOf} from '../../source/make/upload.js';
import {uploadProblem} from '../../source/templates/option-values.js';
import {memorySnapshot} from '../helpers/snapshot.js';

const refused = (extension: string): string | undefined => uploadProblem({field: 'file', extensions: [extension], dir: 'var/uploads'});

describe('extensions a web server may run or obey are never allowed', () => {
	it.each([
		'php', 'php3', 'php4', 'php5', 'php7', 'php8', 'php81', 'phtml', 'pht', 'phps', 'phar', 'pgif', 'inc',
		'htaccess', 'htpasswd', 'ini', 'cgi', 'fcgi', 'pl', 'py', 'rb', 'sh', 'bash', 'asp', 'aspx', 'ashx',
		'jsp', 'jspx', 'exe', 'bat', 'cmd', 'com', 'dll', 'so',
	])('%s is refused', (extension) => {
		expect(refused(extension)).toBe(`The extension "${extension}" is refused: a web server may run or obey such a file, so it never belongs on an upload allow-list.`);
	});

	it.each(['csv', 'txt', 'json', 'png', 'jpg', 'pdf', 'phpx', 'xphp', 'py2', 'shx'])('%s is allowed', (extension) => {
		expect(refused(extension)).toBeUndefined();
	});
});

const requestSource = (methods: readonly string[]): string =>
	`<?php\nclass Request\n{\n${methods.map((method) => `    public function ${method}(string $field) {}\n`).join('')}}\n`;
const all = ['hasFile', 'getFile', 'getFiles', 'isValid', 'getExtension', 'move'];

describe('uploadApiOf: which upload API the installed Request offers', () => {
	it.each([
		['no framework installed', undefined, 'php'],
		['2.3\'s Request (no upload method)', requestSource(['get', 'getVars', 'getBody']), 'php'],
		['every seed upload method', requestSource(all), 'request'],
		['every one, spelled in another case (PHP ignores it)', requestSource(all.map((method) => method.toLowerCase())), 'request'],
		['all but move', requestSource(all.filter((method) => method !== 'move')), 'php'],
		['hasFile only in a comment', `<?php\n// function hasFile()\n${requestSource(all.slice(1))}`, 'php'],
	])('%s → %s', (_label, source, api) => {
		expect(uploadApiOf(source)).toBe(api);
	});
});

describe('the generated controller follows the API chosen', () => {
	const controller = (uploadApi: 'php' | 'request'): string => {
		const result = plan({kind: 'api', name: 'import', template: 'upload'}, {...memorySnapshot(null), uploadApi});
		const change = result.changes.find((candidate: FileChange) => candidate.path === 'app/Controller/api/ImportController.php');
		return change?.after ?? '';
	};

	it('php: $_FILES, is_uploaded_file and move_uploaded_file, no Request upload method', () => {
		const text = controller('php');
		expect(text).toContain('$upload = $_FILES[self::FIELD] ?? null;');
		expect(text).toContain('is_uploaded_file($upload[\'tmp_name\'])');
		expect(text).toContain('move_uploaded_file($upload[\'tmp_name\'], $folder . \'/\' . $name)');
		expect(text).not.toMatch(/\$request->\w+\(/);
		expect(plan({kind: 'api', name: 'import', template: 'upload'}, memorySnapshot(null)).routes[0]?.uploadApi).toBe('php');
	});

	it('request: the seed\'s methods, never $_FILES', () => {
		const text = controller('request');
		expect(text).toContain('$request->hasFile(self::FIELD)');
		expect(text).not.toMatch(/\$_FILES|move_uploaded_file/);
	});
});

// The flags and the wizard give what they were given; the core fills the rest, in one place.
describe('upload defaults, applied once by the core', () => {
	it.each([
		[{}, {field: 'file', extensions: ['csv', 'txt'], dir: 'var/uploads'}],
		[{extensions: ['png']}, {field: 'file', extensions: ['png'], dir: 'var/uploads'}],
		[{field: 'photo', dir: 'var/photos'}, {field: 'photo', extensions: ['csv', 'txt'], dir: 'var/photos'}],
		[{field: 'f', extensions: [], dir: 'd'}, {field: 'f', extensions: [], dir: 'd'}],
	])('%j → %j', (given, spec) => {
		expect(uploadSpecOf(given)).toEqual(spec);
	});

	it('a plan from a partial upload uses the defaults for the rest', () => {
		const result = plan({kind: 'api', name: 'photo', template: 'upload', upload: {dir: 'var/photos'}}, memorySnapshot(null));
		expect(result.refusals).toEqual([]);
		const controller = result.changes.find((change) => change.path === 'app/Controller/api/PhotoController.php')?.after ?? '';
		expect(controller).toContain("private const FOLDER = 'var/photos';");
		expect(controller).toContain("private const FIELD = 'file';");
		expect(controller).toContain("private const EXTENSIONS = ['csv', 'txt'];");
	});
});
