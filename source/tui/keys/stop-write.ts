// Ctrl+C while the full-screen wizard writes: the terminal is in raw mode, so the key comes as
// input and no SIGINT is sent. It is handed to the write as the signal would have been (a wait
// for another run's lock stops at once, nothing written; files already being placed are
// finished or rolled back, as the sink does for a signal), and the wizard quits once the write
// has ended.
import {useMemo} from 'react';
import {EduError} from '../../base/errors.js';
import {signalExitCodes, type StopSignal} from '../../base/io.js';
import type {StopSubscription} from '../../sink/file-change.js';

export interface WriteStop {
	/** Given to the write: its subscription to the stop. */
	readonly onSignal: StopSubscription;
	/** Ctrl+C read while the write runs. */
	stop(): void;
	/** Whether Ctrl+C came while the write ran: the wizard quits when it ends. */
	asked(): boolean;
}

export function useWriteStop(): WriteStop {
	return useMemo(() => {
		let handler: ((signal: StopSignal) => void) | undefined;
		let asked = false;
		return {
			onSignal(subscriber) {
				handler = subscriber;
				return () => {
					handler = undefined;
				};
			},
			stop() {
				asked = true;
				handler?.('SIGINT');
			},
			asked: () => asked,
		};
	}, []);
}

/** Whether the write ended because it was stopped: Ctrl+C read as a key, or a signal the sink heard itself (SIGTERM, kill -INT). Then the wizard quits. */
export function stoppedWrite(error: unknown, stop: WriteStop): boolean {
	return stop.asked() || (error instanceof EduError && (Object.values(signalExitCodes) as number[]).includes(error.exitCode));
}
