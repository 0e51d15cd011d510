// The sink's file system with injected faults: the real one, with `operation` failing with `code`
// on its nth call (every call when nth is 0). `calls` counts the calls of each faulty operation.
import {realFs, type SinkFs} from '../../source/sink/host.js';

export type Fault = readonly [keyof SinkFs, number, string];

export function failingFs(faults: readonly Fault[]): SinkFs & {calls: Record<string, number>} {
	const calls: Record<string, number> = {};
	const fs = {...realFs, calls} as SinkFs & {calls: Record<string, number>};
	for (const [operation, nth, code] of faults) {
		const real = realFs[operation] as (...rest: unknown[]) => unknown;
		(fs as unknown as Record<string, unknown>)[operation] = (...args: unknown[]) => {
			calls[operation] = (calls[operation] ?? 0) + 1;
			if (nth === 0 || calls[operation] === nth) throw Object.assign(new Error(`injected ${code}`), {code});
			return real(...args);
		};
	}
	return fs;
}
