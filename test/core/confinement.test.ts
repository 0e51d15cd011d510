// confinementProblem, the check every write goes through: a path edu writes is a plain relative
// path, so a `..` is refused even where it would stay inside the project (sub/../x).
import {mkdirSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {confinementProblem} from '../../source/project/confinement.js';
import {fileSystemSink} from '../../source/sink/fs.js';
import {oneFileChangeset} from '../../source/sink/sink.js';
import {tempProject} from '../helpers/temp-project.js';

describe('confinementProblem', () => {
	it.each([['sub/../x.txt'], ['app/../app/x.php'], ['app/Controller/../../x'], ['app\\..\\x.txt'], ['..'], ['../x.txt'], ['app//x.php'], ['/etc/x']])('%s: refused as not a plain path, even when it stays inside', (relative) => {
		const root = tempProject();
		mkdirSync(path.join(root, 'sub'));
		mkdirSync(path.join(root, 'app'));
		expect(confinementProblem(root, relative)).toEqual({
			code: 'OUTSIDE_PROJECT',
			message: `Refusing to write ${JSON.stringify(relative)}: not a plain path inside the project.`,
		});
	});

	it.each([['x.txt'], ['sub/x.txt'], ['app/Controller/api/VilleController.php'], ['..x.lock']])('%s: a plain path inside, accepted', (relative) => {
		const root = tempProject();
		mkdirSync(path.join(root, 'sub'));
		expect(confinementProblem(root, relative)).toBeUndefined();
	});

	it('the file-system sink refuses sub/../x.txt and writes nothing', async () => {
		const root = tempProject();
		mkdirSync(path.join(root, 'sub'));
		await expect(fileSystemSink().write(oneFileChangeset(root, 'sub/../x.txt', 'x\n', undefined))).rejects.toThrow('Refusing to write "sub/../x.txt": not a plain path inside the project.');
		expect(readdirSync(root)).toEqual(['sub']);
		expect(readdirSync(path.join(root, 'sub'))).toEqual([]);
	});
});
