// Preloaded (node --require) into every process the benchmark times: at exit, writes the CPU
// time the process used (user + system, all its threads, in microseconds) to the file named
// by EDU_BENCH_CPU_FILE. On a machine shared with other work, wall time grows with the load;
// CPU time much less, so the two side by side say what the load added.
'use strict';
const {writeFileSync} = require('node:fs');

const file = process.env.EDU_BENCH_CPU_FILE;
if (file) {
	process.on('exit', () => {
		const {user, system} = process.cpuUsage();
		writeFileSync(file, String(user + system));
	});
}
