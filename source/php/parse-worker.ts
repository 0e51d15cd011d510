// A worker thread that parses a share of the files (see parse-pool.ts): once loaded it says so,
// then posts each file's result as soon as it has it, so the pool can time every file. Results
// travel as JSON text, cheaper than structured clone.
import {parentPort, workerData} from 'node:worker_threads';
import {encodeResults} from './facts-json.js';
import {readyMessage} from './parse-pool.js';
import {readProjectPhp} from './read-project-php.js';

const {root, files} = workerData as {root: string; files: string[]};
parentPort?.postMessage(readyMessage);
for (const relative of files) parentPort?.postMessage(encodeResults([readProjectPhp(root, relative)]));
