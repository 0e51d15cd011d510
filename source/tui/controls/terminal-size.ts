// The terminal's size, for the screens that count rows and columns themselves (the review's diff,
// the fields table). Ink lays its boxes out again when the terminal is resized, but a component
// renders again only when its state changes: this state changes on each resize.
import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

export interface TerminalSize {
	readonly columns: number;
	readonly rows: number;
}

export function useTerminalSize(): TerminalSize {
	const {stdout} = useStdout();
	const read = (): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [size, setSize] = useState(read);
	useEffect(() => {
		const resized = (): void => setSize(read());
		stdout.on('resize', resized);
		return () => {
			stdout.off('resize', resized);
		};
	}, [stdout]);
	return size;
}
