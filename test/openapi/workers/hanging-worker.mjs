// A stand-in parse worker for the time-budget tests: it loops forever on any file whose name
// contains "Hang" (as php-parser once did on a half-written attribute) and reports every other
// file as an empty PHP file, in parse-worker.js's messages ('ready', then one per file).
import {parentPort, workerData} from 'node:worker_threads';

parentPort.postMessage('ready');
for (const file of workerData.files) {
	if (file.includes('Hang')) for (;;);
	parentPort.postMessage(JSON.stringify([{file, classes: [], constants: [], scopes: []}]));
}
