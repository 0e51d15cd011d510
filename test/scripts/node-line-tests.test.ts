// scripts/node-line-tests.js: which test files CI runs again on Node 22, 24 and 26, read from
// what each file imports (the built bin, the terminal's helper) or starts (another node).
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain JavaScript script of CI, without types.
import {readTestTree, selectNodeLineTests} from '../../scripts/node-line-tests.js';

type Selected = Array<{file: string; why: string}>;
const select = (files: Record<string, string>): string[] => (selectNodeLineTests(files) as Selected).map(({file}) => file);

const tempProject = "import {binPath, runEdu, tempProject} from '../helpers/temp-project.js';\n";

describe('the tests run on every Node line', () => {
	it('takes a file that imports runEdu or binPath, and leaves one that runs main() in-process', () => {
		expect(select({
			'test/cli/bundles.test.ts': tempProject,
			'test/cli/runs.test.ts': "import {\n\ttempProject,\n\trunEdu,\n} from '../helpers/temp-project.js';\n",
			'test/core/naming.test.ts': "import {execFileSync} from 'node:child_process';\nimport {deriveNames} from '../../source/core/naming.js';\nexecFileSync('php', ['-r', script]);\n",
			'test/cli/help.test.ts': "import {runMain} from '../helpers/run-main.js';\nimport {tempProject} from '../helpers/temp-project.js';\n",
		})).toEqual(['test/cli/bundles.test.ts', 'test/cli/runs.test.ts']);
	});

	it('takes a file that starts the bin through a helper of test/, not through temp-project.ts that defines it', () => {
		expect(select({
			'test/tui/tmux.ts': "import {execa} from 'execa';\nimport {binPath} from '../helpers/temp-project.js';\n",
			'test/tui/terminal-keys.test.ts': "import {tempProject} from '../helpers/temp-project.js';\nimport {hasTmux, Terminal} from './tmux.js';\n",
			'test/helpers/temp-project.ts': 'export const binPath = path.join(repoRoot, "dist", "bin", "edu.js");\nexeca(process.execPath, [binPath]);\n',
			'test/core/commit.test.ts': "import {snapshotTree, tempProject} from '../helpers/temp-project.js';\n",
		})).toEqual(['test/tui/terminal-keys.test.ts']);
	});

	it('takes a file that starts process.execPath, not one that names the bin in a comment or a type import', () => {
		expect(select({
			'test/scripts/cycles.test.ts': "spawnSync(process.execPath, [script, folder]);\n",
			'test/cli/json.test.ts': "// Was runEdu(['--json']) before; binPath is not needed.\n/* process.execPath */\nimport type {RunResult} from '../helpers/temp-project.js';\nimport {type RunResult as R, runMain} from '../helpers/run-main.js';\n",
		})).toEqual(['test/scripts/cycles.test.ts']);
	});

	it('says why each file is taken', () => {
		expect(selectNodeLineTests({
			'test/tui/tmux.ts': "import {binPath} from '../helpers/temp-project.js';\n",
			'test/tui/terminal.test.ts': "import {Terminal} from './tmux.js';\n",
		})).toEqual([{file: 'test/tui/terminal.test.ts', why: 'imports test/tui/tmux.ts, which imports binPath'}]);
	});

	it('on this tree, takes the bundle tests and leaves the naming tests', () => {
		const selected = select(readTestTree());
		expect(selected).toContain('test/cli/bundles.test.ts');
		expect(selected).toContain('test/tui/terminal-keys.test.ts');
		expect(selected).not.toContain('test/core/naming.test.ts');
		expect(selected).not.toContain('test/scripts/node-line-tests.test.ts');
	});
});
