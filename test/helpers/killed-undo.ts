// An `edu undo` that SIGKILLs itself just before its nth change to the disk, as a crash or
// `kill -9` would: bundled by test/sink/killed-undo.test.ts and run as its own process.
//   node killed-undo.mjs <project root> <n>
// With an n past its last change it completes, and prints how many changes it made.
import process from 'node:process';
import {fileSystemSink} from '../../source/sink/fs.js';
import {processHost, realFs, type SinkFs} from '../../source/sink/host.js';
import {planUndo} from '../../source/sink/undo.js';

const [root = '.', nth = '1'] = process.argv.slice(2);
let count = 0;
const step = (): void => {
	count++;
	if (count === Number(nth)) process.kill(process.pid, 'SIGKILL');
};
const counted = <K extends 'mkdir' | 'rmdir' | 'create' | 'write' | 'rename' | 'link' | 'unlink'>(name: K): SinkFs[K] => ((...args: unknown[]) => {
	step();
	return (realFs[name] as (...values: unknown[]) => unknown)(...args);
}) as SinkFs[K];
const fs: SinkFs = {...realFs, mkdir: counted('mkdir'), rmdir: counted('rmdir'), create: counted('create'), write: counted('write'), rename: counted('rename'), link: counted('link'), unlink: counted('unlink')};
const planned = planUndo(root, false);
if ('code' in planned) throw new Error(planned.message);
await fileSystemSink({host: {...processHost, fs}}).write(planned.changeset);
process.stdout.write(`${count}\n`);
