// Preloaded (node --require) into an untimed run of the benchmark: at exit, writes to the file
// named by EDU_BENCH_YAML_FILE whether the process loaded the `yaml` package, which edu loads
// only when a routes.yaml falls off its fast path (the line scanner) onto the full parse: from
// node_modules, or as dist/bin/yaml.js, which the bin compiles through node:vm (its code cache).
'use strict';
const {writeFileSync} = require('node:fs');
const vm = require('node:vm');

const file = process.env.EDU_BENCH_YAML_FILE;
if (file) {
	const compiled = [];
	const {Script} = vm;
	vm.Script = class extends Script {
		constructor(source, options) {
			super(source, options);
			if (typeof options?.filename === 'string') compiled.push(options.filename);
		}
	};
	process.on('exit', () => {
		const loaded = [
			...Object.keys(require.cache).filter((name) => /[\\/]node_modules[\\/]yaml[\\/]/.test(name)),
			...compiled.filter((name) => /[\\/]dist[\\/]bin[\\/]yaml\.js$/.test(name)),
		];
		writeFileSync(file, JSON.stringify({loaded: loaded.length > 0, files: loaded.length}));
	});
}
