import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		globalSetup: ['test/helpers/bundle-setup.ts'],
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Two cores: end-to-end suites spawn processes and servers of their own.
		maxWorkers: 2,
		// Ink draws only its last frame when it detects CI (CI=true), which would leave the
		// wizard tests no frames to read; the product's users run the wizard in a terminal.
		env: {CI: 'false'},
	},
});
