// A worker thread that parses a share of the files (edu openapi on large projects): each file is
// still parsed once, by one thread. Results travel back as JSON text, cheaper than structured clone.
import {parentPort, workerData} from 'node:worker_threads';
import {encodeResults} from './parse-pool.js';
import {readProjectPhp} from './scan.js';

const {root, files} = workerData as {root: string; files: string[]};
parentPort?.postMessage(encodeResults(files.map((relative) => readProjectPhp(root, relative))));
