// A path with every link in it resolved: the system's realpath(3), one call, where Node's own
// fs.realpathSync walks the path a part at a time in JavaScript (a stat for each). On Windows,
// Node's own: the system's answer there is spelled otherwise (\\?\ prefixes, mapped drives).
import {realpathSync} from 'node:fs';
import process from 'node:process';

export const realPath: (target: string) => string = process.platform === 'win32' ? (target) => realpathSync(target) : (target) => realpathSync.native(target);
