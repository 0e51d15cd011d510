// Preloaded (node --require) into an untimed run of the benchmark: at exit, writes to the file
// named by EDU_BENCH_YAML_FILE whether the process loaded the `yaml` package, which edu loads
// only when a routes.yaml falls off its fast path (the line scanner) onto the full parse.
'use strict';
const {writeFileSync} = require('node:fs');

const file = process.env.EDU_BENCH_YAML_FILE;
if (file) {
	process.on('exit', () => {
		const loaded = Object.keys(require.cache).filter((name) => /[\\/]node_modules[\\/]yaml[\\/]/.test(name));
		writeFileSync(file, JSON.stringify({loaded: loaded.length > 0, files: loaded.length}));
	});
}
