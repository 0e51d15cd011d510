// A make:api line read without commander (commands/make/make-args.ts) never loads it: loading it
// and building its program is what that reading saves each scripted run. In its own file, so that
// no other test has loaded commander first.
import {describe, expect, it, vi} from 'vitest';
import {main} from '../../source/cli/main.js';
import {captureIo} from '../helpers/io.js';
import {tempProject} from '../helpers/temp-project.js';

const commander = vi.hoisted(() => ({loaded: false}));
vi.mock('commander', async (importOriginal) => {
	commander.loaded = true;
	return importOriginal();
});

describe('commander is loaded only for the lines it reads', () => {
	it('make:api ville --yes writes without it; a line with --help loads it', async () => {
		const io = captureIo(tempProject('sample'));
		expect(await main(['make:api', 'ville', '--yes', '--methods', 'GET,POST'], io)).toBe(0);
		expect(io.out()).toContain('[OK] Controller and route successfully generated');
		expect(commander.loaded).toBe(false);
		const help = captureIo(tempProject('sample'));
		expect(await main(['make:api', '--help'], help)).toBe(0);
		expect(commander.loaded).toBe(true);
	});
});
