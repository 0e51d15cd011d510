import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Two cores: end-to-end suites spawn processes and servers of their own.
		maxWorkers: 2,
	},
});
