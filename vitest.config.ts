import {defineConfig} from 'vitest/config';

// The files that replace a module with vi.mock need a module registry of their own; every other
// file shares its worker's modules with the files run before it (loading them once per worker
// rather than once per file saves a third of the suite's time).
const ownModules = ['test/tui/wizard-plans.test.tsx', 'test/cli/make-args-lazy.test.ts'];

const each = {
	testTimeout: 30_000,
	hookTimeout: 60_000,
	// Ink draws only its last frame when it detects CI (CI=true), which would leave the
	// wizard tests no frames to read; the product's users run the wizard in a terminal.
	env: {CI: 'false'},
};

export default defineConfig({
	test: {
		// Once for the run (the projects below do not repeat it).
		globalSetup: ['test/helpers/bundle-setup.ts'],
		// Two cores: end-to-end suites spawn processes and servers of their own.
		maxWorkers: 2,
		projects: [
			{test: {...each, name: 'shared', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ownModules, isolate: false}},
			{test: {...each, name: 'own-modules', include: ownModules, isolate: true}},
		],
	},
});
