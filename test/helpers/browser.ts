// The system's Chromium for the browser tests, driven by playwright-core (which downloads no
// browser). Where it is missing the tests skip with one line; in CI (EDU_REQUIRE_BROWSER=1) a
// missing Chromium is a failure instead.
import {accessSync, constants, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chromium, type BrowserContext} from 'playwright-core';

// EDU_CHROMIUM, when set, is the only candidate.
const candidates = process.env['EDU_CHROMIUM'] ? [process.env['EDU_CHROMIUM']] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function executable(file: string): boolean {
	try {
		accessSync(file, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

/** Path of the Chromium binary, or undefined. */
export const chromiumPath: string | undefined = candidates.find(executable);

if (chromiumPath === undefined) {
	const reason = `no Chromium at ${candidates.join(' or ')} (Debian: apt-get install chromium; or set EDU_CHROMIUM)`;
	if (process.env['EDU_REQUIRE_BROWSER']) throw new Error(`EDU_REQUIRE_BROWSER is set but there is ${reason}`);
	process.stderr.write(`\n  NOTICE: skipping the browser tests: ${reason}.\n\n`);
}

export const hasBrowser = chromiumPath !== undefined;

/** Flags that let Chromium run here: as root, with no GPU, no network of its own, no first-run screens. */
const flags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface OpenBrowser {
	readonly context: BrowserContext;
	close(): Promise<void>;
}

/** Headless Chromium on a new, empty profile folder (removed on close). */
export async function openBrowser(): Promise<OpenBrowser> {
	if (chromiumPath === undefined) throw new Error('no Chromium');
	const profile = mkdtempSync(path.join(tmpdir(), 'edu-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {executablePath: chromiumPath, headless: true, args: flags, viewport: {width: 1280, height: 900}, timeout: 60_000});
	return {
		context,
		async close() {
			await context.close();
			rmSync(profile, {recursive: true, force: true});
		},
	};
}
